/**
 * The version of a record each of its edits started from: the saved value a field had when the
 * user began editing it, and the record's `modified_gmt` then. A save with `conflicts: 'detect'`
 * and a journal restore compare the server with this, never with the newest copy the cache
 * happened to receive since: a refresh, a list query or a peer's save between an edit and its save
 * must not hide someone else's change.
 *
 * @module
 */
import type { EditEvent } from '../models/EditFunnel.js';
import { hasOwn, type PlainObject } from '../models/snapshot.js';

/** What the bases read from a record. */
export interface BasedRecord {
  /** The edits a save would send. */
  readonly nonTransientEdits: object;
  /** The saved record with raw attributes flattened. */
  readonly raw: object | undefined;
}

/** The version a record's edits started from. */
export interface EditBase {
  /** Per edited field, its saved value when its editing started (`null` when the record had none). */
  readonly values: Readonly<PlainObject>;
  /** The saved `modified_gmt` when the first of the current edits started. */
  readonly modifiedGmt: string | undefined;
}

interface MutableBase {
  values: PlainObject;
  modifiedGmt: string | undefined;
}

function savedGmt(raw: PlainObject): string | undefined {
  const value = raw['modified_gmt'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The bases of one store's records, kept by listening to the edit funnel: a field's base is taken
 * when it gains an edit and dropped when its edit goes (saved, undone to the saved value,
 * discarded). The writer moves a base forward only when the user saw the newer version: their own
 * save answered, or they answered a conflict.
 */
export class EditBases {
  private readonly bases = new WeakMap<object, MutableBase>();

  /** The funnel listener: takes and drops bases as fields gain and lose edits. */
  noteEdit(event: EditEvent<BasedRecord>): void {
    const record = event.record;
    const edits = record.nonTransientEdits as PlainObject;
    let base = this.bases.get(record);
    for (const field of Object.keys(event.changes)) {
      if (hasOwn(edits, field)) {
        if (base !== undefined && hasOwn(base.values, field)) continue;
        const raw = (record.raw ?? {}) as PlainObject;
        if (base === undefined) {
          base = { values: {}, modifiedGmt: savedGmt(raw) };
          this.bases.set(record, base);
        }
        base.values[field] = raw[field] ?? null;
      } else if (base !== undefined) {
        delete base.values[field];
      }
    }
    if (base !== undefined && Object.keys(base.values).length === 0) this.bases.delete(record);
  }

  /** The base of a record's edits; `undefined` when it has none. */
  of(record: object): EditBase | undefined {
    return this.bases.get(record);
  }

  /**
   * The user has seen `values` as the saved values of these fields (their own save answered with
   * them, they answered a conflict, a journal restore brought the base their edit started from):
   * each field that is still edited now starts from it.
   */
  rebase(record: BasedRecord, values: Readonly<PlainObject>, modifiedGmt?: string): void {
    const edits = record.nonTransientEdits as PlainObject;
    let base = this.bases.get(record);
    for (const [field, value] of Object.entries(values)) {
      if (!hasOwn(edits, field)) continue;
      if (base === undefined) {
        base = { values: {}, modifiedGmt: savedGmt((record.raw ?? {}) as PlainObject) };
        this.bases.set(record, base);
      }
      base.values[field] = value ?? null;
    }
    if (base !== undefined && modifiedGmt !== undefined) base.modifiedGmt = modifiedGmt;
  }

  /** After a save answered: the fields it sent that are still edited (typed meanwhile) start from the saved copy. */
  saved(record: BasedRecord, fields: readonly string[]): void {
    const raw = (record.raw ?? {}) as PlainObject;
    const values: PlainObject = {};
    for (const field of fields) values[field] = raw[field] ?? null;
    this.rebase(record, values, savedGmt(raw));
    const base = this.bases.get(record);
    // Every edit left started after this save (or was kept through it): the record's version is the saved one.
    if (base !== undefined) base.modifiedGmt = savedGmt(raw);
  }
}
