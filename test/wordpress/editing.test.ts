import { autorun, when } from 'mobx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRestError } from '../../src/index.js';
import { send } from '../contract/check.js';
import { createPosts, uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { Cleanup, createAutoDraft, loggedStoreAs, restErrorOf, storeAs } from './stores.js';

const site = wordpressSite();
const target = contractTarget(site);
const token = uniqueToken('editing');
const cleanup = new Cleanup(site);

interface Post {
  id: number;
  status: string;
  title: { raw?: string; rendered: string } | string;
  content: { raw?: string; rendered: string } | string;
}

/** The edit-context post as WordPress has it now, read with plain fetch. */
async function serverPost(
  id: number,
): Promise<{ status: string; title: { raw: string }; content: { raw: string } }> {
  const response = await send(target, 'admin', 'GET', `/wp/v2/posts/${id}`, { query: { context: 'edit' } });
  return response.body as { status: string; title: { raw: string }; content: { raw: string } };
}

/** A new post made with plain fetch, deleted after the file. */
async function newPost(as: 'admin' | 'author', fields: Record<string, unknown>): Promise<number> {
  const [id = 0] = await createPosts(site, as, [{ title: `${token} ${uniqueToken('')}`, ...fields }]);
  cleanup.post(id);
  return id;
}

afterAll(async () => {
  await cleanup.run();
});

describe('creating and saving posts on WordPress 6.1', () => {
  it('creates a post from a new record with one POST and keeps the same object under its new id', async () => {
    const { store, log } = loggedStoreAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    await store.entities.load('postType');
    const title = `${token} created`;
    const draft = posts.create({ title, status: 'draft', content: '<p>first</p>' });
    log.length = 0;

    const saved = await draft.save({ throwOnError: true });
    cleanup.post(draft.id as number);

    expect(log.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'POST /wp/v2/posts',
    ]);
    expect(typeof draft.id).toBe('number');
    expect(saved).toMatchObject({ id: draft.id, status: 'draft' });
    expect(posts.record(draft.id as number)).toBe(draft);
    expect(draft.hasEdits).toBe(false);
    expect(draft.raw?.title).toBe(title);
    expect((await serverPost(draft.id as number)).title.raw).toBe(title);
  });

  it('saves an edit with one PUT and no other request, and the record is clean afterwards', async () => {
    const id = await newPost('admin', { status: 'publish' });
    const { store, log } = loggedStoreAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the post was not fetched');
    const before = record.raw?.title;
    const title = `${token} edited`;

    record.edit({ title });
    expect(record.edited?.title).toBe(title);
    expect(record.raw?.title).toBe(before);
    expect(record.hasEdits).toBe(true);
    expect(record.isDirty).toBe(true);

    log.length = 0;
    await record.save({ throwOnError: true });

    expect(log.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      `PUT /wp/v2/posts/${id}`,
    ]);
    expect(record.hasEdits).toBe(false);
    expect(record.isDirty).toBe(false);
    expect(record.isSaving).toBe(false);
    expect(record.saveError).toBeUndefined();
    expect(record.raw?.title).toBe(title);
    expect((await serverPost(id)).title.raw).toBe(title);
  });

  it('drops an edit equal to the saved value, and then a save sends nothing', async () => {
    const id = await newPost('admin', { status: 'draft' });
    const { store, log } = loggedStoreAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the post was not fetched');
    const saved = record.raw?.title;
    if (saved === undefined) throw new Error('the post has no title');

    record.edit({ title: `${token} temporary` });
    record.edit({ title: saved });
    expect(record.hasEdits).toBe(false);

    log.length = 0;
    await expect(record.save()).resolves.toBeUndefined();
    expect(log).toEqual([]);
  });

  it('saves only the fields asked for and keeps the other edits', async () => {
    const id = await newPost('admin', { status: 'draft', content: '<p>old</p>' });
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the post was not fetched');
    const title = `${token} only title`;

    record.edit({ title, content: '<p>unsaved</p>' });
    await record.saveFields(['title'], { throwOnError: true });

    expect(record.edits).toEqual({ content: '<p>unsaved</p>' });
    const server = await serverPost(id);
    expect(server.title.raw).toBe(title);
    expect(server.content.raw).toBe('<p>old</p>');
  });

  it('requests an observed list again after a creation and lists the new post', async () => {
    const listToken = uniqueToken('editlist');
    const store = storeAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const query = posts.query({ search: listToken, status: 'draft' });
    const stop = autorun(() => {
      void query.items;
    });
    try {
      await when(() => query.totalItems === 0, { timeout: 10_000 });
      const draft = posts.create({ title: `${listToken} new`, status: 'draft' });
      await draft.save({ throwOnError: true });
      cleanup.post(draft.id as number);

      await when(() => query.totalItems === 1, { timeout: 10_000 });
      expect(query.records?.length).toBe(1);
      expect(query.records?.[0]).toBe(draft);
    } finally {
      stop();
    }
  });
});

describe('failed saves on WordPress 6.1', () => {
  it('keeps the edits and stores the 400 rest_invalid_param error when the server refuses a value', async () => {
    const id = await newPost('admin', { status: 'draft' });
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the post was not fetched');

    record.edit({ status: 'not-a-status' });
    await expect(record.save()).resolves.toBeUndefined();

    expect(record.saveError).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(record.hasEdits).toBe(true);
    expect(record.edits).toEqual({ status: 'not-a-status' });
    expect(record.isSaving).toBe(false);
    expect((await serverPost(id)).status).toBe('draft');
  });

  it('rejects with the RestError when asked to, and clears saveError after a good save', async () => {
    const id = await newPost('admin', { status: 'draft' });
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the post was not fetched');

    record.edit({ status: 'not-a-status' });
    const error = await restErrorOf(record.save({ throwOnError: true }));
    expect(error).toBe(record.saveError);

    record.edit({ status: 'pending' });
    await record.save({ throwOnError: true });
    expect(record.saveError).toBeUndefined();
    expect(record.raw).toMatchObject({ status: 'pending' });
  });

  it("rejects an author's save of the administrator's post with 403 rest_cannot_edit", async () => {
    const id = await newPost('admin', { status: 'publish' });
    const store = storeAs('author');
    await store.entities.load('postType');
    const record = store.record<Post>('postType', 'post', id);

    record.edit({ title: `${token} not allowed` });
    const error = await restErrorOf(record.save({ throwOnError: true }));

    expect(error).toMatchObject({ status: 403, code: 'rest_cannot_edit' });
    expect(record.hasEdits).toBe(true);
  });
});

describe('deleting posts on WordPress 6.1', () => {
  it('moves a post to the trash, drops it from the cache and its lists, then deletes it for good', async () => {
    const id = await newPost('admin', { status: 'publish', title: `${token} doomed` });
    const store = storeAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const query = await posts.query({ search: `${token} doomed` }).fetch();
    const record = posts.record(id);
    expect(query.records?.length).toBe(1);
    expect(query.records?.[0]).toBe(record);

    const trashed = await record.delete();
    expect(trashed).toMatchObject({ id, status: 'trash' });
    expect(posts.get(id)).toBeUndefined();
    expect(query.records?.length).toBe(0);
    expect(record.isDeleting).toBe(false);
    expect(record.deleteError).toBeUndefined();
    expect((await serverPost(id)).status).toBe('trash');

    const deleted = await record.delete({ force: true });
    expect(deleted).toMatchObject({ deleted: true, previous: { id } });
    expect((await send(target, 'admin', 'GET', `/wp/v2/posts/${id}`)).status).toBe(404);
  });

  it('stores 410 rest_already_trashed when a trashed post is trashed again', async () => {
    const id = await newPost('admin', { status: 'publish' });
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the post was not fetched');
    await record.delete();

    await expect(record.delete()).resolves.toBeUndefined();
    expect(record.deleteError).toMatchObject({ status: 410, code: 'rest_already_trashed' });
    await expect(record.delete(undefined, { throwOnError: true })).rejects.toMatchObject({
      code: 'rest_already_trashed',
    });
  });

  it("rejects an author's delete of the administrator's post with 403 rest_cannot_delete", async () => {
    const id = await newPost('admin', { status: 'publish' });
    const store = storeAs('author');
    await store.entities.load('postType');

    const error = await restErrorOf(
      store.record('postType', 'post', id).delete(undefined, { throwOnError: true }),
    );
    expect(error).toMatchObject({ status: 403, code: 'rest_cannot_delete' });
    expect((await serverPost(id)).status).toBe('publish');
  });
});

describe('auto-drafts on WordPress 6.1', () => {
  let autoDraftIds: number[] = [];

  beforeAll(async () => {
    autoDraftIds = [
      await createAutoDraft(site),
      await createAutoDraft(site),
      await createAutoDraft(site),
      await createAutoDraft(site),
    ];
    for (const id of autoDraftIds) cleanup.post(id);
  });

  it('receives an auto-draft with its "Auto Draft" title blanked', async () => {
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(autoDraftIds[0] as number);

    expect(record?.raw).toMatchObject({ status: 'auto-draft', title: '' });
    expect((await serverPost(autoDraftIds[0] as number)).title.raw).toBe('Auto Draft');
  });

  it('saves an auto-draft as a draft with an empty title when none was typed', async () => {
    const id = autoDraftIds[1] as number;
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the auto-draft was not fetched');

    record.edit({ content: `<p>${token} body</p>` });
    await record.save({ throwOnError: true });

    const server = await serverPost(id);
    expect(server.status).toBe('draft');
    expect(server.title.raw).toBe('');
    expect(record.raw).toMatchObject({ status: 'draft', title: '' });
  });

  it('keeps the title and status the user chose when saving an auto-draft', async () => {
    const id = autoDraftIds[2] as number;
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the auto-draft was not fetched');
    const title = `${token} typed`;

    record.edit({ title, status: 'pending' });
    await record.save({ throwOnError: true });

    const server = await serverPost(id);
    expect(server.status).toBe('pending');
    expect(server.title.raw).toBe(title);
  });

  it('autosaves an auto-draft into the post itself, as a draft', async () => {
    const id = autoDraftIds[3] as number;
    const store = storeAs('admin');
    await store.users.fetchCurrent();
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the auto-draft was not fetched');
    const content = `<p>${token} autosaved auto-draft</p>`;

    record.edit({ content });
    await record.autosave({ throwOnError: true });

    const server = await serverPost(id);
    expect(server.status).toBe('draft');
    expect(server.content.raw).toBe(content);
    expect(record.raw).toMatchObject({ status: 'draft', content });
    expect(record.hasEdits).toBe(false);
  });
});

describe('autosaves on WordPress 6.1', () => {
  it("updates the author's own draft itself, with no autosave revision", async () => {
    const id = await newPost('author', { status: 'draft', content: '<p>before</p>' });
    const store = storeAs('author');
    await store.users.fetchCurrent();
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the draft was not fetched');
    const content = `<p>${token} autosaved</p>`;

    record.edit({ content });
    await record.autosave({ throwOnError: true });

    expect((await serverPost(id)).content.raw).toBe(content);
    expect(record.raw?.content).toBe(content);
    expect(record.hasEdits).toBe(false);
    expect(record.isAutosaving).toBe(false);
    const autosaves = await send(target, 'author', 'GET', `/wp/v2/posts/${id}/autosaves`);
    expect(autosaves.body).toEqual([]);
  });

  it('creates an autosave revision of a published post and leaves the post and the edits alone', async () => {
    const id = await newPost('admin', { status: 'publish', content: '<p>published</p>' });
    const store = storeAs('admin');
    await store.users.fetchCurrent();
    const record = await store.collection<Post>('postType', 'post').fetch(id);
    if (!record) throw new Error('the post was not fetched');
    const content = `<p>${token} draft of a change</p>`;

    record.edit({ content });
    await record.autosave({ throwOnError: true });

    expect((await serverPost(id)).content.raw).toBe('<p>published</p>');
    expect(record.raw?.content).toBe('<p>published</p>');
    expect(record.edits).toEqual({ content });
    const mine = record.autosaveOf(site.users.admin.id);
    expect(mine).toMatchObject({ parent: id, author: site.users.admin.id });
    expect(record.autosaves).toHaveLength(1);

    const listed = await record.fetchAutosaves();
    expect(listed.map((autosave) => autosave.id)).toEqual([mine?.id]);
    expect(listed[0]).toMatchObject({ content: { raw: content } });
  });
});

describe('revisions on WordPress 6.1', () => {
  let postId = 0;

  beforeAll(async () => {
    postId = await newPost('admin', { status: 'publish', content: '<p>v1</p>' });
    const store = storeAs('admin');
    const record = await store.collection<Post>('postType', 'post').fetch(postId);
    if (!record) throw new Error('the post was not fetched');
    for (const version of ['v2', 'v3']) {
      record.edit({ content: `<p>${version}</p>` });
      await record.save({ throwOnError: true });
    }
  });

  it('lists the revisions of a post with the totals WordPress sends', async () => {
    const store = storeAs('admin');
    await store.entities.load('postType');
    const record = store.record<Post>('postType', 'post', postId);
    const revisions = await record.revisions().fetch();
    const plain = await send(target, 'admin', 'GET', `/wp/v2/posts/${postId}/revisions`, {
      query: { _fields: 'id' },
    });

    expect(revisions.items?.length).toBeGreaterThanOrEqual(2);
    expect(revisions.items?.map((revision) => revision.id)).toEqual(
      (plain.body as { id: number }[]).map((revision) => revision.id),
    );
    for (const revision of revisions.items ?? []) expect(revision).toMatchObject({ parent: postId });
    expect(revisions.totalItems).toBe(Number(plain.headers.get('X-WP-Total')));
  });

  it('pages through revisions one at a time', async () => {
    const store = storeAs('admin');
    await store.entities.load('postType');
    const record = store.record<Post>('postType', 'post', postId);
    const first = await record.revisions({ per_page: 1 }).fetch();

    expect(first.items).toHaveLength(1);
    expect(first.totalPages).toBe(first.totalItems);
  });

  it('fetches one revision by id', async () => {
    const plain = await send(target, 'admin', 'GET', `/wp/v2/posts/${postId}/revisions`, {
      query: { context: 'edit', _fields: 'id,content' },
    });
    const latest = (plain.body as { id: number; content: { raw: string } }[]).find(
      (revision) => revision.content.raw === '<p>v3</p>',
    );
    if (!latest) throw new Error('WordPress kept no revision of the last save');
    const store = storeAs('admin');
    await store.entities.load('postType');
    const record = store.record<Post>('postType', 'post', postId);

    await expect(record.revision(latest.id)).resolves.toMatchObject({
      id: latest.id,
      parent: postId,
      content: { rendered: expect.stringContaining('<p>v3</p>') as unknown },
    });
  });

  it("rejects an author's revisions list of the administrator's post with 403 rest_cannot_read", async () => {
    const store = storeAs('author');
    await store.entities.load('postType');
    const revisions = store.record<Post>('postType', 'post', postId).revisions();

    const error = await restErrorOf(revisions.fetch());
    expect(error).toMatchObject({ status: 403, code: 'rest_cannot_read' });
    expect(isRestError(revisions.error)).toBe(true);
  });
});
