/**
 * The entity cache through the real RestTransport, with WordPress-shaped answers at the HTTP edge
 * (msw). Each test installs the handlers it needs.
 */
import { autorun, when } from 'mobx';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import { makePost, typesBody } from '../helpers/fakeTransport.js';

const ROOT = 'http://wp.test/wp-json';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const POSTS = Array.from({ length: 23 }, (_, i) => makePost(i + 1));

/** Records every request URL the handlers see. */
function routes(extra: Parameters<typeof server.use> = []) {
  const seen: URL[] = [];
  server.use(
    http.get(`${ROOT}/wp/v2/types`, ({ request }) => {
      seen.push(new URL(request.url));
      return HttpResponse.json(
        typesBody({
          book: { slug: 'book', name: 'Books', rest_base: 'books', rest_namespace: 'library/v1' },
        }),
      );
    }),
    http.get(`${ROOT}/wp/v2/posts`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      const totalPages = Math.ceil(POSTS.length / perPage);
      if (page > Math.max(1, totalPages)) {
        return HttpResponse.json(
          {
            code: 'rest_post_invalid_page_number',
            message: 'The page number requested is larger than the number of pages available.',
            data: { status: 400 },
          },
          { status: 400 },
        );
      }
      const headers: Record<string, string> = {
        'X-WP-Total': String(POSTS.length),
        'X-WP-TotalPages': String(totalPages),
      };
      return HttpResponse.json(POSTS.slice((page - 1) * perPage, page * perPage), { headers });
    }),
    http.get(`${ROOT}/wp/v2/posts/:id`, ({ request, params }) => {
      seen.push(new URL(request.url));
      const post = POSTS.find((p) => String(p.id) === params.id);
      return post
        ? HttpResponse.json(post)
        : HttpResponse.json(
            { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } },
            { status: 404 },
          );
    }),
    http.get(`${ROOT}/library/v1/books/:id`, ({ request, params }) => {
      seen.push(new URL(request.url));
      return HttpResponse.json({
        id: Number(params.id),
        title: { raw: 'Dune', rendered: 'Dune' },
        status: 'publish',
      });
    }),
    ...extra,
  );
  const store = new RootStore({ transport: new RestTransport({ root: ROOT, retry: false }) });
  return { store, seen, posts: store.collection('postType', 'post') };
}

describe('entity cache over RestTransport', () => {
  it('loads the post types, then reads a post with context=edit', async () => {
    const { posts, seen } = routes();
    const record = await posts.fetch('7');
    expect(seen.map((u) => `${u.pathname}?${u.searchParams.toString()}`)).toEqual([
      '/wp-json/wp/v2/types?context=view',
      '/wp-json/wp/v2/posts/7?context=edit',
    ]);
    expect(record?.id).toBe(7);
    expect(record?.title).toBe('Post 7');
  });

  it('reads a custom post type under its custom namespace', async () => {
    const { store, seen } = routes();
    const book = await store.collection('postType', 'book').fetch(3);
    expect(seen.at(-1)?.pathname).toBe('/wp-json/library/v1/books/3');
    expect(book?.raw?.title).toBe('Dune');
  });

  it('takes totals from X-WP-Total and X-WP-TotalPages and merges pages 1 and 3', async () => {
    const { posts } = routes();
    const first = await posts.query({ per_page: 5 }).fetch();
    const third = await posts.query({ per_page: 5, page: 3 }).fetch();
    expect(first.totalItems).toBe(23);
    expect(first.totalPages).toBe(5);
    expect(third.items?.map((p) => p.id)).toEqual([11, 12, 13, 14, 15]);
    expect(posts.query({ per_page: 5, page: 2 }).items).toEqual([]);
    expect(posts.query({ per_page: -1 }).items).toHaveLength(10);
  });

  it('walks every page for per_page -1', async () => {
    const { posts, seen } = routes();
    const all = await posts.query({ per_page: -1 }).fetch();
    expect(all.items).toHaveLength(23);
    expect(all.totalPages).toBe(1);
    expect(seen.filter((u) => u.pathname === '/wp-json/wp/v2/posts')[0]?.searchParams.get('per_page')).toBe(
      '100',
    );
  });

  it('sends _fields with the key and include as a list, and the caller finds its list', async () => {
    const { posts, seen } = routes();
    const query = await posts.query({ _fields: 'title', per_page: 2 }).fetch();
    expect(seen.at(-1)?.searchParams.get('_fields')).toBe('id,title');
    expect(query.items?.map((p) => p.id)).toEqual([1, 2]);
  });

  it('rejects with the RestError of a WordPress error body', async () => {
    const { posts } = routes();
    await expect(posts.fetch(999)).rejects.toMatchObject({
      name: 'RestError',
      status: 404,
      code: 'rest_post_invalid_id',
    });
    expect(posts.record(999).fetchError?.message).toBe('Invalid post ID.');
  });

  it('refetches an observed query once after a delete removes a record', async () => {
    const { posts, seen } = routes();
    const query = posts.query({ per_page: 5 });
    const stop = autorun(() => void query.items);
    await when(() => query.hasResolved);
    posts.remove(3);
    expect(query.items?.map((p) => p.id)).toEqual([1, 2, 4, 5]);
    await when(() => !query.isResolving && query.items?.length === 5);
    expect(seen.filter((u) => u.pathname === '/wp-json/wp/v2/posts')).toHaveLength(2);
    stop();
  });
});
