/**
 * The index behind `dirtyRecords` and `savingRecords`: only records that have edits or a save in
 * flight are in it, so neither list scans the cache.
 *
 * @module
 */
import { action, comparer, computed, makeObservable, observable, type IComputedValue } from 'mobx';

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

  /** An empty index. */
  constructor() {
    makeObservable(this, { track: action, untrack: action, clear: action });
    // `comparer.shallow` keeps the previous array while the members are the same, so readers see a
    // stable reference.
    this.dirtyList = computed(() => this.filter((record) => record.isDirty), {
      keepAlive: true,
      equals: comparer.shallow,
    });
    this.savingList = computed(() => this.filter((record) => record.isSaving), {
      keepAlive: true,
      equals: comparer.shallow,
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
