import { describe, expect, it } from 'vitest';
import { averagePostBytes, distinctQuery, post } from '../../bench/scenarios/fixtures.js';
import { MockServer, type ServerResponse } from '../../bench/scenarios/server.js';

const body = <T>(response: ServerResponse): T => JSON.parse(response.text) as T;
import { InProcessTransport } from '../../bench/scenarios/transport.js';

describe('benchmark mock WordPress', () => {
  it('pages posts with X-WP-Total, X-WP-TotalPages and a next link', () => {
    const server = new MockServer({ posts: 250 });
    const page = server.handle({ url: '/wp/v2/posts?per_page=100&page=2&context=edit' });
    expect(body<{ id: number }[]>(page).map((post) => post.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 101),
    );
    expect(page.headers.get('X-WP-Total')).toBe('250');
    expect(page.headers.get('X-WP-TotalPages')).toBe('3');
    expect(page.headers.get('Link')).toContain('page=3');
    const last = server.handle({ url: '/wp/v2/posts?per_page=100&page=3' });
    expect(body<unknown[]>(last).length).toBe(50);
    expect(last.headers.get('Link')).toBeNull();
  });

  it('applies an update sent with X-HTTP-Method-Override and keeps raw attributes as { raw, rendered }', () => {
    const server = new MockServer({ posts: 3 });
    const saved = server.handle({
      method: 'POST',
      url: '/wp/v2/posts/2',
      headers: { 'X-HTTP-Method-Override': 'PUT' },
      body: { title: 'New' },
    });
    expect(body<{ title: unknown }>(saved).title).toEqual({ raw: 'New', rendered: 'New' });
    const read = server.handle({ url: '/wp/v2/posts/2' });
    expect(body<{ title: unknown }>(read).title).toEqual({ raw: 'New', rendered: 'New' });
    expect(server.byRoute.get('PUT /wp/v2/posts/:id')).toBe(1);
  });

  it('refuses a batch larger than its maxItems', () => {
    const server = new MockServer({ posts: 30, batchMaxItems: 25 });
    const requests = Array.from({ length: 26 }, (_, i) => ({
      method: 'PUT',
      path: `/wp/v2/posts/${i + 1}`,
      body: {},
    }));
    const answer = server.handle({ method: 'POST', url: '/batch/v1', body: { requests } });
    expect(answer.status).toBe(400);
  });

  it('lets the in-process transport chunk a batch by the server maximum, one request per chunk', async () => {
    const server = new MockServer({ posts: 60, batchMaxItems: 25 });
    const transport = new InProcessTransport(server);
    const requests = Array.from({ length: 60 }, (_, i) => ({
      method: 'PUT' as const,
      path: `/wp/v2/posts/${i + 1}`,
      body: { title: `T${i + 1}` },
    }));
    const results = await transport.batch(requests);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(server.byRoute.get('POST /batch/v1')).toBe(3);
    const last = results[59];
    expect(last?.ok && (last.body as { title: unknown }).title).toEqual({ raw: 'T60', rendered: 'T60' });
  });

  it('walks every page for fetchAll and counts each request', async () => {
    const server = new MockServer({ posts: 230 });
    const transport = new InProcessTransport(server);
    const all = await transport.fetchAll<{ id: number }>('/wp/v2/posts', { context: 'edit' });
    expect(all.map((post) => post.id)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    expect(server.requests).toBe(3);
  });

  it('serves posts shaped and sized like WordPress 6.1 in context=edit', () => {
    const first = post(1);
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['guid', 'title', 'content', 'excerpt', 'meta', 'permalink_template', '_links']),
    );
    expect(first.content).toMatchObject({ raw: expect.stringContaining('<!-- wp:') as unknown });
    const average = averagePostBytes(500);
    expect(average).toBeGreaterThan(4_500);
    expect(average).toBeLessThan(6_500);
  });

  it('filters lists by author, status and category, orders them, and pages by offset', () => {
    const server = new MockServer({ posts: 200 });
    const ids = (query: string): number[] =>
      body<{ id: number }[]>(server.handle({ url: `/wp/v2/posts?${query}` })).map((item) => item.id);
    const byAuthor = body<{ author: number }[]>(server.handle({ url: '/wp/v2/posts?author=3&per_page=100' }));
    expect(byAuthor.length).toBe(40);
    expect(byAuthor.every((item) => item.author === 3)).toBe(true);
    const drafts = body<{ status: string }[]>(
      server.handle({ url: '/wp/v2/posts?status=draft&per_page=100' }),
    );
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((item) => item.status === 'draft')).toBe(true);
    const inCategory = body<{ categories: number[] }[]>(
      server.handle({ url: '/wp/v2/posts?categories=2&per_page=100' }),
    );
    expect(inCategory.every((item) => item.categories.includes(2))).toBe(true);
    expect(ids('per_page=5&orderby=date&order=desc')).toEqual([200, 199, 198, 197, 196]);
    expect(ids('per_page=3&offset=10')).toEqual([11, 12, 13]);
    const titles = body<{ title: { raw: string } }[]>(
      server.handle({ url: '/wp/v2/posts?per_page=20&orderby=title&order=asc' }),
    ).map((item) => item.title.raw);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('gives the queries scenario distinct queries that each find a full page', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 1_000; index++) seen.add(JSON.stringify(distinctQuery(index, 10, 10_000)));
    expect(seen.size).toBe(1_000);
    // Every kind of filter, at both ends of the offsets the scenario uses.
    const server = new MockServer({ posts: 10_000 });
    for (const index of [0, 1, 2, 3, 4, 995, 996, 997, 998, 999]) {
      const query = distinctQuery(index, 10, 10_000);
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      expect(body<unknown[]>(server.handle({ url: `/wp/v2/posts?${search.toString()}` })).length).toBe(10);
    }
  }, 30_000);

  it('keeps the requests it answers while recording, for the parse floor', () => {
    const server = new MockServer({ posts: 5 });
    server.handle({ url: '/wp/v2/posts/1' });
    server.recording = true;
    server.handle({ url: '/wp/v2/posts/2' });
    server.recording = false;
    expect(server.log.map((request) => request.url)).toEqual(['/wp/v2/posts/2']);
  });
});
