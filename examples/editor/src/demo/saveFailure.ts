/**
 * The demo's "fail the next save" control, one rule for both sites (the shared site served by the
 * demo's Node process and the in-tab mock): the next write answers 500 as a database outage would,
 * and the flag that says whether a failure waits.
 *
 * @module
 */
import type { MockWordPress } from 'wp-entities/testing';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The REST routes a save writes to: a record's own route, or a batch of them. */
const SAVE_ROUTES = /^\/(wp\/v2\/|batch\/v1$)/;

/**
 * A request the armed failure hits: a save, that is a write to a record's route or a batch, except
 * an autosave. Not the collaboration relay's polls (`POST /wp-sync/v1/updates`), which every open
 * editor sends each second: they would use the failure up before the save the user asked about.
 */
export function isFailingWrite(request: { method: string; path: string }): boolean {
  return (
    !READ_METHODS.has(request.method) &&
    SAVE_ROUTES.test(request.path) &&
    !request.path.endsWith('/autosaves')
  );
}

/** Makes the next write to `mock` answer 500. */
export function failNextWrite(mock: MockWordPress): void {
  mock.failNext(
    1,
    {
      status: 500,
      body: {
        code: 'internal_server_error',
        message: 'The database is not answering.',
        data: { status: 500 },
      },
    },
    isFailingWrite,
  );
}

/** Whether a failure waits for the next save, as the demo's controls show it. */
export interface ArmedFailure {
  /** A failure waits for the next save. */
  readonly isArmed: boolean;
  /** Arms (`true`) or clears (`false`) the failure; listeners hear of a change only. */
  set(isArmed: boolean): void;
  /** Calls `listener` whenever {@link ArmedFailure.isArmed} changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A flag for the armed failure, cleared at first; its methods need no `this`. */
export function armedFailure(): ArmedFailure {
  let isArmed = false;
  const listeners = new Set<() => void>();
  return {
    get isArmed() {
      return isArmed;
    },
    set(value) {
      if (value === isArmed) return;
      isArmed = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
