import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { EntityRecord } from '../../models/EntityRecord.js';
import { isEntityConfigError } from '../../core/errors.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, typesBody } from '../helpers/fakeTransport.js';

const postConfig = new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' });

/** A store whose post type config is loaded, with posts 1..n cached. */
async function storeWithPosts(count = 2) {
  const transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() });
  const store = new RootStore({ transport });
  await store.entities.load('postType');
  const posts = store.collection('postType', 'post');
  posts.receive(Array.from({ length: count }, (_, index) => makePost(index + 1, { meta: { a: 1, b: 2 } })));
  return { store, transport, posts };
}

describe('editing a detached record', () => {
  it('edits, compares and reports dirtiness with no store', () => {
    const post = EntityRecord.detached(postConfig, makePost(5));
    post.edit({ title: 'Changed' });
    expect(post.edits).toEqual({ title: 'Changed' });
    expect(post.raw?.title).toBe('Post 5');
    expect(post.edited?.title).toBe('Changed');
    expect(post.title).toBe('Changed');
    expect(post.hasEdits).toBe(true);
    expect(post.isDirty).toBe(true);
  });

  it('drops an edit equal to the saved raw title', () => {
    const post = EntityRecord.detached(postConfig, makePost(5));
    post.edit({ title: 'Changed' });
    post.edit({ title: 'Post 5' });
    expect(post.edits).toEqual({});
    expect(post.isDirty).toBe(false);
  });

  it('merges meta edits over the edited meta', () => {
    const post = EntityRecord.detached(postConfig, makePost(5, { meta: { a: 1, b: 2 } }));
    post.edit({ meta: { a: 5 } });
    post.edit({ meta: { b: 7 } });
    expect(post.edits).toEqual({ meta: { a: 5, b: 7 } });
    post.edit({ meta: { a: 1, b: 2 } });
    expect(post.hasEdits).toBe(false);
  });

  it('never counts blocks or selection edits as unsaved changes', () => {
    const post = EntityRecord.detached(postConfig, makePost(5));
    post.edit({ blocks: [{ name: 'core/paragraph' }], selection: { start: 1 } });
    expect(Object.keys(post.edits)).toEqual(['blocks', 'selection']);
    expect(post.nonTransientEdits).toEqual({});
    expect(post.hasEdits).toBe(false);
    expect(post.isDirty).toBe(false);
  });

  it('treats a record that is not cached as empty', () => {
    const post = EntityRecord.detached(postConfig);
    post.edit({ title: 'Fresh' });
    expect(post.edited).toEqual({ title: 'Fresh' });
  });
});

describe('editing a record of a store', () => {
  it('throws the spec message when the config is not loaded', () => {
    const store = new RootStore({ transport: new FakeTransport() });
    const record = store.record('postType', 'post', 1);
    let error: unknown;
    try {
      record.edit({ title: 'x' });
    } catch (caught) {
      error = caught;
    }
    expect(isEntityConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'The entity being edited (postType, post) does not have a loaded config.',
    );
  });

  it('re-renders an observer of edited.title once per edit', async () => {
    const { posts } = await storeWithPosts(1);
    const post = posts.record(1);
    const seen: unknown[] = [];
    const stop = autorun(() => seen.push(post.edited?.title));
    post.edit({ title: 'A' });
    post.edit({ title: 'A' });
    post.edit({ content: 'other field' });
    stop();
    expect(seen).toEqual(['Post 1', 'A', 'A']);
  });

  it('undoes back to the saved value and leaves the record clean', async () => {
    const { store, posts } = await storeWithPosts(1);
    const post = posts.record(1);
    post.edit({ title: 'B' });
    expect(store.history.hasUndo).toBe(true);
    const step = store.undo();
    expect(step?.[0]?.record).toBe(post);
    expect(post.edited?.title).toBe('Post 1');
    expect(post.isDirty).toBe(false);
    expect(store.dirtyRecords).toEqual([]);
    store.redo();
    expect(post.edited?.title).toBe('B');
  });

  it('coalesces cached edits into the previous step', async () => {
    const { store, posts } = await storeWithPosts(1);
    const post = posts.record(1);
    post.edit({ title: 'T' });
    post.edit({ content: 'c1' }, { isCached: true });
    post.edit({ content: 'c12' }, { isCached: true });
    expect(store.history.steps).toHaveLength(1);
    store.undo();
    expect(post.edits).toEqual({});
  });

  it('drops redo steps on a new edit', async () => {
    const { store, posts } = await storeWithPosts(1);
    const post = posts.record(1);
    post.edit({ title: 'B' });
    store.undo();
    expect(store.history.hasRedo).toBe(true);
    post.edit({ content: 'new' });
    expect(store.history.hasRedo).toBe(false);
    expect(store.redo()).toBeUndefined();
  });

  it('undoes one step spanning two records', async () => {
    const { store, posts } = await storeWithPosts(2);
    const [first, second] = [posts.record(1), posts.record(2)];
    first.edit({ title: 'one' });
    second.edit({ title: 'two' }, { isCached: true });
    store.history.createUndoLevel();
    store.undo();
    expect(first.isDirty || second.isDirty).toBe(false);
  });

  it('records no undo step for undoIgnore edits', async () => {
    const { store, posts } = await storeWithPosts(1);
    posts.record(1).edit({ title: 'quiet' }, { undoIgnore: true });
    expect(store.history.hasUndo).toBe(false);
    expect(posts.record(1).isDirty).toBe(true);
  });

  it('restores the merged meta on redo', async () => {
    const { store, posts } = await storeWithPosts(1);
    const post = posts.record(1);
    post.edit({ meta: { a: 5 } });
    post.edit({ meta: { b: 7 } });
    store.undo();
    store.undo();
    store.redo();
    store.redo();
    expect(post.edited).toMatchObject({ meta: { a: 5, b: 7 } });
  });

  it('clears an edit when the server sends the same value', async () => {
    const { posts } = await storeWithPosts(1);
    const post = posts.record(1);
    post.edit({ title: 'Server agrees', content: 'mine' });
    posts.receive(makePost(1, { title: { raw: 'Server agrees', rendered: 'Server agrees' } }));
    expect(post.edits).toEqual({ content: 'mine' });
  });
});

describe('dirtyRecords and savingRecords', () => {
  it('lists dirty records across collections from an index', async () => {
    const { store, posts } = await storeWithPosts(3);
    const site = store.record('root', 'site');
    posts.record(2).edit({ title: 'dirty' });
    posts.record(3).edit({ blocks: [] });
    site.edit({ title: 'New site title' });
    expect(store.dirtyRecords).toEqual([posts.record(2), site]);
    expect(posts.dirtyRecords).toEqual([posts.record(2)]);
    posts.record(2).edit({ title: 'Post 2' });
    expect(store.dirtyRecords).toEqual([site]);
    expect(posts.dirtyRecords).toEqual([]);
  });

  it('returns the same array from a plain script until something changes', async () => {
    const { store, posts } = await storeWithPosts(2);
    posts.record(1).edit({ title: 'x' });
    const first = store.dirtyRecords;
    expect(store.dirtyRecords).toBe(first);
    posts.record(1).edit({ title: 'y' });
    expect(store.dirtyRecords).toBe(first);
    posts.record(2).edit({ title: 'z' });
    expect(store.dirtyRecords).not.toBe(first);
    expect(store.dirtyRecords).toHaveLength(2);
  });

  it('notifies an observer when a record becomes dirty', async () => {
    const { store, posts } = await storeWithPosts(1);
    const lengths: number[] = [];
    const stop = autorun(() => lengths.push(store.dirtyRecords.length));
    posts.record(1).edit({ title: 'x' });
    store.undo();
    stop();
    expect(lengths).toEqual([0, 1, 0]);
  });
});

describe('revisions', () => {
  it('keys template revisions by wp_id and reads them from the revisions path in the edit context of templates', async () => {
    const transport = new FakeTransport()
      .on('GET', '/wp/v2/types', { body: typesBody() })
      .on('GET', '/wp/v2/templates/tt4//home/revisions', {
        body: [
          { id: 90, wp_id: 12, parent: 12, title: { raw: 'Home v2' } },
          { id: 80, wp_id: 11, parent: 12, title: { raw: 'Home v1' } },
        ],
        headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '1' },
      });
    const store = new RootStore({ transport });
    await store.entities.load('postType');
    const template = store.record('postType', 'wp_template', 'tt4//home');
    const revisions = await template.revisions({ per_page: 10 }).fetch();
    expect(revisions.records?.map((record) => record.id)).toEqual([12, 11]);
    expect(revisions.totalItems).toBe(2);
    expect(transport.callsTo('GET', '/wp/v2/templates/tt4//home/revisions')[0]?.query).toEqual({
      context: 'edit',
      per_page: 10,
    });
  });
});
