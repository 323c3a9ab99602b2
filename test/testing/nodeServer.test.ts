import { afterEach, describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';

let handle: MockServerHandle | null = null;

afterEach(async () => {
  await handle?.close();
  handle = null;
});

describe('mock.listen()', () => {
  it('serves the REST API over plain HTTP on 127.0.0.1 with links under its own URL', async () => {
    const mock = createMockWordPress();
    handle = await mock.listen();
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(handle.root).toBe(`${handle.url}/wp-json`);
    const res = await fetch(`${handle.root}/wp/v2/posts?per_page=2`, {
      headers: { Authorization: MOCK_USERS.editor.authorization },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-wp-total')).not.toBeNull();
    expect(res.headers.get('link')).toBe(`<${handle.root}/wp/v2/posts?per_page=2&page=2>; rel="next"`);
    expect(mock.requests.at(-1)).toMatchObject({ path: '/wp/v2/posts', userId: MOCK_USERS.editor.id });
  });

  it('accepts JSON writes and answers their status', async () => {
    const mock = createMockWordPress();
    handle = await mock.listen();
    const res = await fetch(`${handle.root}/wp/v2/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Over HTTP' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number };
    expect(mock.getPost(body.id)?.title).toBe('Over HTTP');
  });

  it('drops the connection for an injected network failure', async () => {
    const mock = createMockWordPress();
    handle = await mock.listen();
    mock.failNext(1, 'network');
    await expect(fetch(`${handle.root}/wp/v2/posts`)).rejects.toThrow(TypeError);
  });

  it('stops answering after close', async () => {
    const mock = createMockWordPress();
    const server = await mock.listen();
    await server.close();
    await expect(fetch(`${server.root}/wp/v2/posts`)).rejects.toThrow(TypeError);
  });
});
