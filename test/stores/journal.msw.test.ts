/**
 * The journal of unsaved edits through a RootStore on the mock WordPress: a "reload" is a second
 * store on the same journal.
 */
import { IDBFactory } from 'fake-indexeddb';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isJournalError, JournalError } from '../../core/errors.js';
import {
  fileJournal,
  indexedDbJournal,
  memoryJournal,
  type Journal,
  type MemoryJournal,
} from '../../src/journal/index.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import { mockStore, openPost } from '../helpers/mockStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());

const storeOn = (journal: Journal): RootStore => mockStore(mock, { journal, user: null });

/** A post edited (title and content) in a first store, its journal written; the store is then dropped. */
async function editedBeforeReload(journal: Journal = memoryJournal()) {
  const id = mock.addPost('post', { title: 'Saved title', content: 'Saved body' });
  const before = storeOn(journal);
  const post = await openPost(before, id);
  post.edit({ title: 'Unsaved title' });
  post.edit({ content: 'Unsaved body', selection: { start: 3 } });
  await before.flushJournal();
  before.dispose();
  return { id, journal };
}

describe('the journal of unsaved edits', () => {
  it('writes edits within a second of being made, without being asked', async () => {
    const journal = memoryJournal();
    const store = storeOn(journal);
    const post = await openPost(store, mock.addPost('post', { title: 'Saved' }));
    post.edit({ title: 'Unsaved' });
    expect(journal.entries.size).toBe(0);
    await vi.waitFor(() => expect(journal.entries.size).toBe(1), { timeout: 1000, interval: 20 });
    expect(store.journalSize).toBe(1);
    store.dispose();
  });

  it('restores the same edits after a reload, as one undo step', async () => {
    const { id, journal } = await editedBeforeReload();
    const after = storeOn(journal);
    const restored = await after.restoreJournal();
    const post = after.collection('postType', 'post').record(id);
    expect(restored).toEqual([post]);
    expect(post.edits).toEqual({ title: 'Unsaved title', content: 'Unsaved body' });
    expect(post.raw).toMatchObject({ title: 'Saved title', content: 'Saved body' });
    expect(after.history.steps).toHaveLength(1);
    after.undo();
    expect(post.hasEdits).toBe(false);
    after.redo();
    expect(post.edits).toEqual({ title: 'Unsaved title', content: 'Unsaved body' });
  });

  it('keeps the value each field was edited on and the modified_gmt, and never the transient fields', async () => {
    const { id, journal } = await editedBeforeReload();
    const [entry] = [...(journal as MemoryJournal).entries.values()];
    expect(entry?.record).toBe(`postType/post/${id}`);
    expect(entry).toMatchObject({
      kind: 'postType',
      name: 'post',
      id,
      edits: { title: 'Unsaved title', content: 'Unsaved body' },
      base: { title: 'Saved title', content: 'Saved body' },
    });
    expect(entry?.modifiedGmt).toBe(mock.getPost(id)?.modified);
  });

  it('removes the entry once the edits are saved', async () => {
    const journal = memoryJournal();
    const store = storeOn(journal);
    const post = await openPost(store, mock.addPost('post', { title: 'Saved' }));
    post.edit({ title: 'Unsaved' });
    await store.flushJournal();
    expect(journal.entries.size).toBe(1);
    await post.save({ throwOnError: true });
    await store.flushJournal();
    expect(journal.entries.size).toBe(0);
    expect(store.journalSize).toBe(0);
  });

  it('drops a discarded edit: undone back to the saved value, or the record deleted', async () => {
    const journal = memoryJournal();
    const store = storeOn(journal);
    const undone = await openPost(store, mock.addPost('post', { title: 'A' }));
    const deleted = await openPost(store, mock.addPost('post', { title: 'B' }));
    undone.edit({ title: 'A edited' });
    deleted.edit({ title: 'B edited' });
    await store.flushJournal();
    expect(journal.entries.size).toBe(2);
    store.history.createUndoLevel();
    store.undo();
    store.undo();
    expect(undone.hasEdits).toBe(false);
    deleted.edit({ title: 'B edited again' });
    await deleted.delete({ force: true }, { throwOnError: true });
    await store.flushJournal();
    expect(journal.entries.size).toBe(0);
  });

  it('shows a journal that cannot be written as journalError, and editing and saving go on', async () => {
    const journal = memoryJournal();
    journal.failWritesWith(new JournalError('The quota has been exceeded.'));
    const store = storeOn(journal);
    const post = await openPost(store, mock.addPost('post', { title: 'Saved' }));
    post.edit({ title: 'Unsaved' });
    await store.flushJournal();
    expect(isJournalError(store.journalError)).toBe(true);
    expect(store.journalError?.message).toBe('The quota has been exceeded.');
    post.edit({ title: 'Still editing' });
    expect(post.edited?.title).toBe('Still editing');
    journal.failWritesWith(undefined);
    await store.flushJournal();
    expect(store.journalError).toBeUndefined();
    expect(journal.entries.size).toBe(1);
    await post.save({ throwOnError: true });
    expect(mock.getPost(post.id as number)?.title).toBe('Still editing');
  });

  it('writes a burst of 1,000 edits a few times at most', async () => {
    const journal = memoryJournal();
    const store = storeOn(journal);
    const post = await openPost(store, mock.addPost('post', { title: 'Saved' }));
    for (let index = 1; index <= 1000; index++) post.edit({ title: `Typing ${index}` }, { isCached: true });
    await vi.waitFor(() => expect(journal.entries.size).toBe(1), { timeout: 1000, interval: 20 });
    await store.flushJournal();
    expect(journal.writeCount).toBeLessThanOrEqual(2);
    expect(journal.entries.get(`${store.journalWriter}|postType/post/${post.id}`)?.edits).toEqual({
      title: 'Typing 1000',
    });
  });

  it('restores a field someone saved since as my edit in conflict; the rest is restored plainly', async () => {
    const { id, journal } = await editedBeforeReload();
    const other = storeOn(memoryJournal());
    const theirs = await openPost(other, id);
    theirs.edit({ title: 'Their title' });
    await theirs.save({ throwOnError: true });

    const after = storeOn(journal);
    const [post] = await after.restoreJournal();
    expect(post?.edits).toEqual({ title: 'Unsaved title', content: 'Unsaved body' });
    expect(post?.conflict).toEqual({
      fields: ['title'],
      base: { title: 'Saved title' },
      server: { title: 'Their title' },
      local: { title: 'Unsaved title' },
    });
    post?.resolveConflict('mine');
    expect(post?.edits).toEqual({ title: 'Unsaved title', content: 'Unsaved body' });
  });

  it('restores edits onto a record the server changed elsewhere only', async () => {
    const { id, journal } = await editedBeforeReload();
    const other = storeOn(memoryJournal());
    const theirs = await openPost(other, id);
    theirs.edit({ excerpt: 'Their excerpt' });
    await theirs.save({ throwOnError: true });
    const after = storeOn(journal);
    const [post] = await after.restoreJournal();
    expect(post?.edits).toEqual({ title: 'Unsaved title', content: 'Unsaved body' });
    expect(post?.conflict).toBeUndefined();
    expect(post?.raw).toMatchObject({ excerpt: 'Their excerpt' });
  });

  it('offers the entries before restoring them, and forgets them when declined', async () => {
    const { id, journal } = await editedBeforeReload();
    const after = storeOn(journal);
    expect(after.journalSize).toBe(0);
    const entries = await after.readJournal();
    expect(entries.map((entry) => [entry.record, Object.keys(entry.edits)])).toEqual([
      [`postType/post/${id}`, ['title', 'content']],
    ]);
    expect(after.journalSize).toBe(1);
    expect(after.collection('postType', 'post').record(id).hasEdits).toBe(false);
    await after.discardJournal();
    expect(after.journalSize).toBe(0);
    expect(await storeOn(journal).restoreJournal()).toEqual([]);
  });

  it('works the same on IndexedDB (fake-indexeddb) and on a file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'wp-entities-journal-'));
    try {
      const journals = [
        indexedDbJournal({ indexedDB: new IDBFactory() }),
        fileJournal(join(folder, 'journal.json')),
      ];
      for (const journal of journals) {
        const { id } = await editedBeforeReload(journal);
        const after = storeOn(journal);
        await after.restoreJournal();
        expect(after.collection('postType', 'post').record(id).edits).toEqual({
          title: 'Unsaved title',
          content: 'Unsaved body',
        });
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('without a journal, restores nothing and reports a size of 0', async () => {
    const store = new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
    expect(await store.restoreJournal()).toEqual([]);
    expect(store.journalSize).toBe(0);
    expect(store.journalError).toBeUndefined();
  });
});
