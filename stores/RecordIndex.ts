/**
 * The index behind `dirtyRecords` and `savingRecords`: the exact set of dirty records and of
 * saving records, kept where a record's edits or saving state change, so neither list scans the
 * cache nor reads any record.
 *
 * @module
 */
import { createAtom, type IAtom } from 'mobx';

/** One list of the index: an ordered set, its cached array, and the atom observers of it watch. */
class IndexedList<R> {
  private readonly members = new Set<R>();
  private cached: readonly R[] | undefined;
  private readonly atom: IAtom;

  constructor(name: string) {
    this.atom = createAtom(name);
  }

  /** The members in the order they entered; the same array until the membership changes (observable). */
  read(): readonly R[] {
    this.atom.reportObserved();
    return (this.cached ??= Array.from(this.members));
  }

  /** Puts the record in or takes it out; observers hear of it only when the membership changes. */
  set(record: R, isMember: boolean): void {
    if (this.members.has(record) === isMember) return;
    if (isMember) this.members.add(record);
    else this.members.delete(record);
    this.changed();
  }

  clear(): void {
    if (this.members.size === 0) return;
    this.members.clear();
    this.changed();
  }

  private changed(): void {
    this.cached = undefined;
    this.atom.reportChanged();
  }
}

/**
 * Two observable lists, `dirty` (non-transient edits or a save in flight) and `saving`, in the order
 * records entered them. Reads return an array rebuilt only after membership changed, so reads are
 * O(1) and an edit that leaves a record as dirty as it was re-runs nothing.
 */
export class RecordIndex<R> {
  private readonly dirtyList = new IndexedList<R>('RecordIndex.dirty');
  private readonly savingList = new IndexedList<R>('RecordIndex.saving');

  /** Records that are dirty, in the order they became dirty (observable; the same array while unchanged). */
  get dirty(): readonly R[] {
    return this.dirtyList.read();
  }

  /** Records with a save in flight, in the order their saves started (observable; the same array while unchanged). */
  get saving(): readonly R[] {
    return this.savingList.read();
  }

  /** Records the current state of `record`; call it whenever its edits or saving state change. */
  note(record: R, isDirty: boolean, isSaving: boolean): void {
    this.dirtyList.set(record, isDirty);
    this.savingList.set(record, isSaving);
  }

  /** Empties the index. */
  clear(): void {
    this.dirtyList.clear();
    this.savingList.clear();
  }
}
