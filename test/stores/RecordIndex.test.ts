import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { RecordIndex } from '../../stores/RecordIndex.js';

class Row {
  constructor(readonly id: number) {}
}

describe('RecordIndex', () => {
  it('lists tracked records that are dirty or saving', () => {
    const index = new RecordIndex<Row>();
    const [a, b, c] = [new Row(1), new Row(2), new Row(3)];
    index.note(a, true, false);
    index.note(b, false, false);
    index.note(c, true, true);
    expect(index.dirty).toEqual([a, c]);
    expect(index.saving).toEqual([c]);
    index.note(a, false, false);
    expect(index.dirty).toEqual([c]);
  });

  it('returns the same array while nothing changes, also outside reactions', () => {
    const index = new RecordIndex<Row>();
    const row = new Row(1);
    index.note(row, true, false);
    const first = index.dirty;
    expect(index.dirty).toBe(first);
    const other = new Row(2);
    index.note(other, false, false);
    expect(index.dirty).toBe(first);
    index.note(row, true, false);
    expect(index.dirty).toBe(first);
    index.note(other, true, false);
    expect(index.dirty).not.toBe(first);
  });

  it('notifies observers when a record becomes dirty', () => {
    const index = new RecordIndex<Row>();
    const row = new Row(1);
    index.note(row, false, false);
    const counts: number[] = [];
    const stop = autorun(() => counts.push(index.dirty.length));
    index.note(row, true, false);
    index.note(row, false, false);
    stop();
    expect(counts).toEqual([0, 1, 0]);
  });

  it('does not re-run observers while a record stays dirty', () => {
    const index = new RecordIndex<Row>();
    const row = new Row(1);
    const counts: number[] = [];
    const stop = autorun(() => counts.push(index.dirty.length));
    index.note(row, true, false);
    index.note(row, true, false);
    index.note(row, true, true);
    stop();
    expect(counts).toEqual([0, 1]);
  });
});
