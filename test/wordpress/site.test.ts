import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../contract/check.js';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { loggedStoreAs, restErrorOf, storeAs } from './stores.js';

const site = wordpressSite();
const token = uniqueToken('site');
let postId = 0;
let postLink = '';

beforeAll(async () => {
  [postId = 0] = await createPosts(site, 'admin', [{ title: `${token} post`, status: 'publish' }]);
  const post = await send(contractTarget(site), 'admin', 'GET', `/wp/v2/posts/${postId}`, {
    query: { _fields: 'link' },
  });
  postLink = (post.body as { link: string }).link;
});

afterAll(async () => {
  await deletePosts(site, [postId]);
});

describe('store.users on WordPress 6.1', () => {
  it('fetches the signed-in administrator and keeps it as current', async () => {
    const store = storeAs('admin');
    const me = await store.users.fetchCurrent();

    expect(me.id).toBe(site.users.admin.id);
    expect(store.users.current).toEqual(me);
  });

  it('fetches the signed-in author', async () => {
    const store = storeAs('author');
    await expect(store.users.fetchCurrent()).resolves.toMatchObject({ id: site.users.author.id });
  });

  it('rejects the current user of an anonymous visitor with 401 rest_not_logged_in', async () => {
    const store = storeAs('anon');
    const error = await restErrorOf(store.users.fetchCurrent());

    expect(error).toMatchObject({ status: 401, code: 'rest_not_logged_in' });
    expect(store.users.current).toBeUndefined();
  });

  it('lists the authors, administrator and author both, and caches each by id', async () => {
    const store = storeAs('author');
    const authors = await store.users.authors();

    expect(authors.map((user) => user.id)).toEqual(
      expect.arrayContaining([site.users.admin.id, site.users.author.id]),
    );
    expect(store.users.byId(site.users.author.id)?.name).toBe(
      authors.find((user) => user.id === site.users.author.id)?.name,
    );
  });

  it('answers the same authors query from the cache', async () => {
    const { store, log } = loggedStoreAs('admin');
    await store.users.authors();
    await store.users.authors();

    expect(log).toHaveLength(1);
  });

  it('rejects the authors list of an anonymous visitor with 401 rest_forbidden_who', async () => {
    const store = storeAs('anon');
    const error = await restErrorOf(store.users.authors());

    expect(error).toMatchObject({ status: 401, code: 'rest_forbidden_who' });
  });
});

describe('store.embeds on WordPress 6.1 without internet access', () => {
  it('gives false for an external URL WordPress cannot reach', async () => {
    const store = storeAs('admin');
    const url = `https://www.youtube.com/watch?v=${token}`;

    await expect(store.embeds.preview(url)).resolves.toBe(false);
    expect(store.embeds.get(url)).toBe(false);
    expect(store.embeds.isFallback(url)).toBe(false);
    expect(store.embeds.isRequesting(url)).toBe(false);
  });

  it("previews one of the site's own posts as rich HTML", async () => {
    const store = storeAs('admin');
    const preview = await store.embeds.preview(postLink);

    expect(preview).toMatchObject({ type: 'rich' });
    expect(preview && preview.html).toContain(`${token} post`);
    expect(store.embeds.isFallback(postLink)).toBe(false);
  });

  it('gives false for an anonymous visitor, whom the proxy refuses', async () => {
    const store = storeAs('anon');
    await expect(store.embeds.preview(postLink)).resolves.toBe(false);
  });
});

describe('store.site theme and global styles on WordPress 6.1', () => {
  it('fetches the active theme and its supports', async () => {
    const store = storeAs('admin');
    const theme = await store.site.fetchCurrentTheme();

    expect(theme?.stylesheet).toBe('twentytwentythree');
    expect(store.site.currentTheme).toBe(theme);
    await expect(store.site.fetchThemeSupports()).resolves.toMatchObject({ 'block-templates': true });
    expect(store.site.themeSupports).toMatchObject({ 'block-templates': true });
  });

  it("finds the user's global styles id, whose record the administrator can read", async () => {
    const store = storeAs('admin');
    const id = await store.site.fetchGlobalStylesId();

    expect(typeof id).toBe('number');
    expect(store.site.globalStylesId).toBe(id);
    const record = await store.collection<{ id: number; styles: object }>('root', 'globalStyles').fetch(id);
    expect(record?.persisted?.id).toBe(id);
    expect(record?.persisted).toHaveProperty('styles');
  });

  it('finds the same global styles id for an author, who may not read the record', async () => {
    const admin = storeAs('admin');
    const author = storeAs('author');

    await expect(author.site.fetchGlobalStylesId()).resolves.toBe(await admin.site.fetchGlobalStylesId());
  });

  it("fetches the theme's base global styles", async () => {
    const store = storeAs('admin');
    const base = await store.site.fetchBaseGlobalStyles();

    expect(base).toHaveProperty('settings');
    expect(base).toHaveProperty('styles');
    expect(store.site.baseGlobalStyles).toBe(base);
  });

  it("fetches the theme's style variations, each with a title", async () => {
    const store = storeAs('admin');
    const variations = await store.site.fetchGlobalStylesVariations();

    expect(variations?.length).toBeGreaterThan(0);
    for (const variation of variations ?? []) expect(typeof variation.title).toBe('string');
    expect(store.site.globalStylesVariations).toBe(variations);
  });

  it('rejects the base global styles of an author with 403', async () => {
    const store = storeAs('author');
    const error = await restErrorOf(store.site.fetchBaseGlobalStyles());

    expect(error).toMatchObject({ status: 403, code: 'rest_cannot_manage_global_styles' });
    expect(store.site.baseGlobalStyles).toBeUndefined();
  });
});

describe('templates on WordPress 6.1', () => {
  it('lists the theme templates, without totals since WordPress sends none', async () => {
    const store = storeAs('admin');
    const query = await store
      .collection<{ id: string; slug: string }>('postType', 'wp_template')
      .query()
      .fetch();

    expect(query.items?.map((template) => template.id)).toEqual(
      expect.arrayContaining(['twentytwentythree//home', 'twentytwentythree//single']),
    );
    expect(query.totalItems).toBeNull();
    expect(query.totalPages).toBeNull();
  });

  it('finds the template of the front page through ?_wp-find-template=true', async () => {
    const store = storeAs('admin');
    const template = await store.site.templateForLink(`${site.url}/`);

    expect(template?.id).toBe('twentytwentythree//home');
    expect(template).toBe(store.record('postType', 'wp_template', 'twentytwentythree//home'));
    expect(template?.isComplete).toBe(true);
  });

  it('finds the single template for a post link', async () => {
    const store = storeAs('admin');
    const template = await store.site.templateForLink(postLink);

    expect(template?.id).toBe('twentytwentythree//single');
  });

  it('resolves undefined for a link WordPress answers with its 404 page', async () => {
    const store = storeAs('admin');
    await expect(store.site.templateForLink(`${site.url}/${token}-missing/`)).resolves.toBeUndefined();
  });

  it('looks up the default template of a slug', async () => {
    const store = storeAs('admin');
    await expect(store.site.defaultTemplateId({ slug: 'front-page' })).resolves.toBe(
      'twentytwentythree//home',
    );
  });
});
