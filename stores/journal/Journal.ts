/**
 * The storage seam of the journal of unsaved edits: where a store keeps the edits it has not saved
 * yet, so a reload or a crash does not lose them. Four storages implement it (IndexedDB,
 * localStorage, memory, a file); the store's journal writer decides what and when to write.
 *
 * @module
 */
import type { Id } from '../../models/ids.js';
import { JournalError } from '../../core/errors.js';

/** The unsaved edits of one record as the journal keeps them. */
export interface JournalEntry {
  /** `kind/name/id`: one entry per record (see {@link journalKey}). */
  readonly key: string;
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The record id; `undefined` for a singleton (`root/site`). */
  readonly id: Id | undefined;
  /** The record's non-transient edits (raw attributes as plain values). */
  readonly edits: Readonly<Record<string, unknown>>;
  /** The saved values the edited fields had when they were edited: what a restore compares the server with. */
  readonly base: Readonly<Record<string, unknown>>;
  /** The saved record's `modified_gmt` the edits were made on, when the entity has one. */
  readonly modifiedGmt: string | undefined;
  /** When the entry was written (milliseconds since the epoch). */
  readonly writtenAtMs: number;
}

/** One write to a journal: entries to store (replacing those with the same key) and keys to drop. */
export interface JournalUpdate {
  /** Entries to store, replacing any entry with the same key. */
  readonly put: readonly JournalEntry[];
  /** Keys of entries to drop (the records were saved or their edits discarded). */
  readonly remove: readonly string[];
}

/**
 * Where a store keeps unsaved edits across reloads and crashes: `new RootStore({ transport,
 * journal: indexedDbJournal() })`. A storage only reads and writes; the store decides what to
 * write (coalescing bursts) and turns failures into `store.journalError`.
 */
export interface Journal {
  /** A short name for messages (`'indexedDB wp-entities-journal'`, a file path, …). */
  readonly label: string;
  /** Every stored entry. Rejects when the storage cannot be read. */
  read(): Promise<JournalEntry[]>;
  /** Applies one update as a whole. Rejects when the storage cannot be written (quota, private mode). */
  write(update: JournalUpdate): Promise<void>;
}

/** The journal key of a record: `kind/name/id` (`kind/name` for a singleton). */
export function journalKey(kind: string, name: string, id: Id | undefined): string {
  return id === undefined ? `${kind}/${name}` : `${kind}/${name}/${String(id)}`;
}

/** Whether a parsed value has the shape of a {@link JournalEntry} (storages skip anything else). */
export function isJournalEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry['key'] === 'string' &&
    typeof entry['kind'] === 'string' &&
    typeof entry['name'] === 'string' &&
    (entry['id'] === undefined || typeof entry['id'] === 'number' || typeof entry['id'] === 'string') &&
    typeof entry['edits'] === 'object' &&
    entry['edits'] !== null &&
    typeof entry['base'] === 'object' &&
    entry['base'] !== null
  );
}

/** Applies `update` to a map of entries by key (the storages that keep one document use it). */
export function applyJournalUpdate(entries: Map<string, JournalEntry>, update: JournalUpdate): void {
  for (const key of update.remove) entries.delete(key);
  for (const entry of update.put) entries.set(entry.key, entry);
}

/** Parses a document of entries (`{ [key]: entry }`), keeping only well-formed entries. */
export function parseJournalDocument(text: string | null | undefined): Map<string, JournalEntry> {
  const entries = new Map<string, JournalEntry>();
  if (text === null || text === undefined || text === '') return entries;
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return entries;
  for (const value of Object.values(parsed as Record<string, unknown>)) {
    if (isJournalEntry(value)) entries.set(value.key, value);
  }
  return entries;
}

/** The document form of a map of entries, as {@link parseJournalDocument} reads it. */
export function serializeJournalDocument(entries: ReadonlyMap<string, JournalEntry>): string {
  return JSON.stringify(Object.fromEntries(entries));
}

/** A {@link JournalError} saying what could not be done and why (the cause kept). */
export function journalFailure(what: string, error: unknown): JournalError {
  if (error instanceof JournalError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new JournalError(`Could not ${what}: ${reason}`, { cause: error });
}
