/**
 * Save conflicts (`conflicts: 'detect'`): what a conflict holds, and the field-by-field comparison
 * of local edits with what the server has now.
 *
 * @module
 */
import { deepEqual, isPlainObject, type PlainObject } from './snapshot.js';

/**
 * Someone else saved fields this copy has also edited. `fields` names them; `base`, `server` and
 * `local` hold each one's value as the local edit started from, as saved by the other person, and
 * as edited here (raw attributes as plain values). Held by `record.conflict` until
 * `record.resolveConflict(...)`.
 */
export interface SaveConflict<E extends object = PlainObject> {
  /** The fields changed on both sides, in the order of the edits. */
  readonly fields: readonly string[];
  /** Each field's saved value when the local edit started (what both sides started from). */
  readonly base: Partial<E>;
  /** Each field's value on the server now (the other person's save). */
  readonly server: Partial<E>;
  /** Each field's value as edited here. */
  readonly local: Partial<E>;
}

/**
 * How `record.resolveConflict` settles a conflict: `'mine'` keeps the local values (the next save
 * overwrites the other person's), `'theirs'` takes the server's (the local edits of those fields
 * go), or the values to keep, field by field (a merge made by the user). On a merged field (`meta`)
 * both resolve per key: the other person's change to a key this copy did not touch stays.
 */
export type ConflictChoice<E extends object = PlainObject> = 'mine' | 'theirs' | Partial<E>;

/** What {@link compareWithServer} found. */
export interface ServerComparison {
  /** The server's copy is not the one the edits were made on (a newer `modified_gmt`, or a field differs). */
  readonly hasChanged: boolean;
  /** The edited fields the server changed to something else than the local value. */
  readonly conflicting: readonly string[];
  /**
   * Merged fields (`meta`) where the server changed only keys this copy did not: the local value
   * over the server's, so that a save keeps their keys.
   */
  readonly rebased: Readonly<PlainObject>;
  /**
   * The edits that stand against the server's copy: every edited field but the conflicting ones,
   * a rebased field at its rebased value. What a save keeps and what a journal restore puts back.
   */
  readonly standing: Readonly<PlainObject>;
}

/** How one edited field compares with the server. */
export type FieldComparison =
  /** The server still has the value the edit started from. */
  | { readonly kind: 'unchanged' }
  /** The server has the edited value already (both made the same change). */
  | { readonly kind: 'same' }
  /** A merged field where the server changed only other keys: `value` is the edit over theirs. */
  | { readonly kind: 'rebased'; readonly value: PlainObject }
  /** Both changed it, differently. */
  | { readonly kind: 'conflict' };

/** The keys of two objects whose values differ. */
function changedKeys(from: PlainObject, to: PlainObject): string[] {
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...keys].filter((key) => !deepEqual(from[key], to[key]));
}

/**
 * Compares one edited field three ways: the local value, the saved value it started from, and the
 * server's now. A merged field whose three values are objects is compared per key: it conflicts
 * only when a key changed on both sides to different values.
 */
export function compareField(
  local: unknown,
  base: unknown,
  server: unknown,
  isMerged: boolean,
): FieldComparison {
  if (deepEqual(server, base)) return { kind: 'unchanged' };
  if (deepEqual(server, local)) return { kind: 'same' };
  if (isMerged && isPlainObject(local) && isPlainObject(server) && isPlainObject(base ?? {})) {
    const from = (base ?? {}) as PlainObject;
    const mine = changedKeys(from, local);
    const theirs = new Set(changedKeys(from, server));
    if (mine.every((key) => !theirs.has(key) || deepEqual(local[key], server[key]))) {
      const value: PlainObject = { ...server };
      for (const key of mine) value[key] = local[key];
      return { kind: 'rebased', value };
    }
  }
  return { kind: 'conflict' };
}

/**
 * Compares the edited fields three ways: the one save-conflict check, used before a save
 * (`conflicts: 'detect'`) and when a journal restores edits. A field conflicts when the server's
 * value differs from the base (someone saved it) and from the local edit (not the same change); a
 * merged field (`mergedFields`, `meta`) conflicts only on a key both changed. A field the server's
 * copy does not hold is not compared (it stands).
 *
 * `modified_gmt` has one-second resolution in WordPress, so a save within the second of the load
 * keeps it; the field values are compared as well, and either difference counts as a change.
 */
export function compareWithServer(
  edits: Readonly<PlainObject>,
  base: Readonly<PlainObject>,
  server: Readonly<PlainObject>,
  mergedFields: ReadonlySet<string> = new Set(),
): ServerComparison {
  let hasChanged = server['modified_gmt'] !== undefined && server['modified_gmt'] !== base['modified_gmt'];
  const conflicting: string[] = [];
  const rebased: PlainObject = {};
  const standing: PlainObject = {};
  for (const field of Object.keys(edits)) {
    const comparison = Object.prototype.hasOwnProperty.call(server, field)
      ? compareField(edits[field], base[field], server[field], mergedFields.has(field))
      : UNCHANGED;
    if (comparison.kind !== 'unchanged') hasChanged = true;
    if (comparison.kind === 'conflict') {
      conflicting.push(field);
      continue;
    }
    if (comparison.kind === 'rebased') rebased[field] = comparison.value;
    standing[field] = comparison.kind === 'rebased' ? comparison.value : edits[field];
  }
  return { hasChanged, conflicting, rebased, standing };
}

const UNCHANGED: FieldComparison = { kind: 'unchanged' };

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

/**
 * The values `choice` keeps for each conflicting field. On a merged field whose values are
 * objects, `'mine'` is the server's object with every key this copy changed set to its value, and
 * `'theirs'` the server's object with this copy's changes to the keys they did not touch: neither
 * reverts a key only one side changed.
 */
export function conflictChoiceValues<E extends object>(
  conflict: SaveConflict<E>,
  choice: ConflictChoice<E>,
  mergedFields: ReadonlySet<string> = new Set(),
): Partial<E> {
  if (choice !== 'mine' && choice !== 'theirs') return choice;
  const local = conflict.local as PlainObject;
  const base = conflict.base as PlainObject;
  const server = conflict.server as PlainObject;
  const values: PlainObject = {};
  for (const field of conflict.fields) {
    const mine = local[field];
    const theirs = server[field];
    const from = base[field] ?? {};
    if (!mergedFields.has(field) || !isPlainObject(mine) || !isPlainObject(theirs) || !isPlainObject(from)) {
      values[field] = choice === 'mine' ? mine : theirs;
      continue;
    }
    const theirKeys = new Set(changedKeys(from, theirs));
    const value: PlainObject = { ...theirs };
    for (const key of changedKeys(from, mine)) {
      if (choice === 'mine' || !theirKeys.has(key)) value[key] = mine[key];
    }
    values[field] = value;
  }
  return values as Partial<E>;
}
