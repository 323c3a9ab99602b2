/**
 * What a document undo could not bring back. This person's `Y.UndoManager` takes back their own
 * insertions and deletions, but a save deletes the saved fields from the document (as a server
 * change it does not track): undoing a step made before the save then changes nothing the record
 * shows, where the same undo of an unsynced record brings the older value back as an unsaved change.
 * The history's step lists the values the user saw (`from`/`to`), so the fields the document undo
 * left exactly as the step made them get those values, as for an unsynced record.
 *
 * @module
 */
import type { EntityRecord } from '../../models/EntityRecord.js';
import { persistedRawValue } from '../../models/editPipeline.js';
import { deepEqual, hasOwn, type PlainObject } from '../../models/snapshot.js';
import type { UndoChange, UndoStep, UndoTarget } from '../../stores/UndoHistory.js';

/** The value of `field` the record shows, raw (the edit, else the saved raw value). */
function shownRawValue(record: EntityRecord<object>, field: string): unknown {
  const edits = record.edits as PlainObject;
  if (hasOwn(edits, field)) return edits[field];
  return persistedRawValue(record.persisted, field, record.config?.rawAttributes);
}

/**
 * After the document undid (`direction` 'from') or redid ('to') `step`: the fields of `record` that
 * still show the value the step moved away from, with the value the step moves to. A field that
 * shows anything else was changed by the document undo, or by a peer since: it is left alone, so
 * undo never reverts a peer's change.
 */
export function missedUndoValues(
  record: EntityRecord<object>,
  step: UndoStep<UndoTarget> | undefined,
  direction: 'from' | 'to',
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (step === undefined) return values;
  const other = direction === 'from' ? 'to' : 'from';
  for (const entry of step) {
    if (entry.record !== (record as UndoTarget)) continue;
    for (const field of Object.keys(entry.changes)) {
      const change = entry.changes[field] as UndoChange;
      if (deepEqual(change[direction], change[other])) continue;
      if (deepEqual(shownRawValue(record, field), change[other])) values[field] = change[direction];
    }
  }
  return values;
}
