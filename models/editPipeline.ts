/**
 * The pure part of editing: next edits snapshots and their undo changes, clearing what the server
 * now matches, deferred (function) edits, save payloads. Nothing here is observable, so tests call
 * it with plain objects and `EntityRecord` wraps it in its actions.
 *
 * @module
 */
import { deepEqual, getPath, hasOwn, isEmpty, isPlainObject, rawValueOf } from './snapshot.js';

/** A record's local edits: a plain, never-mutated snapshot keyed by field. */
export type Edits = Readonly<Record<string, unknown>>;

/** One field's change in an undo step: the edited value before and after. */
export interface UndoChange {
  /** The edited value before the change (the persisted raw value when the field had no edit). */
  readonly from: unknown;
  /** The edited value after the change (for a merged field, the merged value). */
  readonly to: unknown;
}

/** The changes one edit made to one record, keyed by field. */
export type UndoChanges = Readonly<Record<string, UndoChange>>;

/** The parts of an entity config the edit rules depend on (an `EntityConfig` satisfies it). */
export interface EditRules {
  /** Fields whose edits are local only: never saved, never making a record dirty. */
  readonly transientEdits: ReadonlySet<string>;
  /** Fields (such as `meta`) whose object edits merge over the current edited value. */
  readonly mergedEdits: ReadonlySet<string>;
}

/** Options of {@link mergeEdits}. */
export interface MergeEditsOptions {
  /**
   * Merge object values of merged fields over the current edited value. Undo and redo turn this
   * off: their values are whole merged values already, and merging would keep keys the step added.
   * @default true
   */
  merge?: boolean;
  /**
   * The entity's raw attributes: when given, the record passed is the persisted one and these
   * fields compare by their `.raw`, so no raw copy of the record is built.
   * @default undefined (the record passed is already raw)
   */
  rawAttributes?: ReadonlySet<string> | undefined;
  /**
   * Fields whose value stays an edit even when equal to the persisted one: their save is in flight,
   * and the value typed meanwhile must survive the answer.
   * @default undefined (none)
   */
  keep?: ReadonlySet<string> | undefined;
}

/** What {@link mergeEdits} computed. */
export interface EditResult {
  /** The next edits snapshot; the same object as the current one when nothing changed. */
  readonly edits: Edits;
  /** The edited value of each changed field before and after; fields left as they were are absent. */
  readonly changes: UndoChanges;
  /** True when {@link EditResult.edits} is a new snapshot. */
  readonly changed: boolean;
}

/** The shared empty edits snapshot (frozen, so it is safe to hand out). */
export const NO_EDITS: Edits = Object.freeze({});

const NO_CHANGES: UndoChanges = Object.freeze({});

function fieldOf(record: object | undefined, key: string): unknown {
  return record === undefined ? undefined : (record as Readonly<Record<string, unknown>>)[key];
}

/**
 * The raw value of one persisted field: a raw attribute's `.raw` when defined (the rule of
 * `flattenRawAttributes`), any other field as it is. With no `rawAttributes`, `record` is already raw.
 */
export function persistedRawValue(
  record: object | undefined,
  key: string,
  rawAttributes: ReadonlySet<string> | undefined,
): unknown {
  const value = fieldOf(record, key);
  return rawAttributes !== undefined && rawAttributes.has(key) ? rawValueOf(value) : value;
}

/**
 * Merges incoming edits into the current ones, the way every edit, undo and redo goes (the rule
 * behind `record.edit` and `record.applyEdits`): a merged field (`meta`) merges
 * over the current edited value; a value deep-equal to the persisted raw value (or `undefined`)
 * removes the edit; anything else, a deferred function included, is stored. An uncached record
 * counts as `{}`.
 */
export function mergeEdits(
  rules: EditRules | undefined,
  raw: object | undefined,
  current: Edits,
  incoming: Edits,
  options: MergeEditsOptions = {},
): EditResult {
  const merge = options.merge ?? true;
  const rawAttributes = options.rawAttributes;
  const keep = options.keep;
  let next: Record<string, unknown> | undefined;
  let changes: Record<string, UndoChange> | undefined;
  for (const key in incoming) {
    if (!hasOwn(incoming, key)) continue;
    const base = next ?? current;
    const persistedValue = persistedRawValue(raw, key, rawAttributes);
    const from = hasOwn(base, key) ? base[key] : persistedValue;
    let value = incoming[key];
    if (merge && rules?.mergedEdits.has(key) === true && isPlainObject(value)) {
      value = { ...(isPlainObject(from) ? from : {}), ...value };
    }
    const isReset =
      value === undefined || (deepEqual(value, persistedValue) && (keep === undefined || !keep.has(key)));
    const to = isReset ? persistedValue : value;
    if (isReset) {
      if (!hasOwn(base, key)) continue;
      next ??= { ...current };
      delete next[key];
    } else {
      // Re-applying an equal value keeps the snapshot, so nothing that reads it re-renders.
      if (hasOwn(base, key) && deepEqual(base[key], value)) continue;
      next ??= { ...current };
      next[key] = value;
    }
    if (!deepEqual(from, to)) {
      changes ??= {};
      changes[key] = { from, to };
    }
  }
  if (next === undefined) return { edits: current, changes: changes ?? NO_CHANGES, changed: false };
  return { edits: isEmpty(next) ? NO_EDITS : next, changes: changes ?? NO_CHANGES, changed: true };
}

/** @deprecated The pure edit rule is {@link mergeEdits}; `applyEdits` is the record's method (`record.applyEdits`). */
export const applyEdits = mergeEdits;

/** The value of a received field that an edit is compared with: its `.raw` when it has one. */
function receivedValue(record: object, key: string): unknown {
  return rawValueOf(fieldOf(record, key));
}

/**
 * The edits left after a default-context receive: an edit equal to the received value, or to what
 * was sent for it (`persistedEdits`: the server accepted it even if it normalised it), is cleared;
 * edits made while the save flew differ from both and stay.
 * @returns the same object when nothing was cleared, {@link NO_EDITS} when nothing is left.
 */
export function clearReceivedEdits(current: Edits, received: object, persistedEdits?: Edits): Edits {
  let next: Record<string, unknown> | undefined;
  for (const key of Object.keys(current)) {
    const edit = current[key];
    const matchesServer = deepEqual(edit, receivedValue(received, key));
    const matchesSent =
      persistedEdits !== undefined && hasOwn(persistedEdits, key) && deepEqual(edit, persistedEdits[key]);
    if (!matchesServer && !matchesSent) continue;
    next ??= { ...current };
    delete next[key];
  }
  if (next === undefined) return current;
  return Object.keys(next).length === 0 ? NO_EDITS : next;
}

/** Every edit except transient fields (all of them without rules); the same object when nothing is left out. */
export function nonTransientEdits(rules: EditRules | undefined, edits: Edits): Edits {
  if (rules === undefined || rules.transientEdits.size === 0) return edits;
  let result: Record<string, unknown> | undefined;
  for (const key of Object.keys(edits)) {
    if (!rules.transientEdits.has(key)) continue;
    result ??= { ...edits };
    delete result[key];
  }
  if (result === undefined) return edits;
  return Object.keys(result).length === 0 ? NO_EDITS : result;
}

/** True when any edit is a function (a deferred edit). */
export function hasDeferredEdits(edits: Edits): boolean {
  for (const key of Object.keys(edits)) {
    if (typeof edits[key] === 'function') return true;
  }
  return false;
}

/** What {@link resolveDeferredEdits} returns. */
export interface ResolvedEdits {
  /** The edits with every function replaced by its result: what is sent. */
  readonly payload: Record<string, unknown>;
  /** Only the fields that were functions, with their results: written back as edits (no undo step). */
  readonly resolved: Record<string, unknown>;
}

/** Calls each function-valued edit with the current edited record and replaces it by its result. */
export function resolveDeferredEdits(edits: Edits, edited: object): ResolvedEdits {
  const payload: Record<string, unknown> = { ...edits };
  const resolved: Record<string, unknown> = {};
  for (const key of Object.keys(edits)) {
    const value = edits[key];
    if (typeof value !== 'function') continue;
    const result: unknown = (value as (record: object) => unknown)(edited);
    payload[key] = result;
    resolved[key] = result;
  }
  return { payload, resolved };
}

/**
 * The payload of `saveFields`: only the listed fields of `edits`, where a dotted path (`meta.a`)
 * becomes a nested object (`{ meta: { a: 5 } }`). Paths without an edit are left out.
 */
export function pickEditPaths(edits: Edits, paths: readonly string[]): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const path of paths) {
    const value = getPath(edits, path);
    if (value === undefined) continue;
    const segments = path.split('.');
    let target = payload;
    for (const segment of segments.slice(0, -1)) {
      const existing = target[segment];
      const child: Record<string, unknown> = isPlainObject(existing) ? { ...existing } : {};
      target[segment] = child;
      target = child;
    }
    target[segments[segments.length - 1] as string] = value;
  }
  return payload;
}

/** The edited record: the raw record with the edits over it (`{}` when neither exists). */
export function editedRecord<T extends object>(raw: T | undefined, edits: Edits): T {
  if (Object.keys(edits).length === 0) return raw ?? ({} as T);
  return { ...(raw ?? {}), ...edits } as T;
}
