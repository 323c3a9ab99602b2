import { afterAll, describe, expect, it } from 'vitest';
import { isRestError, type EntityRecord } from '../../src/index.js';
import { send } from '../contract/check.js';
import { createPosts, uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { Cleanup, loggedStoreAs, type LoggedRequest } from './stores.js';

const site = wordpressSite();
const target = contractTarget(site);
const token = uniqueToken('batch');
const cleanup = new Cleanup(site);

interface Post {
  id: number;
  status: string;
  title: { raw?: string; rendered: string } | string;
}

afterAll(async () => {
  await cleanup.run();
});

async function newPosts(count: number): Promise<number[]> {
  const ids = await createPosts(
    site,
    'admin',
    Array.from({ length: count }, (_, index) => ({ title: `${token} ${index}`, status: 'draft' })),
  );
  for (const id of ids) cleanup.post(id);
  return ids;
}

async function serverPost(
  id: number,
): Promise<{ status: number; title?: { raw: string }; postStatus?: string }> {
  const response = await send(target, 'admin', 'GET', `/wp/v2/posts/${id}`, { query: { context: 'edit' } });
  const body = response.body as { title?: { raw: string }; status?: string };
  return {
    status: response.status,
    ...(body.title ? { title: body.title } : {}),
    ...(body.status ? { postStatus: body.status } : {}),
  };
}

/** `METHOD path` of the writes in a log (the reads and the batch pre-flight left out). */
function writes(log: readonly LoggedRequest[]): string[] {
  return log
    .filter((request) => request.method !== 'GET' && request.method !== 'OPTIONS')
    .map((request) => `${request.method} ${request.path.split('?')[0]}`);
}

async function fetchAll(
  store: ReturnType<typeof loggedStoreAs>['store'],
  ids: readonly number[],
): Promise<EntityRecord<Post>[]> {
  const posts = store.collection<Post>('postType', 'post');
  const records: EntityRecord<Post>[] = [];
  for (const id of ids) {
    const record = await posts.fetch(id);
    if (!record) throw new Error(`post ${id} was not fetched`);
    records.push(record);
  }
  return records;
}

describe('store.batch on WordPress 6.1', () => {
  it('creates, updates and deletes through one /batch/v1 request and resolves each as its single call would', async () => {
    const [editedId = 0, deletedId = 0] = await newPosts(2);
    const { store, log } = loggedStoreAs('admin');
    const [edited] = await fetchAll(store, [editedId]);
    const newTitle = `${token} batch edited`;
    edited?.edit({ title: newTitle });
    log.length = 0;

    const [created, saved, deleted] = await store.batch((api) => [
      api.saveRecord('postType', 'post', { title: `${token} batch created`, status: 'draft' }),
      api.saveEditedRecord('postType', 'post', editedId),
      api.deleteRecord('postType', 'post', deletedId, { force: true }),
    ]);
    const createdId = (created as { id: number }).id;
    cleanup.post(createdId);

    expect(writes(log)).toEqual(['POST /batch/v1']);
    expect(created).toMatchObject({ status: 'draft', title: { raw: `${token} batch created` } });
    expect(saved).toMatchObject({ id: editedId, title: { raw: newTitle } });
    expect(deleted).toMatchObject({ deleted: true, previous: { id: deletedId } });
    expect(edited?.hasEdits).toBe(false);
    expect(store.collection('postType', 'post').get(deletedId)).toBeUndefined();
    expect((await serverPost(editedId)).title?.raw).toBe(newTitle);
    expect((await serverPost(deletedId)).status).toBe(404);
    expect((await serverPost(createdId)).title?.raw).toBe(`${token} batch created`);
  });

  it('runs nothing when one request fails validation, and stores each error on its record', async () => {
    const [goodId = 0, badId = 0] = await newPosts(2);
    const { store } = loggedStoreAs('admin');
    const [good, bad] = await fetchAll(store, [goodId, badId]);
    if (!good || !bad) throw new Error('the posts were not fetched');
    const goodTitle = `${token} not run`;
    const createdTitle = uniqueToken('batchnever');
    good.edit({ title: goodTitle });
    bad.edit({ status: 'not-a-status' });

    const results = await store.batch((api) => [
      api.saveEditedRecord('postType', 'post', goodId),
      api.saveEditedRecord('postType', 'post', badId),
      api.saveRecord('postType', 'post', { title: createdTitle, status: 'draft' }),
    ]);

    expect(results).toEqual([undefined, undefined, undefined]);
    expect(bad.saveError).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(good.saveError).toMatchObject({ code: 'batch_not_executed' });
    expect(good.edits).toEqual({ title: goodTitle });
    expect(bad.edits).toEqual({ status: 'not-a-status' });
    expect((await serverPost(goodId)).title?.raw).not.toBe(goodTitle);
    const search = await send(target, 'admin', 'GET', '/wp/v2/posts', {
      query: { search: createdTitle, status: 'draft', _fields: 'id' },
    });
    expect(search.body).toEqual([]);
  });

  it('rejects a failed item with its RestError when the call asks for throwOnError', async () => {
    const [badId = 0] = await newPosts(1);
    const { store } = loggedStoreAs('admin');
    const [bad] = await fetchAll(store, [badId]);
    bad?.edit({ status: 'not-a-status' });

    const outcome = store.batch((api) => [
      api.saveEditedRecord('postType', 'post', badId, { throwOnError: true }),
    ]);
    await expect(outcome).rejects.toSatisfy(
      (error: unknown) => isRestError(error) && error.code === 'rest_invalid_param',
    );
  });

  it('sends the settings, which WordPress cannot batch, on their own next to the batch', async () => {
    const [postId = 0] = await newPosts(1);
    const { store, log } = loggedStoreAs('admin');
    const [post] = await fetchAll(store, [postId]);
    const settings = await store.collection<{ title: string }>('root', 'site').fetch();
    if (!settings || !post) throw new Error('the records were not fetched');
    const originalTitle = settings.persisted?.title ?? '';
    try {
      settings.edit({ title: `${token} batched title` });
      post.edit({ title: `${token} next to settings` });
      log.length = 0;

      await store.batch((api) => [
        api.saveEditedRecord('root', 'site', undefined),
        api.saveEditedRecord('postType', 'post', postId),
      ]);

      expect(writes(log).sort()).toEqual(['POST /batch/v1', 'POST /wp/v2/settings']);
      expect(settings.hasEdits).toBe(false);
      expect(post.hasEdits).toBe(false);
    } finally {
      await send(target, 'admin', 'POST', '/wp/v2/settings', { body: { title: originalTitle } });
    }
  });
});

describe('store.saveDirty on WordPress 6.1', () => {
  it('saves every dirty record through one /batch/v1 request and leaves none dirty', async () => {
    const ids = await newPosts(3);
    const { store, log } = loggedStoreAs('admin');
    const records = await fetchAll(store, ids);
    records.forEach((record, index) => record.edit({ title: `${token} dirty ${index}` }));
    expect(store.dirtyRecords).toHaveLength(3);
    log.length = 0;

    const results = await store.saveDirty();

    expect(writes(log)).toEqual(['POST /batch/v1']);
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
    expect(new Set(results.map((result) => result.record))).toEqual(new Set(records));
    expect(store.dirtyRecords).toEqual([]);
    for (const [index, id] of ids.entries()) {
      expect((await serverPost(id)).title?.raw).toBe(`${token} dirty ${index}`);
    }
  });

  it('reports every record as failed when one of them fails validation, and keeps all the edits', async () => {
    const [goodId = 0, badId = 0] = await newPosts(2);
    const { store } = loggedStoreAs('admin');
    const [good, bad] = await fetchAll(store, [goodId, badId]);
    if (!good || !bad) throw new Error('the posts were not fetched');
    good.edit({ title: `${token} dirty good` });
    bad.edit({ status: 'not-a-status' });

    const results = await store.saveDirty();

    const byRecord = new Map(results.map((result) => [result.record, result]));
    expect(byRecord.get(bad)?.ok).toBe(false);
    expect(byRecord.get(bad)?.error).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(byRecord.get(good)?.ok).toBe(false);
    expect(store.dirtyRecords).toHaveLength(2);
    expect((await serverPost(goodId)).title?.raw).not.toBe(`${token} dirty good`);
  });
});
