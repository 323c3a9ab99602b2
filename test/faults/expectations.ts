/**
 * The four things every fault scenario asserts: nothing lost, a typed error a person can act on,
 * consistent state afterwards, and a later retry that succeeds.
 */
import { expect } from 'vitest';
import { isRestError, type RestError } from '../../src/errors.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { RootStore } from '../../stores/RootStore.js';

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
