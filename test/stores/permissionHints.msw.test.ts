/**
 * Permissions from the answers themselves, against the test kit's mock WordPress (msw at the HTTP
 * edge): `_links.self[0].targetHints.allow` as WordPress 6.7+ sends it, the `Allow` header of a
 * record's `GET` as every WordPress sends it, and which answer wins when a list, an `OPTIONS` and
 * a refused write disagree.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isArgumentError, isEntityConfigError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import type { MockWordPressVersion } from '../../src/testing/types.js';

const POSTS = 100;
const AUTHOR_ID = 3;

let mock: MockWordPress = createMockWordPress();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A site answering as `version`, with `POSTS` more published posts, every third by the author. */
function site(version: MockWordPressVersion): MockWordPress {
  mock = createMockWordPress({ version });
  for (let n = 0; n < POSTS; n++) {
    mock.addPost('post', {
      title: `Post ${n}`,
      author: n % 3 === 0 ? AUTHOR_ID : 1,
      status: 'publish',
    });
  }
  server.use(...mock.handlers);
  return mock;
}

function storeOf(fetchImpl?: typeof fetch): RootStore {
  return new RootStore({
    transport: new RestTransport({
      root: mock.restRoot,
      retry: false,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    }),
  });
}

function optionsRequests(): number {
  return mock.requests.filter((entry) => entry.method === 'OPTIONS').length;
}

/** What one OPTIONS per record says, from a store that never saw the list: the truth to compare with. */
async function updateAnswersByOptions(ids: readonly number[]): Promise<(boolean | undefined)[]> {
  const fresh = storeOf();
  return Promise.all(ids.map((id) => fresh.permissions.canUser('update', 'posts', id)));
}

async function listOfPosts(store: RootStore): Promise<number[]> {
  const query = await store
    .collection('postType', 'post')
    .query({ per_page: POSTS, context: 'edit' })
    .fetch();
  return (query.records ?? []).map((record) => Number(record.id));
}

describe('permissions from targetHints (WordPress 6.7+)', () => {
  it('answers canUser update for each of a list of 100 posts with zero OPTIONS requests', async () => {
    site('6.7');
    const store = storeOf();

    const ids = await listOfPosts(store);
    const answers = await Promise.all(ids.map((id) => store.permissions.canUser('update', 'posts', id)));

    expect(ids).toHaveLength(POSTS);
    expect(optionsRequests()).toBe(0);
    expect(answers).toEqual(await updateAnswersByOptions(ids));
  });

  it("answers 'no' from the hints too: an author's list holds others' posts they may only read", async () => {
    site('6.7').setCurrentRole('author');
    const store = storeOf();
    const query = await store
      .collection('postType', 'post')
      .query({ per_page: POSTS, context: 'view' })
      .fetch();
    const ids = (query.records ?? []).map((record) => Number(record.id));

    const answers = await Promise.all(ids.map((id) => store.permissions.canUser('update', 'posts', id)));

    expect(optionsRequests()).toBe(0);
    expect(answers).toEqual(await updateAnswersByOptions(ids));
    expect(answers.filter((answer) => answer === true).length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer === false).length).toBeGreaterThan(0);
  });

  it('gives the same answers for an entity resource and for record.canEdit, still without a request', async () => {
    site('6.7').setCurrentRole('author');
    const store = storeOf();
    const ids = await listOfPosts(store);
    const requestsAfterList = mock.requests.length;

    const byEntity = await Promise.all(
      ids.map((id) => store.permissions.canUser('update', { kind: 'postType', name: 'post', id })),
    );
    const byName = ids.map((id) => store.permissions.get('update', 'posts', id));
    const canEdit = ids.map((id) => store.record('postType', 'post', id).canEdit);
    const deletes = ids.map((id) => store.permissions.ofRecord('postType', 'post', id).delete);

    expect(byEntity).toEqual(byName);
    expect(canEdit).toEqual(byName);
    expect(deletes.every((answer) => typeof answer === 'boolean')).toBe(true);
    expect(mock.requests.length).toBe(requestsAfterList);
  });

  it('falls back to one OPTIONS for a record whose answer had no hints (_fields without _links)', async () => {
    site('6.7');
    const store = storeOf();
    const query = await store
      .collection('postType', 'post')
      .query({ per_page: 5, _fields: 'id,title' })
      .fetch();
    const id = Number(query.records?.[0]?.id);

    await expect(store.permissions.canUser('update', 'posts', id)).resolves.toBe(true);

    expect(mock.requests.filter((e) => e.method === 'OPTIONS').map((e) => e.path)).toEqual([
      `/wp/v2/posts/${id}`,
    ]);
  });

  it('takes hints given with _links in _fields', async () => {
    site('6.7');
    const store = storeOf();
    const query = await store
      .collection('postType', 'post')
      .query({ per_page: 5, _fields: 'id,title,_links' })
      .fetch();

    for (const record of query.records ?? []) {
      await expect(store.permissions.canUser('delete', 'posts', record.id)).resolves.toBe(true);
    }
    expect(optionsRequests()).toBe(0);
  });
});

describe('permissions without hints (WordPress 6.1)', () => {
  it('sends one OPTIONS per record asked about after a list, as before', async () => {
    site('6.1');
    const store = storeOf();
    const ids = (await listOfPosts(store)).slice(0, 3);

    for (const id of ids) await store.permissions.canUser('update', 'posts', id);
    await store.permissions.canUser('delete', 'posts', ids[0]);

    expect(mock.requests.filter((e) => e.method === 'OPTIONS').map((e) => e.path)).toEqual(
      ids.map((id) => `/wp/v2/posts/${id}`),
    );
  });

  it("takes a single record's Allow header: no OPTIONS after fetching it", async () => {
    site('6.1').setCurrentRole('author');
    const store = storeOf();
    const authorPost = mock.addPost('post', { title: 'mine', author: AUTHOR_ID, status: 'draft' });
    const adminPost = mock.addPost('post', { title: 'theirs', author: 1, status: 'publish' });

    await store.collection('postType', 'post').fetch(authorPost);
    await store.collection('postType', 'post').fetch(adminPost, { context: 'view' });

    await expect(store.permissions.canUser('update', 'posts', authorPost)).resolves.toBe(true);
    await expect(store.permissions.canUser('update', 'posts', adminPost)).resolves.toBe(false);
    expect(store.permissions.get('read', 'posts', adminPost)).toBe(true);
    expect(optionsRequests()).toBe(0);
  });

  it('treats a GET answer without an Allow header as unknown, never as "no"', async () => {
    site('6.1');
    // A cross-origin browser does not see Allow: WordPress does not expose it.
    const withoutAllow: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (new Request(input, init).method !== 'GET') return response;
      const headers = new Headers(response.headers);
      headers.delete('Allow');
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    };
    const store = storeOf(withoutAllow);
    const id = mock.addPost('post', { title: 'x', status: 'publish' });

    await store.collection('postType', 'post').fetch(id);

    expect(store.permissions.get('update', 'posts', id)).toBeUndefined();
    await expect(store.permissions.canUser('update', 'posts', id)).resolves.toBe(true);
    expect(optionsRequests()).toBe(1);
  });
});

/** Sends a list holding post `id` and holds its answer back; the request is on its way once this resolves. */
async function heldListOf(
  store: RootStore,
  id: number,
): Promise<{ list: Promise<unknown>; release(): void }> {
  const held = mock.hold({ method: 'GET', path: '/wp/v2/posts' });
  const list = listHolding(store, id);
  await held.caught;
  return { list, release: () => held.release() };
}

function listHolding(store: RootStore, id: number): Promise<unknown> {
  return store
    .collection('postType', 'post')
    .query({ per_page: 10, include: [id] })
    .fetch();
}

describe('which answer wins', () => {
  it('a list sent before an OPTIONS never overrides the OPTIONS answer', async () => {
    site('6.7');
    const id = mock.addPost('post', { title: 'admin post', author: 1, status: 'publish' });
    const store = storeOf();
    // Sent as the administrator: its hints say PUT.
    const held = await heldListOf(store, id);
    mock.setCurrentRole('author');

    await expect(store.permissions.canUser('update', 'posts', id)).resolves.toBe(false);
    held.release();
    await held.list;

    expect(store.permissions.get('update', 'posts', id)).toBe(false);
  });

  it('an OPTIONS sent before a list does not override the list when it answers after it', async () => {
    site('6.7');
    const id = mock.addPost('post', { title: 'admin post', author: 1, status: 'publish' });
    const store = storeOf();
    mock.setCurrentRole('author');
    const held = mock.hold({ method: 'OPTIONS' });
    const check = store.permissions.canUser('delete', 'posts', id);
    await held.caught;
    mock.setCurrentRole('administrator');

    await listHolding(store, id);
    expect(store.permissions.get('delete', 'posts', id)).toBe(true);
    held.release();

    // The check resolves to what is known once its request is done: the newer answer.
    await expect(check).resolves.toBe(true);
    expect(store.permissions.get('update', 'posts', id)).toBe(true);
  });

  it('a list sent before a refused save never overrides the refusal', async () => {
    site('6.7');
    const id = mock.addPost('post', { title: 'admin post', author: 1, status: 'publish' });
    const store = storeOf();
    await store.collection('postType', 'post').fetch(id);
    const held = await heldListOf(store, id);
    mock.setCurrentRole('author');
    const record = store.record('postType', 'post', id);
    record.edit({ title: 'mine now' });

    await record.save();
    expect(record.saveError).toMatchObject({ status: 403, code: 'rest_cannot_edit' });
    expect(store.permissions.get('update', 'posts', id)).toBe(false);
    held.release();
    await held.list;

    expect(store.permissions.get('update', 'posts', id)).toBe(false);
    expect(record.canEdit).toBe(false);
  });

  it('a refused publish leaves the record editable', async () => {
    site('6.1');
    mock.addUser({ username: 'contributor', role: 'contributor' });
    mock.setCurrentRole('contributor');
    const store = storeOf();
    const record = store.collection('postType', 'post').create({ title: 'draft' });
    await record.save();
    await store.collection('postType', 'post').fetch(record.id);
    expect(store.permissions.get('update', 'posts', record.id)).toBe(true);

    record.edit({ status: 'publish' });
    await record.save();

    expect(record.saveError).toMatchObject({ status: 403, code: 'rest_cannot_publish' });
    expect(store.permissions.get('update', 'posts', record.id)).toBe(true);
  });
});

describe('canUser with an entity resource', () => {
  it('checks the entity collection at its base path', async () => {
    site('6.1');
    const store = storeOf();

    await expect(store.permissions.canUser('create', { kind: 'postType', name: 'page' })).resolves.toBe(true);

    expect(mock.requests.filter((e) => e.method === 'OPTIONS').map((e) => e.path)).toEqual(['/wp/v2/pages']);
    expect(store.permissions.get('create', 'pages')).toBe(true);
  });

  it('rejects an entity resource without a name', async () => {
    site('6.1');
    const store = storeOf();

    const error: unknown = await store.permissions
      .canUser('update', { kind: 'postType' } as never)
      .catch((e: unknown) => e);

    expect(isArgumentError(error)).toBe(true);
    expect(mock.requests).toHaveLength(0);
  });

  it('answers unknown for an entity the site does not have, with the reason in lastError', async () => {
    site('6.1');
    const store = storeOf();
    const fontFamily = { kind: 'postType', name: 'wp_font_family', id: 1 } as const;

    await expect(store.permissions.canUser('update', fontFamily)).resolves.toBeUndefined();

    expect(isEntityConfigError(store.permissions.lastError('update', fontFamily))).toBe(true);
    expect(mock.requests.filter((e) => e.method === 'OPTIONS')).toHaveLength(0);
  });
});
