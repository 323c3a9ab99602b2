/**
 * The recent snapshot changes of one collection, by record id: a query a plain script read patches
 * its kept view with the few records that changed instead of working out the whole list again.
 *
 * @module
 */
import type { Id } from '../models/ids.js';

/** A change that names no single record (the identity map changed): whoever reads it works everything out. */
const UNNAMED = Symbol('unnamed change');

/** Changes kept; once full, the older half goes (a reader that far behind works everything out). */
const CAPACITY = 512;

/**
 * A version number that grows by one per change, and the ids of the last changes. Noting a change
 * costs an array push; nothing is kept per record, so it holds no record alive.
 */
export class SnapshotChangeLog {
  private changes: (Id | typeof UNNAMED)[] = [];
  /** The version before `changes[0]`. */
  private firstVersion = 0;

  /** The number of changes noted so far. */
  get version(): number {
    return this.firstVersion + this.changes.length;
  }

  /** The snapshots of the record with this (normalised) id changed; `undefined`: a record without one. */
  note(id: Id | undefined): void {
    this.push(id ?? UNNAMED);
  }

  /** Records joined or left the identity map: no reader can patch across this change. */
  noteUnnamed(): void {
    this.push(UNNAMED);
  }

  /**
   * The ids changed after `version`, oldest first (an id may repeat); `undefined` when the log no
   * longer reaches back that far or a change in between named no record.
   */
  since(version: number): readonly Id[] | undefined {
    if (version < this.firstVersion || version > this.version) return undefined;
    const ids: Id[] = [];
    for (let i = version - this.firstVersion; i < this.changes.length; i++) {
      const id = this.changes[i];
      if (id === UNNAMED || id === undefined) return undefined;
      ids.push(id);
    }
    return ids;
  }

  private push(change: Id | typeof UNNAMED): void {
    if (this.changes.length >= CAPACITY) {
      const dropped = CAPACITY / 2;
      this.changes = this.changes.slice(dropped);
      this.firstVersion += dropped;
    }
    this.changes.push(change);
  }
}
