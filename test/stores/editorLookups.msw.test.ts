/**
 * The lookups core-data 8.1 added — registered post meta, the front page and posts page, the
 * template of a post, editor settings and view configs — against the test kit's mock WordPress,
 * as 6.1 (where some are only known to administrators or not at all) and as later releases.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import { EditorSettingsStore } from '../../stores/EditorSettings.js';
import {
  createMockWordPress,
  type MockWordPress,
  type MockWordPressOptions,
} from '../../src/testing/index.js';
import { SiteFakeTransport } from '../helpers/siteFakeTransport.js';

let mock: MockWordPress = createMockWordPress();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function storeOn(options: MockWordPressOptions = {}): RootStore {
  mock = createMockWordPress(options);
  server.use(...mock.handlers);
  return new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
}

function requests(method: string, path: string) {
  return mock.requests.filter((entry) => entry.method === method && entry.path === path);
}

describe('store.postMeta (getRegisteredPostMeta)', () => {
  it("reads the keys a post type registers from one OPTIONS of its route's schema", async () => {
    const store = storeOn({
      postMeta: [
        { postType: 'post', key: 'subtitle', type: 'string', description: 'A subtitle.', default: '' },
      ],
    });

    const meta = await store.postMeta.fetchRegistered('post');

    expect(meta).toEqual({
      subtitle: { type: 'string', description: 'A subtitle.', default: '', context: ['view', 'edit'] },
    });
    expect(store.postMeta.registered('post')).toBe(meta);
    expect(requests('OPTIONS', '/wp/v2/posts')).toEqual([
      expect.objectContaining({ query: { context: 'edit' } }),
    ]);
  });

  it('answers {} for a type that registers nothing and null for a type the site does not have', async () => {
    const store = storeOn();

    await expect(store.postMeta.fetchRegistered('page')).resolves.toEqual({});
    await expect(store.postMeta.fetchRegistered('wp_font_family')).resolves.toBeNull();
    expect(store.postMeta.registered('wp_font_family')).toBeNull();
    expect(store.postMeta.registered('post')).toBeUndefined();
  });

  it('sends the registered keys with their defaults in every post of the mock', async () => {
    const store = storeOn({ postMeta: [{ postType: 'post', key: 'rating', type: 'integer', default: 3 }] });

    const post = await store.collection('postType', 'post').fetch(1);

    expect((post?.persisted as { meta: Record<string, unknown> }).meta).toMatchObject({ rating: 3 });
  });
});

describe('store.homePage (getHomePage, getPostsPageId)', () => {
  it('reads the reading options from the index on WordPress 6.8, for an author too', async () => {
    const store = storeOn({
      version: '6.8',
      settings: { show_on_front: 'page', page_on_front: 2, page_for_posts: 0 },
    });
    mock.setCurrentRole('author');

    await expect(store.homePage.fetch()).resolves.toEqual({ postType: 'page', postId: '2' });

    expect(store.homePage.postsPageId).toBeNull();
    expect(requests('GET', '/wp/v2/settings')).toHaveLength(0);
  });

  it('falls back to the settings on WordPress 6.1, which an administrator may read', async () => {
    const store = storeOn({ settings: { show_on_front: 'page', page_on_front: 2, page_for_posts: 9 } });

    await store.homePage.fetch();

    expect(store.homePage.target).toEqual({ postType: 'page', postId: '2' });
    expect(store.homePage.postsPageId).toBe('9');
    expect(requests('GET', '/wp/v2/settings')).toHaveLength(1);
  });

  it('is unknown, not an error, for an author on WordPress 6.1 (no options in the index, settings refused)', async () => {
    const store = storeOn({ settings: { show_on_front: 'page', page_on_front: 2 } });
    mock.setCurrentRole('author');

    await expect(store.homePage.fetch()).resolves.toBeUndefined();

    expect(store.homePage.target).toBeUndefined();
    expect(store.homePage.postsPageId).toBeUndefined();
    expect(store.homePage.error).toBeUndefined();
  });

  it('gives the template WordPress picks for the front page when it shows the posts', async () => {
    const store = storeOn();

    const target = await store.homePage.fetch();

    expect(target).toEqual({
      postType: 'wp_template',
      postId: await store.site.defaultTemplateId({ slug: 'front-page' }),
    });
    expect(target?.postId).toMatch(/^twentytwentythree\/\//);
  });
});

describe('store.templates.templateIdOf (getTemplateId)', () => {
  it("uses the hierarchy of a page's slug, a post's chosen template, and the home template for the posts page", async () => {
    const store = storeOn({ settings: { show_on_front: 'page', page_on_front: 0, page_for_posts: 2 } });
    const pageId = mock.addPost('page', { title: 'About', slug: 'about', status: 'publish' });
    const postId = mock.addPost('post', { title: 'Hello', slug: 'hello', status: 'publish' });

    const forPage = await store.templates.templateIdOf('page', pageId);
    const forPost = await store.templates.templateIdOf('post', postId);
    const forPostsPage = await store.templates.templateIdOf('page', 2);

    expect(forPage).toBe(await store.site.defaultTemplateId({ slug: 'page-about' }));
    expect(forPost).toBe(await store.site.defaultTemplateId({ slug: 'single-post-hello' }));
    expect(forPostsPage).toBe(await store.site.defaultTemplateId({ slug: 'home' }));
    expect(requests('GET', '/wp/v2/templates/lookup').map((entry) => entry.query['slug'])).toEqual([
      'front-page',
      'page-about',
      'single-post-hello',
      'home',
    ]);
  });

  it('takes the template a post names (edited, not yet saved) from the list of templates', async () => {
    const store = storeOn();
    const templates = await store.collection('postType', 'wp_template').query({ per_page: -1 }).fetch();
    const chosen = (templates.items as { id: string; slug: string }[]).find((t) => t.slug !== 'index');
    const postId = mock.addPost('post', { title: 'Hello', status: 'publish' });
    await store.collection('postType', 'post').fetch(postId);
    store.record('postType', 'post', postId).edit({ template: chosen?.slug });

    await expect(store.templates.templateIdOf('post', postId)).resolves.toBe(chosen?.id);
  });

  it('is unknown when the front page cannot be known', async () => {
    const store = storeOn();
    mock.setCurrentRole('author');

    await expect(store.templates.templateIdOf('page', 2)).resolves.toBeUndefined();
  });
});

describe('store.editorSettings (getEditorSettings, getEditorAssets, getViewConfig)', () => {
  it('answers null, not an error, on a site without the block editor routes', async () => {
    const store = storeOn({ version: '7.1' });

    await expect(store.editorSettings.fetchSettings()).resolves.toBeNull();
    await expect(store.editorSettings.fetchAssets()).resolves.toBeNull();
    await expect(store.editorSettings.fetchViewConfig('postType', 'page')).resolves.toBeNull();

    expect(store.editorSettings.settings).toBeNull();
    expect(store.editorSettings.viewConfig('postType', 'page')).toBeNull();
  });

  it('stores the answers of a site that has them, merging partial view configs', async () => {
    const transport = new SiteFakeTransport()
      .on('GET', '/wp-block-editor/v1/settings', { body: { alignWide: true } })
      .on('GET', '/wp/v2/view-config', (call) => ({
        body:
          call.query['_fields'] === 'form'
            ? { form: { fields: ['title'] } }
            : { default_view: { type: 'table' } },
      }));
    const settings = new EditorSettingsStore(transport);

    await settings.fetchSettings();
    await settings.fetchViewConfig('postType', 'page');
    await settings.fetchViewConfig('postType', 'page', { fields: ['form'] });

    expect(settings.settings).toEqual({ alignWide: true });
    expect(settings.viewConfig('postType', 'page')).toEqual({
      default_view: { type: 'table' },
      form: { fields: ['title'] },
    });
    expect(transport.callsTo('GET', '/wp/v2/view-config').map((call) => call.query)).toEqual([
      { kind: 'postType', name: 'page' },
      { kind: 'postType', name: 'page', _fields: 'form' },
    ]);
  });

  it('rejects with the error of any other failure and stores nothing', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp-block-editor/v1/assets', {
      status: 500,
      body: { code: 'boom', message: 'Boom', data: { status: 500 } },
    });
    const settings = new EditorSettingsStore(transport);

    await expect(settings.fetchAssets()).rejects.toMatchObject({ status: 500 });
    expect(settings.assets).toBeUndefined();
    expect(settings.fetchError('assets')).toMatchObject({ status: 500 });
  });
});
