import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { isArgumentError, isRestError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import type { BatchRequest } from '../../core/transport/types.js';
import { ROOT, useMswServer } from './mswServer.js';

const server = useMswServer();

interface SentItem {
  path: string;
  method: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface SentBatch {
  validation: string;
  requests: SentItem[];
}

/** The batch endpoint as WordPress 6.1 serves it: OPTIONS states maxItems, POST answers 207. */
function serveBatch(
  options: {
    maxItems?: number | null;
    answer?: (batch: SentBatch, index: number) => Response;
  } = {},
) {
  const log: string[] = [];
  const posts: SentBatch[] = [];
  server.use(
    http.options(`${ROOT}/batch/v1`, () => {
      log.push('OPTIONS');
      const requests = options.maxItems === null ? {} : { maxItems: options.maxItems ?? 25 };
      return HttpResponse.json(
        { namespace: '', methods: ['POST'], endpoints: [{ methods: ['POST'], args: { requests } }] },
        { headers: { Allow: 'POST' } },
      );
    }),
    http.post(`${ROOT}/batch/v1`, async ({ request }) => {
      const batch = (await request.json()) as SentBatch;
      log.push(`POST ${batch.requests.length}`);
      posts.push(batch);
      if (options.answer !== undefined) return options.answer(batch, posts.length - 1);
      return HttpResponse.json(
        {
          responses: batch.requests.map((item) => ({
            status: 201,
            headers: { Allow: 'GET, POST' },
            body: { path: item.path, sent: item.body },
          })),
        },
        { status: 207 },
      );
    }),
  );
  return { log, posts };
}

const creates = (count: number): BatchRequest[] =>
  Array.from({ length: count }, (_, index) => ({
    path: `/wp/v2/posts/${index + 1}`,
    body: { title: `Post ${index + 1}` },
  }));

describe('batch', () => {
  it('reads the maximum once, then sends 60 requests as chunks of 25, 25 and 10 in order', async () => {
    const { log, posts } = serveBatch();
    const transport = new RestTransport({ root: ROOT });
    const requests = creates(60);
    const results = await transport.batch(requests);
    expect(log).toEqual(['OPTIONS', 'POST 25', 'POST 25', 'POST 10']);
    expect(posts.flatMap((batch) => batch.requests.map((item) => item.path))).toEqual(
      requests.map((request) => request.path),
    );
    expect(results).toHaveLength(60);
    results.forEach((result, index) => {
      expect(result).toEqual({
        ok: true,
        status: 201,
        body: { path: `/wp/v2/posts/${index + 1}`, sent: { title: `Post ${index + 1}` } },
      });
    });
  });

  it('sends require-all-validate and each request as path, method, body and headers', async () => {
    const { posts } = serveBatch();
    const transport = new RestTransport({ root: ROOT });
    await transport.batch([
      { path: '/wp/v2/posts', body: { title: 'A' } },
      { path: '/wp/v2/posts/3', method: 'DELETE', headers: { 'X-Test': '1' } },
    ]);
    expect(posts).toEqual([
      {
        validation: 'require-all-validate',
        requests: [
          { path: '/wp/v2/posts', method: 'POST', body: { title: 'A' } },
          { path: '/wp/v2/posts/3', method: 'DELETE', headers: { 'X-Test': '1' } },
        ],
      },
    ]);
  });

  it('asks OPTIONS once per transport, even for concurrent batches', async () => {
    const { log } = serveBatch({ maxItems: 10 });
    const transport = new RestTransport({ root: ROOT });
    await Promise.all([transport.batch(creates(3)), transport.batch(creates(12))]);
    await transport.batch(creates(1));
    expect(log.filter((entry) => entry === 'OPTIONS')).toHaveLength(1);
    expect(log.filter((entry) => entry !== 'OPTIONS').sort()).toEqual([
      'POST 1',
      'POST 10',
      'POST 2',
      'POST 3',
    ]);
    const other = new RestTransport({ root: ROOT });
    await other.batch(creates(1));
    expect(log.filter((entry) => entry === 'OPTIONS')).toHaveLength(2);
  });

  it('falls back to chunks of 25 when OPTIONS does not state maxItems', async () => {
    const { log } = serveBatch({ maxItems: null });
    const transport = new RestTransport({ root: ROOT });
    await transport.batch(creates(30));
    expect(log).toEqual(['OPTIONS', 'POST 25', 'POST 5']);
  });

  it('maps each item of a normal response by its own status', async () => {
    serveBatch({
      answer: () =>
        HttpResponse.json(
          {
            responses: [
              { status: 201, headers: {}, body: { id: 10 } },
              {
                status: 403,
                headers: [],
                body: {
                  code: 'rest_cannot_edit',
                  message: 'Sorry, you are not allowed to edit this post.',
                  data: { status: 403 },
                },
              },
              { status: 200, headers: {}, body: { id: 3 } },
            ],
          },
          { status: 207 },
        ),
    });
    const transport = new RestTransport({ root: ROOT });
    const results = await transport.batch(creates(3));
    expect(results[0]).toEqual({ ok: true, status: 201, body: { id: 10 } });
    expect(results[2]).toEqual({ ok: true, status: 200, body: { id: 3 } });
    const failed = results[1];
    expect(failed?.ok).toBe(false);
    if (failed?.ok === false) {
      expect(failed.status).toBe(403);
      expect(failed.error.code).toBe('rest_cannot_edit');
      expect(failed.error.status).toBe(403);
      expect(failed.error.message).toMatch(/^Sorry, you are not allowed to edit this post\. \(HTTP 403/);
      expect(failed.error.url).toBe('/wp/v2/posts/2');
    }
  });

  it('makes every item of a chunk that failed validation an error', async () => {
    const invalid = {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: { status: 400, params: { status: 'status is not one of publish, draft.' } },
    };
    serveBatch({
      answer: () =>
        HttpResponse.json(
          {
            failed: 'validation',
            responses: [null, { status: 400, body: invalid, headers: [] }, null],
          },
          { status: 207 },
        ),
    });
    const transport = new RestTransport({ root: ROOT });
    const results = await transport.batch(creates(3));
    expect(results.map((result) => result.ok)).toEqual([false, false, false]);
    const [first, second, third] = results;
    if (first?.ok !== false || second?.ok !== false || third?.ok !== false) {
      throw new Error('expected three errors');
    }
    expect(second.status).toBe(400);
    expect(second.error).toMatchObject({ code: 'rest_invalid_param', status: 400, data: invalid.data });
    for (const skipped of [first, third]) {
      expect(skipped.status).toBe(0);
      expect(skipped.error.code).toBe('batch_not_executed');
      expect(skipped.error.status).toBe(0);
      expect(skipped.error.message).toContain('failed validation');
    }
  });

  it('gives every item of a chunk whose POST failed that error, and still sends the next chunk', async () => {
    const { log } = serveBatch({
      maxItems: 2,
      answer: (batch, index) =>
        index === 0
          ? HttpResponse.json(
              { code: 'rest_too_many_items', message: 'Too many.', data: { status: 400 } },
              { status: 400 },
            )
          : HttpResponse.json(
              { responses: batch.requests.map(() => ({ status: 200, body: {}, headers: [] })) },
              { status: 207 },
            ),
    });
    const transport = new RestTransport({ root: ROOT });
    const results = await transport.batch(creates(3));
    expect(log).toEqual(['OPTIONS', 'POST 2', 'POST 1']);
    expect(results[2]).toEqual({ ok: true, status: 200, body: {} });
    for (const result of results.slice(0, 2)) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.status).toBe(400);
        expect(result.error.code).toBe('rest_too_many_items');
      }
    }
  });

  it('does not retry a failed batch POST', async () => {
    const { log } = serveBatch({ answer: () => new HttpResponse(null, { status: 503 }) });
    const transport = new RestTransport({ root: ROOT, retry: { backoffMs: 0 } });
    const results = await transport.batch(creates(2));
    expect(log).toEqual(['OPTIONS', 'POST 2']);
    expect(results.every((result) => !result.ok && result.error.code === 'http_error')).toBe(true);
  });

  it('rejects when the OPTIONS pre-flight fails, and asks again next time', async () => {
    let optionsCalls = 0;
    server.use(
      http.options(`${ROOT}/batch/v1`, () => {
        optionsCalls += 1;
        return HttpResponse.json(
          { code: 'rest_no_route', message: 'No route.', data: { status: 404 } },
          { status: 404 },
        );
      }),
    );
    const transport = new RestTransport({ root: ROOT });
    const error: unknown = await transport.batch(creates(1)).catch((e: unknown) => e);
    expect(isRestError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'rest_no_route' });
    const { log } = serveBatch();
    await expect(transport.batch(creates(1))).resolves.toHaveLength(1);
    expect(optionsCalls).toBe(1);
    expect(log).toEqual(['OPTIONS', 'POST 1']);
  });

  it('resolves an empty list without any request', async () => {
    const { log } = serveBatch();
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.batch([])).resolves.toEqual([]);
    expect(log).toEqual([]);
  });

  it('rejects a request without a leading slash or with a GET, naming it', async () => {
    serveBatch();
    const transport = new RestTransport({ root: ROOT });
    const badPath: unknown = await transport
      .batch([{ path: '/wp/v2/posts' }, { path: 'wp/v2/posts' }])
      .catch((e: unknown) => e);
    expect(isArgumentError(badPath)).toBe(true);
    expect((badPath as Error).message).toContain('Batch request 1');
    const badMethod: unknown = await transport
      .batch([{ path: '/wp/v2/posts', method: 'GET' as 'POST' }])
      .catch((e: unknown) => e);
    expect(isArgumentError(badMethod)).toBe(true);
  });
});
