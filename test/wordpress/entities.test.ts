import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostTypeConfig, RestTransport, RootStore, TaxonomyConfig, isRestError } from '../../src/index.js';
import { send } from '../contract/check.js';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { loggedStoreAs, restErrorOf, storeAs } from './stores.js';

const site = wordpressSite();
const token = uniqueToken('entities');
let publishedId = 0;
let draftId = 0;

interface Post {
  id: number;
  status: string;
  title: { raw?: string; rendered: string };
  content: { raw?: string; rendered: string };
}

beforeAll(async () => {
  [publishedId = 0, draftId = 0] = await createPosts(site, 'admin', [
    { title: `${token} published`, content: `<p>${token} body</p>`, status: 'publish' },
    { title: `${token} draft`, status: 'draft' },
  ]);
});

afterAll(async () => {
  await deletePosts(site, [publishedId, draftId]);
});

describe('entity configs loaded from WordPress 6.1', () => {
  it('registers a config for every post type, with the REST base WordPress names', async () => {
    const store = storeAs('anon');
    const configs = await store.entities.load('postType');

    const byName = new Map(configs.map((config) => [config.name, config]));
    expect([...byName.keys()]).toEqual(
      expect.arrayContaining(['post', 'page', 'attachment', 'wp_block', 'wp_template', 'wp_template_part']),
    );
    for (const config of configs) expect(config).toBeInstanceOf(PostTypeConfig);
    expect(byName.get('post')?.baseURL).toBe('/wp/v2/posts');
    expect(byName.get('attachment')?.baseURL).toBe('/wp/v2/media');
    expect(byName.get('wp_template_part')?.baseURL).toBe('/wp/v2/template-parts');
    expect(byName.get('nav_menu_item')?.baseURL).toBe('/wp/v2/menu-items');
    expect(byName.get('post')?.label).toBe('Posts');
  });

  it('registers a config for every taxonomy', async () => {
    const store = storeAs('anon');
    const configs = await store.entities.load('taxonomy');

    for (const config of configs) expect(config).toBeInstanceOf(TaxonomyConfig);
    const byName = new Map(configs.map((config) => [config.name, config.baseURL]));
    expect(byName.get('category')).toBe('/wp/v2/categories');
    expect(byName.get('post_tag')).toBe('/wp/v2/tags');
  });

  it('lists the terms of a taxonomy through its loaded config', async () => {
    const store = storeAs('admin');
    const query = await store
      .collection<{ id: number; slug: string }>('taxonomy', 'category')
      .query({ slug: 'uncategorized' })
      .fetch();

    expect(query.items).toEqual([expect.objectContaining({ id: 1, slug: 'uncategorized' })]);
    expect(query.totalItems).toBe(1);
  });

  it('asks the server once for concurrent loads of one kind', async () => {
    const { store, log } = loggedStoreAs('anon');
    const [first, second] = await Promise.all([
      store.entities.load('postType'),
      store.entities.ensure('postType', 'page'),
    ]);

    expect(second).toBe(first.find((config) => config.name === 'page'));
    expect(log.filter((request) => request.path.startsWith('/wp/v2/types'))).toEqual([
      { method: 'GET', path: '/wp/v2/types?context=view' },
    ]);
  });

  it('resolves ensure() to undefined for a post type WordPress does not have', async () => {
    const store = storeAs('anon');
    await expect(store.entities.ensure('postType', `${token}_missing`)).resolves.toBeUndefined();
  });
});

describe('fetching one record from WordPress 6.1', () => {
  it('loads the post type configs by itself and caches the edit-context post', async () => {
    const { store, log } = loggedStoreAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const record = await posts.fetch(publishedId);

    expect(log.map((request) => request.path)).toEqual([
      '/wp/v2/types?context=view',
      `/wp/v2/posts/${publishedId}?context=edit`,
    ]);
    expect(record).toBe(posts.record(publishedId));
    expect(record?.isComplete).toBe(true);
    expect(record?.persisted?.title.raw).toBe(`${token} published`);
    expect(record?.raw?.title).toBe(`${token} published`);
    expect(record?.title).toBe(`${token} published`);
    expect(record?.hasEdits).toBe(false);
  });

  it('keeps one record object per id, whether the id is a number or a numeric string', async () => {
    const store = storeAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const fetched = await posts.fetch(String(publishedId));

    expect(fetched).toBe(posts.record(publishedId));
    expect(posts.get(publishedId)).toBe(fetched);
    expect(fetched?.id).toBe(publishedId);
  });

  it('stores a _fields answer as a partial record and fetches the full one on load()', async () => {
    const { store, log } = loggedStoreAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const partial = await posts.fetch(publishedId, { _fields: 'title' });

    expect(partial?.isComplete).toBe(false);
    expect(Object.keys(partial?.persisted ?? {}).sort()).toEqual(['id', 'title']);
    expect(posts.get(publishedId)).toBe(partial);

    log.length = 0;
    await posts.load(publishedId, { _fields: 'title' });
    expect(log).toEqual([]);

    await posts.load(publishedId);
    expect(log.map((request) => request.path)).toEqual([`/wp/v2/posts/${publishedId}?context=edit`]);
    expect(partial?.isComplete).toBe(true);
    expect(partial?.persisted?.content.raw).toBe(`<p>${token} body</p>`);
  });

  it('does not ask again on load() once the full record is cached', async () => {
    const { store, log } = loggedStoreAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    await posts.fetch(publishedId);
    log.length = 0;

    await expect(posts.load(publishedId)).resolves.toBe(posts.record(publishedId));
    expect(log).toEqual([]);
  });

  it('shares one request between concurrent fetches of the same record', async () => {
    const { store, log } = loggedStoreAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    await store.entities.load('postType');
    log.length = 0;

    const [a, b] = await Promise.all([posts.fetch(publishedId), posts.fetch(publishedId)]);
    expect(a).toBe(b);
    expect(log).toHaveLength(1);
  });

  it('keeps a view-context answer apart from the edit-context record', async () => {
    const store = storeAs('anon');
    const posts = store.collection<Post>('postType', 'post');
    const record = await posts.fetch(publishedId, { context: 'view' });

    expect(record?.persisted).toBeUndefined();
    expect(record?.inContext('view')?.title).toEqual({ rendered: `${token} published` });
    expect(posts.get(publishedId)).toBeUndefined();
    expect(posts.get(publishedId, { context: 'view' })).toBe(record);
  });

  it('fetches the site info singleton with only the fields the editor needs', async () => {
    const store = storeAs('anon');
    const index = await send(contractTarget(site), 'anon', 'GET', '/', { query: { _fields: 'name,url' } });
    const base = await store.collection('root', 'base').fetch();

    expect(base).toBe(store.record('root', 'base'));
    expect(base?.id).toBeUndefined();
    expect(base?.persisted).toMatchObject(index.body as object);
    expect(base?.persisted).not.toHaveProperty('routes');
    expect(base?.persisted).toHaveProperty('timezone_string');
  });

  it('fetches a post type description keyed by its slug', async () => {
    const store = storeAs('admin');
    const type = await store
      .collection<{ slug: string; rest_base: string }>('root', 'postType')
      .fetch('page');

    expect(type?.id).toBe('page');
    expect(type?.persisted?.rest_base).toBe('pages');
  });

  it('fetches a block template by its theme//slug id and titles it', async () => {
    const store = storeAs('admin');
    const templates = store.collection<{ id: string; slug: string }>('postType', 'wp_template');
    const home = await templates.fetch('twentytwentythree//home');

    expect(home?.id).toBe('twentytwentythree//home');
    expect(home?.persisted?.slug).toBe('home');
    expect(home?.title).toBe('Home');
  });
});

describe('a store over a ?rest_route= root (no pretty permalinks)', () => {
  it('fetches records and paginated lists with their totals', async () => {
    const store = new RootStore({
      transport: new RestTransport({
        root: `${site.url}/?rest_route=`,
        auth: {
          username: site.users.admin.username,
          applicationPassword: site.users.admin.applicationPassword,
        },
      }),
    });
    const posts = store.collection<Post>('postType', 'post');

    const record = await posts.fetch(publishedId);
    expect(record?.raw?.title).toBe(`${token} published`);
    const query = await posts.query({ search: token, status: 'publish,draft', per_page: 1 }).fetch();
    expect(query.items).toHaveLength(1);
    expect(query.totalItems).toBe(2);
    expect(query.totalPages).toBe(2);
  });
});

describe('failed fetches from WordPress 6.1', () => {
  it('rejects an unknown id with 404 rest_post_invalid_id and keeps the error on the record', async () => {
    const store = storeAs('admin');
    const posts = store.collection<Post>('postType', 'post');
    const missing = draftId + 1_000_000;
    const error = await restErrorOf(posts.fetch(missing));

    expect(error).toMatchObject({ status: 404, code: 'rest_post_invalid_id', message: 'Invalid post ID.' });
    expect(posts.record(missing).fetchError).toBe(error);
    expect(posts.record(missing).hasResolved).toBe(true);
    expect(posts.record(missing).isResolving).toBe(false);
    expect(posts.get(missing)).toBeUndefined();
  });

  it("rejects an author's edit-context fetch of the administrator's post with 403 rest_forbidden_context", async () => {
    const store = storeAs('author');
    const error = await restErrorOf(store.collection('postType', 'post').fetch(publishedId));

    expect(error).toMatchObject({ status: 403, code: 'rest_forbidden_context' });
  });

  it('rejects an anonymous fetch of a draft with 401 rest_forbidden', async () => {
    const store = storeAs('anon');
    const error = await restErrorOf(store.collection('postType', 'post').fetch(draftId, { context: 'view' }));

    expect(error).toMatchObject({ status: 401, code: 'rest_forbidden' });
  });

  it('clears fetchError once a later fetch succeeds', async () => {
    const store = storeAs('author');
    const posts = store.collection<Post>('postType', 'post');
    const record = posts.record(publishedId);
    await posts.fetch(publishedId).catch((error: unknown) => {
      if (!isRestError(error)) throw error;
    });
    expect(record.fetchError).toBeDefined();

    await posts.fetch(publishedId, { context: 'view' });
    expect(record.fetchError).toBeUndefined();
    expect(record.inContext('view')).toBeDefined();
  });
});
