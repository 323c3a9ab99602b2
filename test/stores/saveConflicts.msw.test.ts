/**
 * `conflicts: 'detect'` against the test kit's mock WordPress: two people (two stores, admin and
 * author) load the same post and save in turn.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isBatchError, isConflictError } from '../../core/errors.js';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import type { WpPost, WpPostEdited } from '../../models/postTypes.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());

type User = keyof typeof MOCK_USERS;

function storeOf(user: User, conflicts: 'detect' | 'overwrite' = 'detect'): RootStore {
  const { username, appPassword } = MOCK_USERS[user];
  return new RootStore({
    transport: new RestTransport({
      root: mock.restRoot,
      retry: false,
      auth: { username, applicationPassword: appPassword },
    }),
    conflicts,
  });
}

async function open(store: RootStore, id: number) {
  const post = await store.collection<WpPost, WpPostEdited>('postType', 'post').fetch(id);
  if (!post) throw new Error('post not loaded');
  return post;
}

/** A (admin) and B (the author) have post `id` open; A saves a new title. */
async function aSavesTitleWhileBHasItOpen() {
  const id = mock.addPost('post', { title: 'Original', content: 'Body', author: MOCK_USERS.author.id });
  const a = await open(storeOf('admin'), id);
  const bStore = storeOf('author');
  const b = await open(bStore, id);
  a.edit({ title: 'Title by A' });
  await a.save({ throwOnError: true });
  mock.clearRequests();
  return { id, a, b, bStore };
}

function writes() {
  return mock.requests.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS');
}

describe("conflicts: 'detect'", () => {
  it('stops a save that would overwrite a field someone else saved: nothing sent, edits kept', async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ title: 'Title by B', content: 'Body by B' });
    const error = await b.save({ throwOnError: true }).catch((e: unknown) => e);
    expect(isConflictError(error)).toBe(true);
    expect((error as { fields: string[] }).fields).toEqual(['title']);
    expect(writes()).toEqual([]);
    expect(b.edits).toMatchObject({ title: 'Title by B', content: 'Body by B' });
    expect(b.conflict).toEqual({
      fields: ['title'],
      base: { title: 'Original' },
      server: { title: 'Title by A' },
      local: { title: 'Title by B' },
    });
    expect(b.saveError).toBe(error);
    expect(mock.getPost(id)?.title).toBe('Title by A');
  });

  it('asks with one small GET of modified_gmt and the edited fields', async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ content: 'Body by B' });
    await b.save({ throwOnError: true });
    const gets = mock.requests.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(1);
    expect(gets[0]?.path).toBe(`/wp/v2/posts/${id}`);
    expect(String(gets[0]?.query['_fields']).split(',').sort()).toEqual(['content', 'id', 'modified_gmt']);
  });

  it('lets a save through when only other fields changed, and the copy shows the other save', async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ content: 'Body by B' });
    await b.save({ throwOnError: true });
    expect(writes().map((r) => r.body)).toEqual([{ id, content: 'Body by B' }]);
    expect(b.conflict).toBeUndefined();
    expect(b.raw?.title).toBe('Title by A');
    expect(b.raw?.content).toBe('Body by B');
    expect(mock.getPost(id)).toMatchObject({ title: 'Title by A', content: 'Body by B' });
  });

  it("resolve 'mine' then save puts this copy's title on the server", async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ title: 'Title by B', content: 'Body by B' });
    await b.save();
    expect(b.conflict?.fields).toEqual(['title']);
    b.resolveConflict('mine');
    expect(b.conflict).toBeUndefined();
    expect(b.saveError).toBeUndefined();
    await b.save({ throwOnError: true });
    expect(mock.getPost(id)).toMatchObject({ title: 'Title by B', content: 'Body by B' });
    expect(b.hasEdits).toBe(false);
  });

  it("resolve 'theirs' drops the local value of the conflicting field and keeps the others", async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ title: 'Title by B', content: 'Body by B' });
    await b.save();
    b.resolveConflict('theirs');
    expect(b.edits).toEqual({ content: 'Body by B' });
    expect(b.edited?.title).toBe('Title by A');
    await b.save({ throwOnError: true });
    expect(mock.getPost(id)).toMatchObject({ title: 'Title by A', content: 'Body by B' });
  });

  it('resolves with values merged by the user', async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ title: 'Title by B' });
    await b.save();
    b.resolveConflict({ title: 'Title by A and B' });
    await b.save({ throwOnError: true });
    expect(mock.getPost(id)?.title).toBe('Title by A and B');
  });

  it('keeps stopping saves until the conflict is resolved, without asking the server again', async () => {
    const { b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ title: 'Title by B' });
    await b.save();
    mock.clearRequests();
    expect(await b.save()).toBeUndefined();
    expect(isConflictError(b.saveError)).toBe(true);
    expect(mock.requests).toEqual([]);
  });

  it('takes in the rest of the other save when it stops, so theirs is shown as it is', async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    mock.clearRequests();
    b.edit({ title: 'Title by B' });
    await b.save();
    expect(b.persisted?.title).toMatchObject({ raw: 'Title by A' });
    expect(b.isComplete).toBe(true);
    expect(mock.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      `/wp/v2/posts/${id}`,
      `/wp/v2/posts/${id}`,
    ]);
  });

  it('sees no conflict when both saved the same value', async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ title: 'Title by A', content: 'Body by B' });
    await b.save({ throwOnError: true });
    expect(writes().map((r) => r.body)).toEqual([{ id, content: 'Body by B' }]);
  });

  it("'overwrite' (the default) sends without asking, as WordPress does", async () => {
    const id = mock.addPost('post', { title: 'Original', author: MOCK_USERS.author.id });
    const a = await open(storeOf('admin'), id);
    const b = await open(storeOf('author', 'overwrite'), id);
    a.edit({ title: 'Title by A' });
    await a.save();
    mock.clearRequests();
    b.edit({ title: 'Title by B' });
    await b.save({ throwOnError: true });
    expect(mock.requests.map((r) => r.method)).toEqual(['PUT']);
    expect(mock.getPost(id)?.title).toBe('Title by B');
  });

  it('saveDirty leaves a conflicting record out of the batch, reports it and saves the rest', async () => {
    const { id, b, bStore } = await aSavesTitleWhileBHasItOpen();
    const otherId = mock.addPost('post', { title: 'Other', author: MOCK_USERS.author.id });
    const other = await open(bStore, otherId);
    mock.clearRequests();
    b.edit({ title: 'Title by B' });
    other.edit({ title: 'Other by B' });
    const results = await bStore.saveDirty();
    const byRecord = new Map(results.map((r) => [r.record, r]));
    expect(byRecord.get(b as never)?.ok).toBe(false);
    expect(isConflictError(byRecord.get(b as never)?.error)).toBe(true);
    expect(byRecord.get(other as never)?.ok).toBe(true);
    expect(mock.getPost(otherId)?.title).toBe('Other by B');
    expect(mock.getPost(id)?.title).toBe('Title by A');
    const batch = mock.requests.find((r) => r.method === 'POST' && r.path === '/batch/v1');
    expect((batch?.body as { requests: { path: string }[] }).requests.map((r) => r.path)).toEqual([
      `/wp/v2/posts/${otherId}`,
    ]);
    const error = await bStore.saveDirty({ throwOnError: true }).catch((e: unknown) => e);
    expect(isBatchError(error)).toBe(true);
  });

  it('autosave stops on a conflict too (an own draft is autosaved in place), and records it', async () => {
    const { b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ title: 'Title by B' });
    const error = await b.autosave({ throwOnError: true }).catch((e: unknown) => e);
    expect(isConflictError(error)).toBe(true);
    expect(mock.requests.some((r) => r.method === 'POST' && r.path.endsWith('/autosaves'))).toBe(false);
    expect(b.conflict?.fields).toEqual(['title']);
  });

  it('autosave goes through when only other fields changed', async () => {
    const { b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ content: 'Body by B' });
    await b.autosave({ throwOnError: true });
    expect(mock.requests.some((r) => r.method === 'POST' && r.path.endsWith('/autosaves'))).toBe(true);
    expect(b.conflict).toBeUndefined();
  });

  it('sends nothing when the check itself fails, and keeps the edits', async () => {
    const { id, b } = await aSavesTitleWhileBHasItOpen();
    b.edit({ content: 'Body by B' });
    mock.failNext(1, { status: 500 }, { method: 'GET' });
    expect(await b.save()).toBeUndefined();
    expect(writes()).toEqual([]);
    expect(b.saveError).toBeDefined();
    expect(b.edits).toEqual({ content: 'Body by B' });
    await b.save({ throwOnError: true });
    expect(mock.getPost(id)?.content).toBe('Body by B');
  });
});
