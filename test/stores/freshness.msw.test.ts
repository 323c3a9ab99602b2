/**
 * The freshness policy against the test kit's mock WordPress: what a focus, a reconnect, an
 * interval or an invalidation asks for again, and that unsaved edits survive it. The window's own
 * events are in test/react/freshness.test.tsx.
 */
import { autorun } from 'mobx';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError, isConflictError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import type { WpPost, WpPostEdited } from '../../models/postTypes.js';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import '../../src/freshness/index.js';
import type { FreshnessOptions } from '../../stores/Freshness.js';
import { RootStore } from '../../stores/RootStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const stores: RootStore[] = [];
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const store of stores.splice(0)) store.dispose();
  vi.useRealTimers();
});

function storeOf(
  user: keyof typeof MOCK_USERS = 'admin',
  options: { freshness?: FreshnessOptions; conflicts?: 'detect' } = {},
): RootStore {
  const { username, appPassword } = MOCK_USERS[user];
  const store = new RootStore({
    transport: new RestTransport({
      root: mock.restRoot,
      retry: false,
      auth: { username, applicationPassword: appPassword },
    }),
    ...options,
  });
  stores.push(store);
  return store;
}

/** GETs of post `id` (the record's own) and of the post list since the last `mock.clearRequests()`. */
function gets(): { record: (id: number) => number; lists: () => number } {
  const list = mock.requests.filter((r) => r.method === 'GET');
  return {
    record: (id) => list.filter((r) => new URL(r.url).pathname.endsWith(`/wp/v2/posts/${id}`)).length,
    lists: () => list.filter((r) => new URL(r.url).pathname.endsWith('/wp/v2/posts')).length,
  };
}

/** Observes `read` as a component would until the test ends. */
function observe(read: () => unknown): void {
  stops.push(autorun(() => void read()));
}

/** Someone else saves post `id` with a new title (their own store, through the site). */
async function changeOnSite(id: number, title: string): Promise<void> {
  const other = storeOf('admin');
  const post = await other.collection('postType', 'post').fetch(id);
  post!.edit({ title });
  await post!.save({ throwOnError: true });
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}

let first: number;
let second: number;
beforeEach(() => {
  mock.reset();
  first = mock.addPost('post', { title: 'First', content: 'Body' });
  second = mock.addPost('post', { title: 'Second', content: 'Body' });
});

describe('freshness', () => {
  it('refetches on focus what is observed, and nothing a script only read', async () => {
    const store = storeOf();
    const posts = store.collection<WpPost, WpPostEdited>('postType', 'post');
    const shown = await posts.fetch(first);
    await posts.fetch(second); // read by a script, shown by nobody
    // The list shows the second post only: the first is refreshed by a GET of its own.
    const list = await posts.query({ include: [second] }).fetch();
    const unshownList = await posts.query({ per_page: 5 }).fetch();
    observe(() => shown?.edited?.title);
    observe(() => list.items);
    await until(() => !list.isResolving);
    mock.clearRequests();

    await changeOnSite(first, 'First, changed on the site');
    mock.clearRequests();
    expect(store.freshness.refresh('focus')).toBe(2);
    await until(() => shown?.edited?.title === 'First, changed on the site');
    await until(() => !list.isResolving);
    expect(gets().record(first)).toBe(1);
    expect(gets().record(second)).toBe(0);
    expect(gets().lists()).toBe(1);
    expect(unshownList.isResolving).toBe(false);
  });

  it('refetches only what is older than staleTimeMs, with per-entity and per-query policies over the store', async () => {
    const store = storeOf('admin', { freshness: { staleTimeMs: 60_000 } });
    const posts = store.collection('postType', 'post');
    const record = await posts.fetch(first);
    const list = await posts.query({ include: [second] }).fetch();
    observe(() => record?.edited);
    observe(() => list.items);
    await until(() => !list.isResolving);
    mock.clearRequests();
    // Fresh for a minute: a focus asks for nothing.
    expect(store.freshness.refresh('focus')).toBe(0);
    // An hour later both are stale.
    expect(store.freshness.refresh('focus', Date.now() + 3_600_000)).toBe(2);
    await until(() => !list.isResolving && !record?.isResolving);

    // The entity's policy turns focus off; the list's own turns it back on for the list.
    store.freshness.set({ kind: 'postType', name: 'post' }, { refetchOnWindowFocus: false });
    store.freshness.set(list, { refetchOnWindowFocus: true });
    expect(store.freshness.policyOf(record!).refetchOnWindowFocus).toBe(false);
    expect(store.freshness.refresh('focus', Date.now() + 3_600_000)).toBe(1);
    await until(() => !list.isResolving);
    expect(gets().record(first)).toBe(1);
    expect(gets().lists()).toBe(2);
  });

  it('refetches on reconnect unless the policy says no', async () => {
    const store = storeOf('admin', {
      freshness: { entities: { 'postType/post': { refetchOnReconnect: false } } },
    });
    const record = await store.collection('postType', 'post').fetch(first);
    const site = await store.collection('root', 'site').fetch();
    observe(() => record?.edited);
    observe(() => site?.edited);
    mock.clearRequests();
    expect(store.freshness.refresh('reconnect')).toBe(1);
    // The post only: the site's GET is under way already (a focus comes with a visibilitychange).
    expect(store.freshness.refresh('focus')).toBe(1);
  });

  it('keeps unsaved edits through a refetch, and a change on the site while editing becomes the save conflict', async () => {
    const me = storeOf('admin', { conflicts: 'detect' });
    const post = await me.collection<WpPost, WpPostEdited>('postType', 'post').fetch(first);
    observe(() => post?.edited?.title);
    post!.edit({ title: 'My title' });
    await changeOnSite(first, 'Their title');
    mock.clearRequests();

    expect(me.freshness.refresh('focus')).toBe(1);
    await until(() => post!.persisted?.title.raw === 'Their title');
    // The refetch took in the site's copy; the edit is still mine and still unsaved.
    expect(post!.edits).toEqual({ title: 'My title' });
    expect(post!.edited?.title).toBe('My title');
    expect(me.dirtyRecords).toContain(post);

    const error = await post!.save({ throwOnError: true }).catch((e: unknown) => e);
    expect(isConflictError(error)).toBe(true);
    expect(post!.conflict?.fields).toEqual(['title']);
    expect(mock.requests.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS')).toEqual([]);
  });

  it('invalidate refetches the observed lists and records of an entity, and only a named record with an id', async () => {
    const store = storeOf();
    const posts = store.collection('postType', 'post');
    const third = mock.addPost('post', { title: 'Third', content: 'Body' });
    const a = await posts.fetch(first);
    await posts.fetch(second);
    const c = await posts.fetch(third); // read by a script only
    const list = await posts.query({ include: [second] }).fetch();
    observe(() => a?.edited);
    observe(() => list.items);
    await until(() => !list.isResolving);
    mock.clearRequests();

    store.invalidate({ kind: 'postType', name: 'post', id: first });
    await until(() => gets().record(first) === 1);
    expect(gets().lists()).toBe(0);

    store.invalidate({ kind: 'postType', name: 'post' });
    await until(() => gets().record(first) === 2 && gets().lists() === 1);
    // The second post comes with its list; nobody shows the third: it waits for the next hook that does.
    expect(gets().record(second)).toBe(0);
    expect(gets().record(third)).toBe(0);
    expect(store.freshness.takeInvalidated(c!)).toBe(true);
    expect(store.freshness.takeInvalidated(c!)).toBe(false);
    expect(() => store.invalidate({ kind: 'postType' } as never)).toThrow(ArgumentError);
  });

  it('refetches observed data on the shortest interval a policy asks for, and stops with the store', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const store = storeOf('admin', {
      freshness: { entities: { 'postType/post': { refetchIntervalMs: 5_000 } } },
    });
    const record = await store.collection('postType', 'post').fetch(first);
    observe(() => record?.edited);
    mock.clearRequests();
    vi.advanceTimersByTime(4_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gets().record(first)).toBe(0);
    vi.advanceTimersByTime(1_000);
    await until(() => gets().record(first) === 1);
    store.dispose();
    vi.advanceTimersByTime(60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gets().record(first)).toBe(1);
  });

  it('refuses a policy with a wrong field, naming it', () => {
    expect(() => storeOf('admin', { freshness: { staleTimeMs: -1 } })).toThrow(/freshness\.staleTimeMs/);
    expect(() => storeOf('admin', { freshness: { entities: { post: {} } } })).toThrow(/'kind\/name'/);
    expect(() => storeOf('admin', { freshness: { refetchIntervalMs: 0 } })).toThrow(/refetchIntervalMs/);
  });

  it('without wp-entities/freshness imported, names the entry to import instead of doing nothing', () => {
    // The entry registered itself on globalThis when this file imported it: take it away for a moment.
    const slot = Symbol.for('wp-entities.freshness-engine');
    const slots = globalThis as Record<symbol, unknown>;
    const engine = slots[slot];
    delete slots[slot];
    try {
      expect(() => storeOf('admin', { freshness: { staleTimeMs: 1 } })).toThrow(
        /needs wp-entities\/freshness: import 'wp-entities\/freshness'/,
      );
      const store = storeOf('admin');
      expect(() => store.invalidate({ kind: 'postType', name: 'post' })).toThrow(ArgumentError);
      // Imported later (a lazily loaded chunk): the store makes its policy on first use.
      slots[slot] = engine;
      expect(store.freshness.policyOf(store.record('postType', 'post', 1)).staleTimeMs).toBe(0);
      store.dispose();
    } finally {
      slots[slot] = engine;
    }
  });
});
