import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { ROOT, useMswServer } from './mswServer.js';

const server = useMswServer();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JSON in and out', () => {
  it('resolves the parsed JSON body of a GET', async () => {
    let accept: string | null = null;
    server.use(
      http.get(`${ROOT}/wp/v2/posts/5`, ({ request }) => {
        accept = request.headers.get('Accept');
        return HttpResponse.json({ id: 5, title: { raw: 'Hello' } });
      }),
    );
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.request({ path: '/wp/v2/posts/5' })).resolves.toEqual({
      id: 5,
      title: { raw: 'Hello' },
    });
    expect(accept).toContain('application/json');
  });

  it('sends a body as JSON with its content type', async () => {
    let received: { type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${ROOT}/wp/v2/posts`, async ({ request }) => {
        received = { type: request.headers.get('Content-Type'), body: await request.json() };
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    const transport = new RestTransport({ root: ROOT });
    const created = await transport.request({
      path: '/wp/v2/posts',
      method: 'POST',
      body: { title: 'New', status: 'draft' },
    });
    expect(created).toEqual({ id: 9 });
    expect(received?.type).toContain('application/json');
    expect(received?.body).toEqual({ title: 'New', status: 'draft' });
  });

  it('resolves null for a 204 and for an empty 200 body', async () => {
    server.use(
      http.delete(`${ROOT}/wp/v2/things/1`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${ROOT}/wp/v2/empty`, () => new HttpResponse('', { status: 200 })),
    );
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.request({ path: '/wp/v2/things/1', method: 'DELETE' })).resolves.toBe(null);
    await expect(transport.request({ path: '/wp/v2/empty' })).resolves.toBe(null);
  });

  it('resolves data, status and headers with raw: true', async () => {
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, () =>
        HttpResponse.json([{ id: 1 }], {
          headers: { 'X-WP-Total': '41', 'X-WP-TotalPages': '5', Allow: 'GET, POST' },
        }),
      ),
    );
    const transport = new RestTransport({ root: ROOT });
    const response = await transport.request({ path: '/wp/v2/posts', raw: true });
    expect(response.data).toEqual([{ id: 1 }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-WP-Total')).toBe('41');
    expect(response.headers.get('X-WP-TotalPages')).toBe('5');
    expect(response.headers.get('Allow')).toBe('GET, POST');
  });

  it('serialises the query the way WordPress reads it', async () => {
    let search = '';
    server.use(
      http.get(`${ROOT}/wp/v2/posts`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json([]);
      }),
    );
    const transport = new RestTransport({ root: ROOT });
    await transport.request({
      path: '/wp/v2/posts',
      query: { include: [1, 2], _embed: true, status: undefined, context: 'edit' },
    });
    expect(search).toBe('?_embed=true&context=edit&include[]=1&include[]=2');
  });
});

describe('authentication and headers', () => {
  function captureHeaders(): { headers: Headers | undefined } {
    const captured: { headers: Headers | undefined } = { headers: undefined };
    server.use(
      http.get(`${ROOT}/wp/v2/users/me`, ({ request }) => {
        captured.headers = request.headers;
        return HttpResponse.json({ id: 1 });
      }),
    );
    return captured;
  }

  it('sends an application password as HTTP Basic authentication', async () => {
    const captured = captureHeaders();
    const transport = new RestTransport({
      root: ROOT,
      auth: { username: 'admin', applicationPassword: 'abcd EFGH 1234 ijkl' },
    });
    await transport.request({ path: '/wp/v2/users/me' });
    expect(captured.headers?.get('Authorization')).toBe(
      `Basic ${Buffer.from('admin:abcd EFGH 1234 ijkl').toString('base64')}`,
    );
  });

  it('encodes a non-ASCII user name as UTF-8', async () => {
    const captured = captureHeaders();
    const transport = new RestTransport({
      root: ROOT,
      auth: { username: 'zoë', applicationPassword: 'pässword' },
    });
    await transport.request({ path: '/wp/v2/users/me' });
    expect(captured.headers?.get('Authorization')).toBe(
      `Basic ${Buffer.from('zoë:pässword', 'utf8').toString('base64')}`,
    );
  });

  it('sends a nonce as X-WP-Nonce', async () => {
    const captured = captureHeaders();
    const transport = new RestTransport({ root: ROOT, auth: { nonce: 'abc123' } });
    await transport.request({ path: '/wp/v2/users/me' });
    expect(captured.headers?.get('X-WP-Nonce')).toBe('abc123');
    expect(captured.headers?.has('Authorization')).toBe(false);
  });

  it('sends the transport headers, and lets a request override one', async () => {
    const captured = captureHeaders();
    const transport = new RestTransport({
      root: ROOT,
      headers: { 'X-Site': 'a', 'X-Locale': 'en' },
    });
    await transport.request({ path: '/wp/v2/users/me', headers: { 'x-locale': 'fr' } });
    expect(captured.headers?.get('X-Site')).toBe('a');
    expect(captured.headers?.get('X-Locale')).toBe('fr');
  });

  it("passes credentials: 'include' to fetch for cookie authentication", async () => {
    const requests: Request[] = [];
    const fetch = vi.fn((input: Request | URL | string) => {
      requests.push(input as Request);
      return Promise.resolve(Response.json({ id: 1 }));
    });
    const transport = new RestTransport({
      root: ROOT,
      auth: { nonce: 'n' },
      credentials: 'include',
      fetch,
    });
    await transport.request({ path: '/wp/v2/users/me' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.headers.get('X-WP-Nonce')).toBe('n');
  });
});

describe('the fetch function', () => {
  it('uses the fetch given in the options', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ from: 'custom' })));
    const transport = new RestTransport({ root: ROOT, fetch });
    await expect(transport.request({ path: '/wp/v2/posts/1' })).resolves.toEqual({
      from: 'custom',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('looks up globalThis.fetch at call time, so a fetch installed later is used', async () => {
    const transport = new RestTransport({ root: ROOT });
    const later = vi.fn(() => Promise.resolve(Response.json({ from: 'later' })));
    vi.stubGlobal('fetch', later);
    await expect(transport.request({ path: '/wp/v2/posts/1' })).resolves.toEqual({
      from: 'later',
    });
    expect(later).toHaveBeenCalledTimes(1);
  });
});

describe('allowedMethods', () => {
  it('splits the Allow header of an OPTIONS request into upper-case tokens', async () => {
    let method = '';
    server.use(
      http.options(`${ROOT}/wp/v2/posts/1`, ({ request }) => {
        method = request.method;
        return HttpResponse.json({}, { headers: { Allow: 'GET, POST,put , PATCH, DELETE' } });
      }),
    );
    const transport = new RestTransport({ root: ROOT });
    const methods = await transport.allowedMethods('/wp/v2/posts/1');
    expect(method).toBe('OPTIONS');
    expect(methods).toEqual(new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
  });

  it('gives an empty set when the Allow header is missing', async () => {
    server.use(http.options(`${ROOT}/wp/v2/settings`, () => HttpResponse.json({})));
    const transport = new RestTransport({ root: ROOT });
    await expect(transport.allowedMethods('/wp/v2/settings')).resolves.toEqual(new Set());
  });
});

describe('concurrent identical calls', () => {
  function countingHandler(path: string): { count: number } {
    const counter = { count: 0 };
    server.use(
      http.get(`${ROOT}${path}`, async ({ request }) => {
        counter.count += 1;
        const n = counter.count;
        await delay(10);
        return HttpResponse.json({ n, q: new URL(request.url).search }, { headers: { 'X-WP-Total': '1' } });
      }),
    );
    return counter;
  }

  it('sends every call, even concurrent identical GETs (the store shares reads, not the transport)', async () => {
    const counter = countingHandler('/wp/v2/posts');
    const transport = new RestTransport({ root: ROOT });
    const [a, b] = await Promise.all([
      transport.request({ path: '/wp/v2/posts', query: { a: 1, b: 2 } }),
      transport.request({ path: '/wp/v2/posts', query: { b: 2, a: 1 } }),
    ]);
    expect(counter.count).toBe(2);
    expect([a, b]).toContainEqual({ n: 1, q: '?a=1&b=2' });
    expect([a, b]).toContainEqual({ n: 2, q: '?a=1&b=2' });
  });

  it('never shares writes', async () => {
    let count = 0;
    server.use(
      http.post(`${ROOT}/wp/v2/posts`, async () => {
        count += 1;
        const id = count;
        await delay(10);
        return HttpResponse.json({ id }, { status: 201 });
      }),
    );
    const transport = new RestTransport({ root: ROOT });
    const results = await Promise.all([
      transport.request({ path: '/wp/v2/posts', method: 'POST', body: { title: 'x' } }),
      transport.request({ path: '/wp/v2/posts', method: 'POST', body: { title: 'x' } }),
    ]);
    expect(count).toBe(2);
    expect(results).toContainEqual({ id: 1 });
    expect(results).toContainEqual({ id: 2 });
  });

  it("does not let one caller's abort fail another caller's identical GET", async () => {
    countingHandler('/wp/v2/posts');
    const transport = new RestTransport({ root: ROOT });
    const controller = new AbortController();
    const plain = transport.request({ path: '/wp/v2/posts' });
    const aborted = transport.request({ path: '/wp/v2/posts', signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ code: 'abort_error' });
    await expect(plain).resolves.toEqual({ n: expect.any(Number) as number, q: '' });
  });
});
