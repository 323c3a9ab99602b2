/**
 * A read sent before a save of the same record but answered after it: its copy predates the save
 * and must not bring the old values back. Reads go through the real RestTransport and msw; a late
 * read takes its answer from the mock WordPress when it arrives there and hands it back only when
 * the test releases it, as a slow server or network would.
 */
import { autorun } from 'mobx';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockWordPress } from '../../src/testing/index.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => mock.reset());

function newStore(conflicts: 'detect' | 'overwrite' = 'overwrite'): RootStore {
  return new RootStore({
    transport: new RestTransport({ root: mock.restRoot, retry: false }),
    conflicts,
  });
}

/** The next GET whose path ends with `pathEnd`, answered with what the server held when it arrived, once released. */
function answerLate(pathEnd: string): { arrived: Promise<void>; release(): void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  // Only the first matching GET: msw's `once` counts a use only once its answer is sent.
  let isTaken = false;
  server.use(
    http.get(
      ({ request }) => !isTaken && new URL(request.url).pathname.endsWith(pathEnd),
      async ({ request }) => {
        isTaken = true;
        const answer = await mock.handle(request);
        arrive();
        await released;
        return answer;
      },
    ),
  );
  return { arrived, release };
}

async function loadedPost(
  title = 'Original',
  extra: Parameters<typeof mock.addPost>[1] = {},
  conflicts: 'detect' | 'overwrite' = 'overwrite',
) {
  const id = mock.addPost('post', { title, content: 'Body', ...extra });
  const store = newStore(conflicts);
  const posts = store.collection('postType', 'post');
  const post = await posts.fetch(id);
  if (!post) throw new Error('post not loaded');
  return { store, posts, post, id };
}

/**
 * Sends a read with `send()` and waits until the server has read its answer (the next GET whose
 * path ends with `pathEnd`); `answer()` lets that answer arrive and waits for the read to end.
 */
async function sentAndKeptBack(
  pathEnd: string,
  send: () => Promise<unknown>,
): Promise<{ answer(): Promise<void> }> {
  const late = answerLate(pathEnd);
  const reading = send();
  await late.arrived;
  return {
    answer: async () => {
      late.release();
      await reading;
    },
  };
}

/** Someone else saves `title` on the server. */
async function saveElsewhere(id: number, title: string): Promise<void> {
  const theirs = await newStore().collection('postType', 'post').fetch(id);
  theirs?.edit({ title });
  await theirs?.save({ throwOnError: true });
}

describe('a read answered after a save of its record', () => {
  it('keeps the saved value of a fetch sent before the save, and the record stays clean', async () => {
    const { post, id } = await loadedPost();
    const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
    post.edit({ title: 'Saved' });
    await post.save({ throwOnError: true });
    await older.answer();
    expect(post.raw?.title).toBe('Saved');
    expect(post.edited?.title).toBe('Saved');
    expect(post.hasEdits).toBe(false);
    expect(post.isDirty).toBe(false);
  });

  it('keeps an edit made after the save that equals the old copy', async () => {
    const { post, id } = await loadedPost();
    const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
    post.edit({ title: 'Saved' });
    await post.save({ throwOnError: true });
    post.edit({ title: 'Original' });
    await older.answer();
    expect(post.raw?.title).toBe('Saved');
    expect(post.edits).toEqual({ title: 'Original' });
    expect(post.isDirty).toBe(true);
  });

  it('keeps the saved value when a list refresh sent before the save answers after it', async () => {
    const { store, posts, post, id } = await loadedPost();
    const list = posts.query({ per_page: 100 });
    await list.fetch();
    const total = list.totalItems;
    list.invalidate();
    const refresh = await sentAndKeptBack('/wp/v2/posts', () => list.fetch());
    post.edit({ title: 'Saved' });
    await post.save({ throwOnError: true });
    await refresh.answer();
    expect(post.raw?.title).toBe('Saved');
    expect(post.isDirty).toBe(false);
    // The list still answers order, membership and totals.
    expect(list.records).toContain(post);
    expect(list.totalItems).toBe(total);
    expect(list.items?.find((item) => item.id === id)).toBe(post.persisted);
    expect(store.dirtyRecords).toEqual([]);
  });

  it('keeps the saved value when a batch save answers before an older read', async () => {
    const { store, post, id } = await loadedPost();
    const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
    post.edit({ title: 'Saved in a batch' });
    const results = await store.saveDirty();
    expect(results.every((result) => result.ok)).toBe(true);
    await older.answer();
    expect(post.raw?.title).toBe('Saved in a batch');
    expect(post.isDirty).toBe(false);
  });

  it('keeps the text an autosave of the author’s own draft wrote', async () => {
    const { post, id } = await loadedPost('Original', { status: 'draft' });
    const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
    post.edit({ title: 'Autosaved' });
    await post.autosave({ throwOnError: true });
    expect(post.raw?.title).toBe('Autosaved');
    await older.answer();
    expect(post.raw?.title).toBe('Autosaved');
    expect(post.isDirty).toBe(false);
  });

  it('does not make the next save conflict with this user’s own earlier save', async () => {
    const { post, id } = await loadedPost('Original', {}, 'detect');
    const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
    post.edit({ title: 'Saved' });
    await post.save({ throwOnError: true });
    await older.answer();
    post.edit({ title: 'Saved again' });
    await post.save({ throwOnError: true });
    expect(post.conflict).toBeUndefined();
    expect(mock.getPost(id)?.title).toBe('Saved again');
    expect(post.isDirty).toBe(false);
  });

  it('takes in a fetch sent after the save: someone else’s newer change arrives', async () => {
    const { post, id } = await loadedPost();
    const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
    post.edit({ title: 'Saved' });
    await post.save({ throwOnError: true });
    await saveElsewhere(id, 'Theirs');
    // Asked for after the save: a new request, not the one still in flight from before it.
    await post.fetch();
    expect(post.raw?.title).toBe('Theirs');
    await older.answer();
    expect(post.raw?.title).toBe('Theirs');
    expect(post.isDirty).toBe(false);
  });

  it('takes in a list read sent after the save, while an older fetch is still out', async () => {
    const { posts, post, id } = await loadedPost();
    const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
    post.edit({ title: 'Saved' });
    await post.save({ throwOnError: true });
    await saveElsewhere(id, 'Theirs');
    await posts.query({ per_page: 100 }).fetch();
    expect(post.raw?.title).toBe('Theirs');
    await older.answer();
    expect(post.raw?.title).toBe('Theirs');
    expect(post.isDirty).toBe(false);
  });

  it('never shows an observer the old value coming back', async () => {
    const { post, id } = await loadedPost();
    const seen: Array<[unknown, boolean]> = [];
    const stop = autorun(() => seen.push([post.persisted?.title, post.isDirty]));
    try {
      const older = await sentAndKeptBack(`/wp/v2/posts/${id}`, () => post.fetch());
      post.edit({ title: 'Saved' });
      await post.save({ throwOnError: true });
      const afterSave = seen.length;
      await older.answer();
      expect(seen.length).toBe(afterSave);
      const firstSaved = seen.findIndex(
        ([title]) => (title as { raw?: string } | undefined)?.raw === 'Saved',
      );
      expect(firstSaved).toBeGreaterThan(0);
      for (const [title, isDirty] of seen.slice(firstSaved)) {
        expect((title as { raw?: string }).raw).toBe('Saved');
        expect(isDirty).toBe(false);
      }
    } finally {
      stop();
    }
  });
});
