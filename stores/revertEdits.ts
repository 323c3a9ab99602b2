/**
 * Throwing away a record's unsaved changes (`clearEntityRecordEdits` in core-data 8.1) as one
 * local edit: every edited field goes back to its saved value in one undo step, so the user can
 * undo the revert, and collaborators (sync) see it like any edit. The reference drops the edits
 * without an undo step.
 *
 * @module
 */
import type { EditInput, EntityRecord } from '../models/EntityRecord.js';

/**
 * Sets every edited field of `record` back to its saved (raw) value, as one undo step; a record
 * without edits is left alone. A record never saved has no saved values: its fields go back to
 * undefined. Throws `EntityConfigError` like `record.edit` when the config is not loaded.
 */
export function revertEdits<T extends object, E extends object>(record: EntityRecord<T, E>): void {
  const edited = Object.keys(record.edits);
  if (edited.length === 0) return;
  const saved = (record.raw ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const field of edited) values[field] = saved[field];
  record.edit(values as EditInput<E>);
}
