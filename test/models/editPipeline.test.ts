import { describe, expect, it } from 'vitest';
import {
  NO_EDITS,
  mergeEdits,
  clearReceivedEdits,
  editedRecord,
  hasDeferredEdits,
  nonTransientEdits,
  pickEditPaths,
  resolveDeferredEdits,
  type EditRules,
} from '../../models/editPipeline.js';
import { deepEqual } from '../../models/snapshot.js';

const postRules: EditRules = {
  transientEdits: new Set(['blocks', 'selection']),
  mergedEdits: new Set(['meta']),
};

const raw = { id: 5, title: 'Saved', content: 'Body', meta: { a: 1, b: 2 }, status: 'publish' };

describe('mergeEdits', () => {
  it('drops an edit equal to the saved raw title', () => {
    const result = mergeEdits(postRules, raw, NO_EDITS, { title: 'Saved' });
    expect(result.edits).toEqual({});
    expect(result.changed).toBe(false);
    expect(result.changes).toEqual({});
  });

  it('stores a changed field and reports its change from the saved value', () => {
    const result = mergeEdits(postRules, raw, NO_EDITS, { title: 'New' });
    expect(result.edits).toEqual({ title: 'New' });
    expect(result.changes).toEqual({ title: { from: 'Saved', to: 'New' } });
  });

  it('removes an earlier edit when the field is set back to the saved value', () => {
    const result = mergeEdits(postRules, raw, { title: 'New', content: 'X' }, { title: 'Saved' });
    expect(result.edits).toEqual({ content: 'X' });
    expect(result.changes).toEqual({ title: { from: 'New', to: 'Saved' } });
  });

  it('compares with deep equality', () => {
    const record = { id: 1, tags: [1, 2], data: { x: { y: 1 } } };
    const result = mergeEdits(undefined, record, NO_EDITS, { tags: [1, 2], data: { x: { y: 1 } } });
    expect(result.changed).toBe(false);
  });

  it('merges meta edits over the current edited meta', () => {
    const first = mergeEdits(postRules, raw, NO_EDITS, { meta: { a: 5 } });
    expect(first.edits).toEqual({ meta: { a: 5, b: 2 } });
    const second = mergeEdits(postRules, raw, first.edits, { meta: { b: 7 } });
    expect(second.edits).toEqual({ meta: { a: 5, b: 7 } });
    expect(second.changes).toEqual({ meta: { from: { a: 5, b: 2 }, to: { a: 5, b: 7 } } });
    const back = mergeEdits(postRules, raw, second.edits, { meta: { a: 1, b: 2 } });
    expect(back.edits).toEqual({});
  });

  it('replaces merged fields instead of merging when merge is off (undo and redo)', () => {
    const edits = { meta: { a: 1, b: 2, c: 3 } };
    const result = mergeEdits(postRules, raw, edits, { meta: { a: 1, b: 2 } }, { merge: false });
    expect(result.edits).toEqual({});
  });

  it('keeps the same snapshot when an edit repeats the current edited value', () => {
    const edits = { title: 'New' };
    const result = mergeEdits(postRules, raw, edits, { title: 'New' });
    expect(result.edits).toBe(edits);
    expect(result.changed).toBe(false);
  });

  it('removes an edit given undefined', () => {
    const result = mergeEdits(postRules, raw, { title: 'New' }, { title: undefined });
    expect(result.edits).toEqual({});
    expect(result.changes).toEqual({ title: { from: 'New', to: 'Saved' } });
  });

  it('keeps function values as deferred edits', () => {
    const later = (record: { title?: string }) => `${record.title ?? ''}!`;
    const result = mergeEdits(postRules, raw, NO_EDITS, { title: later });
    expect(result.edits.title).toBe(later);
  });

  it('compares raw attributes of the persisted record by their .raw when told which they are', () => {
    const persisted = {
      id: 5,
      title: { raw: 'Saved', rendered: '<b>Saved</b>' },
      guid: { raw: 'g', rendered: 'g' },
      excerpt: { rendered: 'Only rendered' },
    };
    const rawAttributes = new Set(['title', 'excerpt']);
    const same = mergeEdits(postRules, persisted, NO_EDITS, { title: 'Saved' }, { rawAttributes });
    expect(same.changed).toBe(false);
    const changed = mergeEdits(
      postRules,
      persisted,
      NO_EDITS,
      { title: 'New', guid: 'g' },
      { rawAttributes },
    );
    expect(changed.edits).toEqual({ title: 'New', guid: 'g' });
    expect(changed.changes).toEqual({
      title: { from: 'Saved', to: 'New' },
      guid: { from: { raw: 'g', rendered: 'g' }, to: 'g' },
    });
    const back = mergeEdits(postRules, persisted, changed.edits, { title: 'Saved' }, { rawAttributes });
    expect(back.edits).toEqual({ guid: 'g' });
    const rendered = mergeEdits(
      postRules,
      persisted,
      NO_EDITS,
      { excerpt: { rendered: 'Only rendered' } },
      { rawAttributes },
    );
    expect(rendered.changed).toBe(false);
  });

  it('treats a record that is not cached as an empty one', () => {
    const result = mergeEdits(postRules, undefined, NO_EDITS, { title: 'New', meta: { a: 1 } });
    expect(result.edits).toEqual({ title: 'New', meta: { a: 1 } });
    expect(result.changes.title).toEqual({ from: undefined, to: 'New' });
  });
});

describe('clearReceivedEdits', () => {
  it('clears an edit the server now holds, comparing with .raw', () => {
    const edits = { title: 'New', content: 'Other' };
    const received = { id: 5, title: { raw: 'New', rendered: 'New' }, content: { raw: 'Body' } };
    expect(clearReceivedEdits(edits, received)).toEqual({ content: 'Other' });
  });

  it('clears a sent edit even when the server changed the value', () => {
    const edits = { content: 'hello' };
    const received = { content: { raw: 'hello!', rendered: '<p>hello!</p>' } };
    expect(clearReceivedEdits(edits, received, { content: 'hello' })).toBe(NO_EDITS);
  });

  it('keeps edits made while the save was in flight', () => {
    const edits = { title: 'Typed during save' };
    const received = { title: { raw: 'Sent', rendered: 'Sent' } };
    expect(clearReceivedEdits(edits, received, { title: 'Sent' })).toBe(edits);
  });

  it('keeps transient edits, which are never sent nor received', () => {
    const edits = { title: 'New', blocks: [{ name: 'core/paragraph' }] };
    const received = { title: { raw: 'New' } };
    expect(clearReceivedEdits(edits, received, { title: 'New' })).toEqual({ blocks: edits.blocks });
  });

  it('does not clear a string edit from a rendered-only answer', () => {
    const edits = { title: 'New' };
    expect(clearReceivedEdits(edits, { title: { rendered: 'New' } })).toBe(edits);
  });

  it('clears a merged meta edit when the full server meta matches', () => {
    expect(clearReceivedEdits({ meta: { a: 5, b: 2 } }, { meta: { a: 5, b: 2 } })).toBe(NO_EDITS);
    expect(clearReceivedEdits({ meta: { a: 5, b: 2 } }, { meta: { a: 5 } })).toEqual({
      meta: { a: 5, b: 2 },
    });
  });
});

describe('nonTransientEdits', () => {
  it('leaves blocks and selection out', () => {
    const edits = { title: 'x', blocks: [], selection: {} };
    expect(nonTransientEdits(postRules, edits)).toEqual({ title: 'x' });
    expect(nonTransientEdits(postRules, { blocks: [] })).toBe(NO_EDITS);
  });

  it('counts every edit without a config', () => {
    const edits = { blocks: [] };
    expect(nonTransientEdits(undefined, edits)).toBe(edits);
  });
});

describe('deferred edits', () => {
  it('evaluates function edits with the edited record', () => {
    const edits = { title: (record: { content: string }) => `T:${record.content}`, excerpt: 'e' };
    expect(hasDeferredEdits(edits)).toBe(true);
    expect(hasDeferredEdits({ excerpt: 'e' })).toBe(false);
    const { payload, resolved } = resolveDeferredEdits(edits, { content: 'Body' });
    expect(payload).toEqual({ title: 'T:Body', excerpt: 'e' });
    expect(resolved).toEqual({ title: 'T:Body' });
  });
});

describe('pickEditPaths', () => {
  it('sends only the listed fields, nesting dotted paths', () => {
    const edits = { title: 'x', content: 'y', meta: { a: 5, b: 2 } };
    expect(pickEditPaths(edits, ['title', 'meta.a'])).toEqual({ title: 'x', meta: { a: 5 } });
  });

  it('leaves out paths that have no edit', () => {
    expect(pickEditPaths({ title: 'x' }, ['content', 'meta.a'])).toEqual({});
  });
});

describe('editedRecord', () => {
  it('puts the edits over the raw record', () => {
    expect(editedRecord(raw, { title: 'New' })).toEqual({ ...raw, title: 'New' });
    expect(editedRecord(raw, NO_EDITS)).toBe(raw);
    expect(editedRecord(undefined, NO_EDITS)).toEqual({});
  });
});

describe('deepEqual', () => {
  it('compares dates by their time', () => {
    expect(deepEqual(new Date(0), new Date(0))).toBe(true);
    expect(deepEqual(new Date(0), new Date(1))).toBe(false);
    expect(deepEqual({ at: new Date(5) }, { at: new Date(6) })).toBe(false);
    expect(deepEqual(new Date(0), {})).toBe(false);
    expect(deepEqual({}, new Date(0))).toBe(false);
  });

  it('compares JSON objects by their own keys, whatever their order, and arrays by position', () => {
    expect(deepEqual({ a: 1, b: { c: [1, { d: 'x' }] } }, { b: { c: [1, { d: 'x' }] }, a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(deepEqual({}, {})).toBe(true);
    expect(deepEqual({}, [])).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
    // Only own keys count: an inherited key is neither compared nor counted.
    const inherited = Object.create({ hidden: 1 }) as Record<string, unknown>;
    inherited.a = 1;
    expect(deepEqual(inherited, { a: 1 })).toBe(true);
    expect(deepEqual(Object.assign(Object.create(null) as object, { a: 1 }), { a: 1 })).toBe(true);
  });

  it('keeps an edit to another date', () => {
    const result = mergeEdits(undefined, { at: new Date(0) }, {}, { at: new Date(1) });
    expect(result.changed).toBe(true);
  });
});
