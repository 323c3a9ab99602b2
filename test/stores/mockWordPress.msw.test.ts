/**
 * The entity cache against the test kit's mock WordPress, through the real RestTransport and msw.
 */
import { autorun, when } from 'mobx';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockWordPress } from '../../src/testing/index.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());

function newStore(): RootStore {
  return new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
}

function gets(path: string) {
  return mock.requests.filter((r) => r.method === 'GET' && r.path === path);
}

describe('entity cache over the mock WordPress', () => {
  it('loads the registered post types and reads a post by a numeric-looking id', async () => {
    const id = mock.addPost('post', { title: 'Hello mock' });
    const store = newStore();
    const record = await store.collection('postType', 'post').fetch(String(id));
    expect(record).toBe(store.record('postType', 'post', id));
    expect(record?.id).toBe(id);
    expect(record?.title).toBe('Hello mock');
    expect(record?.isComplete).toBe(true);
    expect(gets('/wp/v2/types')[0]?.query).toMatchObject({ context: 'view' });
    expect(store.entities.get('postType', 'page')?.baseURL).toBe('/wp/v2/pages');
  });

  it('reads a custom post type registered under a custom namespace', async () => {
    mock.addPostType({ slug: 'book', name: 'Books', rest_base: 'books', rest_namespace: 'library/v1' });
    const id = mock.addPost('book', { title: 'Dune' });
    const store = newStore();
    const book = await store.collection('postType', 'book').fetch(id);
    expect(store.entities.get('postType', 'book')?.baseURL).toBe('/library/v1/books');
    expect(book?.raw?.title).toBe('Dune');
    expect(gets(`/library/v1/books/${id}`)).toHaveLength(1);
  });

  it('pages a list with totals from the headers and merges pages 1 and 3', async () => {
    for (let i = 0; i < 12; i++) mock.addPost('post', { title: `Bulk ${i}` });
    const posts = newStore().collection('postType', 'post');
    const first = await posts.query({ per_page: 2 }).fetch();
    const total = first.totalItems ?? 0;
    expect(total).toBeGreaterThanOrEqual(12);
    expect(first.totalPages).toBe(Math.ceil(total / 2));
    const third = await posts.query({ per_page: 2, page: 3 }).fetch();
    expect(third.items).toHaveLength(2);
    expect(posts.query({ per_page: 2, page: 2 }).items).toEqual([]);
    expect(posts.query({ per_page: -1 }).items?.map((p) => p.id)).toEqual([
      ...(first.items ?? []).map((p) => p.id),
      ...(third.items ?? []).map((p) => p.id),
    ]);
  });

  it('walks every page for per_page -1', async () => {
    for (let i = 0; i < 105; i++) mock.addPost('post', { title: `Many ${i}` });
    const all = await newStore().collection('postType', 'post').query({ per_page: -1 }).fetch();
    expect(all.items?.length).toBe(all.totalItems);
    expect(all.items?.length).toBeGreaterThan(100);
    expect(gets('/wp/v2/posts').length).toBeGreaterThanOrEqual(2);
  });

  it('finds a _fields list with the key added on the wire, and keeps complete records complete', async () => {
    const id = mock.addPost('post', { title: 'Fielded' });
    const posts = newStore().collection('postType', 'post');
    await posts.fetch(id);
    const query = await posts.query({ _fields: 'title', include: [id] }).fetch();
    expect(gets('/wp/v2/posts').at(-1)?.query._fields).toBe('id,title');
    expect(query.items).toEqual([{ id, title: { raw: 'Fielded', rendered: 'Fielded' } }]);
    expect(posts.record(id).isComplete).toBe(true);
  });

  it('keeps the view context apart from the default one', async () => {
    const id = mock.addPost('post', { title: 'Viewed' });
    const posts = newStore().collection('postType', 'post');
    const record = await posts.fetch(id, { context: 'view' });
    expect(record?.persisted).toBeUndefined();
    expect(record?.inContext('view')?.title).toMatchObject({ rendered: 'Viewed' });
  });

  it('lists the post types, answered as an object keyed by slug, for per_page -1 and by default', async () => {
    const types = newStore().collection('root', 'postType');
    const all = await types.query({ per_page: -1 }).fetch();
    expect(all.items?.map((t) => t.slug)).toEqual(expect.arrayContaining(['post', 'page', 'wp_template']));
    expect(types.record('page').persisted?.rest_base).toBe('pages');
    const first = await types.query({}).fetch();
    expect(first.items?.length).toBeGreaterThan(0);
  });

  it('reads the site settings and site info singletons', async () => {
    const store = newStore();
    const site = await store.collection('root', 'site').fetch();
    const base = await store.collection('root', 'base').fetch();
    expect(typeof site?.persisted?.title).toBe('string');
    expect(base?.persisted).toHaveProperty('name');
    expect(base?.persisted).not.toHaveProperty('routes');
  });

  it('refetches an observed list once after a removal, and shares concurrent fetches', async () => {
    const id = mock.addPost('post', { title: 'Doomed' });
    const posts = newStore().collection('postType', 'post');
    const query = posts.query({ include: [id] });
    const stop = autorun(() => void query.items);
    await when(() => query.hasResolved);
    expect(query.items).toHaveLength(1);
    mock.clearRequests();
    posts.remove(id);
    expect(query.items).toEqual([]);
    await when(() => query.hasResolved && !query.isResolving && query.items?.length === 1);
    expect(gets('/wp/v2/posts')).toHaveLength(1);
    stop();
    mock.clearRequests();
    await Promise.all([posts.fetch(id), posts.fetch(id)]);
    expect(gets(`/wp/v2/posts/${id}`)).toHaveLength(1);
  });
});
