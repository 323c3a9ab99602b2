import { autorun, when } from 'mobx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { wordpressSite } from './site.js';
import { loggedStoreAs, restErrorOf, storeAs } from './stores.js';

const site = wordpressSite();
/** More than WordPress's page limit of 100, so `per_page: -1` has to walk pages. */
const COUNT = 105;
const token = uniqueToken('lists');
const draftToken = uniqueToken('listdrafts');
let ids: number[] = [];
let adminDraft = 0;
let authorDraft = 0;

interface Post {
  id: number;
  title: { raw?: string; rendered: string };
  status: string;
}

beforeAll(async () => {
  ids = await createPosts(
    site,
    'admin',
    Array.from({ length: COUNT }, (_, index) => ({ title: `${token} ${index}`, status: 'publish' })),
  );
  [adminDraft = 0] = await createPosts(site, 'admin', [{ title: `${draftToken} admin`, status: 'draft' }]);
  [authorDraft = 0] = await createPosts(site, 'author', [{ title: `${draftToken} author`, status: 'draft' }]);
});

afterAll(async () => {
  await deletePosts(site, [...ids, adminDraft, authorDraft]);
});

/** The list of this run's posts, oldest first. */
const ours = (extra: Record<string, unknown> = {}) => ({
  search: token,
  orderby: 'id',
  order: 'asc',
  ...extra,
});

describe('paginated post lists from WordPress 6.1', () => {
  it('gives one page of records with the totals of the whole list', async () => {
    const store = storeAs('admin');
    const query = await store
      .collection<Post>('postType', 'post')
      .query(ours({ per_page: 10 }))
      .fetch();

    expect(query.items?.map((post) => post.id)).toEqual(ids.slice(0, 10));
    expect(query.totalItems).toBe(COUNT);
    expect(query.totalPages).toBe(Math.ceil(COUNT / 10));
    expect(query.hasResolved).toBe(true);
    expect(query.isResolving).toBe(false);
    expect(query.error).toBeUndefined();
  });

  it('gives a short last page', async () => {
    const store = storeAs('admin');
    const last = Math.ceil(COUNT / 10);
    const query = await store
      .collection<Post>('postType', 'post')
      .query(ours({ per_page: 10, page: last }))
      .fetch();

    expect(query.items?.map((post) => post.id)).toEqual(ids.slice((last - 1) * 10));
    expect(query.totalPages).toBe(last);
  });

  it('lists the same record objects the collection hands out by id', async () => {
    const store = storeAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const first = posts.record(ids[0] as number);
    const query = await posts.query(ours({ per_page: 5 })).fetch();

    expect(query.records?.[0]).toBe(first);
    expect(first.isComplete).toBe(true);
    expect(first.persisted).toBe(query.items?.[0]);
    expect(posts.get(ids[4] as number)?.persisted?.title.raw).toBe(`${token} 4`);
  });

  it('hands out one query object per query, whatever the order of its keys', () => {
    const store = storeAs('admin');
    const posts = store.collection<Post>('postType', 'post');

    expect(posts.query({ search: token, per_page: 10 })).toBe(posts.query({ per_page: 10, search: token }));
    expect(posts.query({ search: token, per_page: 10 })).not.toBe(
      posts.query({ search: token, per_page: 20 }),
    );
  });

  it('leaves items null until the list has been fetched', () => {
    const store = storeAs('admin');
    const query = store.collection<Post>('postType', 'post').query(ours({ per_page: 3 }));

    expect(query.items).toBeNull();
    expect(query.totalItems).toBeNull();
    expect(query.hasResolved).toBe(false);
  });

  it('resolves a list by itself when an observer reads it', async () => {
    const { store, log } = loggedStoreAs('admin');
    const query = store.collection<Post>('postType', 'post').query(ours({ per_page: 4 }));
    const seen: (number | undefined)[] = [];
    const stop = autorun(() => {
      seen.push(query.items?.length);
    });
    try {
      await when(() => query.hasResolved, { timeout: 10_000 });
      expect(seen).toEqual([undefined, 4]);
      expect(log.filter((request) => request.path.startsWith('/wp/v2/posts'))).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('gives every post with per_page -1, walking past the 100-item page limit', async () => {
    const { store, log } = loggedStoreAs('admin');
    const query = await store
      .collection<Post>('postType', 'post')
      .query(ours({ per_page: -1 }))
      .fetch();

    expect(query.items?.map((post) => post.id)).toEqual(ids);
    expect(query.totalItems).toBe(COUNT);
    expect(query.totalPages).toBe(1);
    const pages = log.filter((request) => request.path.startsWith('/wp/v2/posts?'));
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.path).toContain('per_page=100');
  });

  it('gives only the _fields asked for, key included, and keeps the records partial', async () => {
    const store = storeAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const query = await posts.query(ours({ per_page: 3, _fields: 'title' })).fetch();

    expect(query.items).toHaveLength(3);
    for (const item of query.items ?? []) expect(Object.keys(item).sort()).toEqual(['id', 'title']);
    expect(query.items?.[0]?.title.raw).toBe(`${token} 0`);
    expect(query.records?.[0]?.isComplete).toBe(false);
    expect(posts.query(ours({ per_page: 3 })).items).toBeNull();
  });

  it('lists records in view context for an anonymous visitor', async () => {
    const store = storeAs('anon');
    const query = await store
      .collection<Post>('postType', 'post')
      .query(ours({ per_page: 2, context: 'view' }))
      .fetch();

    expect(query.items?.map((post) => post.id)).toEqual(ids.slice(0, 2));
    expect(query.items?.[0]?.title).toEqual({ rendered: `${token} 0` });
    expect(query.records?.[0]?.persisted).toBeUndefined();
  });

  it('requests an observed list again after invalidate() and picks up a post made meanwhile', async () => {
    const store = storeAs('admin');
    const newToken = uniqueToken('listgrow');
    const created = await createPosts(site, 'admin', [{ title: `${newToken} a`, status: 'publish' }]);
    const query = store.collection<Post>('postType', 'post').query({ search: newToken });
    const stop = autorun(() => {
      void query.items;
    });
    try {
      await when(() => query.totalItems === 1, { timeout: 10_000 });
      created.push(...(await createPosts(site, 'admin', [{ title: `${newToken} b`, status: 'publish' }])));

      query.invalidate();
      await when(() => query.totalItems === 2, { timeout: 10_000 });
      expect(query.items?.map((post) => post.id).sort((a, b) => a - b)).toEqual(created);
    } finally {
      stop();
      await deletePosts(site, created);
    }
  });
});

describe('totals an author gets from WordPress 6.1', () => {
  it('counts drafts the author cannot see in totalItems (X-WP-Total), while items hold only their own', async () => {
    const store = storeAs('author');
    const query = await store
      .collection<Post>('postType', 'post')
      .query({ search: draftToken, status: 'draft' })
      .fetch();

    expect(query.items?.map((post) => post.id)).toEqual([authorDraft]);
    expect(query.totalItems).toBe(2);
  });

  it("counts the administrator's posts in edit context although none of them is listed", async () => {
    const store = storeAs('author');
    const query = await store
      .collection<Post>('postType', 'post')
      .query(ours({ per_page: 20 }))
      .fetch();

    expect(query.items).toEqual([]);
    expect(query.totalItems).toBe(COUNT);
  });
});

describe('failed list requests to WordPress 6.1', () => {
  it('rejects a page beyond the last with 400 rest_post_invalid_page_number and keeps it on the query', async () => {
    const store = storeAs('admin');
    const query = store.collection<Post>('postType', 'post').query(ours({ per_page: 100, page: 5 }));
    const error = await restErrorOf(query.fetch());

    expect(error).toMatchObject({ status: 400, code: 'rest_post_invalid_page_number' });
    expect(query.error).toBe(error);
    expect(query.items).toBeNull();
  });

  it('rejects an unknown status with 400 rest_invalid_param naming the parameter', async () => {
    const store = storeAs('admin');
    const error = await restErrorOf(
      store.collection<Post>('postType', 'post').query({ status: 'no-such-status' }).fetch(),
    );

    expect(error).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect((error.data as { params?: Record<string, string> }).params).toHaveProperty('status');
  });

  it('rejects an anonymous draft list with 400 rest_invalid_param (rest_forbidden_status)', async () => {
    const store = storeAs('anon');
    const error = await restErrorOf(
      store.collection<Post>('postType', 'post').query({ status: 'draft', context: 'view' }).fetch(),
    );

    expect(error).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(error.data).toMatchObject({ details: { status: { code: 'rest_forbidden_status' } } });
  });

  it('rejects an anonymous edit-context list with 401', async () => {
    const store = storeAs('anon');
    const error = await restErrorOf(
      store.collection<Post>('postType', 'post').query({ search: token }).fetch(),
    );

    expect(error.status).toBe(401);
    expect(error.code).toBe('rest_forbidden_context');
  });
});
