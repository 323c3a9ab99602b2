/**
 * The edit funnel: every writer of a record's edits reports through `store.observeEdits` with its
 * origin, and the undo history keeps only local edits.
 */
import { describe, expect, it } from 'vitest';
import type { EditEvent } from '../../models/EditFunnel.js';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost } from '../helpers/fakeTransport.js';

function setup(transport = new FakeTransport()) {
  const store = new RootStore({ transport });
  store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', label: 'Posts' }));
  const posts = store.collection('postType', 'post');
  posts.receive(makePost(1));
  const record = posts.record(1);
  const events: EditEvent<EntityRecord<object>>[] = [];
  const stop = store.observeEdits((event) => events.push(event));
  const seen = () => events.map((e) => [e.origin, e.changes]);
  return { store, posts, record, events, stop, seen, transport };
}

/** Answers a PUT of post 1 with the post as saved (the sent fields over the stored post). */
function savingTransport(overrides: Record<string, unknown> = {}): FakeTransport {
  return new FakeTransport().on('PUT', '/wp/v2/posts/1', (call) => {
    const sent = call.body as Record<string, unknown>;
    const saved: Record<string, unknown> = { ...makePost(1), ...overrides };
    for (const [key, value] of Object.entries(sent)) {
      if (key !== 'id') saved[key] = typeof value === 'string' ? { raw: value, rendered: value } : value;
    }
    return { body: saved };
  });
}

describe('store.observeEdits', () => {
  it('reports a user edit as local, with the edited value before and after', () => {
    const { record, seen } = setup();
    record.edit({ title: 'New' });
    expect(seen()).toEqual([['local', { title: { from: 'Post 1', to: 'New' } }]]);
  });

  it('reports the cached and undoIgnore flags of a local edit', () => {
    const { record, events } = setup();
    record.edit({ title: 'A' }, { isCached: true });
    record.edit({ title: 'B' }, { undoIgnore: true });
    expect(events.map((e) => [e.isCached, e.undoIgnore])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('reports undo and redo as undo', () => {
    const { store, record, seen } = setup();
    record.edit({ title: 'New' });
    store.undo();
    store.redo();
    expect(seen().slice(1)).toEqual([
      ['undo', { title: { from: 'New', to: 'Post 1' } }],
      ['undo', { title: { from: 'Post 1', to: 'New' } }],
    ]);
  });

  it('reports the edits a save answer clears as server', async () => {
    const { record, seen } = setup(savingTransport());
    record.edit({ title: 'Saved' });
    await record.save({ throwOnError: true });
    expect(seen()).toEqual([
      ['local', { title: { from: 'Post 1', to: 'Saved' } }],
      ['server', { title: { from: 'Saved', to: 'Saved' } }],
    ]);
    expect(record.edits).toEqual({});
  });

  it('reports the edits a received copy clears as server', () => {
    const { posts, record, seen } = setup();
    record.edit({ title: 'Same as server' });
    posts.receive(makePost(1, { title: { raw: 'Same as server', rendered: 'Same as server' } }));
    expect(seen()[1]).toEqual(['server', { title: { from: 'Same as server', to: 'Same as server' } }]);
  });

  it('reports a function edit resolved at save time as deferred', async () => {
    const { record, events } = setup(savingTransport());
    const excerpt = (edited: { title?: unknown }) => `About ${String(edited.title)}`;
    record.edit({ title: 'T', excerpt });
    await record.save({ throwOnError: true });
    expect(events.map((e) => e.origin)).toEqual(['local', 'deferred', 'server']);
    expect(events[1]?.changes).toEqual({ excerpt: { from: excerpt, to: 'About T' } });
  });

  it('reports the edits a delete drops as discard', async () => {
    const transport = new FakeTransport().on('DELETE', '/wp/v2/posts/1', { body: makePost(1) });
    const { record, seen } = setup(transport);
    record.edit({ title: 'Doomed' });
    await record.delete(undefined, { throwOnError: true });
    // The record left the cache first, so the field has no persisted value any more.
    expect(seen()[1]).toEqual(['discard', { title: { from: 'Doomed', to: undefined } }]);
  });

  it('reports changes applied by sync or the journal with their origin, and makes no undo step', () => {
    const { store, record, seen } = setup();
    const changes = record.applyEdits({ title: 'From a peer' }, 'peer');
    record.applyEdits({ content: 'Restored' }, 'restore');
    expect(changes).toEqual({ title: { from: 'Post 1', to: 'From a peer' } });
    expect(seen().map(([origin]) => origin)).toEqual(['peer', 'restore']);
    expect(record.edited).toMatchObject({ title: 'From a peer', content: 'Restored' });
    expect(store.history.hasUndo).toBe(false);
  });

  it('says nothing when an edit changes no edited value', () => {
    const { record, events } = setup();
    record.edit({ title: 'Post 1' });
    record.edit({ title: 'X' });
    record.edit({ title: 'X' });
    expect(events).toHaveLength(1);
  });

  it('stops calling a listener once its disposer ran', () => {
    const { record, events, stop } = setup();
    stop();
    stop();
    record.edit({ title: 'Unheard' });
    expect(events).toHaveLength(0);
  });

  it('keeps calling the other listeners when one throws, and rethrows its error later', async () => {
    const { store, record, events } = setup();
    const failures: unknown[] = [];
    const onError = (error: unknown) => failures.push(error);
    process.on('uncaughtException', onError);
    try {
      store.observeEdits(() => {
        throw new Error('listener broke');
      });
      const after: string[] = [];
      store.observeEdits((e) => after.push(e.origin));
      record.edit({ title: 'Still edited' });
      expect(record.edited?.title).toBe('Still edited');
      expect(events).toHaveLength(1);
      expect(after).toEqual(['local']);
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(failures).toEqual([new Error('listener broke')]);
  });

  it('marks the first values of a created record as local with no undo step', () => {
    const { store, posts, events } = setup();
    const draft = posts.create({ title: 'Draft' });
    expect(events.map((e) => [e.record === draft, e.origin, e.undoIgnore])).toEqual([[true, 'local', true]]);
    expect(store.history.hasUndo).toBe(false);
  });
});

describe('the undo history as a funnel listener', () => {
  it('records local edits only', () => {
    const { store, posts, record } = setup();
    record.edit({ title: 'Mine' });
    record.applyEdits({ content: 'Theirs' }, 'peer');
    posts.receive(makePost(1, { title: { raw: 'Mine', rendered: 'Mine' } }));
    expect(store.history.steps).toHaveLength(1);
    store.undo();
    // Undo applies the step's own `from`; the peer's content stays.
    expect(record.edited).toMatchObject({ title: 'Post 1', content: 'Theirs' });
  });

  it('walks steps of an external undo stack in the same order as its own', () => {
    const { store, record } = setup();
    const calls: string[] = [];
    record.edit({ title: 'One' });
    store.history.pushExternal({ undo: () => calls.push('undo'), redo: () => calls.push('redo') });
    record.edit({ title: 'Three' });
    store.undo();
    expect(record.edited?.title).toBe('One');
    store.undo();
    expect(calls).toEqual(['undo']);
    store.undo();
    expect(record.edited?.title).toBe('Post 1');
    store.redo();
    store.redo();
    expect(calls).toEqual(['undo', 'redo']);
    expect(store.history.hasRedo).toBe(true);
  });

  it('keeps a cached edit after an external step as a step of its own', () => {
    const { store, record } = setup();
    const calls: string[] = [];
    store.history.pushExternal({ undo: () => calls.push('undo'), redo: () => calls.push('redo') });
    record.edit({ title: 'Typing' }, { isCached: true });
    store.undo();
    expect(record.edited?.title).toBe('Post 1');
    expect(calls).toEqual([]);
    store.undo();
    expect(calls).toEqual(['undo']);
  });
});

describe('removing a record that has unsaved edits', () => {
  it('keeps the edits: the record stays dirty and a save still sends them', async () => {
    const { store, posts, record, events } = setup(savingTransport());
    record.edit({ title: 'Unsaved' });
    posts.remove(1);
    expect(record.persisted).toBeUndefined();
    expect(record.edits).toEqual({ title: 'Unsaved' });
    expect(store.dirtyRecords).toEqual([record]);
    expect(events.map((e) => e.origin)).toEqual(['local']);
    await record.save({ throwOnError: true });
    expect(record.raw?.title).toBe('Unsaved');
    expect(record.hasEdits).toBe(false);
  });
});
