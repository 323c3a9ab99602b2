import { describe, expect, it } from 'vitest';
import { RestError } from '../../core/errors.js';
import type { BatchRequest, BatchResult, RequestOptions, Transport } from '../../core/transport/types.js';
import { BatchRun, canBatch, toBatchRequest } from '../../stores/BatchRun.js';

/** A transport that records calls and answers batch items by a rule. */
function fakeTransport(answer: (request: BatchRequest) => BatchResult = okAnswer) {
  const batches: BatchRequest[][] = [];
  const requests: RequestOptions[] = [];
  const transport: Transport = {
    request: ((options: RequestOptions) => {
      requests.push(options);
      return Promise.resolve({ direct: options.path });
    }) as Transport['request'],
    fetchAll: () => Promise.resolve([]),
    allowedMethods: () => Promise.resolve(new Set<string>()),
    batch: (list) => {
      batches.push([...list]);
      return Promise.resolve(list.map(answer));
    },
  };
  return { transport, batches, requests };
}

function okAnswer(request: BatchRequest): BatchResult {
  return { ok: true, status: 200, body: { path: request.path } };
}

describe('canBatch', () => {
  it('batches posts-controller types, terms, menus, menu items and widgets', () => {
    expect(canBatch({ kind: 'postType', name: 'post' })).toBe(true);
    expect(canBatch({ kind: 'postType', name: 'book' })).toBe(true);
    expect(canBatch({ kind: 'postType', name: 'wp_block' })).toBe(true);
    expect(canBatch({ kind: 'postType', name: 'wp_navigation' })).toBe(true);
    expect(canBatch({ kind: 'taxonomy', name: 'category' })).toBe(true);
    expect(canBatch({ kind: 'root', name: 'widget' })).toBe(true);
    expect(canBatch({ kind: 'root', name: 'menuItem' })).toBe(true);
  });

  it('sends templates, media, users and settings on their own', () => {
    expect(canBatch({ kind: 'postType', name: 'wp_template' })).toBe(false);
    expect(canBatch({ kind: 'postType', name: 'wp_template_part' })).toBe(false);
    expect(canBatch({ kind: 'postType', name: 'attachment' })).toBe(false);
    expect(canBatch({ kind: 'root', name: 'media' })).toBe(false);
    expect(canBatch({ kind: 'root', name: 'user' })).toBe(false);
    expect(canBatch({ kind: 'root', name: 'site' })).toBe(false);
  });
});

describe('toBatchRequest', () => {
  it('puts the query into the path', () => {
    expect(toBatchRequest({ path: '/wp/v2/posts/5', method: 'DELETE', query: { force: true } })).toEqual({
      path: '/wp/v2/posts/5?force=true',
      method: 'DELETE',
    });
    expect(toBatchRequest({ path: '/wp/v2/posts', method: 'POST', body: { title: 'x' } })).toEqual({
      path: '/wp/v2/posts',
      method: 'POST',
      body: { title: 'x' },
    });
  });
});

describe('BatchRun', () => {
  it('sends every queued write in one transport batch and settles each like a single call', async () => {
    const { transport, batches } = fakeTransport();
    const run = new BatchRun(transport);
    const first = run.join((send) =>
      send({ path: '/wp/v2/posts/1', method: 'PUT', body: { id: 1 } }, { canBatch: true }),
    );
    const second = run.join(async (send) => {
      await Promise.resolve();
      return send({ path: '/wp/v2/posts/2', method: 'PUT', body: { id: 2 } }, { canBatch: true });
    });
    const [summary, a, b] = await Promise.all([run.run(), first, second]);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((request) => request.path)).toEqual(['/wp/v2/posts/1', '/wp/v2/posts/2']);
    expect(a).toEqual({ status: 200, body: { path: '/wp/v2/posts/1' } });
    expect(b).toEqual({ status: 200, body: { path: '/wp/v2/posts/2' } });
    expect(summary).toEqual({ requests: 2, failures: 0 });
  });

  it('rejects only the failing item with its error', async () => {
    const notFound = new RestError({
      status: 404,
      code: 'rest_post_invalid_id',
      message: 'Invalid post ID.',
    });
    const { transport } = fakeTransport((request) =>
      request.path.endsWith('/2') ? { ok: false, status: 404, error: notFound } : okAnswer(request),
    );
    const run = new BatchRun(transport);
    const first = run.join((send) => send({ path: '/wp/v2/posts/1', method: 'PUT' }, { canBatch: true }));
    const second = run.join((send) => send({ path: '/wp/v2/posts/2', method: 'PUT' }, { canBatch: true }));
    const settled = Promise.allSettled([first, second]);
    expect(await run.run()).toEqual({ requests: 2, failures: 1 });
    const [a, b] = await settled;
    expect(a.status).toBe('fulfilled');
    expect(b).toEqual({ status: 'rejected', reason: notFound });
  });

  it('sends writes of entities that cannot batch on their own', async () => {
    const { transport, batches, requests } = fakeTransport();
    const run = new BatchRun(transport);
    const template = run.join((send) => send({ path: '/wp/v2/templates/tt4//home', method: 'PUT' }));
    const post = run.join((send) => send({ path: '/wp/v2/posts/1', method: 'PUT' }, { canBatch: true }));
    await Promise.all([run.run(), template, post]);
    expect(requests.map((request) => request.path)).toEqual(['/wp/v2/templates/tt4//home']);
    expect(batches[0]?.map((request) => request.path)).toEqual(['/wp/v2/posts/1']);
  });

  it('sends nothing when no participant queues a write', async () => {
    const { transport, batches } = fakeTransport();
    const run = new BatchRun(transport);
    const nothing = run.join(() => Promise.resolve(undefined));
    expect(await run.run()).toEqual({ requests: 0, failures: 0 });
    await expect(nothing).resolves.toBeUndefined();
    expect(batches).toHaveLength(0);
  });

  it('rejects every queued write and the run when the batch as a whole fails', async () => {
    const { transport } = fakeTransport();
    const failure = new RestError({ status: 500, code: 'internal_server_error', message: 'Down' });
    transport.batch = () => Promise.reject(failure);
    const run = new BatchRun(transport);
    const write = run.join((send) => send({ path: '/wp/v2/posts/1', method: 'PUT' }, { canBatch: true }));
    const settled = Promise.allSettled([write]);
    await expect(run.run()).rejects.toBe(failure);
    expect((await settled)[0]).toEqual({ status: 'rejected', reason: failure });
  });

  it('refuses participants after it was sent', async () => {
    const { transport } = fakeTransport();
    const run = new BatchRun(transport);
    await run.run();
    await expect(run.join(() => Promise.resolve(1))).rejects.toThrow(/already been sent/);
  });
});
