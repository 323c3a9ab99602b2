/**
 * A collection's part of the store's dirty and saving lists: the records of this collection, kept
 * as one array while unchanged, so an observer re-runs only when the collection's part changes and
 * a plain script re-reads it in O(1).
 *
 * @module
 */
import { comparer, computed, type IComputedValue } from 'mobx';
import { isTracking } from '../../models/lazyObservable.js';

/** A store list and one collection's part of it, as last read by a plain script. */
interface OwnPart<R> {
  readonly source: readonly object[] | undefined;
  readonly own: readonly R[];
}

const NO_PART: OwnPart<never> = Object.freeze({ source: undefined, own: Object.freeze([]) });

/** One collection's part of one store list (dirty or saving). */
export class OwnRecordList<R extends { readonly collection: unknown }> {
  private readonly owner: unknown;
  private readonly source: () => readonly R[] | undefined;
  private tracked: IComputedValue<readonly R[]> | undefined;
  private untracked: OwnPart<R> = NO_PART;

  /** `source` reads the store's list; `owner` is the collection whose records are kept. */
  constructor(owner: unknown, source: () => readonly R[] | undefined) {
    this.owner = owner;
    this.source = source;
  }

  /** The owner's records of the list. Observable; cached between changes. */
  get(): readonly R[] {
    if (isTracking()) {
      this.tracked ??= computed(() => this.own(this.source()), { equals: comparer.shallow });
      return this.tracked.get();
    }
    const list = this.source();
    const last = this.untracked;
    if (list === last.source && list !== undefined) return last.own;
    const own = this.own(list);
    this.untracked = { source: list, own: sameRecords(own, last.own) ? last.own : own };
    return this.untracked.own;
  }

  /** The owner's records of `list` (already filtered by the store, so no record is read again). */
  private own(list: readonly R[] | undefined): readonly R[] {
    if (list === undefined) return [];
    return list.filter((record) => record.collection === this.owner);
  }
}

function sameRecords(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
