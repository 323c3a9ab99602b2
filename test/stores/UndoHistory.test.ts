import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import {
  NO_EDITS,
  mergeEdits,
  nonTransientEdits,
  type EditRules,
  type Edits,
} from '../../models/editPipeline.js';
import { UndoHistory, type UndoTarget } from '../../stores/UndoHistory.js';

const rules: EditRules = { transientEdits: new Set(['blocks']), mergedEdits: new Set(['meta']) };

/** A plain record wired to the history the way EntityRecord is. */
class FakeRecord implements UndoTarget {
  edits: Edits = NO_EDITS;
  constructor(
    readonly history: UndoHistory<FakeRecord>,
    readonly raw: Record<string, unknown>,
  ) {}
  edit(incoming: Edits, options: { isCached?: boolean; undoIgnore?: boolean } = {}): void {
    const result = mergeEdits(rules, this.raw, this.edits, incoming);
    this.edits = result.edits;
    if (options.undoIgnore !== true) {
      this.history.addChanges(this, result.changes, { isCached: options.isCached ?? false });
    }
  }
  applyUndoValues(values: Record<string, unknown>): void {
    this.edits = mergeEdits(rules, this.raw, this.edits, values, { merge: false }).edits;
  }
  get edited(): Record<string, unknown> {
    return { ...this.raw, ...this.edits };
  }
  get hasEdits(): boolean {
    return Object.keys(nonTransientEdits(rules, this.edits)).length > 0;
  }
}

function setup(raw: Record<string, unknown> = { title: 'A', description: '', meta: { a: 1 } }) {
  const history = new UndoHistory<FakeRecord>();
  return { history, record: new FakeRecord(history, raw) };
}

describe('UndoHistory', () => {
  it('undoes an edit back to the saved value and leaves the record clean', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    expect(record.hasEdits).toBe(true);
    const step = history.undo();
    expect(step?.[0]?.changes).toEqual({ title: { from: 'A', to: 'B' } });
    expect(record.edited.title).toBe('A');
    expect(record.edits).toEqual({});
    expect(record.hasEdits).toBe(false);
  });

  it('redoes the undone step', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    record.edit({ title: 'C' });
    history.undo();
    history.undo();
    expect(record.edited.title).toBe('A');
    history.redo();
    expect(record.edited.title).toBe('B');
    history.redo();
    expect(record.edited.title).toBe('C');
    expect(history.redo()).toBeUndefined();
  });

  it('adds no step for an edit whose from and to are equal', () => {
    const { history, record } = setup();
    record.edit({ title: 'A' });
    expect(history.steps).toHaveLength(0);
    expect(history.hasUndo).toBe(false);
  });

  it('drops the redo steps on a new edit', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    record.edit({ title: 'C' });
    history.undo();
    expect(history.hasRedo).toBe(true);
    record.edit({ title: 'D' });
    expect(history.hasRedo).toBe(false);
    expect(history.redo()).toBeUndefined();
    history.undo();
    expect(record.edited.title).toBe('B');
  });

  it('keeps the redo steps when an edit changes nothing', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    history.undo();
    record.edit({ title: 'A' });
    expect(history.hasRedo).toBe(true);
  });

  it('coalesces cached edits into the previous step at the next normal edit', () => {
    const { history, record } = setup({ name: 'm', description: '' });
    record.edit({ name: 'a' });
    record.edit({ name: 'ab' }, { isCached: true });
    record.edit({ description: 'd' }, { isCached: true });
    expect(history.steps).toHaveLength(1);
    expect(history.pending).toHaveLength(1);
    record.edit({ name: 'abc' });
    expect(history.steps).toHaveLength(2);
    expect(history.steps[0]?.[0]?.changes).toEqual({
      name: { from: 'm', to: 'ab' },
      description: { from: '', to: 'd' },
    });
  });

  it('joins cached edits to the previous step at undo', () => {
    const { history, record } = setup({ name: 'm', description: '' });
    record.edit({ name: 'a' });
    record.edit({ name: 'ab' }, { isCached: true });
    record.edit({ description: 'd' }, { isCached: true });
    history.undo();
    expect(record.edited).toEqual({ name: 'm', description: '' });
    expect(record.edits).toEqual({});
  });

  it('closes the pending cached step at createUndoLevel', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' }, { isCached: true });
    expect(history.steps).toHaveLength(0);
    history.createUndoLevel();
    expect(history.steps).toHaveLength(1);
    expect(history.hasUndo).toBe(true);
    expect(history.steps[0]?.[0]?.changes).toEqual({ title: { from: 'A', to: 'B' } });
  });

  it('undoes one step spanning several records', () => {
    const history = new UndoHistory<FakeRecord>();
    const first = new FakeRecord(history, { title: 'one' });
    const second = new FakeRecord(history, { title: 'two' });
    first.edit({ title: 'uno' });
    second.edit({ title: 'dos' }, { isCached: true });
    first.edit({ title: 'eins' }, { isCached: true });
    history.undo();
    expect(first.edited.title).toBe('one');
    expect(second.edited.title).toBe('two');
    expect(first.hasEdits || second.hasEdits).toBe(false);
  });

  it('stores the merged value of a meta edit, so redo restores every key', () => {
    const { history, record } = setup({ meta: { a: 1, b: 2 } });
    record.edit({ meta: { a: 5 } });
    record.edit({ meta: { b: 7 } });
    history.undo();
    expect(record.edited.meta).toEqual({ a: 5, b: 2 });
    history.undo();
    expect(record.edits).toEqual({});
    history.redo();
    history.redo();
    expect(record.edited.meta).toEqual({ a: 5, b: 7 });
  });

  it('undoes a meta edit that added a key', () => {
    const { history, record } = setup({ meta: { a: 1 } });
    record.edit({ meta: { b: 2 } });
    history.undo();
    expect(record.edited.meta).toEqual({ a: 1 });
    expect(record.hasEdits).toBe(false);
  });

  it('records nothing for ignored edits, which a later undo of the field overwrites', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    record.edit({ title: 'ignored' }, { undoIgnore: true });
    expect(history.steps).toHaveLength(1);
    history.undo();
    expect(record.edited.title).toBe('A');
  });

  it('adds no step for a deferred (function) edit alone', () => {
    const { history, record } = setup();
    record.edit({ title: () => 'later' });
    expect(history.hasUndo).toBe(false);
  });

  it('offers undo while only a pending cached step exists, and undoes it', () => {
    const { history, record } = setup();
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(history.hasUndo));
    record.edit({ title: 'B' }, { isCached: true });
    expect(seen).toEqual([false, true]);
    history.undo();
    expect(record.edited).toMatchObject({ title: 'A' });
    expect(history.hasUndo).toBe(false);
    stop();
  });

  it('makes hasUndo and hasRedo observable', () => {
    const { history, record } = setup();
    const seen: string[] = [];
    const stop = autorun(() => seen.push(`${history.hasUndo}/${history.hasRedo}`));
    record.edit({ title: 'B' });
    history.undo();
    history.redo();
    stop();
    expect(seen).toEqual(['false/false', 'true/false', 'false/true', 'true/false']);
  });

  it('returns undefined from undo with no steps, and clear forgets everything', () => {
    const { history, record } = setup();
    expect(history.undo()).toBeUndefined();
    record.edit({ title: 'B' });
    record.edit({ title: 'C' }, { isCached: true });
    history.clear();
    expect(history.steps).toHaveLength(0);
    expect(history.pending).toHaveLength(0);
    expect(history.hasUndo).toBe(false);
  });
});

describe('UndoHistory.rebase (a newer server copy arrived)', () => {
  it('makes a redo value that was the old saved value follow the new one', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    record.edit({ title: 'A' });
    // Someone else saved 'N': the record now shows it (no edit), and the history is told.
    record.raw.title = 'N';
    history.rebase(record, { title: { from: 'A', to: 'N' } });
    history.undo();
    expect(record.edited.title).toBe('B');
    history.redo();
    expect(record.edited.title).toBe('N');
    expect(record.hasEdits).toBe(false);
  });

  it('keeps the undo values and every typed value', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    record.raw.title = 'N';
    history.rebase(record, { title: { from: 'A', to: 'N' } });
    expect(history.steps[0]?.[0]?.changes).toEqual({ title: { from: 'A', to: 'B' } });
    history.undo();
    expect(record.edits).toEqual({ title: 'A' });
  });

  it('keeps an earlier value the user saw and then changed, even when it was the old saved value', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    // 'B' was saved, then typed over with 'C'; someone else saved 'C' too.
    record.raw.title = 'B';
    record.edits = NO_EDITS;
    record.edit({ title: 'C' });
    record.raw.title = 'C';
    history.rebase(record, { title: { from: 'B', to: 'C' } });
    expect(history.steps.map((step) => step[0]?.changes)).toEqual([
      { title: { from: 'A', to: 'B' } },
      { title: { from: 'B', to: 'C' } },
    ]);
    history.undo();
    expect(record.edited.title).toBe('B');
    history.undo();
    history.redo();
    expect(record.edited.title).toBe('B');
  });

  it('makes the undo value of the next redo step follow when the record shows the saved value', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    history.undo();
    record.raw.title = 'N';
    history.rebase(record, { title: { from: 'A', to: 'N' } });
    history.redo();
    expect(record.edited.title).toBe('B');
    history.undo();
    expect(record.edited.title).toBe('N');
    expect(record.hasEdits).toBe(false);
  });

  it('makes pending typing that is back at the old saved value follow the new one', () => {
    const { history, record } = setup();
    record.edit({ title: 'B' });
    record.edit({ title: 'A' }, { isCached: true });
    record.raw.title = 'N';
    history.rebase(record, { title: { from: 'A', to: 'N' } });
    expect(history.pending[0]?.changes).toEqual({ title: { from: 'B', to: 'N' } });
    expect(history.steps[0]?.[0]?.changes).toEqual({ title: { from: 'A', to: 'B' } });
  });

  it('ignores a record no step points at', () => {
    const { history, record } = setup();
    const other = new FakeRecord(history, { title: 'A' });
    record.edit({ title: 'B' });
    const steps = history.steps[0];
    expect(history.mayHold(other)).toBe(false);
    history.rebase(other, { title: { from: 'B', to: 'N' } });
    expect(history.steps[0]).toBe(steps);
  });
});
