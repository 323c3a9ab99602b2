import { describe, expect, it } from 'vitest';
import { MockServer } from '../../bench/scenarios/server.js';
import { InProcessTransport } from '../../bench/scenarios/transport.js';

describe('benchmark mock WordPress', () => {
  it('pages posts with X-WP-Total, X-WP-TotalPages and a next link', () => {
    const server = new MockServer({ posts: 250 });
    const page = server.handle({ url: '/wp/v2/posts?per_page=100&page=2&context=edit' });
    expect((page.data as { id: number }[]).map((post) => post.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 101),
    );
    expect(page.headers.get('X-WP-Total')).toBe('250');
    expect(page.headers.get('X-WP-TotalPages')).toBe('3');
    expect(page.headers.get('Link')).toContain('page=3');
    const last = server.handle({ url: '/wp/v2/posts?per_page=100&page=3' });
    expect((last.data as unknown[]).length).toBe(50);
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
    expect((saved.data as { title: unknown }).title).toEqual({ raw: 'New', rendered: 'New' });
    const read = server.handle({ url: '/wp/v2/posts/2' });
    expect((read.data as { title: unknown }).title).toEqual({ raw: 'New', rendered: 'New' });
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
});
