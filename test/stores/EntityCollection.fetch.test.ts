import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { isEntityConfigError } from '../../core/errors.js';
import { RootStore } from '../../stores/RootStore.js';
import { deferred, FakeTransport, makePost, typesBody } from '../helpers/fakeTransport.js';

function setup() {
  const transport = new FakeTransport()
    .on('GET', '/wp/v2/types', {
      body: typesBody({
        book: { slug: 'book', name: 'Books', rest_base: 'books', rest_namespace: 'library/v1' },
      }),
    })
    .on('GET', '/wp/v2/posts/5', { body: makePost(5) })
    .on('GET', '/library/v1/books/8', {
      body: { id: 8, title: { raw: 'Dune', rendered: 'Dune' }, status: 'publish' },
    });
  const store = new RootStore({ transport });
  return { transport, store };
}

describe('collection.fetch', () => {
  it('loads the post type configs on first use, then GETs the record with context=edit', async () => {
    const { store, transport } = setup();
    const record = await store.collection('postType', 'post').fetch('5');
    expect(transport.calls.map((c) => [c.method, c.path, c.query])).toEqual([
      ['GET', '/wp/v2/types', { context: 'view' }],
      ['GET', '/wp/v2/posts/5', { context: 'edit' }],
    ]);
    expect(record).toBe(store.record('postType', 'post', 5));
    expect(record?.isComplete).toBe(true);
    expect(record?.hasResolved).toBe(true);
    expect(record?.title).toBe('Post 5');
  });

  it('reads a custom post type under its custom namespace', async () => {
    const { store, transport } = setup();
    const book = await store.collection('postType', 'book').fetch(8);
    expect(transport.callsTo('GET', '/library/v1/books/8')).toHaveLength(1);
    expect(book?.config?.label).toBe('Books');
    expect(book?.raw?.title).toBe('Dune');
  });

  it('shares one request between concurrent identical fetches', async () => {
    const { store, transport } = setup();
    const posts = store.collection('postType', 'post');
    const [a, b] = await Promise.all([posts.fetch(5), posts.fetch('5'), posts.record(5).fetch()]);
    expect(a).toBe(b);
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(1);
  });

  it('shows isResolving while the request is in flight', async () => {
    const { store, transport } = setup();
    const gate = deferred();
    transport.on('GET', '/wp/v2/posts/5', async () => {
      await gate.promise;
      return { body: makePost(5) };
    });
    const record = store.record('postType', 'post', 5);
    const states: boolean[] = [];
    const stop = autorun(() => states.push(record.isResolving));
    const pending = record.fetch();
    await new Promise((r) => setTimeout(r, 0));
    gate.resolve();
    await pending;
    expect(states).toEqual([false, true, false]);
    stop();
  });

  it('adds the key to _fields and stores a partial record', async () => {
    const { store, transport } = setup();
    transport.on('GET', '/wp/v2/posts/5', (call) => ({
      body: { id: 5, title: makePost(5).title, _q: call.query._fields },
    }));
    const record = await store.collection('postType', 'post').fetch(5, { _fields: 'title' });
    expect(transport.callsTo('GET', '/wp/v2/posts/5')[0]?.query).toEqual({
      context: 'edit',
      _fields: 'id,title',
    });
    expect(record?.isComplete).toBe(false);
    expect(record?.persisted?.title).toEqual(makePost(5).title);
    expect(store.collection('postType', 'post').get(5)).toBe(record);
  });

  it('stores a record fetched in another context apart from persisted', async () => {
    const { store } = setup();
    const record = await store.collection('postType', 'post').fetch(5, { context: 'view' });
    expect(record?.persisted).toBeUndefined();
    expect(record?.inContext('view')?.id).toBe(5);
  });

  it('rejects with the RestError and stores it on the record', async () => {
    const { store, transport } = setup();
    transport.on('GET', '/wp/v2/posts/99', {
      status: 404,
      body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.' },
    });
    await expect(store.collection('postType', 'post').fetch(99)).rejects.toMatchObject({
      code: 'rest_post_invalid_id',
      status: 404,
    });
    const record = store.record('postType', 'post', 99);
    expect(record.fetchError?.message).toBe('Invalid post ID.');
    expect(record.isResolving).toBe(false);
    expect(record.persisted).toBeUndefined();
  });

  it('loads the kind once for ensureConfig and knows an unknown name is missing', async () => {
    const { store, transport } = setup();
    expect((await store.collection('postType', 'book').ensureConfig())?.baseURL).toBe('/library/v1/books');
    expect(await store.collection('postType', 'nope').ensureConfig()).toBeUndefined();
    expect(transport.callsTo('GET', '/wp/v2/types')).toHaveLength(1);
  });

  it('rejects with an EntityConfigError naming an unknown post type after loading the kind', async () => {
    const { store, transport } = setup();
    const error: unknown = await store
      .collection('postType', 'nope')
      .fetch(1)
      .catch((e: unknown) => e);
    expect(isEntityConfigError(error)).toBe(true);
    expect((error as Error).message).toBe('No entity config is registered for (postType, nope).');
    expect(store.record('postType', 'nope', 1).fetchError).toBe(error);
    await expect(store.collection('postType', 'nope').load(1)).rejects.toThrow(/\(postType, nope\)/);
    expect(transport.calls.map((call) => call.path)).toEqual(['/wp/v2/types']);
  });

  it('reads a singleton from its collection path', async () => {
    const { store, transport } = setup();
    transport.on('GET', '/wp/v2/settings', { body: { title: 'Site', description: 'd' } });
    transport.on('GET', '/', { body: { name: 'Site', url: 'http://x' } });
    const site = await store.collection('root', 'site').fetch();
    expect(site?.persisted?.title).toBe('Site');
    expect(transport.callsTo('GET', '/wp/v2/settings')[0]?.query).toEqual({});
    const base = await store.collection('root', 'base').load();
    expect(base?.persisted?.name).toBe('Site');
    expect(transport.callsTo('GET', '/')[0]?.query._fields).toBe(
      'description,gmt_offset,home,name,site_icon,site_icon_url,site_logo,timezone_string,url,page_for_posts,page_on_front,show_on_front',
    );
  });

  it('uses string ids such as template ids as they are', async () => {
    const { store, transport } = setup();
    transport.on('GET', '/wp/v2/templates/tt4//home', {
      body: { id: 'tt4//home', slug: 'home', title: { raw: '', rendered: '' } },
    });
    const template = await store.collection('postType', 'wp_template').fetch('tt4//home');
    expect(template?.id).toBe('tt4//home');
    expect(template?.title).toBe('Home');
  });
});

describe('collection.load', () => {
  it('requests only when the record is not complete yet', async () => {
    const { store, transport } = setup();
    const posts = store.collection('postType', 'post');
    await posts.load(5);
    await posts.load(5);
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(1);
  });

  it('makes no request for a record that a full list already brought', async () => {
    const { store, transport } = setup();
    const posts = store.collection('postType', 'post');
    await store.entities.load('postType');
    posts.receive([makePost(5)], { query: {} });
    await posts.load(5);
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(0);
  });

  it('treats a _fields read as satisfied when the fields are cached', async () => {
    const { store, transport } = setup();
    const posts = store.collection('postType', 'post');
    await store.entities.load('postType');
    posts.receive({ id: 5, title: 'x' }, { query: { _fields: 'id,title' } });
    await posts.load(5, { _fields: 'title' });
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(0);
    await posts.load(5);
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(1);
  });
});

describe('requests shared between contexts', () => {
  it('stores one shared GET in the context of each caller', async () => {
    const { store, transport } = setup();
    const posts = store.collection('postType', 'post');
    await posts.ensureConfig();
    const [inDefault] = await Promise.all([posts.fetch(5), posts.fetch(5, { context: 'edit' })]);
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(1);
    expect(inDefault?.persisted?.id).toBe(5);
    expect(inDefault?.inContext('edit')?.id).toBe(5);
  });

  it('fills the list of each query when two queries send the same request', async () => {
    const { store, transport } = setup();
    transport.on('GET', '/wp/v2/posts', {
      body: [makePost(1), makePost(2)],
      headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '1' },
    });
    const posts = store.collection('postType', 'post');
    await posts.ensureConfig();
    const plain = posts.query({});
    const edit = posts.query({ context: 'edit' });
    await Promise.all([plain.fetch(), edit.fetch()]);
    expect(transport.callsTo('GET', '/wp/v2/posts')).toHaveLength(1);
    expect(plain.items?.map((post) => post.id)).toEqual([1, 2]);
    expect(edit.items?.map((post) => post.id)).toEqual([1, 2]);
    expect(edit.totalItems).toBe(2);
  });
});
