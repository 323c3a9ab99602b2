/**
 * Where identical reads in flight are shared: in the store, not the transport. One store sends one
 * GET for concurrent fetches of a record; two stores on one transport each send their own (each
 * store's reads end with its dispose and follow its own saves); a refetch after a collaborator's
 * save never joins a read sent before it. Real RestTransport, mock WordPress through msw.
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockWordPress } from '../../src/testing/index.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { StoreDisposedError } from '../../core/errors.js';
import { RootStore } from '../../stores/RootStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => mock.reset());

/** GETs of one post's path that reached the server. */
function postReads(id: number): number {
  return mock.requests.filter((entry) => entry.method === 'GET' && entry.path === `/wp/v2/posts/${id}`)
    .length;
}

/**
 * Holds every GET of `pathEnd`, answering with what the server held when it arrived, once
 * released: `release()` lets every read go, `releaseOne(n)` the n-th (from 0) only.
 */
function holdReads(pathEnd: string): {
  arrivals: () => number;
  release(): void;
  releaseOne(n: number): void;
} {
  const gates: (() => void)[] = [];
  const waiting: Promise<void>[] = [];
  const gate = (n: number): Promise<void> => {
    while (waiting.length <= n) waiting.push(new Promise<void>((resolve) => gates.push(resolve)));
    return waiting[n] as Promise<void>;
  };
  let arrivals = 0;
  server.use(
    http.get(
      ({ request }) => new URL(request.url).pathname.endsWith(pathEnd),
      async ({ request }) => {
        const n = arrivals++;
        const answer = await mock.handle(request);
        await gate(n);
        return answer;
      },
    ),
  );
  return {
    arrivals: () => arrivals,
    releaseOne: (n) => {
      void gate(n);
      gates[n]?.();
    },
    release: () => {
      for (let n = 0; n < 8; n++) {
        void gate(n);
        gates[n]?.();
      }
    },
  };
}

/** Saves a title as someone else would: straight to the server, past the store. */
async function saveElsewhere(id: number, title: string): Promise<void> {
  await new RestTransport({ root: mock.restRoot, retry: false }).request({
    path: `/wp/v2/posts/${id}`,
    method: 'PUT',
    body: { title },
  });
}

describe('identical reads in flight', () => {
  it('one store sends one GET for concurrent fetches of a record', async () => {
    const id = mock.addPost('post', { title: 'Shared' });
    const store = new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
    const posts = store.collection('postType', 'post');
    await posts.ensureConfig();
    const before = postReads(id);
    const [a, b] = await Promise.all([posts.fetch(id), posts.fetch(id)]);
    expect(a).toBe(b);
    expect(postReads(id) - before).toBe(1);
    store.dispose();
  });

  it('two stores on one transport each send their own GET, and disposing one leaves the other’s read alone', async () => {
    const id = mock.addPost('post', { title: 'Each its own' });
    const transport = new RestTransport({ root: mock.restRoot, retry: false });
    const first = new RootStore({ transport });
    const second = new RootStore({ transport });
    await Promise.all([first, second].map((store) => store.collection('postType', 'post').ensureConfig()));
    const held = holdReads(`/wp/v2/posts/${id}`);
    const reads = [first, second].map((store) => store.collection('postType', 'post').fetch(id));
    await expect.poll(held.arrivals).toBe(2);
    first.dispose();
    held.release();
    await expect(reads[0]).rejects.toBeInstanceOf(StoreDisposedError);
    const record = await reads[1];
    expect((record?.edited as { title?: string } | undefined)?.title).toBe('Each its own');
    second.dispose();
  });

  it('a refetch after a collaborator’s save sends a read of its own, and asks once more at most however often it is asked', async () => {
    const id = mock.addPost('post', { title: 'Before' });
    const store = new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
    const posts = store.collection('postType', 'post');
    const post = (await posts.fetch(id))!;
    const held = holdReads(`/wp/v2/posts/${id}`);
    // A read of the user's own is in flight when a collaborator's save is heard of.
    const older = posts.fetch(id);
    await expect.poll(held.arrivals).toBe(1);
    await saveElsewhere(id, 'Theirs');
    const refetches = [posts.refetch(post), posts.refetch(post), posts.refetch(post)];
    await expect.poll(held.arrivals).toBe(2);
    held.releaseOne(0);
    await older;
    // The older read arrived before their save: what it brings is theirs-less, as it must be.
    expect((post.edited as { title?: string }).title).toBe('Before');
    held.release();
    await Promise.all(refetches);
    // The older read, the refetch, and one more read for the calls made while it flew.
    expect(held.arrivals()).toBe(3);
    expect((post.edited as { title?: string }).title).toBe('Theirs');
    store.dispose();
  });
});
