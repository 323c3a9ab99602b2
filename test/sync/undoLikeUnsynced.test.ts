import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { closeAll, settle, syncedPost, transportTo } from './storeHelpers.js';

interface Editor {
  store: RootStore;
  post: EntityRecord<object>;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function site(): { mock: MockWordPress; id: number } {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft', meta: { a: '0' } });
  return { mock, id };
}

/**
 * The same post opened alone (`isSynced` false) or in a room. `undoCaptureTimeoutMs` is 0 unless
 * given (`'default'` keeps the default, 500): steps are then exactly the unsynced ones.
 */
async function editor(
  isSynced: boolean,
  net: MemoryNetwork = memoryNetwork(),
  undoCaptureTimeoutMs: number | 'default' = 0,
): Promise<Editor> {
  const { mock, id } = site();
  const user = { id: 1, name: 'Ana', color: '#333' };
  const store = new RootStore({
    transport: transportTo(mock),
    ...(isSynced
      ? {
          sync:
            undoCaptureTimeoutMs === 'default'
              ? { user, providers: [net.provider()] }
              : { user, providers: [net.provider()], undoCaptureTimeoutMs },
        }
      : {}),
  });
  cleanups.push(() => {
    store.dispose();
    net.dispose();
  });
  const post = store.record('postType', 'post', id) as EntityRecord<object>;
  await post.fetch();
  if (isSynced) await store.sync?.join(post);
  return { store, post };
}

const titleOf = (post: EntityRecord<object>): string => (post.edited as { title: string }).title;

/**
 * Types `words` into the title as the example editor does: the first key of a word opens a step,
 * the others join it (`isCached`), and the word's end closes it. `pauseMs` passes between keys.
 */
function typeWords(editor: Editor, words: string[], pauseMs: number): void {
  for (const word of words) {
    editor.store.history.createUndoLevel();
    [...word].forEach((_, index) => {
      vi.advanceTimersByTime(pauseMs);
      const before = titleOf(editor.post);
      editor.post.edit({ title: before + word[index] }, { isCached: index > 0 });
    });
    editor.store.history.createUndoLevel();
  }
}

/** Undoes until nothing is left, returning the title after each step. */
function undoAll(editor: Editor): string[] {
  const seen: string[] = [];
  while (editor.store.history.hasUndo) {
    editor.store.undo();
    seen.push(titleOf(editor.post));
  }
  return seen;
}

describe('undo of a synced record steps as it does for an unsynced one (undoCaptureTimeoutMs: 0)', () => {
  it('takes back one typed word per step, however fast the typing', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const alone = await editor(false);
    const shared = await editor(true);
    typeWords(alone, [' one', ' two', ' three'], 20);
    typeWords(shared, [' one', ' two', ' three'], 20);
    expect(titleOf(shared.post)).toBe('Hello one two three');
    expect(undoAll(alone)).toEqual(['Hello one two', 'Hello one', 'Hello']);
    expect(undoAll(shared)).toEqual(['Hello one two', 'Hello one', 'Hello']);
  });

  it('keeps a word one step when the typing pauses in it longer than the capture timeout', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const shared = await editor(true);
    typeWords(shared, [' slow', ' words'], 800);
    expect(undoAll(shared)).toEqual(['Hello slow', 'Hello']);
  });

  it('makes each plain edit its own step, even within the capture timeout', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    for (const isSynced of [false, true]) {
      const { store, post } = await editor(isSynced);
      post.edit({ title: 'First' });
      vi.advanceTimersByTime(10);
      post.edit({ status: 'pending' });
      vi.advanceTimersByTime(10);
      post.edit({ title: 'Second' });
      store.undo();
      expect([titleOf(post), (post.edited as { status: string }).status]).toEqual(['First', 'pending']);
      store.undo();
      expect([titleOf(post), (post.edited as { status: string }).status]).toEqual(['First', 'draft']);
      store.undo();
      expect(titleOf(post)).toBe('Hello');
      expect(store.history.hasUndo).toBe(false);
    }
  });

  it('makes no step for an edit asked to make none', async () => {
    for (const isSynced of [false, true]) {
      const { store, post } = await editor(isSynced);
      post.edit({ title: 'Kept' });
      store.history.createUndoLevel();
      post.edit({ status: 'pending' }, { undoIgnore: true });
      store.undo();
      expect(titleOf(post)).toBe('Hello');
      expect((post.edited as { status: string }).status).toBe('pending');
      expect(store.history.hasUndo).toBe(false);
    }
  });

  it('lists what each step changed, with its record, in history.steps', async () => {
    const { store, post } = await editor(true);
    post.edit({ title: 'Hello w' });
    post.edit({ title: 'Hello world' }, { isCached: true });
    store.history.createUndoLevel();
    post.edit({ status: 'pending' });
    expect(store.history.steps).toHaveLength(2);
    expect(store.history.steps[0]).toEqual([
      { record: post, changes: { title: { from: 'Hello', to: 'Hello world' } } },
    ]);
    expect(store.history.steps[1]).toEqual([
      { record: post, changes: { status: { from: 'draft', to: 'pending' } } },
    ]);
  });
});

describe('undo of a step made before a save', () => {
  it('brings back the fields the save cleared, as unsaved changes, in a synced record too', async () => {
    for (const isSynced of [false, true]) {
      const { store, post } = await editor(isSynced);
      post.edit({ title: 'Saved title' });
      store.history.createUndoLevel();
      post.edit({ status: 'pending', meta: { a: '1' } });
      await post.save();
      expect(post.hasEdits).toBe(false);
      store.undo();
      expect(post.edited, `synced: ${String(isSynced)}`).toMatchObject({
        title: 'Saved title',
        status: 'draft',
        meta: { a: '0' },
      });
      store.undo();
      expect(titleOf(post)).toBe('Hello');
      expect(post.isDirty).toBe(true);
      store.redo();
      store.redo();
      expect(post.edited).toMatchObject({ title: 'Saved title', status: 'pending', meta: { a: '1' } });
      expect(post.hasEdits).toBe(false);
    }
  });
});

describe('undo after a save, with a peer', () => {
  it('brings the value back for both, and leaves a field alone that the peer changed since', async () => {
    const setup = await syncedPost(2);
    cleanups.push(() => closeAll(setup));
    const [a, b] = setup.records as [EntityRecord<object>, EntityRecord<object>];
    const ana = setup.stores[0] as RootStore;
    a.edit({ title: 'Saved by Ana' });
    ana.history.createUndoLevel();
    a.edit({ status: 'pending' });
    await a.save();
    await settle(setup);
    b.edit({ status: 'private' });
    await setup.net.flush();
    ana.undo();
    await setup.net.flush();
    expect((a.edited as { status: string }).status).toBe('private');
    ana.undo();
    await setup.net.flush();
    expect(titleOf(a)).toBe('Hello');
    expect(titleOf(b)).toBe('Hello');
    expect(b.isDirty).toBe(true);
  });
});

describe('undoCaptureTimeoutMs groups quick own edits of a synced record (default 500 ms)', () => {
  const status = (post: EntityRecord<object>) => (post.edited as { status: string }).status;

  it('makes plain edits closer than the timeout one step, and edits further apart two', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { store, post } = await editor(true, memoryNetwork(), 'default');
    post.edit({ title: 'First' });
    vi.advanceTimersByTime(100);
    post.edit({ status: 'pending' });
    vi.advanceTimersByTime(600);
    post.edit({ title: 'Second' });
    store.undo();
    expect([titleOf(post), status(post)]).toEqual(['First', 'pending']);
    store.undo();
    expect([titleOf(post), status(post)]).toEqual(['Hello', 'draft']);
    expect(store.history.hasUndo).toBe(false);
  });

  it('keeps the one global order: another record edited in between closes the step', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { store, post } = await editor(true, memoryNetwork(), 'default');
    const other = store.record('root', 'site', undefined) as EntityRecord<object>;
    post.edit({ title: 'First' });
    vi.advanceTimersByTime(50);
    other.edit({ title: 'Site' });
    vi.advanceTimersByTime(50);
    post.edit({ title: 'Second' });
    store.undo();
    expect(titleOf(post)).toBe('First');
    expect((other.edited as { title?: string } | undefined)?.title).toBe('Site');
    store.undo();
    expect(other.hasEdits).toBe(false);
    store.undo();
    expect(titleOf(post)).toBe('Hello');
  });

  it('opens a new step for an edit right after an undo', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { store, post } = await editor(true, memoryNetwork(), 'default');
    post.edit({ title: 'First' });
    vi.advanceTimersByTime(600);
    post.edit({ title: 'Second' });
    store.undo();
    vi.advanceTimersByTime(10);
    post.edit({ title: 'Third' });
    store.undo();
    expect(titleOf(post)).toBe('First');
    store.undo();
    expect(titleOf(post)).toBe('Hello');
  });

  it('refuses a negative or non-number timeout, naming the option', () => {
    const { mock } = site();
    const user = { id: 1, name: 'Ana', color: '#333' };
    const net = memoryNetwork();
    cleanups.push(() => net.dispose());
    for (const bad of [-1, Number.NaN, '500' as unknown as number]) {
      expect(
        () =>
          new RootStore({
            transport: transportTo(mock),
            sync: { user, providers: [net.provider()], undoCaptureTimeoutMs: bad },
          }),
      ).toThrow(/undoCaptureTimeoutMs/);
    }
  });
});
