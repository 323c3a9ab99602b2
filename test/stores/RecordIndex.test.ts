import { autorun, makeAutoObservable } from 'mobx';
import { describe, expect, it } from 'vitest';
import { RecordIndex } from '../../stores/RecordIndex.js';

class Row {
  hasEdits = false;
  isSaving = false;
  constructor(readonly id: number) {
    makeAutoObservable(this);
  }
  set(changes: Partial<Pick<Row, 'hasEdits' | 'isSaving'>>): void {
    Object.assign(this, changes);
  }
  get isDirty(): boolean {
    return this.hasEdits || this.isSaving;
  }
}

describe('RecordIndex', () => {
  it('lists tracked records that are dirty or saving', () => {
    const index = new RecordIndex<Row>();
    const [a, b, c] = [new Row(1), new Row(2), new Row(3)];
    index.track(a);
    index.track(b);
    index.track(c);
    a.set({ hasEdits: true });
    c.set({ isSaving: true });
    expect(index.dirty).toEqual([a, c]);
    expect(index.saving).toEqual([c]);
    index.untrack(a);
    expect(index.dirty).toEqual([c]);
  });

  it('returns the same array while nothing changes, also outside reactions', () => {
    const index = new RecordIndex<Row>();
    const row = new Row(1);
    row.set({ hasEdits: true });
    index.track(row);
    const first = index.dirty;
    expect(index.dirty).toBe(first);
    const other = new Row(2);
    index.track(other);
    expect(index.dirty).toBe(first);
    other.set({ hasEdits: true });
    expect(index.dirty).not.toBe(first);
  });

  it('notifies observers when a record becomes dirty', () => {
    const index = new RecordIndex<Row>();
    const row = new Row(1);
    index.track(row);
    const counts: number[] = [];
    const stop = autorun(() => counts.push(index.dirty.length));
    row.set({ hasEdits: true });
    row.set({ hasEdits: false });
    stop();
    expect(counts).toEqual([0, 1, 0]);
  });
});
