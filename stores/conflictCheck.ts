/**
 * The check a save makes first with `conflicts: 'detect'`: has someone else saved the fields this
 * copy edited since the edits started?
 *
 * @module
 */
import type { Edits } from '../models/editPipeline.js';
import type { EntityConfig } from '../models/EntityConfig.js';
import { compareWithServer, saveConflictOf, type SaveConflict } from '../models/SaveConflict.js';
import type { PlainObject } from '../models/snapshot.js';
import { ConflictError, toError } from '../core/errors.js';
import type { EditBase } from './EditBases.js';
import type { RecordTransition, WritableCollection, WritableRecord } from './writable.js';

/**
 * GETs `modified_gmt` and the edited fields and stores them like any answer (local edits equal to
 * them go), then compares with the version the edits started from (`started`: the saved values
 * when each field's editing began; the cached copy for fields it does not name), never with a
 * newer copy received since, which the user may not have seen. A field changed on both sides
 * becomes `record.conflict`, after a full GET takes in the rest of their save. On a merged field
 * (`meta`) where they changed only other keys, the edit is put over their value first, so the save
 * keeps their keys. Resolves to the error that must stop the save (a {@link ConflictError}, or the
 * GET's error: without the server's copy a save cannot know it overwrites nobody), else
 * `undefined`. Records without a saved `modified_gmt` are not checked. `transition` is the
 * writer's handle on the record's state.
 */
export async function checkSaveConflict<T extends object, E extends object = T>(
  collection: WritableCollection<T, E>,
  config: EntityConfig,
  record: WritableRecord<T, E>,
  edits: Edits,
  started: EditBase | undefined,
  transition: RecordTransition,
): Promise<Error | undefined> {
  if (collection.fetch === undefined) return undefined;
  if (record.conflict !== undefined) return conflictError(record, record.conflict.fields);
  const cached = record.raw as PlainObject | undefined;
  if (cached === undefined || typeof cached['modified_gmt'] !== 'string') return undefined;
  if (record.id === undefined && !config.singleton) return undefined;
  const base: PlainObject = { ...cached, ...(started?.values ?? {}) };
  if (started?.modifiedGmt !== undefined) base['modified_gmt'] = started.modifiedGmt;
  // Deferred (function) edits have no value yet to compare.
  const comparable: PlainObject = {};
  for (const [field, value] of Object.entries(edits))
    if (typeof value !== 'function') comparable[field] = value;
  const id = config.singleton ? undefined : record.id;
  try {
    await collection.fetch(id, { _fields: ['modified_gmt', ...Object.keys(comparable)].join(',') });
  } catch (error) {
    return toError(error);
  }
  const server = (record.raw ?? {}) as PlainObject;
  const { hasChanged, conflicting, rebased } = compareWithServer(
    comparable,
    base,
    server,
    config.mergedEdits,
  );
  // Their keys of a merged field stay: the edit goes over their value (no undo step).
  if (Object.keys(rebased).length > 0) record.writeDeferredResults(rebased);
  if (!hasChanged || conflicting.length === 0) return undefined;
  const conflict = saveConflictOf(conflicting, comparable, base, server);
  // The conflict stands without the rest of their save if this GET fails.
  await collection.fetch(id).catch(() => undefined);
  transition(record, { type: 'conflictSet', conflict: conflict as SaveConflict<E> });
  return conflictError(record, conflicting);
}

/**
 * The {@link ConflictError} that stops a save or autosave of a record whose conflict is not
 * answered yet, in either conflict mode (a journal restore finds conflicts in both); else `undefined`.
 */
export function unansweredConflict(record: {
  kind: string;
  name: string;
  id: unknown;
  conflict?: { readonly fields: readonly string[] } | undefined;
}): ConflictError | undefined {
  return record.conflict === undefined ? undefined : conflictError(record, record.conflict.fields);
}

function conflictError(
  record: { kind: string; name: string; id: unknown },
  fields: readonly string[],
): ConflictError {
  return new ConflictError(record.kind, record.name, record.id, fields);
}
