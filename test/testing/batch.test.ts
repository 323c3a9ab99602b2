import { describe, expect, it } from 'vitest';
import { createMockWordPress } from '../../src/testing/index.js';
import { mountMock, sendJson, type WpErrorBody } from './helpers.js';

const { mock, json } = mountMock();

interface BatchEntry {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string> | [];
}

function batch(
  validation: string,
  requests: unknown[],
): Promise<{ status: number; body: { failed?: string; responses: Array<BatchEntry | null> } }> {
  return json('/batch/v1', sendJson('POST', { validation, requests }));
}

describe('batch v1', () => {
  it('advertises maxItems 25 at endpoints[0].args.requests.maxItems with Allow: POST', async () => {
    const res = await json<{
      namespace: string;
      methods: string[];
      endpoints: Array<{ args: { requests: { maxItems: number } } }>;
    }>('/batch/v1', {
      method: 'OPTIONS',
    });
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body.namespace).toBe('');
    expect(res.body.methods).toEqual(['POST']);
    expect(res.body.endpoints[0]?.args.requests.maxItems).toBe(25);
    expect(res.body).not.toHaveProperty('schema');
  });

  it('honours a configured maximum', async () => {
    const small = createMockWordPress({ batchMaxItems: 2 });
    const res = await small.handle(new Request(`${small.restRoot}/batch/v1`, { method: 'OPTIONS' }));
    const body = (await res.json()) as { endpoints: Array<{ args: { requests: { maxItems: number } } }> };
    expect(body.endpoints[0]?.args.requests.maxItems).toBe(2);
  });

  it('answers 207 with failed:"validation", null slots and headers [] when one request is invalid, running nothing', async () => {
    const before = (await json<unknown[]>('/wp/v2/posts?status=draft&per_page=100')).headers.get(
      'x-wp-total',
    );
    const res = await batch('require-all-validate', [
      { path: '/wp/v2/posts', body: { title: 'one', status: 'draft' } },
      { path: '/wp/v2/posts', body: { title: 'two', status: 'bogus' } },
      { path: '/wp/v2/posts/1', method: 'PUT', body: { title: 'three' } },
    ]);
    expect(res.status).toBe(207);
    expect(res.body.failed).toBe('validation');
    expect(res.body.responses[0]).toBeNull();
    expect(res.body.responses[2]).toBeNull();
    expect(res.body.responses[1]).toMatchObject({
      status: 400,
      headers: [],
      body: { code: 'rest_invalid_param' },
    });
    const after = (await json<unknown[]>('/wp/v2/posts?status=draft&per_page=100')).headers.get('x-wp-total');
    expect(after).toBe(before);
    expect(mock.getPost(1)?.title).toBe('Hello world!');
  });

  it('runs every request in normal mode with per-item status, headers and body and no failed key', async () => {
    const res = await batch('normal', [
      { path: '/wp/v2/posts', body: { title: 'one', status: 'draft' } },
      { path: '/wp/v2/posts', body: { title: 'two', status: 'bogus' } },
      { path: '/wp/v2/posts/1', method: 'PUT', body: { title: 'three' } },
    ]);
    expect(res.status).toBe(207);
    expect(res.body).not.toHaveProperty('failed');
    const [created, invalid, updated] = res.body.responses as BatchEntry[];
    expect(created?.status).toBe(201);
    expect(created?.headers).toMatchObject({
      Location: expect.stringContaining('/wp/v2/posts/'),
      Allow: 'GET, POST',
    });
    expect(invalid).toMatchObject({
      status: 400,
      headers: { Allow: 'GET, POST' },
      body: { code: 'rest_invalid_param' },
    });
    expect(updated).toMatchObject({ status: 200, body: { id: 1, title: { raw: 'three' } } });
  });

  it('runs all requests when one fails a permission or existence check under require-all-validate', async () => {
    const res = await batch('require-all-validate', [
      { path: '/wp/v2/posts', body: { title: 'ok' } },
      { path: '/wp/v2/posts/99999', method: 'DELETE' },
    ]);
    expect(res.body).not.toHaveProperty('failed');
    expect(res.body.responses[0]?.status).toBe(201);
    expect(res.body.responses[1]).toMatchObject({
      status: 404,
      headers: [],
      body: { code: 'rest_post_invalid_id' },
    });
  });

  it('answers per-item rest_batch_not_allowed for settings and templates and rest_no_route for unknown paths', async () => {
    const res = await batch('normal', [
      { path: '/wp/v2/settings', body: { title: 'x' } },
      { path: '/wp/v2/templates/twentytwentythree//home', method: 'PUT', body: { content: '' } },
      { path: '/wp/v2/nowhere' },
    ]);
    expect(res.body.responses.map((r) => r?.status)).toEqual([400, 400, 404]);
    expect(res.body.responses.map((r) => r?.body['code'])).toEqual([
      'rest_batch_not_allowed',
      'rest_batch_not_allowed',
      'rest_no_route',
    ]);
  });

  it('rejects 26 requests with rest_too_many_items', async () => {
    const requests = Array.from({ length: 26 }, (_, i) => ({
      path: '/wp/v2/posts',
      body: { title: `p${i}` },
    }));
    const res = await json<WpErrorBody>('/batch/v1', sendJson('POST', { validation: 'normal', requests }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.details?.['requests']).toMatchObject({
      code: 'rest_too_many_items',
      message: 'requests must contain at most 25 items.',
    });
  });

  it('rejects a GET inside a batch as rest_not_in_enum for requests[0][method]', async () => {
    const res = await json<WpErrorBody>(
      '/batch/v1',
      sendJson('POST', { requests: [{ method: 'GET', path: '/wp/v2/posts' }] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.details?.['requests']?.code).toBe('rest_not_in_enum');
    expect(res.body.data.details?.['requests']?.message).toContain('requests[0][method]');
  });

  it('answers per-item 401 to an anonymous batch', async () => {
    mock.setCurrentUser(null);
    const res = await batch('require-all-validate', [{ path: '/wp/v2/posts', body: { title: 'x' } }]);
    expect(res.status).toBe(207);
    expect(res.body.responses[0]).toMatchObject({ status: 401, body: { code: 'rest_cannot_create' } });
  });

  it('batches term and menu-item writes', async () => {
    const res = await batch('require-all-validate', [
      { path: '/wp/v2/tags', body: { name: 'Batch tag' } },
      { path: '/wp/v2/menu-items', body: { title: 'Batch link', url: 'https://example.test', menus: 1 } },
    ]);
    expect(res.body.responses.map((r) => r?.status)).toEqual([201, 201]);
  });
});
