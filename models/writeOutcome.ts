/**
 * What a write (save, delete, autosave) ends with, and how the single calls turn that into their
 * promise. Shared by records (models) and the writer (stores).
 *
 * @module
 */

/** Options of a save (`record.save`, `record.saveFields`, `collection.saveRecord`). */
export interface SaveOptions {
  /** Reject with the error instead of resolving `undefined` (the error is stored either way). @default false */
  throwOnError?: boolean;
}

/** Options of `record.delete`. */
export type DeleteOptions = SaveOptions;

/** The outcome of one save, as `saveDirty` reports it. */
export interface WriteOutcome<T = unknown> {
  /** The request succeeded, or there was nothing to send. */
  readonly ok: boolean;
  /** The server's answer; `undefined` when nothing was sent or the request failed. */
  readonly value: T | undefined;
  /** The error, when the request failed. */
  readonly error: Error | undefined;
}

/** Resolves an outcome the way the single call does: its value, `undefined` on failure, or the error with `throwOnError`. */
export function settle<T>(outcome: WriteOutcome<T>, options: SaveOptions = {}): T | undefined {
  if (!outcome.ok && options.throwOnError === true && outcome.error !== undefined) throw outcome.error;
  return outcome.value;
}
