/**
 * Never lose work, the cases of issue 26, each through the public API on the mock WordPress: the
 * journal across tabs and sessions (a "tab" is a store, a "reload" or "crash" is a new store on the
 * same storage), new records, conflicts that survive a reload and a refresh, per-key merged fields.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConflictError, JournalError } from '../../core/errors.js';
import { localStorageJournal, memoryJournal, type Journal } from '../../src/journal/index.js';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import type { RootStore } from '../../stores/RootStore.js';
import { storageArea } from '../helpers/storageArea.js';
import { mockStore, openPost } from '../helpers/mockStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());

type User = keyof typeof MOCK_USERS;

interface StoreOptions {
  journal?: Journal;
  conflicts?: 'detect' | 'overwrite';
  user?: User;
}

const storeOn = ({ journal, conflicts = 'overwrite', user = 'admin' }: StoreOptions = {}): RootStore =>
  mockStore(mock, { journal, conflicts, user });

/** Someone else (another person, elsewhere) saves `values` on post `id`. */
async function otherPersonSaves(id: number, values: Record<string, unknown>): Promise<void> {
  const other = storeOn();
  const theirs = await openPost(other, id);
  theirs.edit(values);
  await theirs.save({ throwOnError: true });
  other.dispose();
}

/** A post edited (title and content) in a first store, its journal written; that store then crashes. */
async function editedBeforeCrash(journal: Journal = memoryJournal()) {
  const id = mock.addPost('post', { title: 'Saved title', content: 'Saved body' });
  const before = storeOn({ journal });
  const post = await openPost(before, id);
  post.edit({ title: 'Unsaved title', content: 'Unsaved body' });
  await before.flushJournal();
  before.dispose();
  return { id, journal };
}

const sharedStorages: [string, () => Journal][] = [
  ['memoryJournal', () => memoryJournal()],
  ['localStorageJournal', () => localStorageJournal({ storage: storageArea() })],
];

describe.each(sharedStorages)('the journal across tabs and sessions (%s)', (_name, makeJournal) => {
  it('1. keeps both tabs’ entries of one record, and a save in one tab leaves the other tab’s edits', async () => {
    const journal = makeJournal();
    const id = mock.addPost('post', { title: 'Saved title', content: 'Saved body' });
    const tab1 = storeOn({ journal });
    const tab2 = storeOn({ journal });
    const post1 = await openPost(tab1, id);
    const post2 = await openPost(tab2, id);
    post1.edit({ title: 'Title from tab 1' });
    await tab1.flushJournal();
    post2.edit({ content: 'Body from tab 2' });
    await tab2.flushJournal();

    const offered = await storeOn({ journal }).readJournal();
    expect(offered.map((entry) => entry.edits)).toEqual(
      expect.arrayContaining([{ title: 'Title from tab 1' }, { content: 'Body from tab 2' }]),
    );

    await post1.save({ throwOnError: true });
    await tab1.flushJournal();
    // Tab 2 crashes: its unsaved body is still there to restore.
    const after = storeOn({ journal });
    const [restored] = await after.restoreJournal();
    expect(restored?.edits).toEqual({ content: 'Body from tab 2' });
    expect(restored?.raw).toMatchObject({ title: 'Title from tab 1', content: 'Saved body' });
  });

  it('2. restores the crashed session’s edits alongside what the new session typed before accepting', async () => {
    const { id, journal } = await editedBeforeCrash(makeJournal());
    const after = storeOn({ journal });
    expect(await after.readJournal()).toHaveLength(1);
    const post = await openPost(after, id);
    post.edit({ excerpt: 'Typed after the reload' });
    await after.flushJournal();
    await after.restoreJournal();
    expect(post.edits).toEqual({
      title: 'Unsaved title',
      content: 'Unsaved body',
      excerpt: 'Typed after the reload',
    });
  });

  it('3. declining the offer drops only the entries offered, not this session’s current edits', async () => {
    const { journal } = await editedBeforeCrash(makeJournal());
    const after = storeOn({ journal });
    const offered = await after.readJournal();
    const other = await openPost(after, mock.addPost('post', { title: 'Post Y' }));
    other.edit({ title: 'Post Y, edited now' });
    await after.flushJournal();
    await after.discardJournal(offered);
    // And then this session crashes too: post Y's edits are back, the declined ones are not.
    const third = storeOn({ journal });
    const restored = await third.restoreJournal();
    expect(restored.map((record) => [record.id, record.edits])).toEqual([
      [other.id, { title: 'Post Y, edited now' }],
    ]);
  });

  it('4. keeps a conflict found during a restore in the journal until the user answers it', async () => {
    const { id, journal } = await editedBeforeCrash(makeJournal());
    await otherPersonSaves(id, { title: 'Their title' });
    const second = storeOn({ journal });
    const [post] = await second.restoreJournal();
    expect(post?.conflict?.fields).toEqual(['title']);
    await second.flushJournal();
    // A second crash before the user answers.
    const third = storeOn({ journal });
    const [again] = await third.restoreJournal();
    // My title is still an unsaved edit, in conflict until I answer.
    expect(again?.edits).toEqual({ title: 'Unsaved title', content: 'Unsaved body' });
    expect(again?.conflict).toEqual({
      fields: ['title'],
      base: { title: 'Saved title' },
      server: { title: 'Their title' },
      local: { title: 'Unsaved title' },
    });
    again?.resolveConflict('mine');
    expect(again?.edits).toEqual({ title: 'Unsaved title', content: 'Unsaved body' });
  });

  it('7. journals a record made with create() and never saved, and restoring makes it again without a post', async () => {
    const journal = makeJournal();
    const before = storeOn({ journal });
    const posts = before.collection('postType', 'post');
    await posts.ensureConfig();
    const draft = posts.create({ title: 'A new post' });
    draft.edit({ content: 'Its body' });
    await before.flushJournal();
    before.dispose();

    const after = storeOn({ journal });
    const offered = await after.readJournal();
    expect(offered.map((entry) => [entry.isNew, entry.edits])).toEqual([
      [true, { title: 'A new post', content: 'Its body' }],
    ]);
    mock.clearRequests();
    const [restored] = await after.restoreJournal();
    expect(restored?.id).toBeUndefined();
    expect(restored?.edits).toEqual({ title: 'A new post', content: 'Its body' });
    // Restoring again (a double click, the same offer twice) makes no second copy.
    expect(await after.restoreJournal()).toEqual([]);
    expect(await after.restoreJournal(offered)).toEqual([restored]);
    expect(mock.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await restored?.save({ throwOnError: true });
    expect(mock.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(mock.getPost(restored?.id as number)).toMatchObject({ title: 'A new post', content: 'Its body' });
    await after.flushJournal();
    expect(await storeOn({ journal }).readJournal()).toEqual([]);
  });
});

describe('tabs still open', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the entries of tabs that are gone, where the browser has Web Locks', async () => {
    // The part of the Web Locks API the store uses: a held lock is released when its callback ends.
    const held = new Set<string>();
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, callback: () => Promise<void>) => {
          held.add(name);
          try {
            await callback();
          } finally {
            held.delete(name);
          }
        },
        query: () => Promise.resolve({ held: [...held].map((name) => ({ name })) }),
      },
    });
    const journal = memoryJournal();
    const id = mock.addPost('post', { title: 'Saved' });
    const open = storeOn({ journal });
    const post = await openPost(open, id);
    post.edit({ title: 'Typed in a tab that is still open' });
    await open.flushJournal();
    const other = storeOn({ journal });
    expect(await other.readJournal()).toEqual([]);
    open.dispose();
    await vi.waitFor(async () => expect(await other.readJournal()).toHaveLength(1));
  });
});

describe('the journal’s storage and writes', () => {
  it('5. repairs a torn localStorage document: the good entries are kept and later edits are stored', async () => {
    const area = storageArea();
    const { id } = await editedBeforeCrash(localStorageJournal({ storage: area }));
    const good = area.items.values().next().value as string;
    area.items.clear();
    // One good entry, then a write torn in the middle of the next one.
    area.setItem('wp-entities-journal', `${good.slice(0, -1)},"postType/post/999": {"key": "postT`);
    const store = storeOn({ journal: localStorageJournal({ storage: area }) });
    expect((await store.readJournal()).map((entry) => entry.id)).toEqual([id]);
    const other = await openPost(store, mock.addPost('post', { title: 'Another' }));
    other.edit({ title: 'Edited after the tear' });
    await store.flushJournal();
    // The torn entry is reported (the write itself succeeded), not dropped without a word.
    expect((store.journalError as JournalError | undefined)?.unreadable).toEqual(['postType/post/999']);
    const after = storeOn({ journal: localStorageJournal({ storage: area }) });
    const restored = await after.restoreJournal();
    expect(restored.map((record) => record.edits)).toEqual(
      expect.arrayContaining([
        { title: 'Unsaved title', content: 'Unsaved body' },
        { title: 'Edited after the tear' },
      ]),
    );
  });

  it('5. reads a torn document with nothing to keep as empty, reports the torn entry, and goes on storing edits', async () => {
    const area = storageArea();
    area.setItem('wp-entities-journal', '{"postType/post/1": {"key": "postT');
    const store = storeOn({ journal: localStorageJournal({ storage: area }) });
    expect(await store.readJournal()).toEqual([]);
    const post = await openPost(store, mock.addPost('post', { title: 'Saved' }));
    post.edit({ title: 'Unsaved' });
    await store.flushJournal();
    expect((store.journalError as JournalError | undefined)?.unreadable).toEqual(['postType/post/1']);
    const [restored] = await storeOn({ journal: localStorageJournal({ storage: area }) }).restoreJournal();
    expect(restored?.edits).toEqual({ title: 'Unsaved' });
  });

  it('6. tries a failed write again by itself until it is stored', async () => {
    const journal = memoryJournal();
    journal.failWritesWith(new JournalError('The quota has been exceeded.'));
    const store = storeOn({ journal });
    const post = await openPost(store, mock.addPost('post', { title: 'Saved' }));
    post.edit({ title: 'Unsaved' });
    await store.flushJournal();
    expect(store.journalError?.message).toBe('The quota has been exceeded.');
    journal.failWritesWith(undefined);
    // No more typing: the journal tries again on its own.
    await vi.waitFor(() => expect(journal.entries.size).toBe(1), { timeout: 3000, interval: 50 });
    expect(store.journalError).toBeUndefined();
  });
});

describe('conflicts', () => {
  it('8. a refresh between my edit and my save does not hide their change', async () => {
    const id = mock.addPost('post', { title: 'Original' });
    const store = storeOn({ conflicts: 'detect' });
    const post = await openPost(store, id);
    post.edit({ title: 'My title' });
    await otherPersonSaves(id, { title: 'Their title' });
    await post.fetch();
    const error = await post.save({ throwOnError: true }).catch((e: unknown) => e);
    expect(isConflictError(error)).toBe(true);
    expect(post.conflict).toMatchObject({ base: { title: 'Original' }, server: { title: 'Their title' } });
    expect(mock.getPost(id)?.title).toBe('Their title');
  });

  it('8. a list query between my edit and my save does not hide their change', async () => {
    const id = mock.addPost('post', { title: 'Original' });
    const store = storeOn({ conflicts: 'detect' });
    const post = await openPost(store, id);
    post.edit({ title: 'My title' });
    await otherPersonSaves(id, { title: 'Their title' });
    await store.collection('postType', 'post').query({}).fetch();
    expect(post.raw).toMatchObject({ title: 'Their title' });
    expect(await post.save()).toBeUndefined();
    expect(isConflictError(post.saveError)).toBe(true);
    expect(mock.getPost(id)?.title).toBe('Their title');
  });

  it('9. a save conflict survives a reload: the restored edit still conflicts and is not saved over theirs', async () => {
    const journal = memoryJournal();
    const id = mock.addPost('post', { title: 'Original' });
    const before = storeOn({ journal, conflicts: 'detect' });
    const post = await openPost(before, id);
    post.edit({ title: 'My title' });
    await otherPersonSaves(id, { title: 'Their title' });
    expect(await post.save()).toBeUndefined();
    expect(post.conflict?.fields).toEqual(['title']);
    await before.flushJournal();
    before.dispose();

    const after = storeOn({ journal, conflicts: 'detect' });
    const [restored] = await after.restoreJournal();
    expect(restored?.conflict).toEqual({
      fields: ['title'],
      base: { title: 'Original' },
      server: { title: 'Their title' },
      local: { title: 'My title' },
    });
    expect(await restored?.save()).toBeUndefined();
    expect(mock.getPost(id)?.title).toBe('Their title');
    restored?.resolveConflict('mine');
    await restored?.save({ throwOnError: true });
    expect(mock.getPost(id)?.title).toBe('My title');
  });

  it('10. an autosave of my own draft is not sent over a title someone else saved', async () => {
    const id = mock.addPost('post', { title: 'Original', status: 'draft', author: MOCK_USERS.author.id });
    const store = storeOn({ conflicts: 'detect', user: 'author' });
    const post = await openPost(store, id);
    post.edit({ title: 'My title' });
    await otherPersonSaves(id, { title: 'Their title' });
    mock.clearRequests();
    expect(await post.autosave()).toBeUndefined();
    expect(isConflictError(post.saveError)).toBe(true);
    expect(mock.requests.some((request) => request.path.endsWith('/autosaves'))).toBe(false);
    expect(mock.getPost(id)?.title).toBe('Their title');
    expect(post.edits).toEqual({ title: 'My title' });
    expect(post.conflict?.fields).toEqual(['title']);
  });

  it("11. resolveConflict('mine') on meta keeps their change to another key", async () => {
    const id = mock.addPost('post', { title: 'Original', meta: { color: 'red', size: 'small' } });
    const store = storeOn({ conflicts: 'detect' });
    const post = await openPost(store, id);
    post.edit({ meta: { color: 'blue' } });
    await otherPersonSaves(id, { meta: { color: 'green', size: 'large' } });
    expect(await post.save()).toBeUndefined();
    expect(post.conflict?.fields).toEqual(['meta']);
    post.resolveConflict('mine');
    await post.save({ throwOnError: true });
    expect(mock.getPost(id)?.meta).toMatchObject({ color: 'blue', size: 'large' });
  });

  it("11. resolveConflict('theirs') on meta keeps my change to a key they did not touch", async () => {
    const id = mock.addPost('post', {
      title: 'Original',
      meta: { color: 'red', size: 'small', mood: 'calm' },
    });
    const store = storeOn({ conflicts: 'detect' });
    const post = await openPost(store, id);
    post.edit({ meta: { color: 'blue', mood: 'happy' } });
    await otherPersonSaves(id, { meta: { color: 'green' } });
    expect(await post.save()).toBeUndefined();
    post.resolveConflict('theirs');
    await post.save({ throwOnError: true });
    expect(mock.getPost(id)?.meta).toMatchObject({ color: 'green', size: 'small', mood: 'happy' });
  });

  it('11. meta edited on different keys on each side is no conflict, and the save keeps their key', async () => {
    const id = mock.addPost('post', { title: 'Original', meta: { color: 'red', size: 'small' } });
    const store = storeOn({ conflicts: 'detect' });
    const post = await openPost(store, id);
    post.edit({ meta: { color: 'blue' } });
    await otherPersonSaves(id, { meta: { size: 'large' } });
    await post.save({ throwOnError: true });
    expect(mock.getPost(id)?.meta).toMatchObject({ color: 'blue', size: 'large' });
    expect(post.hasEdits).toBe(false);
  });
});
