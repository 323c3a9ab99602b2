/**
 * Save conflicts (`conflicts: 'detect'`): what a conflict holds, and the field-by-field comparison
 * of local edits with what the server has now.
 *
 * @module
 */
import { deepEqual, type PlainObject } from './snapshot.js';

/**
 * Someone else saved fields this copy has also edited. `fields` names them; `base`, `server` and
 * `local` hold each one's value as loaded, as saved by the other person, and as edited here (raw
 * attributes as plain values). Held by `record.conflict` until `record.resolveConflict(...)`.
 */
export interface SaveConflict<E extends object = PlainObject> {
  /** The fields changed on both sides, in the order of the edits. */
  readonly fields: readonly string[];
  /** Each field's value when this copy was loaded (what both sides started from). */
  readonly base: Partial<E>;
  /** Each field's value on the server now (the other person's save). */
  readonly server: Partial<E>;
  /** Each field's value as edited here. */
  readonly local: Partial<E>;
}

/**
 * How `record.resolveConflict` settles a conflict: `'mine'` keeps the local values (the next save
 * overwrites the other person's), `'theirs'` takes the server's (the local edits of those fields
 * go), or the values to keep, field by field (a merge made by the user).
 */
export type ConflictChoice<E extends object = PlainObject> = 'mine' | 'theirs' | Partial<E>;

/** What {@link compareWithServer} found. */
export interface ServerComparison {
  /** The server's copy is not the one the edits were made on (a newer `modified_gmt`, or a field differs). */
  readonly hasChanged: boolean;
  /** The edited fields the server changed to something else than the local value. */
  readonly conflicting: readonly string[];
}

/**
 * Compares the edited fields three ways. A field conflicts when the server's value differs from
 * the base (someone saved it) and from the local edit (not the same change). Fields are compared
 * whole: two people changing different keys of `meta` conflict on `meta`.
 *
 * `modified_gmt` has one-second resolution in WordPress, so a save within the second of the load
 * keeps it; the field values are compared as well, and either difference counts as a change.
 */
export function compareWithServer(
  edits: Readonly<PlainObject>,
  base: Readonly<PlainObject>,
  server: Readonly<PlainObject>,
): ServerComparison {
  let hasChanged = server['modified_gmt'] !== undefined && server['modified_gmt'] !== base['modified_gmt'];
  const conflicting: string[] = [];
  for (const field of Object.keys(edits)) {
    if (!Object.prototype.hasOwnProperty.call(server, field)) continue;
    const theirs = server[field];
    if (deepEqual(theirs, base[field])) continue;
    hasChanged = true;
    if (!deepEqual(theirs, edits[field])) conflicting.push(field);
  }
  return { hasChanged, conflicting };
}

/** The conflict over `fields`, with each side's values of those fields. */
export function saveConflictOf<E extends object = PlainObject>(
  fields: readonly string[],
  edits: Readonly<PlainObject>,
  base: Readonly<PlainObject>,
  server: Readonly<PlainObject>,
): SaveConflict<E> {
  const pick = (source: Readonly<PlainObject>): Partial<E> => {
    const out: PlainObject = {};
    for (const field of fields) out[field] = source[field];
    return out as Partial<E>;
  };
  return { fields: [...fields], base: pick(base), server: pick(server), local: pick(edits) };
}
