import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockWordPress } from '../../src/testing/index.js';
import { mountMock, sendJson } from './helpers.js';

const { mock, rest, json } = mountMock();

describe('failNext', () => {
  it('fails the next matching requests with the given status and body, then recovers', async () => {
    mock.failNext(
      2,
      { status: 503, body: { code: 'maintenance', message: 'Down', data: { status: 503 } } },
      { method: 'GET', path: '/wp/v2/posts/1' },
    );
    const other = await rest('/wp/v2/posts');
    expect(other.status).toBe(200);
    const first = await json<{ code: string }>('/wp/v2/posts/1');
    const second = await rest('/wp/v2/posts/1');
    const third = await rest('/wp/v2/posts/1');
    expect(first.status).toBe(503);
    expect(first.body.code).toBe('maintenance');
    expect(second.status).toBe(503);
    expect(third.status).toBe(200);
  });

  it('uses a WordPress-shaped default body', async () => {
    mock.failNext(1, { status: 500 });
    const res = await json<{ code: string; data: { status: number } }>('/wp/v2/posts');
    expect(res.body).toEqual({ code: 'mock_failure', message: 'Injected failure.', data: { status: 500 } });
  });

  it('makes fetch reject on a network failure', async () => {
    mock.failNext(1, 'network');
    await expect(rest('/wp/v2/posts')).rejects.toThrow(TypeError);
    expect(mock.requests.at(-1)?.status).toBe(0);
    expect((await rest('/wp/v2/posts')).status).toBe(200);
  });

  it('answers 200 with a body that is not valid JSON', async () => {
    mock.failNext(1, 'invalid-json');
    const res = await rest('/wp/v2/posts');
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow(SyntaxError);
  });

  it('matches path prefixes ending in * and predicate filters', async () => {
    mock.failNext(1, { status: 500 }, { path: '/wp/v2/pages*' });
    mock.failNext(1, { status: 502 }, (r) => r.query['context'] === 'edit');
    expect((await rest('/wp/v2/posts')).status).toBe(200);
    expect((await rest('/wp/v2/posts?context=edit')).status).toBe(502);
    expect((await rest('/wp/v2/pages/2')).status).toBe(500);
  });
});

describe('hold', () => {
  it('keeps matching requests in flight until released', async () => {
    const hold = mock.hold({ method: 'PUT' });
    const pending = rest('/wp/v2/posts/1', sendJson('PUT', { title: 'Held' }));
    const caught = await hold.caught;
    expect(caught).toMatchObject({
      method: 'PUT',
      path: '/wp/v2/posts/1',
      status: undefined,
      body: { title: 'Held' },
    });
    expect(hold.pending).toBe(1);
    expect((await rest('/wp/v2/posts/1')).status).toBe(200);
    expect(mock.getPost(1)?.title).toBe('Hello world!');
    hold.release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(mock.getPost(1)?.title).toBe('Held');
    expect(hold.pending).toBe(0);
  });

  it('is released by reset', async () => {
    const hold = mock.hold();
    const pending = rest('/wp/v2/posts');
    await hold.caught;
    mock.reset();
    expect((await pending).status).toBe(200);
  });
});

describe('delay', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers only after the configured delay', async () => {
    vi.useFakeTimers();
    const direct = createMockWordPress();
    direct.delay(1000);
    let settled = false;
    const answer = direct.handle(new Request(`${direct.restRoot}/wp/v2/posts/1`)).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect((await answer).status).toBe(200);
  });
});

describe('request log', () => {
  it('records method, path, parsed query, body and status of each request', async () => {
    await rest('/wp/v2/posts?per_page=2&include[]=1&include[]=7');
    await rest('/wp/v2/posts', sendJson('POST', { title: 'Logged' }));
    await fetch(`${mock.root}/?rest_route=/wp/v2/nothing`);
    expect(mock.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/wp/v2/posts',
        query: { per_page: '2', include: ['1', '7'] },
        body: undefined,
        status: 200,
      }),
      expect.objectContaining({
        method: 'POST',
        path: '/wp/v2/posts',
        body: { title: 'Logged' },
        status: 201,
      }),
      expect.objectContaining({ method: 'GET', path: '/wp/v2/nothing', status: 404 }),
    ]);
  });

  it('is emptied by clearRequests and by reset', async () => {
    await rest('/wp/v2/posts');
    mock.clearRequests();
    expect(mock.requests).toHaveLength(0);
    await rest('/wp/v2/posts');
    mock.reset();
    expect(mock.requests).toHaveLength(0);
  });
});

describe('reset', () => {
  it('restores the seed and the initial current user', async () => {
    await rest('/wp/v2/posts/1', { method: 'DELETE' });
    mock.setCurrentUser(null);
    mock.reset();
    expect(mock.getPost(1)?.status).toBe('publish');
    expect(mock.currentUser).toEqual({ id: 1, username: 'admin', role: 'administrator' });
  });

  it('is deterministic: two mocks answer the same lists', async () => {
    const a = createMockWordPress();
    const b = createMockWordPress();
    const url = (m: typeof a): string => `${m.restRoot}/wp/v2/posts?per_page=100&context=edit`;
    const bodyA = await (await a.handle(new Request(url(a)))).text();
    const bodyB = await (await b.handle(new Request(url(b)))).text();
    expect(bodyA).toBe(bodyB);
  });
});
