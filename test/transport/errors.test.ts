import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRestError, type RestError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { ROOT, useMswServer } from './mswServer.js';

const server = useMswServer();

afterEach(() => {
  vi.useRealTimers();
});

async function failureOf(promise: Promise<unknown>): Promise<RestError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isRestError(error)).toBe(true);
  return error as RestError;
}

/** Retries off, so each failure shows after one attempt. */
function transport(options: { timeout?: number } = {}): RestTransport {
  return new RestTransport({ root: ROOT, retry: false, ...options });
}

describe('failures become RestErrors', () => {
  it('keeps the code, message, data and status of a WordPress error body', async () => {
    server.use(
      http.get(`${ROOT}/wp/v2/posts/999`, () =>
        HttpResponse.json(
          { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } },
          { status: 404 },
        ),
      ),
    );
    const error = await failureOf(transport().request({ path: '/wp/v2/posts/999' }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('rest_post_invalid_id');
    expect(error.message).toBe('Invalid post ID.');
    expect(error.data).toEqual({ status: 404 });
    expect(error.method).toBe('GET');
    expect(error.url).toBe(`${ROOT}/wp/v2/posts/999`);
  });

  it('keeps the parameter details of a rest_invalid_param error', async () => {
    const data = {
      status: 400,
      params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
    };
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, () =>
        HttpResponse.json(
          { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', data },
          { status: 400 },
        ),
      ),
    );
    const error = await failureOf(transport().request({ path: '/wp/v2/posts', query: { per_page: 500 } }));
    expect(error.code).toBe('rest_invalid_param');
    expect(error.data).toEqual(data);
  });

  it('reports an HTML error page as invalid_json with its status', async () => {
    server.use(
      http.get(
        `${ROOT}/wp/v2/posts`,
        () =>
          new HttpResponse('<html><body>There has been a critical error.</body></html>', {
            status: 500,
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const error = await failureOf(transport().request({ path: '/wp/v2/posts' }));
    expect(error.code).toBe('invalid_json');
    expect(error.status).toBe(500);
    expect(error.data).toMatchObject({ body: expect.stringContaining('critical error') as string });
  });

  it('reports an empty error response as http_error with its status', async () => {
    server.use(http.get(`${ROOT}/wp/v2/posts`, () => new HttpResponse(null, { status: 502 })));
    const error = await failureOf(transport().request({ path: '/wp/v2/posts' }));
    expect(error.code).toBe('http_error');
    expect(error.status).toBe(502);
  });

  it('reports JSON that is not a WordPress error as http_error, keeping the body', async () => {
    server.use(
      http.get('http://wp.test/', () =>
        HttpResponse.json({ success: true, data: { slug: '404' } }, { status: 404 }),
      ),
    );
    const error = await failureOf(transport().request({ path: 'http://wp.test/?_wp-find-template=true' }));
    expect(error.code).toBe('http_error');
    expect(error.status).toBe(404);
    expect(error.data).toEqual({ status: 404, body: { success: true, data: { slug: '404' } } });
  });

  it('reports a 2xx response whose body is not JSON as invalid_json', async () => {
    server.use(http.get(`${ROOT}/wp/v2/posts`, () => new HttpResponse('Notice: undefined index', {})));
    const error = await failureOf(transport().request({ path: '/wp/v2/posts' }));
    expect(error.code).toBe('invalid_json');
    expect(error.status).toBe(200);
    expect(error.message).toBe('The response is not a valid JSON response.');
  });

  it('reports a network failure as fetch_error with status 0', async () => {
    server.use(http.get(`${ROOT}/wp/v2/posts`, () => HttpResponse.error()));
    const error = await failureOf(transport().request({ path: '/wp/v2/posts' }));
    expect(error.code).toBe('fetch_error');
    expect(error.status).toBe(0);
    expect(error.message).toBe('You are probably offline.');
  });

  it('reports an attempt longer than 30 s as timeout', async () => {
    vi.useFakeTimers();
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const pending = failureOf(transport().request({ path: '/wp/v2/posts' }));
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe('timeout');
    expect(error.isTimeout).toBe(true);
    expect(error.status).toBe(0);
  });

  it('uses the configured timeout', async () => {
    vi.useFakeTimers();
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const pending = failureOf(transport({ timeout: 500 }).request({ path: '/wp/v2/posts' }));
    await vi.advanceTimersByTimeAsync(500);
    await expect(pending).resolves.toMatchObject({ code: 'timeout', status: 0 });
  });

  it('reports a caller abort as abort_error and does not retry it', async () => {
    let attempts = 0;
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, async () => {
        attempts += 1;
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const retrying = new RestTransport({ root: ROOT, retry: { limit: 2, backoffMs: 0 } });
    const controller = new AbortController();
    const pending = failureOf(retrying.request({ path: '/wp/v2/posts', signal: controller.signal }));
    await vi.waitFor(() => {
      expect(attempts).toBe(1);
    });
    controller.abort();
    const error = await pending;
    expect(error.code).toBe('abort_error');
    expect(error.isAbort).toBe(true);
    expect(error.status).toBe(0);
    await delay(20);
    expect(attempts).toBe(1);
  });

  it('rejects at once with abort_error for a signal aborted before the request', async () => {
    let attempts = 0;
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, () => {
        attempts += 1;
        return HttpResponse.json([]);
      }),
    );
    const error = await failureOf(transport().request({ path: '/wp/v2/posts', signal: AbortSignal.abort() }));
    expect(error.isAbort).toBe(true);
    expect(attempts).toBe(0);
  });
});
