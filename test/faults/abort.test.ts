/**
 * A user abort on every kind of request: the request the store sends for each operation, aborted
 * through its `AbortSignal` while the server is still answering. It rejects with a `RestError`
 * `abort_error` (status 0), is never retried (aborting is the caller giving up), changes nothing in
 * the cache, and the store's own operation succeeds afterwards.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../core/transport/types.js';
import type { RootStore } from '../../stores/RootStore.js';
import { useFaultEdge } from './edge.js';
import { expectRestError } from './expectations.js';

const edge = useFaultEdge();
const { mock } = edge;
const EMBED_URL = 'https://video.example/watch/7';

interface AbortRow {
  readonly name: string;
  /** The request as the store sends it for this operation. */
  readonly request: (id: number) => RequestOptions;
  /** The store's operation, run afterwards: it must succeed. */
  readonly retry: (store: RootStore, id: number) => Promise<unknown>;
}

const ROWS: readonly AbortRow[] = [
  {
    name: 'fetch (GET a record)',
    request: (id) => ({ path: `/wp/v2/posts/${id}`, query: { context: 'edit' } }),
    retry: (store, id) => store.collection('postType', 'post').fetch(id),
  },
  {
    name: 'query (GET a list)',
    request: () => ({ path: '/wp/v2/posts', query: { context: 'edit', per_page: 5 } }),
    retry: (store) => store.collection('postType', 'post').query({ per_page: 5 }).fetch(),
  },
  {
    name: 'save (PUT)',
    request: (id) => ({ path: `/wp/v2/posts/${id}`, method: 'PUT', body: { id, title: 'Aborted' } }),
    retry: async (store, id) => {
      const post = await store.collection('postType', 'post').fetch(id);
      post?.edit({ title: 'Saved after the abort' });
      return post?.save({ throwOnError: true });
    },
  },
  {
    name: 'create (POST)',
    request: () => ({ path: '/wp/v2/posts', method: 'POST', body: { title: 'Aborted', status: 'draft' } }),
    retry: async (store) => {
      await store.entities.load('postType');
      return store
        .collection('postType', 'post')
        .create({ title: 'Created after the abort' })
        .save({ throwOnError: true });
    },
  },
  {
    name: 'delete (DELETE)',
    request: (id) => ({ path: `/wp/v2/posts/${id}`, method: 'DELETE', query: { force: true } }),
    retry: async (store, id) =>
      (await store.collection('postType', 'post').fetch(id))?.delete({ force: true }, { throwOnError: true }),
  },
  {
    name: 'autosave (POST …/autosaves)',
    request: (id) => ({ path: `/wp/v2/posts/${id}/autosaves`, method: 'POST', body: { title: 'Aborted' } }),
    retry: async (store, id) => {
      const post = await store.collection('postType', 'post').fetch(id);
      post?.edit({ content: 'Autosaved after the abort' });
      return post?.autosave({ throwOnError: true });
    },
  },
  {
    name: 'revisions (GET …/revisions)',
    request: (id) => ({ path: `/wp/v2/posts/${id}/revisions`, query: { context: 'edit' } }),
    retry: async (store, id) => (await store.collection('postType', 'post').fetch(id))?.revisions().fetch(),
  },
  {
    name: 'batch (POST /batch/v1)',
    request: (id) => ({
      path: '/batch/v1',
      method: 'POST',
      body: {
        validation: 'require-all-validate',
        requests: [{ path: `/wp/v2/posts/${id}`, method: 'PUT', body: { title: 'Aborted' } }],
      },
    }),
    retry: async (store, id) => {
      const post = await store.collection('postType', 'post').fetch(id);
      post?.edit({ title: 'Batched after the abort' });
      return store.saveDirty({ throwOnError: true });
    },
  },
  {
    name: 'permission check (OPTIONS)',
    request: (id) => ({ path: `/wp/v2/posts/${id}`, method: 'OPTIONS' }),
    retry: async (store, id) => {
      const allowed = await store.permissions.canUser('update', 'posts', id);
      if (allowed !== true) throw new Error('the permission check did not succeed');
    },
  },
  {
    name: 'embed preview (GET /oembed/1.0/proxy)',
    request: () => ({ path: '/oembed/1.0/proxy', query: { url: EMBED_URL } }),
    retry: async (store) => {
      const preview = await store.embeds.preview(EMBED_URL);
      if (preview === false) throw new Error('the preview did not succeed');
    },
  },
];

describe('a request aborted by the user', () => {
  it.each(ROWS)(
    '$name rejects with abort_error, is not retried, and the operation succeeds afterwards',
    async ({ request, retry }) => {
      const id = mock.addPost('post', { title: 'Original', content: 'Body' });
      mock.setEmbed(EMBED_URL, { type: 'video', version: '1.0', html: '<iframe></iframe>' });
      const store = edge.newStore();
      const options = request(id);
      const method = options.method ?? 'GET';
      const path = options.path;
      // Far longer than the test waits: the abort comes first however loaded the machine is.
      edge.inject({ method, path }, { kind: 'slow', ms: 5_000 });
      const controller = new AbortController();

      const pending = store.transport.request({ ...options, signal: controller.signal });
      // Aborted once the request is on its way (waited for, not slept on).
      await vi.waitFor(() => expect(edge.sent(method, path)).toHaveLength(1), {
        timeout: 10_000,
        interval: 5,
      });
      controller.abort();
      const error = await pending.catch((reason: unknown) => reason);

      expectRestError(error, { status: 0, code: 'abort_error', message: 'The request was aborted.' });
      expect(edge.sent(method, path)).toHaveLength(1);
      // Nothing reached the server: the post is as it was.
      expect(mock.getPost(id)?.title).toBe('Original');

      // Rejects (failing the scenario) unless the operation succeeds.
      await retry(store, id);
    },
  );
});
