import { delay, http, HttpResponse, type HttpResponseResolver } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRestError, type RestError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { ROOT, useMswServer } from './mswServer.js';

const server = useMswServer();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const PATH = '/wp/v2/posts';

/** Answers each attempt with the next response; counts the attempts. */
function sequence(method: 'get' | 'post', responses: (() => Response | Promise<Response>)[]) {
  const state = { attempts: 0 };
  const resolver: HttpResponseResolver = () => {
    const next = responses[Math.min(state.attempts, responses.length - 1)];
    state.attempts += 1;
    if (next === undefined) throw new Error('no response configured');
    return next();
  };
  server.use(method === 'get' ? http.get(`${ROOT}${PATH}`, resolver) : http.post(`${ROOT}${PATH}`, resolver));
  return state;
}

const unavailable = (): Response =>
  HttpResponse.json(
    { code: 'maintenance', message: 'Briefly unavailable.', data: { status: 503 } },
    { status: 503 },
  );
const ok = (): Response => HttpResponse.json([{ id: 1 }]);

/** Keeps a pending call from counting as an unhandled rejection while timers advance. */
function track<T>(promise: Promise<T>): { result: Promise<T> } {
  promise.catch(() => undefined);
  return { result: promise };
}

async function failureOf(promise: Promise<unknown>): Promise<RestError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isRestError(error)).toBe(true);
  return error as RestError;
}

describe('retrying reads', () => {
  it('retries a GET after a 503, waiting the backoff first', async () => {
    const state = sequence('get', [unavailable, ok]);
    const transport = new RestTransport({ root: ROOT });
    const call = track(transport.request({ path: PATH }));
    await vi.advanceTimersByTimeAsync(299);
    expect(state.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(2);
  });

  it('doubles the backoff and gives up after two retries with the last error', async () => {
    const state = sequence('get', [unavailable]);
    const transport = new RestTransport({ root: ROOT });
    const call = track(failureOf(transport.request({ path: PATH })));
    await vi.advanceTimersByTimeAsync(300);
    expect(state.attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(599);
    expect(state.attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call.result;
    expect(state.attempts).toBe(3);
    expect(error.status).toBe(503);
    expect(error.code).toBe('maintenance');
  });

  it('retries a network failure of a GET', async () => {
    const state = sequence('get', [() => HttpResponse.error(), ok]);
    const transport = new RestTransport({ root: ROOT });
    const call = track(transport.request({ path: PATH }));
    await vi.advanceTimersByTimeAsync(300);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(2);
  });

  it('retries a GET whose attempt timed out', async () => {
    const state = sequence('get', [
      async () => {
        await delay('infinite');
        return ok();
      },
      ok,
    ]);
    const transport = new RestTransport({ root: ROOT, timeout: 1_000 });
    const call = track(transport.request({ path: PATH }));
    await vi.advanceTimersByTimeAsync(1_000 + 300);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(2);
  });

  it('retries 408, 429 and any 5xx, but not other client errors', async () => {
    for (const status of [408, 429, 500, 504, 599]) {
      const state = sequence('get', [() => new HttpResponse(null, { status }), ok]);
      const call = track(new RestTransport({ root: ROOT }).request({ path: PATH }));
      await vi.advanceTimersByTimeAsync(300);
      await expect(call.result).resolves.toEqual([{ id: 1 }]);
      expect(state.attempts, `status ${status}`).toBe(2);
    }
    const notFound = sequence('get', [
      () => HttpResponse.json({ code: 'rest_no_route', message: 'No route.' }, { status: 404 }),
      ok,
    ]);
    const error = await failureOf(new RestTransport({ root: ROOT }).request({ path: PATH }));
    expect(error.code).toBe('rest_no_route');
    expect(notFound.attempts).toBe(1);
  });

  it('honours Retry-After in seconds', async () => {
    const state = sequence('get', [
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '5' } }),
      ok,
    ]);
    const call = track(new RestTransport({ root: ROOT }).request({ path: PATH }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(state.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(2);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const state = sequence('get', [
      () =>
        new HttpResponse(null, {
          status: 503,
          headers: { 'Retry-After': new Date(Date.now() + 3_000).toUTCString() },
        }),
      ok,
    ]);
    const call = track(new RestTransport({ root: ROOT }).request({ path: PATH }));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(state.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(2);
  });

  it('honours Retry-After on any retried status, such as a 500', async () => {
    const state = sequence('get', [
      () => new HttpResponse(null, { status: 500, headers: { 'Retry-After': '2' } }),
      ok,
    ]);
    const call = track(new RestTransport({ root: ROOT }).request({ path: PATH }));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(state.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(2);
  });

  it('does not retry when Retry-After asks for longer than maxRetryAfterMs', async () => {
    const state = sequence('get', [
      () => new HttpResponse(null, { status: 503, headers: { 'Retry-After': '3600' } }),
      ok,
    ]);
    const error = await failureOf(new RestTransport({ root: ROOT }).request({ path: PATH }));
    expect(error.status).toBe(503);
    expect(state.attempts).toBe(1);
  });

  it('follows the configured limit and backoff', async () => {
    const state = sequence('get', [unavailable]);
    const transport = new RestTransport({ root: ROOT, retry: { limit: 1, backoffMs: 50 } });
    const call = track(failureOf(transport.request({ path: PATH })));
    await vi.advanceTimersByTimeAsync(50);
    await call.result;
    expect(state.attempts).toBe(2);
  });

  it('caps each backoff delay at capMs', async () => {
    const state = sequence('get', [unavailable, unavailable, ok]);
    const transport = new RestTransport({
      root: ROOT,
      retry: { backoffMs: 1_000, capMs: 1_500 },
    });
    const call = track(transport.request({ path: PATH }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(3);
  });

  it('stops retrying when the total timeout runs out, with a timeout error', async () => {
    const state = sequence('get', [unavailable]);
    const transport = new RestTransport({
      root: ROOT,
      totalTimeout: 1_000,
      retry: { limit: 5, backoffMs: 600 },
    });
    const call = track(failureOf(transport.request({ path: PATH })));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call.result;
    expect(error.code).toBe('timeout');
    expect(error.status).toBe(0);
    expect(error.data).toMatchObject({ timeoutMs: 1_000, isTotal: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.attempts).toBe(2);
  });

  it('does not retry at all with retry: false', async () => {
    const state = sequence('get', [unavailable, ok]);
    const error = await failureOf(new RestTransport({ root: ROOT, retry: false }).request({ path: PATH }));
    expect(error.status).toBe(503);
    expect(state.attempts).toBe(1);
  });
});

describe('writes', () => {
  it('never retries a POST after a 503 or a network failure', async () => {
    const state = sequence('post', [unavailable, () => HttpResponse.error(), ok]);
    const transport = new RestTransport({ root: ROOT });
    const first = await failureOf(transport.request({ path: PATH, method: 'POST', body: {} }));
    expect(first.status).toBe(503);
    expect(state.attempts).toBe(1);
    const second = await failureOf(transport.request({ path: PATH, method: 'POST', body: {} }));
    expect(second.code).toBe('fetch_error');
    expect(state.attempts).toBe(2);
  });

  it('retries a POST when the caller opts in through retry.methods', async () => {
    const state = sequence('post', [unavailable, ok]);
    const transport = new RestTransport({ root: ROOT, retry: { methods: ['GET', 'POST'] } });
    const call = track(transport.request({ path: PATH, method: 'POST', body: {} }));
    await vi.advanceTimersByTimeAsync(300);
    await expect(call.result).resolves.toEqual([{ id: 1 }]);
    expect(state.attempts).toBe(2);
  });
});
