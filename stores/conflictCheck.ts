/**
 * The check a save makes first with `conflicts: 'detect'`: has someone else saved the fields this
 * copy edited since it was loaded?
 *
 * @module
 */
import type { Edits } from '../models/editPipeline.js';
import type { EntityConfig } from '../models/EntityConfig.js';
import { compareWithServer, saveConflictOf } from '../models/SaveConflict.js';
import type { PlainObject } from '../models/snapshot.js';
import { ConflictError, toError } from '../src/errors.js';
import type { WritableCollection, WritableRecord } from './RecordWriter.js';

/**
 * One GET of `modified_gmt` and the edited fields, stored like any answer (so values the server
 * changed are taken in, and local edits equal to them go), then compared with the copy the edits
 * were made on. A field changed on both sides becomes `record.conflict`, after a full GET so that
 * everything else the other person saved is taken in too.
 *
 * Resolves to the error that must stop a save (a {@link ConflictError}, also for a conflict still
 * unsettled from before, or the GET's error: without the server's copy a save cannot know it
 * overwrites nobody), or `undefined` when the save may go. Records with no saved `modified_gmt`
 * (never loaded, or an entity without one) are not checked.
 */
export async function checkSaveConflict<T extends object, E extends object = T>(
  collection: WritableCollection<T, E>,
  config: EntityConfig,
  record: WritableRecord<T, E>,
  edits: Edits,
): Promise<Error | undefined> {
  if (collection.fetch === undefined || record.setConflict === undefined) return undefined;
  if (record.conflict !== undefined) return conflictError(record, record.conflict.fields);
  const base = record.raw as PlainObject | undefined;
  if (base === undefined || typeof base['modified_gmt'] !== 'string') return undefined;
  if (record.id === undefined && !config.singleton) return undefined;
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
  const { hasChanged, conflicting } = compareWithServer(comparable, base, server);
  if (!hasChanged || conflicting.length === 0) return undefined;
  const conflict = saveConflictOf(conflicting, comparable, base, server);
  // The conflict stands without the rest of their save if this GET fails.
  await collection.fetch(id).catch(() => undefined);
  record.setConflict(conflict);
  return conflictError(record, conflicting);
}

function conflictError(
  record: { kind: string; name: string; id: unknown },
  fields: readonly string[],
): ConflictError {
  return new ConflictError(record.kind, record.name, record.id, fields);
}
