import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { RestError } from '../../core/errors.js';
import { SiteStore, type SiteRecordSource } from '../../stores/SiteStore.js';
import { SiteFakeTransport, heldReply } from '../helpers/siteFakeTransport.js';

const ROOT = 'http://site.test/wp-json';

function activeTheme(globalStylesHref: string | null = `${ROOT}/wp/v2/global-styles/27`) {
  return {
    stylesheet: 'twentytwentythree',
    template: 'twentytwentythree',
    theme_supports: { 'align-wide': true, 'block-templates': true },
    _links: {
      self: [{ href: `${ROOT}/wp/v2/themes/twentytwentythree` }],
      ...(globalStylesHref === null ? {} : { 'wp:user-global-styles': [{ href: globalStylesHref }] }),
    },
  };
}

function siteWithTheme(theme: object = activeTheme()): SiteFakeTransport {
  return new SiteFakeTransport().on('GET', '/wp/v2/themes', { body: [theme] });
}

/** A record loader that returns `{ kind, name, id }` and remembers what it was asked. */
function recordSource(): SiteRecordSource<{ kind: string; name: string; id: number | string }> & {
  loads: string[];
  received: { kind: string; name: string; records: readonly unknown[] }[];
} {
  const loads: string[] = [];
  const received: { kind: string; name: string; records: readonly unknown[] }[] = [];
  return {
    loads,
    received,
    load: (kind, name, id) => {
      loads.push(`${kind}/${name}/${String(id)}`);
      return Promise.resolve({ kind, name, id });
    },
    receive: (kind, name, records) => {
      received.push({ kind, name, records });
    },
  };
}

describe('SiteStore theme', () => {
  it('fetches the active theme and its supports', async () => {
    const transport = siteWithTheme();
    const site = new SiteStore(transport);
    expect(site.currentTheme).toBeUndefined();
    expect(site.themeSupports).toBeUndefined();

    await expect(site.fetchThemeSupports()).resolves.toEqual({ 'align-wide': true, 'block-templates': true });

    expect(site.currentTheme?.stylesheet).toBe('twentytwentythree');
    expect(transport.calls.map((call) => [call.path, call.query])).toEqual([
      ['/wp/v2/themes', { status: 'active' }],
    ]);
  });

  it('gives empty supports for a theme without theme_supports', async () => {
    const site = new SiteStore(siteWithTheme({ stylesheet: 'classic' }));

    await site.fetchCurrentTheme();

    expect(site.themeSupports).toEqual({});
  });

  it('shares one request between concurrent fetches and can fetch again after a failure', async () => {
    const held = heldReply({ status: 503, body: { code: 'unavailable', message: 'Down' } });
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/themes', held.handler);
    const site = new SiteStore(transport);

    const first = site.fetchCurrentTheme();
    const second = site.fetchCurrentTheme();
    expect(site.isRequesting('currentTheme')).toBe(true);
    held.release();
    await expect(first).rejects.toBeInstanceOf(RestError);
    await expect(second).rejects.toBeInstanceOf(RestError);
    expect(transport.calls).toHaveLength(1);
    expect(site.isRequesting('currentTheme')).toBe(false);
    expect(site.fetchError('currentTheme')).toMatchObject({ status: 503 });

    transport.on('GET', '/wp/v2/themes', { body: [activeTheme()] });
    await expect(site.fetchCurrentTheme()).resolves.toMatchObject({ stylesheet: 'twentytwentythree' });
    expect(site.fetchError('currentTheme')).toBeUndefined();
  });
});

describe('SiteStore global styles', () => {
  it('reads the global styles id from the theme link without requesting it', async () => {
    const transport = siteWithTheme();
    const site = new SiteStore(transport);

    await expect(site.fetchGlobalStylesId()).resolves.toBe(27);

    expect(site.globalStylesId).toBe(27);
    expect(transport.calls.map((call) => call.path)).toEqual(['/wp/v2/themes']);
  });

  it('reads the id from a plain-permalink link', async () => {
    const href = 'http://site.test/?rest_route=%2Fwp%2Fv2%2Fglobal-styles%2F31';
    const site = new SiteStore(siteWithTheme(activeTheme(href)));

    await expect(site.fetchGlobalStylesId()).resolves.toBe(31);
  });

  it('requests a link of another shape and reads its id', async () => {
    const href = 'http://site.test/custom/styles-endpoint';
    const transport = siteWithTheme(activeTheme(href)).on('GET', href, { body: { id: 44, styles: {} } });
    const site = new SiteStore(transport);

    await expect(site.fetchGlobalStylesId()).resolves.toBe(44);
  });

  it('resolves no id when the theme has no user global styles link', async () => {
    const site = new SiteStore(siteWithTheme(activeTheme(null)));

    await expect(site.fetchGlobalStylesId()).resolves.toBeUndefined();
    expect(site.globalStylesId).toBeUndefined();
  });

  it('fetches base styles and variations of the active theme', async () => {
    const base = { settings: { color: {} }, styles: { spacing: {} } };
    const variations = [{ title: 'Aubergine', settings: {}, styles: {} }];
    const transport = siteWithTheme()
      .on('GET', '/wp/v2/global-styles/themes/twentytwentythree', { body: base })
      .on('GET', '/wp/v2/global-styles/themes/twentytwentythree/variations', { body: variations });
    const site = new SiteStore(transport);

    await expect(site.fetchBaseGlobalStyles()).resolves.toEqual(base);
    await expect(site.fetchGlobalStylesVariations()).resolves.toEqual(variations);

    expect(site.baseGlobalStyles).toEqual(base);
    expect(site.globalStylesVariations).toEqual(variations);
    expect(transport.callsTo('GET', '/wp/v2/themes')).toHaveLength(1);
  });

  it('follows the version-history link and camelCases each revision', async () => {
    const revisionsHref = `${ROOT}/wp/v2/global-styles/27/revisions`;
    const transport = siteWithTheme()
      .on('GET', '/wp/v2/global-styles/27', {
        body: { id: 27, styles: {}, _links: { 'version-history': [{ count: 1, href: revisionsHref }] } },
      })
      .on('GET', revisionsHref, {
        body: [
          {
            id: 30,
            author: 1,
            date_gmt: '2026-11-21T10:00:00',
            modified_gmt: '2026-11-21T10:05:00',
            parent: 27,
            styles: { typography: { font_size: '1rem' } },
            _links: { parent: [] },
          },
        ],
      });
    const site = new SiteStore(transport);

    const revisions = await site.fetchGlobalStylesRevisions();

    expect(revisions).toEqual([
      {
        id: 30,
        author: 1,
        dateGmt: '2026-11-21T10:00:00',
        modifiedGmt: '2026-11-21T10:05:00',
        parent: 27,
        styles: { typography: { font_size: '1rem' } },
        links: { parent: [] },
      },
    ]);
    expect(site.globalStylesRevisions).toBe(revisions);
    expect(transport.callsTo('GET', '/wp/v2/global-styles/27')[0]?.query).toEqual({ context: 'edit' });
  });

  it('reports no revisions when WordPress 6.1 answers the revisions URL with the record itself', async () => {
    const record = {
      id: 27,
      title: { raw: 'Custom Styles' },
      settings: {},
      styles: {},
      _links: { self: [] },
    };
    const transport = siteWithTheme()
      .on('GET', '/wp/v2/global-styles/27', { body: record })
      .on('GET', '/wp/v2/global-styles/27/revisions', { body: record });
    const site = new SiteStore(transport);

    await expect(site.fetchGlobalStylesRevisions()).resolves.toEqual([]);

    expect(site.globalStylesRevisions).toEqual([]);
    expect(transport.callsTo('GET', '/wp/v2/global-styles/27/revisions')).toHaveLength(1);
  });
});

describe('SiteStore templates', () => {
  it('finds the template of a page and loads that wp_template record', async () => {
    const page = 'http://site.test/hello-world/';
    const transport = new SiteFakeTransport().on('GET', page, {
      body: { success: true, data: { id: 'twentytwentythree//single', slug: 'single' } },
    });
    const records = recordSource();
    const site = new SiteStore(transport, { records });

    await expect(site.templateForLink(page)).resolves.toEqual({
      kind: 'postType',
      name: 'wp_template',
      id: 'twentytwentythree//single',
    });

    expect(transport.calls[0]?.query).toEqual({ '_wp-find-template': 'true' });
    expect(records.loads).toEqual(['postType/wp_template/twentytwentythree//single']);
    expect(site.templateIdForLink(page)).toBe('twentytwentythree//single');
  });

  it('resolves undefined when the template lookup fails', async () => {
    const page = 'http://site.test/missing/';
    const transport = new SiteFakeTransport().on('GET', page, {
      status: 404,
      body: { success: true, data: { id: 'twentytwentythree//404' } },
    });
    const records = recordSource();
    const site = new SiteStore(transport, { records });

    await expect(site.templateForLink(page)).resolves.toBeUndefined();

    expect(records.loads).toEqual([]);
  });

  it('resolves undefined when the lookup answers without a template id', async () => {
    const page = 'http://site.test/odd/';
    const site = new SiteStore(new SiteFakeTransport().on('GET', page, { body: { success: false } }), {
      records: recordSource(),
    });

    await expect(site.templateForLink(page)).resolves.toBeUndefined();
  });

  it('looks up the default template id once per query, whatever the order of its keys', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/templates/lookup', (call) => ({
      body: { id: `twentytwentythree//${call.query.slug ?? ''}` },
    }));
    const site = new SiteStore(transport);

    await expect(site.defaultTemplateId({ slug: 'front-page', is_custom: false })).resolves.toBe(
      'twentytwentythree//front-page',
    );
    await expect(site.defaultTemplateId({ is_custom: false, slug: 'front-page' })).resolves.toBe(
      'twentytwentythree//front-page',
    );
    await site.defaultTemplateId({ slug: 'single' });

    expect(transport.calls.map((call) => call.query)).toEqual([
      { slug: 'front-page', is_custom: 'false' },
      { slug: 'single' },
    ]);
    expect(site.defaultTemplateIdOf({ slug: 'single' })).toBe('twentytwentythree//single');
  });
});

describe('SiteStore patterns and navigation', () => {
  it('camelCases the keys of block patterns', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/block-patterns/patterns', {
      body: [
        {
          name: 'core/query',
          title: 'Query',
          content: '<!-- wp:query /-->',
          block_types: ['core/query'],
          viewport_width: 1200,
        },
        { name: 'theme/page', title: 'Page', content: '', post_types: ['page'] },
      ],
    });
    const site = new SiteStore(transport);

    await site.fetchBlockPatterns();

    expect(site.blockPatterns?.[0]).toEqual({
      name: 'core/query',
      title: 'Query',
      content: '<!-- wp:query /-->',
      blockTypes: ['core/query'],
      viewportWidth: 1200,
    });
    expect(site.blockPatternsForPostType('post')?.map((pattern) => pattern.name)).toEqual(['core/query']);
    expect(site.blockPatternsForPostType('page')).toHaveLength(2);
  });

  it('stores pattern categories as the server sends them', async () => {
    const categories = [{ name: 'buttons', label: 'Buttons' }];
    const site = new SiteStore(
      new SiteFakeTransport().on('GET', '/wp/v2/block-patterns/categories', { body: categories }),
    );

    await expect(site.fetchBlockPatternCategories()).resolves.toEqual(categories);
    expect(site.blockPatternCategories).toEqual(categories);
  });

  it('lists user pattern categories from the wp_pattern_category taxonomy', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/wp_pattern_category', {
      body: [{ id: 4, name: 'Hero &amp; Banners', slug: 'hero-banners', description: '' }],
    });
    const site = new SiteStore(transport);

    await site.fetchUserPatternCategories();

    expect(site.userPatternCategories).toEqual([
      { id: 4, name: 'hero-banners', label: 'Hero & Banners', slug: 'hero-banners', description: '' },
    ]);
    expect(transport.calls[0]?.query).toMatchObject({ _fields: 'id,name,description,slug', context: 'view' });
  });

  it('gives no user pattern categories when the site has no such taxonomy', async () => {
    const transport = new SiteFakeTransport();
    const configs = { ensure: () => Promise.resolve(undefined) };
    const site = new SiteStore(transport, { configs });

    await expect(site.fetchUserPatternCategories()).resolves.toEqual([]);
    expect(transport.calls).toHaveLength(0);
  });

  it('resolves the navigation fallback to null quietly where the route is missing', async () => {
    const site = new SiteStore(new SiteFakeTransport());
    const seen: (number | null | undefined)[] = [];
    const dispose = autorun(() => seen.push(site.navigationFallbackId));

    await expect(site.fetchNavigationFallbackId()).resolves.toBeNull();

    expect(seen).toEqual([undefined, null]);
    dispose();
  });

  it('stores the navigation fallback id and receives the embedded menu', async () => {
    const menu = { id: 8, title: { raw: 'Navigation' }, status: 'publish' };
    const transport = new SiteFakeTransport().on('GET', '/wp-block-editor/v1/navigation-fallback', {
      body: { id: 8, _embedded: { self: [menu] } },
    });
    const records = recordSource();
    const site = new SiteStore(transport, { records });

    await expect(site.fetchNavigationFallbackId()).resolves.toBe(8);

    expect(transport.calls[0]?.query).toEqual({ _embed: 'true' });
    expect(records.received).toEqual([{ kind: 'postType', name: 'wp_navigation', records: [menu] }]);
  });

  it('rejects the navigation fallback on errors other than a missing route', async () => {
    const site = new SiteStore(
      new SiteFakeTransport().on('GET', '/wp-block-editor/v1/navigation-fallback', {
        status: 500,
        body: { code: 'boom', message: 'Boom' },
      }),
    );

    await expect(site.fetchNavigationFallbackId()).rejects.toMatchObject({ status: 500 });
    expect(site.navigationFallbackId).toBeUndefined();
  });
});
