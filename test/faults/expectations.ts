/**
 * The four things every fault scenario asserts: nothing lost, a typed error a person can act on,
 * consistent state afterwards, and a later retry that succeeds.
 */
import { expect } from 'vitest';
import { isRestError, type RestError } from '../../core/errors.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { RootStore } from '../../stores/RootStore.js';
import { wpError, type Fault } from './edge.js';

/** What the error of a scenario must say. */
export interface ExpectedError {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** WordPress's code, or the transport's (`fetch_error`, `timeout`, `invalid_json`, `invalid_response`, …). */
  readonly code: string;
  /** A part of the message that tells a person what happened (and, for ours, what to do). */
  readonly message: string | RegExp;
}

/** The error is a `RestError` with the status, code and message expected. */
export function expectRestError(error: unknown, expected: ExpectedError): asserts error is RestError {
  expect(isRestError(error), `expected a RestError, got ${String(error)}`).toBe(true);
  const rest = error as RestError;
  expect({ status: rest.status, code: rest.code }).toEqual({ status: expected.status, code: expected.code });
  expect(rest.message).toMatch(expected.message);
}

/**
 * After a failed save: the edits are exactly as they were, the error is stored, the record is not
 * saving and still dirty, and the store's lists agree.
 */
export function expectFailedSaveState(
  store: RootStore,
  record: EntityRecord<object>,
  editsBefore: object,
  error: unknown,
): void {
  expect(record.edits).toEqual(editsBefore);
  expect(record.saveError).toBe(error);
  expect(record.isSaving).toBe(false);
  expect(record.hasEdits).toBe(true);
  expect(record.isDirty).toBe(true);
  expect(store.dirtyRecords).toContain(record);
  expect(store.savingRecords).not.toContain(record);
}

/** After a successful save: no edits, no error, not saving, not dirty, in no list. */
export function expectSavedState(store: RootStore, record: EntityRecord<object>): void {
  expect(record.nonTransientEdits).toEqual({});
  expect(record.saveError).toBeUndefined();
  expect(record.isSaving).toBe(false);
  expect(record.hasEdits).toBe(false);
  expect(record.isDirty).toBe(false);
  expect(store.dirtyRecords).not.toContain(record);
  expect(store.savingRecords).not.toContain(record);
}

/** One row of a fault table: a bad answer and the error it must become. */
export interface FaultRow {
  /** How the scenario is named. */
  readonly name: string;
  /** The bad answer. */
  readonly fault: Fault;
  /** How many requests in a row get it (reads are retried). @default 1 */
  readonly times?: number;
  /** The error the operation must end with. */
  readonly error: ExpectedError;
}

/** No answer at all, on `times` attempts. */
export function networkFailure(times = 1): FaultRow {
  return {
    name: times === 1 ? 'a network failure' : 'a network failure on every attempt',
    fault: { kind: 'network' },
    times,
    error: { status: 0, code: 'fetch_error', message: 'You are probably offline.' },
  };
}

/** HTTP 500 with WordPress's critical-error body, on `times` attempts. */
export function criticalError(times = 1): FaultRow {
  return {
    name: times === 1 ? 'HTTP 500 with a WordPress error body' : 'HTTP 500 on every attempt',
    fault: wpError(500, 'internal_server_error', 'There has been a critical error on this website.'),
    times,
    error: { status: 500, code: 'internal_server_error', message: /critical error/ },
  };
}
