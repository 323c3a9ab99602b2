import { describe, expect, it } from 'vitest';
import { mountMock, sendJson, type WpErrorBody } from './helpers.js';

const { mock, json } = mountMock();

describe('types, taxonomies and statuses', () => {
  it('answers objects keyed by slug with rest_base and rest_namespace', async () => {
    const types =
      await json<Record<string, { rest_base: string; rest_namespace: string }>>('/wp/v2/types?context=view');
    expect(Object.keys(types.body)).toEqual([
      'post',
      'page',
      'attachment',
      'nav_menu_item',
      'wp_block',
      'wp_template',
      'wp_template_part',
      'wp_navigation',
    ]);
    expect(types.body['attachment']).toMatchObject({ rest_base: 'media', rest_namespace: 'wp/v2' });
    expect(types.body['wp_template_part']?.rest_base).toBe('template-parts');
    const taxonomies = await json<Record<string, { rest_base: string; types: string[] }>>(
      '/wp/v2/taxonomies?context=view',
    );
    expect(Object.keys(taxonomies.body)).toEqual(['category', 'post_tag', 'nav_menu']);
    expect(taxonomies.body['post_tag']).toMatchObject({ rest_base: 'tags', types: ['post'] });
  });

  it('adds capabilities, labels and supports in edit context', async () => {
    const page = await json<Record<string, unknown>>('/wp/v2/types/page?context=edit');
    expect(page.body).toHaveProperty('capabilities');
    expect(page.body['supports']).toMatchObject({ 'page-attributes': true });
    const missing = await json<WpErrorBody>('/wp/v2/types/nope');
    expect(missing.body.code).toBe('rest_type_invalid');
  });

  it('shows logged-in users every status', async () => {
    const res = await json<Record<string, unknown>>('/wp/v2/statuses');
    expect(Object.keys(res.body).sort()).toEqual([
      'draft',
      'future',
      'pending',
      'private',
      'publish',
      'trash',
    ]);
  });
});

describe('themes and global styles', () => {
  it('serves the active theme with theme_supports and the user global styles link, without is_block_theme', async () => {
    const res = await json<
      Array<Record<string, unknown> & { _links: Record<string, Array<{ href: string }>> }>
    >('/wp/v2/themes?status=active');
    expect(res.headers.get('x-wp-total')).toBe('1');
    const theme = res.body[0];
    expect(theme).toMatchObject({ stylesheet: 'twentytwentythree', status: 'active' });
    expect(theme).not.toHaveProperty('is_block_theme');
    expect(theme?.['theme_supports']).toMatchObject({
      'block-templates': true,
      'editor-color-palette': expect.any(Array),
    });
    const href = theme?._links['wp:user-global-styles']?.[0]?.href ?? '';
    expect(href).toMatch(new RegExp(`^${mock.restRoot}/wp/v2/global-styles/\\d+$`));
    const styles = await json<{
      id: number;
      title: { rendered: string };
      settings: Record<string, unknown>;
      _links: Record<string, unknown>;
    }>(href.slice(mock.restRoot.length));
    expect(styles.body.title.rendered).toBe('Custom Styles');
    expect(styles.body.settings).toHaveProperty('color.palette.custom');
    expect(styles.body._links).not.toHaveProperty('version-history');
  });

  it('answers 401 to an anonymous active-theme request and lets the author read it', async () => {
    mock.setCurrentUser(null);
    const anon = await json<WpErrorBody>('/wp/v2/themes?status=active');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('rest_cannot_view_active_theme');
    mock.setCurrentUser('author');
    expect((await json('/wp/v2/themes?status=active')).status).toBe(200);
  });

  it('answers the record itself for /global-styles/{id}/revisions, as the 6.1 id pattern does', async () => {
    const theme = (
      await json<Array<{ _links: Record<string, Array<{ href: string }>> }>>('/wp/v2/themes?status=active')
    ).body[0];
    const path = (theme?._links['wp:user-global-styles']?.[0]?.href ?? '').slice(mock.restRoot.length);
    const record = await json(path);
    const trap = await json(`${path}/revisions`);
    expect(trap.status).toBe(200);
    expect(trap.body).toEqual(record.body);
  });

  it('forbids global styles to authors and updates them for administrators', async () => {
    const theme = (
      await json<Array<{ _links: Record<string, Array<{ href: string }>> }>>('/wp/v2/themes?status=active')
    ).body[0];
    const path = (theme?._links['wp:user-global-styles']?.[0]?.href ?? '').slice(mock.restRoot.length);
    const updated = await json<{ styles: unknown }>(
      path,
      sendJson('PUT', { styles: { color: { text: '#111' } }, settings: {} }),
    );
    expect(updated.body.styles).toEqual({ color: { text: '#111' } });
    mock.setCurrentUser('author');
    const author = await json<WpErrorBody>(path);
    expect(author.status).toBe(403);
    expect(author.body.code).toBe('rest_cannot_view');
    const base = await json<WpErrorBody>('/wp/v2/global-styles/themes/twentytwentythree');
    expect(base.status).toBe(403);
    expect(base.body.code).toBe('rest_cannot_manage_global_styles');
  });

  it('serves base styles and ten variations, and 404 for an unknown theme', async () => {
    const base = await json<{ settings: Record<string, unknown>; styles: Record<string, unknown> }>(
      '/wp/v2/global-styles/themes/twentytwentythree',
    );
    expect(base.body.settings).toHaveProperty('color.palette.theme');
    const variations = await json<Array<{ title: string }>>(
      '/wp/v2/global-styles/themes/twentytwentythree/variations',
    );
    expect(variations.body).toHaveLength(10);
    expect(variations.body[0]?.title).toBe('Aubergine');
    const unknown = await json<WpErrorBody>('/wp/v2/global-styles/themes/nope');
    expect(unknown.body.code).toBe('rest_theme_not_found');
  });
});

describe('templates', () => {
  it('lists theme templates with theme//slug ids and no pagination headers', async () => {
    const res = await json<Array<{ id: string; source: string; wp_id: number }>>('/wp/v2/templates');
    expect(res.headers.get('x-wp-total')).toBeNull();
    expect(res.body.map((t) => t.id)).toContain('twentytwentythree//home');
    expect(res.body.find((t) => t.id === 'twentytwentythree//home')).toMatchObject({
      source: 'theme',
      wp_id: 0,
    });
    const parts = await json<Array<{ slug: string; area: string }>>('/wp/v2/template-parts');
    expect(parts.body.find((p) => p.slug === 'header')?.area).toBe('header');
  });

  it('resolves ids with a literal double slash or an encoded one', async () => {
    const literal = await json<{ id: string }>('/wp/v2/templates/twentytwentythree//home');
    const encoded = await json<{ id: string }>('/wp/v2/templates/twentytwentythree%2F%2Fhome');
    expect(literal.body.id).toBe('twentytwentythree//home');
    expect(encoded.body).toEqual(literal.body);
  });

  it('saves a theme template as a custom post, trashes it back to the theme file, and refuses deleting theme files', async () => {
    const saved = await json<{ source: string; origin: string; wp_id: number }>(
      '/wp/v2/templates/twentytwentythree//page',
      sendJson('PUT', { content: '<!-- wp:post-content /-->' }),
    );
    expect(saved.body).toMatchObject({ source: 'custom', origin: 'theme' });
    expect(saved.body.wp_id).toBeGreaterThan(0);
    const trashed = await json<{ status: string }>('/wp/v2/templates/twentytwentythree//page', {
      method: 'DELETE',
    });
    expect(trashed.body.status).toBe('trash');
    const back = await json<{ source: string; wp_id: number }>('/wp/v2/templates/twentytwentythree//page');
    expect(back.body).toMatchObject({ source: 'theme', wp_id: 0 });
    const refused = await json<WpErrorBody>('/wp/v2/templates/twentytwentythree//page?force=true', {
      method: 'DELETE',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('rest_invalid_template');
  });

  it('shadows template revisions and autosaves with rest_template_not_found, though the index lists them', async () => {
    const res = await json<WpErrorBody>('/wp/v2/templates/twentytwentythree//single/revisions');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_template_not_found');
    const byWpId = await json<WpErrorBody>(
      '/wp/v2/templates/32/autosaves',
      sendJson('POST', { content: '' }),
    );
    expect(byWpId.body.code).toBe('rest_template_not_found');
    const index = await json<{ routes: Record<string, unknown> }>('/');
    expect(Object.keys(index.body.routes)).toContain('/wp/v2/templates/(?P<parent>[\\d]+)/revisions');
    expect(Object.keys(index.body.routes)).not.toContain('/wp/v2/global-styles/(?P<parent>[\\d]+)/revisions');
  });

  it('forbids templates to authors', async () => {
    mock.setCurrentUser('author');
    const res = await json<WpErrorBody>('/wp/v2/templates');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_manage_templates');
  });

  it('looks up the fallback template of a slug', async () => {
    expect((await json<{ id: string }>('/wp/v2/templates/lookup?slug=front-page')).body.id).toBe(
      'twentytwentythree//home',
    );
    expect((await json<{ id: string }>('/wp/v2/templates/lookup?slug=single-post-hello-world')).body.id).toBe(
      'twentytwentythree//index',
    );
  });

  it('answers ?_wp-find-template=true on front-end URLs, with HTTP 404 and success:true for a missing page', async () => {
    const home = await fetch(`${mock.root}/?_wp-find-template=true`);
    expect(await home.json()).toMatchObject({
      success: true,
      data: { id: 'twentytwentythree//home', title: 'Home' },
    });
    const single = await fetch(`${mock.root}/hello-world/?_wp-find-template=true`);
    expect(((await single.json()) as { data: { id: string } }).data.id).toBe('twentytwentythree//single');
    const missing = await fetch(`${mock.root}/no-such-page/?_wp-find-template=true`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: true, data: { id: 'twentytwentythree//404' } });
  });
});

describe('oEmbed proxy', () => {
  it('answers 404 oembed_invalid_url for an external URL without a configured answer', async () => {
    const res = await json<WpErrorBody>(
      `/oembed/1.0/proxy?url=${encodeURIComponent('https://youtube.com/watch?v=x')}`,
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
  });

  it('answers configured embeds and the bare-link fallback', async () => {
    const video = 'https://video.example/watch/1';
    const link = 'https://plain.example/page';
    mock.setEmbed(video, { type: 'video', html: '<iframe></iframe>', provider_name: 'Video' });
    mock.setEmbed(link, 'fallback');
    expect((await json(`/oembed/1.0/proxy?url=${encodeURIComponent(video)}`)).body).toMatchObject({
      type: 'video',
    });
    const fallback = await json<{ html: string }>(`/oembed/1.0/proxy?url=${encodeURIComponent(link)}`);
    expect(fallback.body.html).toBe(`<a href="${link}">${link}</a>`);
  });

  it("embeds this site's posts and refuses anonymous proxy requests", async () => {
    const local = await json<{ type: string; title: string }>(
      `/oembed/1.0/proxy?url=${encodeURIComponent(`${mock.root}/hello-world/`)}`,
    );
    expect(local.body).toMatchObject({ type: 'rich', title: 'Hello world!' });
    mock.setCurrentUser(null);
    const anon = await json<WpErrorBody>(
      `/oembed/1.0/proxy?url=${encodeURIComponent(`${mock.root}/hello-world/`)}`,
    );
    expect(anon.status).toBe(401);
  });
});

describe('menus, widgets, plugins and patterns', () => {
  it('lets authors read menus, forbids menu locations to them, and answers [] locations to admins', async () => {
    expect((await json<unknown[]>('/wp/v2/menu-locations')).body).toEqual([]);
    mock.setCurrentUser('author');
    const menus =
      await json<Array<{ name: string; locations: unknown[]; auto_add: boolean }>>('/wp/v2/menus');
    expect(menus.body[0]).toMatchObject({ name: 'Primary', locations: [], auto_add: false });
    const items = await json<Array<{ menus: number; type: string }>>('/wp/v2/menu-items');
    expect(items.body).toHaveLength(3);
    expect((await json('/wp/v2/menu-locations')).status).toBe(403);
    mock.setCurrentUser(null);
    expect((await json<WpErrorBody>('/wp/v2/menus')).body.code).toBe('rest_cannot_view');
  });

  it('serves the inactive sidebar with its widgets to admins only', async () => {
    const sidebars = await json<Array<{ id: string; status: string; widgets: string[] }>>('/wp/v2/sidebars');
    expect(sidebars.body).toEqual([
      expect.objectContaining({
        id: 'wp_inactive_widgets',
        status: 'inactive',
        widgets: ['block-2', 'block-3', 'block-4', 'block-5', 'block-6'],
      }),
    ]);
    expect((await json<unknown[]>('/wp/v2/widget-types')).body).toHaveLength(18);
    mock.setCurrentUser('author');
    expect((await json<WpErrorBody>('/wp/v2/widgets')).body.code).toBe('rest_cannot_manage_widgets');
  });

  it('lists akismet as the only plugin and forbids plugins to authors', async () => {
    expect((await json<Array<{ plugin: string; status: string }>>('/wp/v2/plugins')).body).toEqual([
      expect.objectContaining({ plugin: 'akismet/akismet', status: 'inactive' }),
    ]);
    mock.setCurrentUser('author');
    expect((await json<WpErrorBody>('/wp/v2/plugins')).body.code).toBe('rest_cannot_view_plugins');
  });

  it('serves 13 block patterns and 8 categories, and 500 for the pattern directory', async () => {
    expect((await json<unknown[]>('/wp/v2/block-patterns/patterns')).body).toHaveLength(13);
    expect(
      (await json<Array<{ name: string }>>('/wp/v2/block-patterns/categories')).body.map((c) => c.name),
    ).toEqual(['buttons', 'columns', 'featured', 'footer', 'gallery', 'header', 'text', 'query']);
    expect((await json<WpErrorBody>('/wp/v2/pattern-directory/patterns')).status).toBe(500);
  });

  it('searches posts and terms with totals', async () => {
    const posts = await json<Array<{ type: string; subtype: string }>>('/wp/v2/search?search=hello');
    expect(posts.headers.get('x-wp-total')).toBe('1');
    expect(posts.body[0]).toMatchObject({ type: 'post', subtype: 'post' });
    const terms = await json<Array<{ type: string }>>('/wp/v2/search?search=news&type=term');
    expect(terms.body[0]?.type).toBe('category');
  });

  it('lists published navigation posts to everyone', async () => {
    mock.setCurrentUser(null);
    const res = await json<Array<{ type: string }>>('/wp/v2/navigation');
    expect(res.status).toBe(200);
    expect(res.body[0]?.type).toBe('wp_navigation');
  });
});
