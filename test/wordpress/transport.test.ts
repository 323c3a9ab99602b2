import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRestError, type RestError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/index.js';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { wordpressSite } from './site.js';

const site = wordpressSite();
const asUser = (role: 'admin' | 'author'): RestTransport =>
  new RestTransport({
    root: site.restRoot,
    auth: {
      username: site.users[role].username,
      applicationPassword: site.users[role].applicationPassword,
    },
  });
const admin = asUser('admin');
const author = asUser('author');
const anonymous = new RestTransport({ root: site.restRoot });

async function rejection(promise: Promise<unknown>): Promise<RestError> {
  try {
    await promise;
  } catch (error) {
    if (isRestError(error)) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const token = uniqueToken('transport');
const created: number[] = [];
let adminPost = 0;
let authorPost = 0;

beforeAll(async () => {
  [adminPost = 0] = await createPosts(site, 'admin', [{ title: `${token} admin`, status: 'publish' }]);
  [authorPost = 0] = await createPosts(site, 'author', [{ title: `${token} author`, status: 'publish' }]);
  created.push(adminPost, authorPost);
});

afterAll(async () => {
  await deletePosts(site, created);
});

describe('RestTransport.fetchAll on WordPress 6.1', () => {
  const manyToken = uniqueToken('many');
  const count = 130;
  let ids: number[] = [];

  beforeAll(async () => {
    ids = await createPosts(
      site,
      'admin',
      Array.from({ length: count }, (_, index) => ({ title: `${manyToken} ${index}`, status: 'publish' })),
    );
    created.push(...ids);
  });

  it('walks every page of a collection larger than the 100-item page limit', async () => {
    const posts = await anonymous.fetchAll<{ id: number }>('/wp/v2/posts', {
      search: manyToken,
      orderby: 'id',
      order: 'asc',
      _fields: 'id',
    });
    expect(posts.map((post) => post.id)).toEqual(ids);
  });

  it('returns the same items a single page would, in server order', async () => {
    const firstPage = await admin.request<{ id: number }[]>({
      path: '/wp/v2/posts',
      query: { search: manyToken, per_page: 100, _fields: 'id' },
    });
    const all = await admin.fetchAll<{ id: number }>('/wp/v2/posts', { search: manyToken, _fields: 'id' });
    expect(all).toHaveLength(count);
    expect(all.slice(0, 100)).toEqual(firstPage);
  });

  it('resolves an empty list when nothing matches', async () => {
    await expect(anonymous.fetchAll('/wp/v2/posts', { search: uniqueToken('nothing') })).resolves.toEqual([]);
  });
});

describe('RestTransport.batch on WordPress 6.1', () => {
  it('runs nothing when one request fails validation, and says which one failed', async () => {
    const results = await admin.batch([
      { path: '/wp/v2/posts', body: { title: `${token} never` } },
      { path: '/wp/v2/posts', body: { title: `${token} never`, status: 'bogus' } },
      { method: 'PUT', path: `/wp/v2/posts/${adminPost}`, body: { title: `${token} never` } },
    ]);
    expect(results.map((result) => result.ok)).toEqual([false, false, false]);
    const [first, second, third] = results.map((result) => (result.ok ? undefined : result.error));
    expect(second).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(first).toMatchObject({ status: 0, code: 'batch_not_executed' });
    expect(third).toMatchObject({ status: 0, code: 'batch_not_executed' });
    const found = await admin.request<unknown[]>({
      path: '/wp/v2/posts',
      query: { search: `${token} never`, status: 'any' },
    });
    expect(found).toEqual([]);
  });

  it('creates, updates and deletes in one call and answers each request in order', async () => {
    const [scratch = 0] = await createPosts(site, 'author', [{ title: `${token} scratch`, status: 'draft' }]);
    created.push(scratch);
    const results = await author.batch([
      { path: '/wp/v2/posts', body: { title: `${token} batch created`, status: 'draft' } },
      { method: 'PUT', path: `/wp/v2/posts/${authorPost}`, body: { excerpt: 'from a batch' } },
      { method: 'DELETE', path: `/wp/v2/posts/${scratch}?force=true` },
    ]);
    const [createdResult, updated, deleted] = results;
    expect(createdResult).toMatchObject({
      ok: true,
      status: 201,
      body: { title: { raw: `${token} batch created` } },
    });
    if (createdResult?.ok) created.push((createdResult.body as { id: number }).id);
    expect(updated).toMatchObject({
      ok: true,
      status: 200,
      body: { id: authorPost, excerpt: { raw: 'from a batch' } },
    });
    expect(deleted).toMatchObject({
      ok: true,
      status: 200,
      body: { deleted: true, previous: { id: scratch } },
    });
  });

  it('reports a permission failure on its own item only', async () => {
    const results = await author.batch([
      { method: 'PUT', path: `/wp/v2/posts/${adminPost}`, body: { title: 'not allowed' } },
      { method: 'PUT', path: `/wp/v2/posts/${authorPost}`, body: { excerpt: 'allowed' } },
    ]);
    expect(results[0]).toMatchObject({ ok: false, status: 403, error: { code: 'rest_cannot_edit' } });
    expect(results[1]).toMatchObject({ ok: true, status: 200 });
  });

  it('splits more than 25 requests into several batches and keeps their order', async () => {
    const titles = Array.from({ length: 30 }, (_, index) => `${token} chunked ${index}`);
    const results = await admin.batch(
      titles.map((title) => ({ path: '/wp/v2/posts', body: { title, status: 'draft' } })),
    );
    const bodies = results.map((result) =>
      result.ok ? (result.body as { id: number; title: { raw: string } }) : undefined,
    );
    created.push(...bodies.flatMap((body) => (body === undefined ? [] : [body.id])));
    expect(results.every((result) => result.ok && result.status === 201)).toBe(true);
    expect(bodies.map((body) => body?.title.raw)).toEqual(titles);
  });
});

describe('RestError from WordPress 6.1 errors', () => {
  it('maps an unknown id to 404 rest_post_invalid_id with the request it came from', async () => {
    const error = await rejection(admin.request({ path: '/wp/v2/posts/987654' }));
    expect(error).toMatchObject({
      status: 404,
      code: 'rest_post_invalid_id',
      message: 'Invalid post ID.',
      data: { status: 404 },
      method: 'GET',
    });
    expect(error.url).toContain('/wp/v2/posts/987654');
  });

  it('maps an out-of-range per_page to 400 rest_invalid_param with the parameter details', async () => {
    const error = await rejection(anonymous.request({ path: '/wp/v2/posts', query: { per_page: 101 } }));
    expect(error).toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
      data: {
        params: { per_page: expect.any(String) as unknown },
        details: { per_page: { code: 'rest_out_of_bounds' } },
      },
    });
  });

  it('maps an unknown route to 404 rest_no_route', async () => {
    await expect(rejection(admin.request({ path: '/wp/v2/nothing-here' }))).resolves.toMatchObject({
      status: 404,
      code: 'rest_no_route',
    });
  });

  it('maps anonymous /users/me to 401 rest_not_logged_in', async () => {
    await expect(rejection(anonymous.request({ path: '/wp/v2/users/me' }))).resolves.toMatchObject({
      status: 401,
      code: 'rest_not_logged_in',
    });
  });

  it("maps an author's update of the administrator's post to 403 rest_cannot_edit", async () => {
    const error = await rejection(
      author.request({ path: `/wp/v2/posts/${adminPost}`, method: 'PUT', body: { title: 'no' } }),
    );
    expect(error).toMatchObject({ status: 403, code: 'rest_cannot_edit', method: 'PUT' });
  });

  it('treats a wrong application password as anonymous, as WordPress 6.1 does', async () => {
    const wrong = new RestTransport({
      root: site.restRoot,
      auth: { username: site.users.admin.username, applicationPassword: 'wrongwrongwrongwrongwron' },
    });
    await expect(rejection(wrong.request({ path: '/wp/v2/users/me' }))).resolves.toMatchObject({
      status: 401,
      code: 'rest_not_logged_in',
    });
  });
});

describe('RestTransport.allowedMethods on WordPress 6.1', () => {
  it("gives the administrator every method on the administrator's post", async () => {
    expect(await admin.allowedMethods(`/wp/v2/posts/${adminPost}`)).toEqual(
      new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
  });

  it("gives an author only GET on the administrator's post", async () => {
    expect(await author.allowedMethods(`/wp/v2/posts/${adminPost}`)).toEqual(new Set(['GET']));
  });

  it('gives an author every method on their own post', async () => {
    expect(await author.allowedMethods(`/wp/v2/posts/${authorPost}`)).toEqual(
      new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
  });

  it('gives an author an empty set on settings, where WordPress sends no Allow header', async () => {
    expect(await author.allowedMethods('/wp/v2/settings')).toEqual(new Set());
    expect(await admin.allowedMethods('/wp/v2/settings')).toEqual(new Set(['GET', 'POST', 'PUT', 'PATCH']));
  });

  it('gives anonymous GET only on the posts collection', async () => {
    expect(await anonymous.allowedMethods('/wp/v2/posts')).toEqual(new Set(['GET']));
    expect(await author.allowedMethods('/wp/v2/posts')).toEqual(new Set(['GET', 'POST']));
  });
});
