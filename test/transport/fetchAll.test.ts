import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { isRestError } from '../../core/errors.js';
import { FETCH_ALL_CONCURRENCY } from '../../core/transport/constants.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { ROOT, useMswServer } from './mswServer.js';

const server = useMswServer();

interface Item {
  id: number;
}

/**
 * A collection of `total` items served the way WordPress pages them. `pageDelayMs` lets a page
 * answer late, so out-of-order arrival can be tested.
 */
function serveCollection(
  total: number,
  options: {
    totalPagesHeader?: boolean;
    pageDelayMs?: (page: number) => number;
    root?: string;
  } = {},
) {
  const log: { page: number; perPage: number; search: URLSearchParams }[] = [];
  const inFlight = { now: 0, max: 0 };
  const base = `${options.root ?? ROOT}/wp/v2/posts`;
  server.use(
    http.get(base, async ({ request }) => {
      const search = new URL(request.url).searchParams;
      const page = Number(search.get('page') ?? '1');
      const perPage = Number(search.get('per_page') ?? '10');
      if (perPage < 1 || perPage > 100) {
        return HttpResponse.json(
          { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', data: { status: 400 } },
          { status: 400 },
        );
      }
      log.push({ page, perPage, search });
      inFlight.now += 1;
      inFlight.max = Math.max(inFlight.max, inFlight.now);
      await delay(options.pageDelayMs?.(page) ?? 5);
      inFlight.now -= 1;
      const totalPages = Math.max(1, Math.ceil(total / perPage));
      const items: Item[] = [];
      for (let id = (page - 1) * perPage + 1; id <= Math.min(total, page * perPage); id++) {
        items.push({ id });
      }
      const headers = new Headers({ 'X-WP-Total': String(total) });
      if (options.totalPagesHeader !== false) headers.set('X-WP-TotalPages', String(totalPages));
      const links: string[] = [];
      if (page > 1) links.push(`<${base}?per_page=${perPage}&page=${page - 1}>; rel="prev"`);
      if (page < totalPages) links.push(`<${base}?per_page=${perPage}&page=${page + 1}>; rel="next"`);
      if (links.length > 0) headers.set('Link', links.join(', '));
      return HttpResponse.json(items, { headers });
    }),
  );
  return { log, inFlight };
}

const ids = (from: number, to: number): Item[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index }));

describe('fetchAll', () => {
  it('walks 3 pages of 100 and returns every item in page order', async () => {
    // Page 2 answers last: the result must still be in server order.
    const { log } = serveCollection(250, { pageDelayMs: (page) => (page === 2 ? 40 : 5) });
    const transport = new RestTransport({ root: ROOT });
    const items = await transport.fetchAll<Item>('/wp/v2/posts', { per_page: -1 });
    expect(items).toEqual(ids(1, 250));
    expect(log.map((entry) => entry.page).sort()).toEqual([1, 2, 3]);
    expect(log.every((entry) => entry.perPage === 100)).toBe(true);
  });

  it('keeps the other query parameters on every page', async () => {
    const { log } = serveCollection(150);
    const transport = new RestTransport({ root: ROOT });
    await transport.fetchAll('/wp/v2/posts', { status: 'draft', context: 'edit', per_page: -1 });
    expect(log).toHaveLength(2);
    for (const entry of log) {
      expect(entry.search.get('status')).toBe('draft');
      expect(entry.search.get('context')).toBe('edit');
    }
  });

  it('replaces per_page=-1 written in the path', async () => {
    const { log } = serveCollection(3);
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.fetchAll('/wp/v2/posts?per_page=-1')).resolves.toEqual(ids(1, 3));
    expect(log.map((entry) => entry.perPage)).toEqual([100]);
  });

  it('makes one request for a single page', async () => {
    const { log } = serveCollection(42);
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.fetchAll('/wp/v2/posts')).resolves.toEqual(ids(1, 42));
    expect(log).toHaveLength(1);
  });

  it('follows Link rel="next" when X-WP-TotalPages is missing', async () => {
    const { log } = serveCollection(250, { totalPagesHeader: false });
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.fetchAll<Item>('/wp/v2/posts')).resolves.toEqual(ids(1, 250));
    expect(log.map((entry) => entry.page)).toEqual([1, 2, 3]);
  });

  it('walks pages on a rest_route root too', async () => {
    const pages: (string | null)[] = [];
    server.use(
      http.get('http://wp.test/', ({ request }) => {
        const search = new URL(request.url).searchParams;
        pages.push(search.get('page'));
        expect(search.get('rest_route')).toBe('/wp/v2/tags');
        const page = Number(search.get('page'));
        return HttpResponse.json([{ id: page }], { headers: { 'X-WP-TotalPages': '3' } });
      }),
    );
    const transport = new RestTransport({ root: 'http://wp.test/?rest_route=' });
    await expect(transport.fetchAll('/wp/v2/tags')).resolves.toEqual(ids(1, 3));
    expect(pages.sort()).toEqual(['1', '2', '3']);
  });

  it(`requests at most ${FETCH_ALL_CONCURRENCY} pages at a time`, async () => {
    const { log, inFlight } = serveCollection(1_000, { pageDelayMs: () => 10 });
    const transport = new RestTransport({ root: ROOT });
    const items = await transport.fetchAll<Item>('/wp/v2/posts');
    expect(items).toEqual(ids(1, 1_000));
    expect(log).toHaveLength(10);
    expect(inFlight.max).toBeGreaterThan(1);
    expect(inFlight.max).toBeLessThanOrEqual(FETCH_ALL_CONCURRENCY);
  });

  it('rejects with the error of a failed page', async () => {
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        if (page === '2') {
          return HttpResponse.json(
            { code: 'rest_forbidden', message: 'Sorry.', data: { status: 403 } },
            { status: 403 },
          );
        }
        return HttpResponse.json([{ id: 1 }], { headers: { 'X-WP-TotalPages': '3' } });
      }),
    );
    const transport = new RestTransport({ root: ROOT });
    const error: unknown = await transport.fetchAll('/wp/v2/posts').catch((e: unknown) => e);
    expect(isRestError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'rest_forbidden', status: 403 });
  });

  it('gives the values of a collection keyed by slug (types, taxonomies, statuses)', async () => {
    const post = { slug: 'post', rest_base: 'posts' };
    const page = { slug: 'page', rest_base: 'pages' };
    server.use(http.get(`${ROOT}/wp/v2/types`, () => HttpResponse.json({ post, page })));
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.fetchAll('/wp/v2/types')).resolves.toEqual([post, page]);
  });

  it('rejects with invalid_response when the collection is neither an array nor an object', async () => {
    server.use(http.get(`${ROOT}/wp/v2/posts`, () => HttpResponse.json('posts')));
    const transport = new RestTransport({ root: ROOT });
    const error: unknown = await transport.fetchAll('/wp/v2/posts').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
  });
});
