/**
 * A record's speed caches on their own: the object-view memo, the primitive views' computeds and
 * the `hasEdits` flag's transient-field bookkeeping (what EntityRecord delegates to).
 */
import { autorun, observable, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { EntityConfig } from '../../models/EntityConfig.js';
import { hasEditsFrom, isFlagCurrent, NOT_WORKED_OUT } from '../../models/hasEditsFlag.js';
import { PrimitiveViews } from '../../models/PrimitiveViews.js';
import { RecordViewMemo } from '../../models/RecordViewMemo.js';

describe('RecordViewMemo', () => {
  const config = new EntityConfig({
    kind: 'root',
    name: 'x',
    baseURL: '/x',
    rawAttributes: ['title'],
    transientEdits: ['blocks'],
  });

  it('gives the same raw object while the snapshot and raw attributes are the same, a new one after', () => {
    const memo = new RecordViewMemo();
    const persisted = { id: 1, title: { raw: 'A', rendered: '<b>A</b>' } };
    const raw = memo.raw(persisted, config.rawAttributes);
    expect(raw).toEqual({ id: 1, title: 'A' });
    expect(memo.raw(persisted, config.rawAttributes)).toBe(raw);
    const next = { id: 1, title: { raw: 'B', rendered: 'B' } };
    expect(memo.raw(next, config.rawAttributes)).toEqual({ id: 1, title: 'B' });
  });

  it('leaves transient fields out of the edits, once per edits object', () => {
    const memo = new RecordViewMemo();
    const edits = { title: 'T', blocks: [] };
    const saved = memo.nonTransientEdits(config, edits);
    expect(saved).toEqual({ title: 'T' });
    expect(memo.nonTransientEdits(config, edits)).toBe(saved);
    expect(memo.nonTransientEdits(config, { title: 'U' })).toEqual({ title: 'U' });
  });

  it('merges edits over the base, once per pair', () => {
    const memo = new RecordViewMemo();
    const base = { id: 1, title: 'A' };
    const edits = { title: 'B' };
    const edited = memo.edited(base, edits);
    expect(edited).toEqual({ id: 1, title: 'B' });
    expect(memo.edited(base, edits)).toBe(edited);
    expect(memo.edited({ id: 1, title: 'C', x: 1 }, edits)).toEqual({ id: 1, title: 'B', x: 1 });
  });
});

describe('PrimitiveViews', () => {
  it('computes directly for a plain read and keeps a computed from the first tracked read on', () => {
    const views = new PrimitiveViews();
    const source = observable.box('a');
    let runs = 0;
    const compute = (): string => {
      runs++;
      return source.get().toUpperCase();
    };
    expect(views.read('title', compute)).toBe('A');
    expect(views.read('title', compute)).toBe('A');
    expect(runs).toBe(2);
    const seen: string[] = [];
    const stop = autorun(() => seen.push(views.read('title', compute)));
    runInAction(() => source.set('b'));
    // The computed stops propagation when its value is unchanged.
    runInAction(() => source.set('B'));
    stop();
    expect(seen).toEqual(['A', 'B']);
  });
});

describe('the hasEdits flag', () => {
  const transient = new Set(['blocks']);

  it('is read while worked out with the same transient fields, else the edits are looked at again', () => {
    expect(isFlagCurrent(NOT_WORKED_OUT, undefined)).toBe(false);
    expect(isFlagCurrent(transient, transient)).toBe(true);
    expect(isFlagCurrent(transient, new Set(['blocks']))).toBe(false);
    expect(hasEditsFrom(transient, transient, true, {})).toBe(true);
    expect(hasEditsFrom(NOT_WORKED_OUT, transient, true, { blocks: [] })).toBe(false);
    expect(hasEditsFrom(NOT_WORKED_OUT, undefined, false, { blocks: [] })).toBe(true);
  });
});
