import { autorun, when } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../stores/RootStore.js';
import { deferred, FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';

function setup(count = 25) {
  let posts = Array.from({ length: count }, (_, i) => makePost(i + 1));
  const transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
    'GET',
    '/wp/v2/posts',
    paginated(() => posts),
  );
  const store = new RootStore({ transport });
  return {
    transport,
    store,
    posts: store.collection('postType', 'post'),
    setPosts: (next: Record<string, unknown>[]) => (posts = next),
    listCalls: () => transport.callsTo('GET', '/wp/v2/posts'),
  };
}

describe('EntityQuery', () => {
  it('is one instance per context, stable key, page and per_page', () => {
    const { posts } = setup();
    expect(posts.query({ search: 'a', per_page: 5 })).toBe(posts.query({ per_page: '5', search: 'a' }));
    expect(posts.query({ search: 'a', page: 2 })).not.toBe(posts.query({ search: 'a' }));
    expect(posts.query({ context: 'view' })).not.toBe(posts.query({}));
  });

  it('loads the post type configs, then requests the list with the default params, raw', async () => {
    const { posts, transport, listCalls } = setup();
    const query = await posts.query({ per_page: 5 }).fetch();
    expect(transport.calls[0]?.path).toBe('/wp/v2/types');
    expect(listCalls()).toEqual([
      expect.objectContaining({ query: { context: 'edit', per_page: 5 }, raw: true }),
    ]);
    expect(query.items?.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(query.records?.[0]).toBe(posts.record(1));
    expect(query.hasResolved).toBe(true);
  });

  it('merges pages 1 and 3 into one list with a hole for page 2', async () => {
    const { posts } = setup();
    await posts.query({ per_page: 5, page: 1 }).fetch();
    await posts.query({ per_page: 5, page: 3 }).fetch();
    expect(posts.query({ per_page: 5, page: 3 }).items?.map((p) => p.id)).toEqual([11, 12, 13, 14, 15]);
    expect(posts.query({ per_page: -1 }).items?.map((p) => p.id)).toEqual([
      1, 2, 3, 4, 5, 11, 12, 13, 14, 15,
    ]);
    await posts.query({ per_page: 5, page: 2 }).fetch();
    expect(posts.query({ per_page: -1 }).items).toHaveLength(15);
  });

  it('reads totals from X-WP-Total and X-WP-TotalPages', async () => {
    const { posts } = setup(25);
    const query = await posts.query({ per_page: 10 }).fetch();
    expect(query.totalItems).toBe(25);
    expect(query.totalPages).toBe(3);
  });

  it('computes totalPages from totalItems and per_page (default 10) without X-WP-TotalPages', async () => {
    const { posts, transport } = setup();
    transport.on('GET', '/wp/v2/posts', { body: [makePost(1)], headers: { 'X-WP-Total': '21' } });
    expect((await posts.query({}).fetch()).totalPages).toBe(3);
    expect((await posts.query({ per_page: 7, page: 4 }).fetch()).totalPages).toBe(3);
  });

  it('counts pages for each page size of a stable key', async () => {
    const { posts } = setup(25);
    await posts.query({ per_page: 5 }).fetch();
    expect(posts.query({ per_page: 5 }).totalPages).toBe(5);
    expect(posts.query({ per_page: 10 }).totalPages).toBe(3);
    await posts.query({ per_page: -1 }).fetch();
    expect(posts.query({ per_page: -1 }).totalItems).toBe(25);
    expect(posts.query({ per_page: -1 }).totalPages).toBe(1);
    expect(posts.query({ per_page: 10 }).totalPages).toBe(3);
  });

  it('gives null before the list is known and [] after an empty answer', async () => {
    const { posts, setPosts } = setup();
    setPosts([]);
    const query = posts.query({ search: 'nothing' });
    expect(query.items).toBeNull();
    expect(query.totalItems).toBeNull();
    await query.fetch();
    expect(query.items).toEqual([]);
    expect(query.totalItems).toBe(0);
    expect(query.totalPages).toBe(0);
  });

  it('walks every page for per_page -1 and reports one page', async () => {
    const { posts, listCalls } = setup(250);
    const query = await posts.query({ per_page: -1 }).fetch();
    expect(query.items).toHaveLength(250);
    expect(query.totalItems).toBe(250);
    expect(query.totalPages).toBe(1);
    expect(listCalls().map((c) => c.query.page)).toEqual([1, 2, 3]);
    expect(listCalls()[0]?.query).toEqual({ context: 'edit', per_page: 100, page: 1 });
  });

  it('adds the key to _fields on the wire and the caller still finds the list', async () => {
    const { posts, listCalls } = setup();
    const query = await posts.query({ _fields: 'title', per_page: 2 }).fetch();
    expect(listCalls()[0]?.query._fields).toBe('id,title');
    expect(query.items).toEqual([
      { id: 1, title: { raw: 'Post 1', rendered: 'Post 1' } },
      { id: 2, title: { raw: 'Post 2', rendered: 'Post 2' } },
    ]);
    expect(posts.record(1).isComplete).toBe(false);
  });

  it('keeps a complete record complete when a _fields list updates it', async () => {
    const { posts, setPosts } = setup(3);
    await posts.query({}).fetch();
    setPosts([makePost(1, { title: { raw: 'Changed', rendered: 'Changed' } })]);
    await posts.query({ _fields: ['id', 'title'] }).fetch();
    const record = posts.record(1);
    expect(record.isComplete).toBe(true);
    expect(record.raw?.title).toBe('Changed');
    expect(record.raw?.content).toBe('<p>Body 1</p>');
    expect(posts.query({}).items?.[0]?.title).toEqual({ raw: 'Changed', rendered: 'Changed' });
  });

  it('sends include normalised and shows only the included records', async () => {
    const { posts, listCalls } = setup();
    const query = await posts.query({ include: '3,1' }).fetch();
    expect(listCalls()[0]?.query.include).toEqual([3, 1]);
    expect(query.items?.map((p) => p.id).sort()).toEqual([1, 3]);
    expect(posts.query({ include: [3, 1] })).toBe(query);
  });

  it('stores a context query apart from the default context', async () => {
    const { posts, listCalls } = setup(2);
    await posts.query({ context: 'view' }).fetch();
    expect(listCalls()[0]?.query.context).toBe('view');
    expect(posts.record(1).persisted).toBeUndefined();
    expect(posts.record(1).inContext('view')?.id).toBe(1);
    expect(posts.query({}).items).toBeNull();
  });

  it('resolves by itself when read inside an observer, once', async () => {
    const { posts, listCalls } = setup();
    const query = posts.query({ per_page: 3 });
    const seen: (number[] | null)[] = [];
    const stop = autorun(() => seen.push(query.items?.map((p) => p.id as number) ?? null));
    await when(() => query.hasResolved);
    expect(seen).toEqual([null, [1, 2, 3]]);
    const again = autorun(() => void query.items);
    await Promise.resolve();
    expect(listCalls()).toHaveLength(1);
    stop();
    again();
  });

  it('refetches an invalidated query once while it is observed, and later for an unobserved one', async () => {
    const { posts, listCalls, setPosts } = setup(3);
    const watched = posts.query({});
    const idle = posts.query({ orderby: 'id', per_page: 2 });
    await idle.fetch();
    const stop = autorun(() => void watched.items);
    await when(() => watched.hasResolved);
    expect(listCalls()).toHaveLength(2);
    setPosts([makePost(1)]);
    posts.invalidateQueries();
    posts.invalidateQueries();
    await when(() => watched.items?.length === 1);
    await new Promise((r) => setTimeout(r, 0));
    expect(listCalls()).toHaveLength(3);
    expect(idle.items).toHaveLength(2);
    await idle.fetch();
    expect(idle.items).toHaveLength(1);
    stop();
  });

  it('refetches after an invalidation that arrives while a request is in flight', async () => {
    const { posts, transport, listCalls } = setup(2);
    const gate = deferred();
    let answered = 0;
    transport.on('GET', '/wp/v2/posts', async () => {
      if (answered++ === 0) await gate.promise;
      return { body: [makePost(1)], headers: { 'X-WP-Total': '1' } };
    });
    const query = posts.query({});
    const stop = autorun(() => void query.items);
    await when(() => query.isResolving);
    posts.invalidateQueries();
    gate.resolve();
    await vi.waitFor(() => expect(listCalls().length === 2 && !query.isResolving).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(listCalls()).toHaveLength(2);
    expect(query.status.isStale).toBe(false);
    stop();
  });

  it('tells status observers once when invalidated again and again while stale (a batch save of many records)', async () => {
    const { posts, listCalls } = setup(5);
    const query = await posts.query({}).fetch();
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(query.status.isStale));
    for (let i = 0; i < 50; i++) posts.receive(makePost(1 + (i % 5)), { invalidate: true });
    expect(seen).toEqual([false, true]);
    stop();
    // Still stale, so the next fetch or observation asks again.
    await query.fetch();
    expect(listCalls()).toHaveLength(2);
    expect(query.status.isStale).toBe(false);
  });

  it('never inserts a received or saved record into a list; only a refetch shows it', async () => {
    const { posts, setPosts } = setup(2);
    const query = await posts.query({}).fetch();
    posts.receive(makePost(3), { invalidate: true });
    expect(query.items?.map((p) => p.id)).toEqual([1, 2]);
    setPosts([makePost(1), makePost(2), makePost(3)]);
    await query.fetch();
    expect(query.items?.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('shares one request between concurrent fetches of a query', async () => {
    const { posts, listCalls } = setup();
    const query = posts.query({});
    const [a, b] = await Promise.all([query.fetch(), query.fetch()]);
    expect(a).toBe(b);
    expect(listCalls()).toHaveLength(1);
  });

  it('rejects with the RestError and stores it; an observer only sees error', async () => {
    const { posts, transport } = setup();
    transport.on('GET', '/wp/v2/posts', {
      status: 400,
      body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page' },
    });
    await expect(posts.query({ per_page: 500 }).fetch()).rejects.toMatchObject({
      code: 'rest_invalid_param',
      status: 400,
    });
    expect(posts.query({ per_page: 500 }).error?.message).toBe('Invalid parameter(s): per_page');
    const observed = posts.query({ per_page: 400 });
    const stop = autorun(() => void observed.items);
    await when(() => observed.hasResolved);
    expect(observed.error).toMatchObject({ code: 'rest_invalid_param' });
    expect(observed.items).toBeNull();
    stop();
  });

  it('rejects for an entity without a config', async () => {
    const { store } = setup();
    await expect(store.collection('root', 'nothing').query().fetch()).rejects.toMatchObject({
      name: 'EntityConfigError',
    });
  });
});
