/**
 * `offlineWrites: 'wait'` on the mock WordPress: saves, autosaves and deletes asked for while the
 * browser is offline (`navigator.onLine === false`) or the site cannot be reached wait, show
 * `record.isWaiting`, survive a reload through the journal, and are sent once the site answers,
 * in the order asked, each once, with conflict detection.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConflictError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { IDBFactory } from 'fake-indexeddb';
import { indexedDbJournal, memoryJournal, type Journal } from '../../src/journal/index.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { mockStore, openPost } from '../helpers/mockStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());
afterEach(() => vi.unstubAllGlobals());

let isOnline = true;
beforeEach(() => {
  isOnline = true;
  vi.stubGlobal('navigator', {
    get onLine() {
      return isOnline;
    },
  });
});

const storeOn = (journal?: Journal, conflicts: 'detect' | 'overwrite' = 'overwrite'): RootStore =>
  mockStore(mock, { journal, conflicts, offlineWrites: 'wait' });

function writes() {
  return mock.requests
    .filter((request) => request.method !== 'GET' && request.method !== 'OPTIONS')
    .map((request) => `${request.method} ${request.path}`);
}

describe("offlineWrites: 'wait'", () => {
  it('keeps a save asked for while offline, shows it waiting, and sends it once back online', async () => {
    const store = storeOn();
    const id = mock.addPost('post', { title: 'Saved' });
    const post = await openPost(store, id);
    post.edit({ title: 'Typed offline' });
    isOnline = false;
    mock.clearRequests();
    let settled = false;
    const saving = post.save().then((value) => {
      settled = true;
      return value;
    });
    await vi.waitFor(() => expect(post.isWaiting).toBe(true));
    expect(writes()).toEqual([]);
    expect(settled).toBe(false);
    expect(post.edits).toEqual({ title: 'Typed offline' });

    isOnline = true;
    store.waitingWrites?.resume(); // what the browser's `online` event does
    expect(await saving).toMatchObject({ id });
    expect(post.isWaiting).toBe(false);
    expect(post.hasEdits).toBe(false);
    expect(writes()).toEqual([`PUT /wp/v2/posts/${id}`]);
    expect(mock.getPost(id)?.title).toBe('Typed offline');
    store.dispose();
  });

  it('waits when the site cannot be reached, and tries again by itself', async () => {
    const store = storeOn();
    const id = mock.addPost('post', { title: 'Saved' });
    const post = await openPost(store, id);
    post.edit({ title: 'Typed while the site was down' });
    mock.failNext(1, 'network', { method: 'PUT' });
    const saving = post.save();
    await vi.waitFor(() => expect(post.isWaiting).toBe(true));
    expect(mock.getPost(id)?.title).toBe('Saved');
    // The first try again comes a second later, and the site answers by then.
    await saving;
    expect(post.isWaiting).toBe(false);
    expect(mock.getPost(id)?.title).toBe('Typed while the site was down');
    store.dispose();
  });

  it('sends waiting writes of several records in the order asked, each once', async () => {
    const store = storeOn();
    const first = await openPost(store, mock.addPost('post', { title: 'First' }));
    const second = await openPost(store, mock.addPost('post', { title: 'Second' }));
    const gone = await openPost(store, mock.addPost('post', { title: 'To delete' }));
    isOnline = false;
    mock.clearRequests();
    second.edit({ title: 'Second, edited' });
    const savingSecond = second.save();
    const deleting = gone.delete({ force: true });
    first.edit({ title: 'First, edited' });
    const savingFirst = first.save();
    await vi.waitFor(() => expect([first, second, gone].every((record) => record.isWaiting)).toBe(true));
    // Back online, but a write asked for now still goes after the waiting ones.
    isOnline = true;
    store.waitingWrites?.resume();
    await Promise.all([savingSecond, deleting, savingFirst]);
    expect(writes()).toEqual([
      `PUT /wp/v2/posts/${second.id}`,
      `DELETE /wp/v2/posts/${gone.id}`,
      `PUT /wp/v2/posts/${first.id}`,
    ]);
    expect(mock.getPost(gone.id as number)).toBeUndefined();
    store.dispose();
  });

  it('keeps a waiting save across a reload: restored after it, sent once, nothing lost or doubled', async () => {
    const journal = memoryJournal();
    const before = storeOn(journal);
    const id = mock.addPost('post', { title: 'Saved', content: 'Saved body' });
    const post = await openPost(before, id);
    post.edit({ title: 'Typed offline', content: 'Body typed offline' });
    isOnline = false;
    void post.save();
    await vi.waitFor(() => expect(post.isWaiting).toBe(true));
    await before.flushJournal();
    expect([...journal.entries.values()].map((entry) => entry.waiting?.map((write) => write.kind))).toEqual([
      ['save'],
    ]);
    before.dispose();

    // The page is loaded again once the site answers.
    isOnline = true;
    mock.clearRequests();
    const after = storeOn(journal);
    const [restored] = await after.restoreJournal();
    await vi.waitFor(() => expect(restored?.hasEdits).toBe(false));
    expect(writes()).toEqual([`PUT /wp/v2/posts/${id}`]);
    expect(mock.getPost(id)).toMatchObject({ title: 'Typed offline', content: 'Body typed offline' });
    await after.flushJournal();
    expect(journal.entries.size).toBe(0);
    after.dispose();
  });

  it('checks for conflicts when it finally sends: a title someone saved meanwhile is not overwritten', async () => {
    const store = storeOn(undefined, 'detect');
    const id = mock.addPost('post', { title: 'Original' });
    const post = await openPost(store, id);
    post.edit({ title: 'Mine, typed offline' });
    isOnline = false;
    const saving = post.save();
    await vi.waitFor(() => expect(post.isWaiting).toBe(true));
    const other = new RootStore({
      transport: new RestTransport({ root: mock.restRoot, retry: false }),
    });
    const theirs = await openPost(other, id);
    theirs.edit({ title: 'Theirs' });
    await theirs.save({ throwOnError: true });
    isOnline = true;
    store.waitingWrites?.resume();
    expect(await saving).toBeUndefined();
    expect(isConflictError(post.saveError)).toBe(true);
    expect(mock.getPost(id)?.title).toBe('Theirs');
    expect(post.edits).toEqual({ title: 'Mine, typed offline' });
    store.dispose();
    other.dispose();
  });

  it('store.saveDirty() while offline waits as save() does: isWaiting, journaled, sent in order once back', async () => {
    const journal = memoryJournal();
    const store = storeOn(journal);
    const first = await openPost(store, mock.addPost('post', { title: 'First' }));
    const second = await openPost(store, mock.addPost('post', { title: 'Second' }));
    first.edit({ title: 'First, typed offline' });
    second.edit({ title: 'Second, typed offline' });
    const asked = store.dirtyRecords.map((record) => record.id);
    isOnline = false;
    mock.clearRequests();
    let settled = false;
    const saving = store.saveDirty().then((results) => {
      settled = true;
      return results;
    });
    await vi.waitFor(() => expect(first.isWaiting && second.isWaiting).toBe(true));
    await store.flushJournal();
    expect([...journal.entries.values()].map((entry) => entry.waiting?.map((write) => write.kind))).toEqual([
      ['save'],
      ['save'],
    ]);
    expect(writes()).toEqual([]);
    expect(settled).toBe(false);

    isOnline = true;
    store.waitingWrites?.resume(); // what the browser's `online` event does
    const results = await saving;
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(first.isWaiting || second.isWaiting).toBe(false);
    expect(store.dirtyRecords).toEqual([]);
    expect(writes()).toEqual(asked.map((id) => `PUT /wp/v2/posts/${String(id)}`));
    expect(mock.getPost(first.id as number)?.title).toBe('First, typed offline');
    expect(mock.getPost(second.id as number)?.title).toBe('Second, typed offline');
    await store.flushJournal();
    expect(journal.entries.size).toBe(0);
    store.dispose();
  });

  it('store.saveDirty() offline, then a reload: the restored saves go out in the order asked, each once', async () => {
    // IndexedDB reads entries back in key order; the later post is saved first, so that order is
    // not the order asked.
    const journal = indexedDbJournal({ indexedDB: new IDBFactory() });
    const before = storeOn(journal);
    const lower = await openPost(before, mock.addPost('post', { title: 'Lower id' }));
    const higher = await openPost(before, mock.addPost('post', { title: 'Higher id' }));
    higher.edit({ title: 'Higher id, typed offline' });
    await before.flushJournal();
    lower.edit({ title: 'Lower id, typed offline' });
    const asked = before.dirtyRecords.map((record) => record.id);
    expect(asked).toEqual([higher.id, lower.id]);
    isOnline = false;
    void before.saveDirty();
    await vi.waitFor(() => expect(lower.isWaiting && higher.isWaiting).toBe(true));
    await before.flushJournal();
    before.dispose();

    isOnline = true;
    mock.clearRequests();
    const after = storeOn(journal);
    const held = mock.hold({ method: 'PUT', path: `/wp/v2/posts/${String(higher.id)}` });
    const restoring = after.restoreJournal();
    await held.caught;
    // While the first save is held, the second is not sent beside it: one after the other.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(writes()).toEqual([`PUT /wp/v2/posts/${String(higher.id)}`]);
    held.release();
    const restored = await restoring;
    await vi.waitFor(() => expect(restored.every((record) => !record.hasEdits)).toBe(true));
    expect(writes()).toEqual(asked.map((id) => `PUT /wp/v2/posts/${String(id)}`));
    expect(mock.getPost(lower.id as number)?.title).toBe('Lower id, typed offline');
    expect(mock.getPost(higher.id as number)?.title).toBe('Higher id, typed offline');
    after.dispose();
  });

  it('store.saveDirty() whose batch cannot reach the site waits, and each save is sent once it answers', async () => {
    const store = storeOn();
    const first = await openPost(store, mock.addPost('post', { title: 'First' }));
    const second = await openPost(store, mock.addPost('post', { title: 'Second' }));
    first.edit({ title: 'First, typed while the site was down' });
    second.edit({ title: 'Second, typed while the site was down' });
    const asked = store.dirtyRecords.map((record) => record.id);
    mock.failNext(1, 'network', { method: 'POST', path: '/batch/v1' });
    mock.clearRequests();
    const saving = store.saveDirty();
    await vi.waitFor(() => expect(first.isWaiting && second.isWaiting).toBe(true));
    expect(mock.getPost(first.id as number)?.title).toBe('First');
    // The first try again comes a second later, and the site answers by then.
    const results = await saving;
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(writes()).toEqual(['POST /batch/v1', ...asked.map((id) => `PUT /wp/v2/posts/${String(id)}`)]);
    expect(mock.getPost(second.id as number)?.title).toBe('Second, typed while the site was down');
    store.dispose();
  });

  it("without offlineWrites: 'wait', a save with the site unreachable fails as before", async () => {
    const store = new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
    const id = mock.addPost('post', { title: 'Saved' });
    const post = await openPost(store, id);
    post.edit({ title: 'Typed' });
    mock.failNext(1, 'network', { method: 'PUT' });
    expect(await post.save()).toBeUndefined();
    expect(post.saveError).toBeDefined();
    expect(post.isWaiting).toBe(false);
    store.dispose();
  });
});
