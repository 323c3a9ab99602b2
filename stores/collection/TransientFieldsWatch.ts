/**
 * Whether an edit counts (makes a record dirty) depends on the config's transient fields. A config
 * loaded or replaced after the edits were made must make the records with edits work that out
 * again: this watch holds those records and the one reaction that tells them, only while there are any.
 *
 * @module
 */
import { reaction, type IReactionDisposer } from 'mobx';

/** A record the watch can tell that the transient fields changed. */
export interface TransientFieldsUser {
  /** Works out `hasEdits` and the dirty lists again. */
  refreshEditState(): void;
}

/** The records of one collection with any edits (transient ones too), and the config watch they need. */
export class TransientFieldsWatch<R extends TransientFieldsUser> {
  private readonly transientFields: () => unknown;
  /** Made on the first edit. */
  private edited: Set<R> | undefined;
  private stop: IReactionDisposer | undefined;

  /** `transientFields` reads the config's transient fields (observable). */
  constructor(transientFields: () => unknown) {
    this.transientFields = transientFields;
  }

  /**
   * Notes whether `record` has any edits; returns true when it has none now (it may have become
   * evictable). With `isDisposed`, a newly edited record is not watched.
   */
  note(record: R, hasAnyEdits: boolean, isDisposed: boolean): boolean {
    const edited = (this.edited ??= new Set());
    if (hasAnyEdits) {
      if (edited.has(record) || isDisposed) return false;
      edited.add(record);
      this.stop ??= reaction(this.transientFields, () => {
        for (const each of [...edited]) each.refreshEditState();
      });
      return false;
    }
    if (edited.delete(record) && edited.size === 0) this.end();
    return true;
  }

  /** Ends the watch and forgets the records (the store was disposed). */
  dispose(): void {
    this.end();
    this.edited?.clear();
  }

  private end(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
