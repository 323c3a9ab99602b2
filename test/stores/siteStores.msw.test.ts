/**
 * The site-level stores through the real RestTransport against the test kit's mock WordPress 6.1
 * (msw at the HTTP edge).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { when } from 'mobx';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isInvalidActionError } from '../../core/errors.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { EmbedStore } from '../../stores/EmbedStore.js';
import { PermissionStore, type PermissionAction } from '../../stores/PermissionStore.js';
import { RootStore } from '../../stores/RootStore.js';
import { SiteStore } from '../../stores/SiteStore.js';
import { UserStore } from '../../stores/UserStore.js';
import { linkHref } from '../../stores/siteHelpers.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A transport that does not retry, so an injected failure is seen exactly once. */
function transport(): RestTransport {
  return new RestTransport({ root: mock.restRoot, retry: false });
}

function requestsTo(method: string, path: string) {
  return mock.requests.filter((entry) => entry.method === method && entry.path === path);
}

describe('permissions against the mock WordPress', () => {
  it('answers four checks on one resource with one OPTIONS request', async () => {
    const permissions = new PermissionStore(transport());

    const answers = await Promise.all(
      (['create', 'read', 'update', 'delete'] as const).map((action) => permissions.canUser(action, 'posts')),
    );

    expect(answers).toEqual([true, true, false, false]);
    expect(requestsTo('OPTIONS', '/wp/v2/posts')).toHaveLength(1);
  });

  it('rejects an invalid action with the spec message', async () => {
    const permissions = new PermissionStore(transport());

    const error: unknown = await permissions
      .canUser('publish' as PermissionAction, 'posts')
      .catch((e: unknown) => e);

    expect(isInvalidActionError(error)).toBe(true);
    expect((error as Error).message).toBe("'publish' is not a valid action.");
    expect(mock.requests).toHaveLength(0);
  });

  it("answers update false for an author on another user's post (Allow without PUT)", async () => {
    mock.setCurrentRole('author');
    const permissions = new PermissionStore(transport());

    await expect(permissions.canUser('update', 'posts', 1)).resolves.toBe(false);
    expect(permissions.get('read', 'posts', 1)).toBe(true);
    expect(permissions.get('delete', 'posts', 1)).toBe(false);
  });

  it('records nothing after a failed OPTIONS and succeeds on the next check', async () => {
    mock.failNext(1, { status: 500 }, { method: 'OPTIONS', path: '/wp/v2/media' });
    const permissions = new PermissionStore(transport());

    await expect(permissions.canUser('create', 'media')).resolves.toBeUndefined();
    expect(permissions.canUpload).toBeUndefined();
    await expect(permissions.canUser('create', 'media')).resolves.toBe(true);

    expect(permissions.canUpload).toBe(true);
    expect(requestsTo('OPTIONS', '/wp/v2/media')).toHaveLength(2);
  });

  it('checks record edits on the post type rest base loaded from the server', async () => {
    const store = new RootStore({ transport: transport() });
    const permissions = new PermissionStore(store.transport, { configs: store.entities });

    await expect(permissions.canUserEditRecord('postType', 'page', 2)).resolves.toBe(true);

    expect(requestsTo('OPTIONS', '/wp/v2/pages/2')).toHaveLength(1);
  });
});

describe('embeds against the mock WordPress', () => {
  it('detects the bare-link fallback', async () => {
    const url = 'https://unknown.example/page';
    mock.setEmbed(url, 'fallback');
    const embeds = new EmbedStore(transport());

    await embeds.preview(url);

    expect(embeds.isFallback(url)).toBe(true);
  });

  it('stores false for a URL the server cannot embed', async () => {
    const url = 'https://videos.example/watch?v=1';
    const embeds = new EmbedStore(transport());

    await expect(embeds.preview(url)).resolves.toBe(false);

    expect(embeds.get(url)).toBe(false);
    expect(requestsTo('GET', '/oembed/1.0/proxy')[0]?.query).toMatchObject({ url });
  });
});

describe('users against the mock WordPress', () => {
  it('asks for authors with who=authors, 100 a page, plus the query', async () => {
    const users = new UserStore(transport());

    const authors = await users.authors({ search: 'admin' });

    const [request] = requestsTo('GET', '/wp/v2/users');
    expect(request?.query).toEqual({ who: 'authors', per_page: '100', search: 'admin' });
    expect(new URL(request?.url ?? '').pathname).toBe('/wp-json/wp/v2/users/');
    expect(authors.map((user) => user.slug)).toContain('admin');
    expect(users.byId(authors[0]?.id ?? 0)).toEqual(authors[0]);
  });

  it('fetches the signed-in user', async () => {
    const users = new UserStore(transport());

    await users.fetchCurrent();

    expect(users.current?.id).toBe(1);
  });
});

describe('site against the mock WordPress', () => {
  it('reads the global styles id from the active theme link', async () => {
    const site = new SiteStore(transport());

    const id = await site.fetchGlobalStylesId();

    expect(typeof id).toBe('number');
    expect(linkHref(site.currentTheme, 'wp:user-global-styles')).toMatch(
      new RegExp(`/global-styles/${String(id)}$`),
    );
    expect(site.themeSupports?.['block-templates']).toBe(true);
    expect(requestsTo('GET', `/wp/v2/global-styles/${String(id)}`)).toHaveLength(0);
  });

  it('reports no revisions on WordPress 6.1, which answers the revisions URL with the record', async () => {
    const site = new SiteStore(transport());

    await expect(site.fetchGlobalStylesRevisions()).resolves.toEqual([]);

    const id = site.globalStylesId ?? 0;
    expect(requestsTo('GET', `/wp/v2/global-styles/${id}/revisions`)).toHaveLength(1);
  });

  it('camelCases the revisions of a site that has the revisions route', async () => {
    const site = new SiteStore(transport());
    const id = (await site.fetchGlobalStylesId()) ?? 0;
    server.use(
      http.get(`${mock.restRoot}/wp/v2/global-styles/${id}/revisions`, () =>
        HttpResponse.json([{ id: 90, parent: id, modified_gmt: '2026-11-21T10:00:00', styles: {} }]),
      ),
    );

    await expect(site.fetchGlobalStylesRevisions()).resolves.toEqual([
      { id: 90, parent: id, modifiedGmt: '2026-11-21T10:00:00', styles: {} },
    ]);
  });

  it('fetches base styles and variations of the active theme', async () => {
    const site = new SiteStore(transport());

    await site.fetchBaseGlobalStyles();
    await site.fetchGlobalStylesVariations();

    expect(site.baseGlobalStyles?.settings).toBeDefined();
    expect(site.globalStylesVariations?.length).toBeGreaterThan(0);
  });

  it('finds the template of a page and loads the wp_template record', async () => {
    const store = new RootStore({ transport: transport() });
    const site = new SiteStore(store.transport, {
      records: { load: (kind, name, id) => store.collection(kind, name).load(id) },
    });

    const template = await site.templateForLink(`${mock.root}/hello-world/`);

    expect(template?.id).toBe(site.templateIdForLink(`${mock.root}/hello-world/`));
    expect(String(template?.id)).toMatch(/\/\/single$/);
    expect(template?.persisted).toMatchObject({ type: 'wp_template' });
  });

  it('resolves undefined when the template lookup fails', async () => {
    const store = new RootStore({ transport: transport() });
    const site = new SiteStore(store.transport, {
      records: { load: (kind, name, id) => store.collection(kind, name).load(id) },
    });

    await expect(site.templateForLink(`${mock.root}/no-such-page/`)).resolves.toBeUndefined();

    expect(mock.requests.some((entry) => entry.path.startsWith('/wp/v2/templates'))).toBe(false);
  });

  it('looks up the default template id', async () => {
    const site = new SiteStore(transport());

    const id = await site.defaultTemplateId({ slug: 'front-page' });

    expect(id).toMatch(/\/\/home$/);
    expect(site.defaultTemplateIdOf({ slug: 'front-page' })).toBe(id);
  });

  it('camelCases block patterns and lists their categories', async () => {
    const site = new SiteStore(transport());

    await site.fetchBlockPatterns();
    await site.fetchBlockPatternCategories();

    expect(site.blockPatterns?.length).toBeGreaterThan(0);
    expect(site.blockPatterns?.every((pattern) => !('block_types' in pattern))).toBe(true);
    expect(site.blockPatternCategories?.map((category) => category.name)).toContain('buttons');
  });

  it('resolves the navigation fallback to null where 6.1 has no route', async () => {
    const site = new SiteStore(transport());

    await expect(site.fetchNavigationFallbackId()).resolves.toBeNull();
  });

  it('gives no user pattern categories when 6.1 has no wp_pattern_category taxonomy', async () => {
    const store = new RootStore({ transport: transport() });
    const site = new SiteStore(store.transport, { configs: store.entities });

    await expect(site.fetchUserPatternCategories()).resolves.toEqual([]);

    expect(requestsTo('GET', '/wp/v2/taxonomies')).toHaveLength(1);
    expect(requestsTo('GET', '/wp/v2/wp_pattern_category')).toHaveLength(0);
  });
});

describe('record.canEdit against the mock WordPress', () => {
  it("is false for an author on the administrator's post and true on their own, one OPTIONS each", async () => {
    mock.setCurrentRole('author');
    const own = mock.addPost('post', { title: 'Mine', status: 'publish', author: 3 });
    const store = new RootStore({ transport: transport() });
    await store.entities.load('postType');
    const others = store.record('postType', 'post', 1);
    const mine = store.record('postType', 'post', own);

    expect(others.canEdit).toBeUndefined();
    await when(() => others.canEdit !== undefined && mine.canEdit !== undefined);

    expect(others.canEdit).toBe(false);
    expect(mine.canEdit).toBe(true);
    expect(requestsTo('OPTIONS', '/wp/v2/posts/1')).toHaveLength(1);
    expect(requestsTo('OPTIONS', `/wp/v2/posts/${own}`)).toHaveLength(1);
  });
});

describe('site settings through the root/site singleton record', () => {
  it('edits the site title, saves it with one request and shows it clean afterwards', async () => {
    const store = new RootStore({ transport: transport() });
    const settings = await store.collection('root', 'site').fetch();
    expect(settings).toBe(store.collection('root', 'site').record());
    const before = settings?.edited as { title?: string } | undefined;
    expect(typeof before?.title).toBe('string');

    settings?.edit({ title: 'A brand new title' });
    expect(settings?.isDirty).toBe(true);
    expect(settings?.title).toBe('A brand new title');
    expect(store.dirtyRecords).toContain(settings);

    mock.clearRequests();
    await settings?.save({ throwOnError: true });

    // A singleton has no id: like the reference, the save is a POST to the collection path.
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /wp/v2/settings']);
    expect(mock.requests[0]?.body).toEqual({ title: 'A brand new title' });
    expect(settings?.isDirty).toBe(false);
    expect((settings?.persisted as { title?: string }).title).toBe('A brand new title');
    expect(store.dirtyRecords).toEqual([]);
  });

  it("shows 'Site Title' when the settings have no title", () => {
    const store = new RootStore({ transport: transport() });
    const settings = store.collection('root', 'site').record();
    store.collection('root', 'site').receive({ description: 'no title here' });
    expect(settings.title).toBe('Site Title');
  });
});
