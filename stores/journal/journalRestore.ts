/**
 * `store.restoreJournal()`: puts the unsaved edits a journal kept across a reload or crash back on
 * their records, field by field against what the server has now.
 *
 * @module
 */
import { runInAction } from 'mobx';
import type { EntityRecord } from '../../models/EntityRecord.js';
import { saveConflictOf } from '../../models/SaveConflict.js';
import { deepEqual, type PlainObject } from '../../models/snapshot.js';
import type { JournalEntry } from './Journal.js';
import type { EntityCollection } from '../EntityCollection.js';
import type { JournalRecorder } from './JournalRecorder.js';
import type { UndoHistory } from '../UndoHistory.js';

/** What a restore needs from the store. */
export interface RestoreHost {
  /** The collection of an entity. */
  collection(kind: string, name: string): EntityCollection<object>;
  /** The undo history: each restored record becomes one step. */
  readonly history: UndoHistory<EntityRecord<object>>;
}

/** How one journaled record compares with the server's copy now. */
export interface RestorePlan {
  /** The fields to put back: the server still has the value they were edited on (or the same value). */
  readonly apply: PlainObject;
  /** The fields someone else saved since, to something else: left out and shown as a conflict. */
  readonly conflicting: readonly string[];
}

/**
 * Splits a journal entry's edits by what the server has now (`server`, raw attributes flattened):
 * a field whose saved value moved away from the one it was edited on, to something else than the
 * edit, conflicts; every other field is restored.
 */
export function planRestore(entry: JournalEntry, server: Readonly<PlainObject>): RestorePlan {
  const apply: PlainObject = {};
  const conflicting: string[] = [];
  for (const [field, value] of Object.entries(entry.edits)) {
    const now = server[field] ?? null;
    const hasMoved =
      Object.prototype.hasOwnProperty.call(entry.base, field) && !deepEqual(now, entry.base[field]);
    if (hasMoved && !deepEqual(now, value)) conflicting.push(field);
    else apply[field] = value;
  }
  return { apply, conflicting };
}

/**
 * Loads each journaled record, re-applies its edits as one `restore` undo step and shows fields the
 * server changed since as `record.conflict`. Entries whose record cannot be loaded stay for a later try.
 */
export async function restoreJournal(
  host: RestoreHost,
  recorder: JournalRecorder,
): Promise<EntityRecord<object>[]> {
  let entries: JournalEntry[];
  try {
    entries = await recorder.read();
  } catch {
    // The failure is `store.journalError`; an editor starts without its journal rather than not at all.
    return [];
  }
  const touched: EntityRecord<object>[] = [];
  for (const entry of entries) {
    let record: EntityRecord<object> | undefined;
    try {
      record = await host.collection(entry.kind, entry.name).load(entry.id);
    } catch {
      continue;
    }
    if (record === undefined) continue;
    const restored = record;
    const plan = planRestore(entry, (restored.raw ?? {}) as PlainObject);
    runInAction(() => {
      const changes = restored.applyEdits(plan.apply, 'restore');
      host.history.addChanges(restored, changes);
      if (plan.conflicting.length > 0) {
        restored.dispatch({
          type: 'conflictSet',
          conflict: saveConflictOf(
            plan.conflicting,
            entry.edits,
            entry.base,
            (restored.raw ?? {}) as PlainObject,
          ),
        });
      }
    });
    // The journal now follows the record as it is (nothing restored: its entry goes).
    recorder.note(restored);
    touched.push(restored);
  }
  return touched;
}
