/**
 * docs/guide.md §1 "Try it on the mock WordPress": the guide's setup, word for word, as this file's
 * module code (a file of its own, because it starts its own msw server).
 */
import { setupServer } from 'msw/node';
import { afterAll, expect, it, vi } from 'vitest';
import { RestTransport, RootStore } from 'wp-entities';
import { createMockWordPress } from 'wp-entities/testing';

vi.mock('wp-entities', () => import('../../src/index.js'));
vi.mock('wp-entities/testing', () => import('../../src/testing/index.js'));

const wordpress = createMockWordPress();
const server = setupServer(...wordpress.handlers);
server.listen();

const store = new RootStore({
  transport: new RestTransport({ root: wordpress.restRoot }),
});

afterAll(() => server.close());

it('guide §1: reads a post of the mock WordPress through msw', async () => {
  const post = await store.collection('postType', 'post').fetch(1);
  console.log(post?.title); // 'Hello world!'

  expect(post?.title).toBe('Hello world!');
  expect(wordpress.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
    'GET /wp/v2/types',
    'GET /wp/v2/posts/1',
  ]);
});
