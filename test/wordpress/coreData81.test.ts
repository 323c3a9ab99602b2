/**
 * What core-data 8.1 added, against the real WordPress 6.1: what 6.1 has works (a record GET's
 * `Allow` answers permissions, registered meta, the reading options for an administrator, template
 * lookups, image edits' route), and what it lacks (targetHints, the font library, icons, the block
 * editor settings routes) is unknown, never an error or a wrong "no".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEntityConfigError, isRestError } from '../../src/index.js';
import { send } from '../contract/check.js';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { Cleanup, loggedStoreAs, storeAs } from './stores.js';

const site = wordpressSite();
const cleanup = new Cleanup(site);
const token = uniqueToken('cd81');
let adminPosts: number[] = [];
let authorPost = 0;
let page = 0;

beforeAll(async () => {
  adminPosts = await createPosts(
    site,
    'admin',
    [1, 2, 3].map((n) => ({ title: `${token} ${n}`, status: 'publish' })),
  );
  [authorPost = 0] = await createPosts(site, 'author', [{ title: `${token} author`, status: 'publish' }]);
  const created = await send(contractTarget(site), 'admin', 'POST', '/wp/v2/pages', {
    body: { title: `${token} page`, slug: `${token}-page`, status: 'publish' },
  });
  page = (created.body as { id: number }).id;
  cleanup.post(page, 'pages');
});

afterAll(async () => {
  await deletePosts(site, [...adminPosts, authorPost]);
  await cleanup.run();
});

describe('permissions on WordPress 6.1', () => {
  it("answers canUser from a record GET's Allow header, with no OPTIONS", async () => {
    const { store, log } = loggedStoreAs('author');

    await store.collection('postType', 'post').fetch(authorPost);
    await store.collection('postType', 'post').fetch(adminPosts[0], { context: 'view' });

    await expect(store.permissions.canUser('update', 'posts', authorPost)).resolves.toBe(true);
    await expect(
      store.permissions.canUser('update', { kind: 'postType', name: 'post', id: adminPosts[0] }),
    ).resolves.toBe(false);
    expect(store.permissions.get('read', 'posts', adminPosts[0])).toBe(true);
    expect(log.filter((entry) => entry.method === 'OPTIONS')).toEqual([]);
  });

  it('falls back to one OPTIONS per record after a list, which carries no targetHints on 6.1', async () => {
    const { store, log } = loggedStoreAs('admin');
    const query = await store
      .collection('postType', 'post')
      .query({ include: adminPosts, per_page: 10 })
      .fetch();
    const first = query.items?.[0] as { _links?: { self?: { targetHints?: unknown }[] } };

    for (const id of adminPosts)
      await expect(store.permissions.canUser('update', 'posts', id)).resolves.toBe(true);

    expect(first?._links?.self?.[0]?.targetHints).toBeUndefined();
    expect(log.filter((entry) => entry.method === 'OPTIONS').map((entry) => entry.path)).toEqual(
      adminPosts.map((id) => `/wp/v2/posts/${id}`),
    );
  });

  it("keeps 'no' after the server refused an author's save of another user's post", async () => {
    const store = storeAs('author');
    const record = (await store.collection('postType', 'post').fetch(adminPosts[1], { context: 'view' }))!;
    record.edit({ title: 'not mine' });

    await record.save();

    expect(record.saveError).toMatchObject({ status: 403, code: 'rest_cannot_edit' });
    expect(store.permissions.get('update', 'posts', adminPosts[1])).toBe(false);
  });

  it('answers unknown for an entity 6.1 does not have (wp_font_family)', async () => {
    const { store, log } = loggedStoreAs('admin');
    const fontFamily = { kind: 'postType', name: 'wp_font_family' } as const;

    await expect(store.permissions.canUser('create', fontFamily)).resolves.toBeUndefined();

    expect(isEntityConfigError(store.permissions.lastError('create', fontFamily))).toBe(true);
    expect(log.filter((entry) => entry.method === 'OPTIONS')).toEqual([]);
  });
});

describe('entities 6.1 does not have', () => {
  it('leaves font collections, icons and icon collections unknown (null, the 404 as error), never empty', async () => {
    const store = storeAs('admin');

    for (const name of ['fontCollection', 'icon', 'iconCollection']) {
      const query = store.collection('root', name).query();
      const error: unknown = await query.fetch().catch((e: unknown) => e);
      expect(isRestError(error) && error.status, name).toBe(404);
      expect(query.items, name).toBeNull();
    }
  });
});

describe('lookups on WordPress 6.1', () => {
  it('reads the registered meta of posts from the schema of their route', async () => {
    const store = storeAs('admin');

    const meta = await store.postMeta.fetchRegistered('post');

    expect(meta).not.toBeNull();
    expect(typeof meta).toBe('object');
    await expect(store.postMeta.fetchRegistered('wp_font_family')).resolves.toBeNull();
  });

  it('knows the front page from the settings for an administrator, and says unknown to an author', async () => {
    const admin = storeAs('admin');
    const author = storeAs('author');

    const target = await admin.homePage.fetch();

    expect(target === null || target?.postType === 'page' || target?.postType === 'wp_template').toBe(true);
    expect(target).not.toBeUndefined();
    expect(admin.homePage.postsPageId === null || typeof admin.homePage.postsPageId === 'string').toBe(true);
    await expect(author.homePage.fetch()).resolves.toBeUndefined();
    expect(author.homePage.target).toBeUndefined();
  });

  it("finds the template of a page from its slug's hierarchy", async () => {
    const store = storeAs('admin');

    const templateId = await store.templates.templateIdOf('page', page);

    expect(templateId).toBe(await store.site.defaultTemplateId({ slug: `page-${token}-page` }));
    expect(templateId).toMatch(/^twentytwentythree\/\//);
  });

  it('answers null for the block editor settings, assets and view configs 6.1 does not serve', async () => {
    const store = storeAs('admin');

    await expect(store.editorSettings.fetchSettings()).resolves.toBeNull();
    await expect(store.editorSettings.fetchAssets()).resolves.toBeNull();
    await expect(store.editorSettings.fetchViewConfig('postType', 'page')).resolves.toBeNull();
  });
});
