/**
 * `store.dehydrate()` and `store.hydrate()` against the test kit's mock WordPress: a server store
 * reads, its snapshot goes through JSON, and a new store answers the same reads with no request.
 */
import { autorun } from 'mobx';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isSnapshotError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import type { WpPost, WpPostEdited } from '../../models/postTypes.js';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import '../../src/ssr/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { SNAPSHOT_VERSION, type StoreSnapshot } from '../../stores/storeSnapshot.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const stores: RootStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

function newStore(): RootStore {
  const { username, appPassword } = MOCK_USERS.admin;
  const store = new RootStore({
    transport: new RestTransport({
      root: mock.restRoot,
      retry: false,
      auth: { username, applicationPassword: appPassword },
    }),
  });
  stores.push(store);
  return store;
}

let ids: number[];
beforeEach(() => {
  mock.reset();
  ids = Array.from({ length: 7 }, (_, i) =>
    mock.addPost('post', { title: `Post ${i + 1}`, content: 'Body' }),
  );
});

/** What a server render reads: a page of posts, one post in two contexts, the site, a permission. */
async function renderOnServer(): Promise<string> {
  const server = newStore();
  const posts = server.collection<WpPost, WpPostEdited>('postType', 'post');
  await posts.query({ per_page: 5, page: 1 }).fetch();
  await posts.fetch(ids[0]);
  await posts.fetch(ids[6], { context: 'view' });
  await server.collection('root', 'site').fetch();
  await server.permissions.canUser('update', 'posts', ids[0]);
  await server.permissions.canUser('create', 'posts');
  return JSON.stringify(server.dehydrate());
}

async function quietFor(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('store snapshots', () => {
  it('answers the server render reads on a new store with 0 requests, observed or not', async () => {
    const json = await renderOnServer();
    mock.clearRequests();

    const client = newStore();
    client.hydrate(json);
    const posts = client.collection<WpPost, WpPostEdited>('postType', 'post');
    const page = posts.query({ per_page: 5, page: 1 });
    // Newest first, as WordPress lists them; the totals are the site's (its seed has posts too).
    expect(page.items?.map((item) => item.id)).toEqual([...ids].reverse().slice(0, 5));
    expect(page.totalItems).toBeGreaterThanOrEqual(7);
    expect(page.totalPages).toBe(Math.ceil(page.totalItems! / 5));
    expect(posts.get(ids[0])?.edited?.title).toBe('Post 1');
    expect(posts.record(ids[6]).inContext('view')?.title.rendered).toBe('Post 7');
    expect(client.collection('root', 'site').get()?.persisted).toMatchObject({ title: expect.any(String) });
    expect(client.permissions.get('update', 'posts', ids[0])).toBe(true);
    expect(client.permissions.get('create', 'posts')).toBe(true);
    expect(client.entities.get('postType', 'post')?.baseURL).toBe('/wp/v2/posts');

    // A component observing the same reads asks for nothing either.
    const stop = autorun(() => {
      void page.items;
      void posts.record(ids[0]).edited;
      void posts.record(ids[0]).canEdit;
    });
    await quietFor(30);
    stop();
    expect(await client.permissions.canUser('update', 'posts', ids[0])).toBe(true);
    expect(mock.requests).toEqual([]);
  });

  it('takes nothing in as an edit: nothing is dirty, nothing is sent, and edits after it save as usual', async () => {
    const client = newStore();
    client.hydrate(await renderOnServer());
    mock.clearRequests();
    expect(client.dirtyRecords).toEqual([]);
    expect(client.history.hasUndo).toBe(false);
    await client.saveDirty();
    expect(mock.requests).toEqual([]);

    const post = client.collection<WpPost, WpPostEdited>('postType', 'post').record(ids[0]);
    post.edit({ title: 'Edited after hydration' });
    await post.save({ throwOnError: true });
    const writes = mock.requests.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS');
    expect(writes).toHaveLength(1);
    expect(Object.keys(writes[0]?.body as object).sort()).toEqual(['id', 'title']);
    expect(mock.getPost(ids[0]!)?.title).toBe('Edited after hydration');
  });

  it('refuses another version, a changed snapshot and a shape it does not read; the store stays empty', async () => {
    const json = await renderOnServer();
    const good = JSON.parse(json) as StoreSnapshot;
    const refused = (snapshot: unknown): unknown => {
      const client = newStore();
      try {
        client.hydrate(snapshot as StoreSnapshot);
      } catch (error) {
        expect(
          client.allCollections.every((c) => c.allRecords.length === 0 && c.allQueries.length === 0),
        ).toBe(true);
        expect(client.entities.isLoaded('postType')).toBe(false);
        return error;
      }
      throw new Error('the snapshot was taken in');
    };

    const otherVersion = refused({ ...good, version: SNAPSHOT_VERSION + 1 });
    expect(isSnapshotError(otherVersion)).toBe(true);
    expect(String(otherVersion)).toMatch(/version 2; this library reads version 1/);

    const tampered = refused(json.replace('Post 1', 'Post one'));
    expect(String(tampered)).toMatch(/checksum does not match/);

    expect(String(refused(json.slice(0, -10)))).toMatch(/not valid JSON/);
    expect(String(refused({ hello: 'world' }))).toMatch(/not a store snapshot/);

    // Edits slipped in beside a record's data, with the checksum made again to match.
    const withEdits = JSON.parse(json) as StoreSnapshot;
    (withEdits.body.collections[0]!.records[0] as unknown as Record<string, unknown>)['edits'] = {
      title: 'x',
    };
    const resigned = newStore();
    resigned.hydrate(resigned.dehydrate()); // an empty snapshot is fine
    expect(isSnapshotError(refused({ ...withEdits, checksum: checksumLike(withEdits) }))).toBe(true);
  });

  it('without wp-entities/ssr imported, dehydrate and hydrate name the entry to import', () => {
    const slot = Symbol.for('wp-entities.snapshot-engine');
    const slots = globalThis as Record<symbol, unknown>;
    const engine = slots[slot];
    delete slots[slot];
    try {
      const store = newStore();
      expect(() => store.dehydrate()).toThrow(/store\.dehydrate\(\) needs wp-entities\/ssr/);
      expect(() => store.hydrate('{}')).toThrow(/store\.hydrate\(\) needs wp-entities\/ssr/);
    } finally {
      slots[slot] = engine;
    }
  });
});

/** The checksum a snapshot writer would compute (FNV-1a of the body's JSON), to test the shape check alone. */
function checksumLike(snapshot: StoreSnapshot): string {
  const text = JSON.stringify(snapshot.body);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}
