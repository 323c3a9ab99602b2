/**
 * Saving, deleting, autosaving, revisions and batches against the test kit's mock WordPress,
 * through the real RestTransport and msw.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isRestError } from '../../core/errors.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());

function newStore(): RootStore {
  return new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
}

function writes() {
  return mock.requests.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS');
}

async function loadedPost(title = 'Original', extra: Parameters<typeof mock.addPost>[1] = {}) {
  const id = mock.addPost('post', { title, content: 'Body', ...extra });
  const store = newStore();
  const post = await store.collection('postType', 'post').fetch(id);
  if (!post) throw new Error('post not loaded');
  mock.clearRequests();
  return { store, post, id };
}

describe('record.save', () => {
  it('PUTs only the non-transient edits plus the key and clears them', async () => {
    const { post, id } = await loadedPost();
    post.edit({ title: 'Saved title', blocks: [{ name: 'core/paragraph' }], selection: {} });
    const answer = await post.save();
    expect(writes().map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', `/wp/v2/posts/${id}`, { id, title: 'Saved title' }],
    ]);
    expect(answer).toMatchObject({ id, title: { raw: 'Saved title' } });
    expect(post.raw?.title).toBe('Saved title');
    expect(Object.keys(post.edits)).toEqual(['blocks', 'selection']);
    expect(post.isDirty).toBe(false);
    expect(mock.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  it('sends nothing without edits', async () => {
    const { post } = await loadedPost();
    post.edit({ selection: { start: 0 } });
    expect(await post.save()).toBeUndefined();
    expect(writes()).toHaveLength(0);
  });

  it('invalidates the lists of the collection', async () => {
    const { store, post } = await loadedPost();
    const list = await store.collection('postType', 'post').query({ per_page: 5 }).fetch();
    expect(list.status.isStale).toBe(false);
    post.edit({ title: 'x' });
    await post.save();
    expect(list.status.isStale).toBe(true);
  });

  it('saves an auto-draft as a draft with a blank title', async () => {
    const { post, id } = await loadedPost('Auto Draft', { status: 'auto-draft' });
    post.edit({ content: 'Written' });
    await post.save();
    expect(writes()[0]?.body).toEqual({ id, content: 'Written', status: 'draft', title: '' });
    expect(post.persisted).toMatchObject({ status: 'draft' });
  });

  it('keeps the edits and stores the error when the server answers 500', async () => {
    const { post } = await loadedPost();
    post.edit({ title: 'Will fail' });
    mock.failNext(1, {
      status: 500,
      body: { code: 'internal_server_error', message: 'Boom', data: { status: 500 } },
    });
    expect(await post.save()).toBeUndefined();
    expect(isRestError(post.saveError) && post.saveError.status).toBe(500);
    expect(post.edits).toEqual({ title: 'Will fail' });
    expect(post.isDirty).toBe(true);
    expect(post.isSaving).toBe(false);
  });

  it('rethrows the error with throwOnError', async () => {
    const { post } = await loadedPost();
    post.edit({ title: 'Will fail' });
    mock.failNext(1, {
      status: 500,
      body: { code: 'internal_server_error', message: 'Boom', data: { status: 500 } },
    });
    await expect(post.save({ throwOnError: true })).rejects.toMatchObject({ status: 500 });
    expect(post.saveError).toBeDefined();
  });

  it('keeps edits made during an in-flight save and is dirty while saving', async () => {
    const { store, post } = await loadedPost();
    post.edit({ title: 'Sent' });
    const hold = mock.hold({ method: 'PUT' });
    const saving = post.save();
    await hold.caught;
    expect(post.isSaving).toBe(true);
    expect(store.savingRecords).toEqual([post]);
    post.edit({ title: 'Typed while saving' });
    hold.release();
    await saving;
    expect(post.raw?.title).toBe('Sent');
    expect(post.edits).toEqual({ title: 'Typed while saving' });
    expect(store.savingRecords).toEqual([]);
    expect(store.dirtyRecords).toEqual([post]);
  });

  it('saves only the given fields with saveFields', async () => {
    const { post, id } = await loadedPost();
    post.edit({ title: 'T', excerpt: 'E' });
    await post.saveFields(['excerpt']);
    expect(writes()[0]?.body).toEqual({ id, excerpt: 'E' });
    expect(post.edits).toEqual({ title: 'T' });
  });
});

describe('creating records', () => {
  it('POSTs a created record, which then becomes the record of its new id', async () => {
    const store = newStore();
    await store.entities.load('postType');
    const posts = store.collection('postType', 'post');
    const draft = posts.create({ title: 'Brand new', status: 'draft' });
    expect(draft.id).toBeUndefined();
    expect(draft.isDirty).toBe(true);
    await draft.save();
    const post = writes()[0];
    expect([post?.method, post?.path, post?.body]).toEqual([
      'POST',
      '/wp/v2/posts',
      { title: 'Brand new', status: 'draft' },
    ]);
    expect(typeof draft.id).toBe('number');
    expect(posts.record(draft.id as number)).toBe(draft);
    expect(draft.isDirty).toBe(false);
    expect(draft.raw?.title).toBe('Brand new');
  });

  it('deletes a created record that was never saved without a request', async () => {
    const store = newStore();
    await store.entities.load('postType');
    const draft = store.collection('postType', 'post').create({ title: 'Never saved' });
    expect(await draft.delete()).toBeUndefined();
    expect(draft.edits).toEqual({});
    expect(writes()).toHaveLength(0);
    expect(store.dirtyRecords).toEqual([]);
  });

  it('saves data as it is with collection.saveRecord', async () => {
    const id = mock.addPost('post', { title: 'Before' });
    const store = newStore();
    const posts = store.collection('postType', 'post');
    const answer = await posts.saveRecord({ id, title: 'After' });
    expect(answer).toMatchObject({ id, title: { raw: 'After' } });
    expect(posts.get(id)?.raw?.title).toBe('After');
  });
});

describe('record.delete', () => {
  it('DELETEs with the query and removes the record from the cache and every list', async () => {
    const { store, post, id } = await loadedPost();
    const list = await store.collection('postType', 'post').query({ per_page: 100 }).fetch();
    expect(list.items?.some((item) => item.id === id)).toBe(true);
    post.edit({ title: 'Unsaved' });
    const answer = await post.delete({ force: true });
    expect(answer).toMatchObject({ deleted: true });
    const sent = writes()[0];
    expect([sent?.method, sent?.path, sent?.query]).toEqual([
      'DELETE',
      `/wp/v2/posts/${id}`,
      { force: 'true' },
    ]);
    expect(list.records?.includes(post)).toBe(false);
    expect(store.collection('postType', 'post').get(id)).toBeUndefined();
    expect(post.edits).toEqual({});
    expect(store.dirtyRecords).toEqual([]);
  });

  it('keeps the record and stores the error when the delete fails', async () => {
    const { store, post, id } = await loadedPost();
    mock.failNext(1, {
      status: 500,
      body: { code: 'internal_server_error', message: 'No', data: { status: 500 } },
    });
    expect(await post.delete()).toBeUndefined();
    expect(post.deleteError).toBeDefined();
    expect(store.collection('postType', 'post').get(id)).toBe(post);
  });

  it('ignores undo steps pointing at a deleted record', async () => {
    const { store, post } = await loadedPost();
    post.edit({ title: 'x' });
    await post.delete({ force: true });
    store.undo();
    expect(post.edits).toEqual({});
    expect(store.dirtyRecords).toEqual([]);
  });
});

describe('record.autosave', () => {
  it('makes an autosave revision of a published post and leaves the record alone', async () => {
    const { store, post, id } = await loadedPost();
    await store.users.fetchCurrent();
    post.edit({ title: 'Autosaved title' });
    expect(post.isAutosaving).toBe(false);
    const answer = await post.autosave();
    const sent = writes()[0];
    expect([sent?.method, sent?.path]).toEqual(['POST', `/wp/v2/posts/${id}/autosaves`]);
    expect(sent?.body).toEqual({
      status: 'publish',
      title: 'Autosaved title',
      excerpt: '',
      content: 'Body',
      meta: expect.any(Object) as unknown,
    });
    expect(answer).toMatchObject({ parent: id });
    expect(post.autosaves).toHaveLength(1);
    expect(post.autosaveOf(store.users.current?.id)).toMatchObject({ parent: id });
    expect(post.raw?.title).toBe('Original');
    expect(post.edits).toEqual({ title: 'Autosaved title' });
  });

  it("updates the author's own draft in place", async () => {
    const { post, id } = await loadedPost('Draft', { status: 'draft' });
    post.edit({ title: 'Draft v2' });
    await post.autosave();
    expect(writes()[0]?.path).toBe(`/wp/v2/posts/${id}/autosaves`);
    expect(post.raw?.title).toBe('Draft v2');
    expect(post.edits).toEqual({});
    expect(post.autosaves).toBeUndefined();
  });

  it('fills text fields from the previous autosave of the current user, as raw values', async () => {
    const { store, post } = await loadedPost();
    await store.users.fetchCurrent();
    post.edit({ content: 'First autosave' });
    await post.autosave();
    post.edit({ content: 'Body' });
    post.edit({ title: 'Second' });
    mock.clearRequests();
    await post.autosave();
    expect(writes()[0]?.body).toMatchObject({ title: 'Second', content: 'First autosave' });
  });

  it('fetches autosaves', async () => {
    const { store, post } = await loadedPost();
    await store.users.fetchCurrent();
    post.edit({ title: 'x' });
    await post.autosave();
    const fresh = newStore();
    const again = await fresh.collection('postType', 'post').fetch(post.id as number);
    const list = await again?.fetchAutosaves();
    expect(list).toHaveLength(1);
    const get = mock.requests.find((r) => r.path.endsWith('/autosaves') && r.method === 'GET');
    expect(get?.query).toMatchObject({ context: 'edit' });
  });
});

describe('revisions', () => {
  it('lists the revisions of a post with totals and reads one', async () => {
    const { post, id } = await loadedPost();
    post.edit({ title: 'Second version' });
    await post.save();
    const revisions = await post.revisions({ per_page: 10 }).fetch();
    expect(revisions.totalItems).toBeGreaterThanOrEqual(1);
    const first = revisions.items?.[0];
    expect(first?.parent).toBe(id);
    const one = await post.revision(first?.id as number);
    expect(one?.id).toBe(first?.id);
  });

  it("lists and reads revisions in the post's own edit context by default, so the raw markup is there to restore", async () => {
    const markup = '<!-- wp:paragraph -->\n<p>Kept <strong>bold</strong></p>\n<!-- /wp:paragraph -->';
    const { post, id } = await loadedPost();
    post.edit({ content: markup });
    await post.save();

    const revisions = await post.revisions().fetch();
    const listed = revisions.items?.[0] as { id: number; content: { raw?: string } } | undefined;
    const one = (await post.revision(listed?.id as number)) as { content: { raw?: string } } | undefined;

    expect(listed?.content.raw).toBe(markup);
    expect(one?.content.raw).toBe(markup);
    const requests = mock.requests.filter((r) => r.path.startsWith(`/wp/v2/posts/${id}/revisions`));
    expect(requests.map((r) => r.query['context'])).toEqual(['edit', 'edit']);
  });

  it('still reads revisions in a context the caller names', async () => {
    const { post, id } = await loadedPost();
    post.edit({ title: 'Viewed revision' });
    await post.save();

    const revisions = await post.revisions({ context: 'view' }).fetch();

    expect((revisions.items?.[0] as { title: { raw?: string } }).title.raw).toBeUndefined();
    const request = mock.requests.find((r) => r.path === `/wp/v2/posts/${id}/revisions`);
    expect(request?.query).toMatchObject({ context: 'view' });
  });

  it('reads one revision in the edit context, with its raw fields, before the list was read', async () => {
    const { post } = await loadedPost();
    post.edit({ title: 'Raw revision title' });
    await post.save();
    const listed = await newStore()
      .collection('postType', 'post')
      .fetch(post.id as number);
    const list = await listed?.revisions().fetch();
    const revisionId = list?.items?.[0]?.id as number;

    const fresh = await newStore()
      .collection('postType', 'post')
      .fetch(post.id as number);
    const one = (await fresh?.revision(revisionId, { context: 'edit' })) as
      { id: number; title: { raw?: string } } | undefined;

    expect(one?.id).toBe(revisionId);
    expect(one?.title.raw).toBe('Raw revision title');
  });

  it('refreshes the revision list after a save', async () => {
    const { post } = await loadedPost();
    post.edit({ title: 'v2' });
    await post.save();
    const revisions = await post.revisions().fetch();
    post.edit({ title: 'v3' });
    await post.save();
    expect(revisions.status.isStale).toBe(true);
  });

  it('lists every query made on a collection, for devtools', () => {
    const posts = newStore().collection('postType', 'post');
    const drafts = posts.query({ status: 'draft' });
    const firstPage = posts.query({ page: 1 });

    expect(posts.allQueries).toEqual([drafts, firstPage]);
    expect(posts.query({ status: 'draft' })).toBe(drafts);
    expect(posts.allQueries).toHaveLength(2);
  });

  it('uses the global styles revisions path', () => {
    const store = newStore();
    expect(store.entities.get('root', 'globalStyles')?.revisionsPath(7)).toBe(
      '/wp/v2/global-styles/7/revisions',
    );
  });
});

describe('batches', () => {
  it('saves 60 dirty records in 3 batch chunks and reports the failing item on its record', async () => {
    const ids = Array.from({ length: 60 }, (_, index) => mock.addPost('post', { title: `Bulk ${index}` }));
    const store = newStore();
    const posts = store.collection('postType', 'post');
    await posts.query({ per_page: 100, include: ids }).fetch();
    for (const id of ids) posts.record(id).edit({ title: `Edited ${id}` });
    const gone = ids[30] as number;
    // Deleted on the server behind the store's back: its save answers 404 inside the batch.
    await store.transport.request({ path: `/wp/v2/posts/${gone}`, method: 'DELETE', query: { force: true } });
    mock.clearRequests();
    const results = await store.saveDirty();
    expect(
      mock.requests.map((r) => r.method + ' ' + r.path).filter((line) => line.includes('batch')),
    ).toEqual(['OPTIONS /batch/v1', 'POST /batch/v1', 'POST /batch/v1', 'POST /batch/v1']);
    expect(results).toHaveLength(60);
    const failed = results.filter((result) => !result.ok);
    expect(failed.map((result) => result.record)).toEqual([posts.record(gone)]);
    const saveError = posts.record(gone).saveError;
    expect(isRestError(saveError) && saveError.status).toBe(404);
    expect(posts.record(gone).edits).toEqual({ title: `Edited ${gone}` });
    expect(store.dirtyRecords).toEqual([posts.record(gone)]);
    expect(posts.record(ids[0] as number).raw?.title).toBe(`Edited ${ids[0]}`);
  });

  it('resolves each call of store.batch like the single call', async () => {
    const keep = mock.addPost('post', { title: 'Keep' });
    const drop = mock.addPost('post', { title: 'Drop' });
    const store = newStore();
    const posts = store.collection('postType', 'post');
    await posts.fetch(keep);
    await posts.fetch(drop);
    posts.record(keep).edit({ title: 'Kept' });
    const [saved, deleted, created] = await store.batch((api) => [
      api.saveEditedRecord('postType', 'post', keep),
      api.deleteRecord('postType', 'post', drop, { force: true }),
      api.saveRecord('postType', 'post', { title: 'Created in batch', status: 'draft' }),
    ]);
    expect(saved).toMatchObject({ id: keep, title: { raw: 'Kept' } });
    expect(deleted).toMatchObject({ deleted: true });
    expect(created).toMatchObject({ title: { raw: 'Created in batch' } });
    expect(posts.get(drop)).toBeUndefined();
    expect(mock.requests.filter((r) => r.path === '/batch/v1' && r.method === 'POST')).toHaveLength(1);
  });

  it('sends settings on their own, outside the batch', async () => {
    const store = newStore();
    const site = store.record('root', 'site');
    await site.fetch();
    site.edit({ title: 'New name' });
    const id = mock.addPost('post', { title: 'p' });
    const post = await store.collection('postType', 'post').fetch(id);
    post?.edit({ title: 'p2' });
    mock.clearRequests();
    const results = await store.saveDirty();
    expect(results.every((result) => result.ok)).toBe(true);
    const lines = mock.requests.map((r) => `${r.method} ${r.path}`);
    expect(lines).toContain('POST /wp/v2/settings');
    expect(lines.filter((line) => line === 'POST /batch/v1')).toHaveLength(1);
    expect(site.raw).toMatchObject({ title: 'New name' });
  });
});
