/**
 * The index behind `dirtyRecords` and `savingRecords`: only records that have edits or a save in
 * flight are in it, so neither list scans the cache.
 *
 * @module
 */
import { action, computed, makeObservable, observable, type IComputedValue } from 'mobx';

/** What the index reads from a record. */
export interface IndexedRecord {
  /** Has non-transient edits or a save in flight (observable). */
  readonly isDirty: boolean;
  /** A save is in flight (observable). */
  readonly isSaving: boolean;
}

/**
 * An observable set of records that may be dirty (records enter when they get edits or start
 * saving, and leave when both are gone), with `dirty` and `saving` lists derived from it. The
 * lists are kept alive, so a read outside any reaction returns the same cached array until a
 * member changes: O(1), never a scan of the store.
 */
export class RecordIndex<R extends IndexedRecord> {
  private readonly members = observable.set<R>([], { deep: false });
  private readonly dirtyList: IComputedValue<readonly R[]>;
  private readonly savingList: IComputedValue<readonly R[]>;

  constructor() {
    makeObservable(this, { track: action, untrack: action, clear: action, size: computed });
    this.dirtyList = computed(() => this.filter((record) => record.isDirty), {
      keepAlive: true,
      equals: sameItems,
    });
    this.savingList = computed(() => this.filter((record) => record.isSaving), {
      keepAlive: true,
      equals: sameItems,
    });
  }

  /** Records in the index that are dirty, in the order they entered (observable). */
  get dirty(): readonly R[] {
    return this.dirtyList.get();
  }

  /** Records in the index with a save in flight (observable). */
  get saving(): readonly R[] {
    return this.savingList.get();
  }

  /** How many records are indexed (observable). */
  get size(): number {
    return this.members.size;
  }

  /** The indexed records, in the order they entered (observable). */
  values(): IterableIterator<R> {
    return this.members.values();
  }

  /** True when the record is indexed (observable). */
  has(record: R): boolean {
    return this.members.has(record);
  }

  /** Adds a record that got edits or started saving; a no-op when it is already in. */
  track(record: R): void {
    if (!this.members.has(record)) this.members.add(record);
  }

  /** Removes a record with no edits left and no save in flight (or one that left the cache). */
  untrack(record: R): void {
    this.members.delete(record);
  }

  /** Empties the index. */
  clear(): void {
    this.members.clear();
  }

  private filter(test: (record: R) => boolean): readonly R[] {
    const result: R[] = [];
    for (const record of this.members) {
      if (test(record)) result.push(record);
    }
    return result;
  }
}

/** Keeps the previous array when the members are the same, so readers see a stable reference. */
function sameItems<R>(a: readonly R[], b: readonly R[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index]) return false;
  }
  return true;
}
