import { describe, expect, it } from 'vitest';
import { BASE_FIELDS, createRootEntityConfigs } from '../../stores/entities/rootEntities.js';

const configs = createRootEntityConfigs();
const byName = new Map(configs.map((c) => [c.name, c]));

describe('static root entities', () => {
  it.each([
    ['base', '/', 'id'],
    ['site', '/wp/v2/settings', 'id'],
    ['postType', '/wp/v2/types', 'slug'],
    ['media', '/wp/v2/media', 'id'],
    ['taxonomy', '/wp/v2/taxonomies', 'slug'],
    ['sidebar', '/wp/v2/sidebars', 'id'],
    ['widget', '/wp/v2/widgets', 'id'],
    ['widgetType', '/wp/v2/widget-types', 'id'],
    ['user', '/wp/v2/users', 'id'],
    ['comment', '/wp/v2/comments', 'id'],
    ['menu', '/wp/v2/menus', 'id'],
    ['menuItem', '/wp/v2/menu-items', 'id'],
    ['menuLocation', '/wp/v2/menu-locations', 'name'],
    ['globalStyles', '/wp/v2/global-styles', 'id'],
    ['theme', '/wp/v2/themes', 'stylesheet'],
    ['plugin', '/wp/v2/plugins', 'plugin'],
    ['status', '/wp/v2/statuses', 'slug'],
    ['fontCollection', '/wp/v2/font-collections', 'slug'],
    ['icon', '/wp/v2/icons', 'name'],
    ['iconCollection', '/wp/v2/icon-collections', 'slug'],
  ])('root/%s lives at %s keyed by %s', (name, baseURL, key) => {
    const config = byName.get(name);
    expect(config?.kind).toBe('root');
    expect(config?.baseURL).toBe(baseURL);
    expect(config?.key).toBe(key);
  });

  it("has the seventeen root entities of the spec and core-data 8.1's three", () => {
    expect(configs).toHaveLength(20);
  });

  it('reads every entity of the spec but base and site in the edit context, the new ones in view', () => {
    const added = new Set(['fontCollection', 'icon', 'iconCollection']);
    for (const config of configs) {
      if (config.name === 'base' || config.name === 'site') continue;
      expect(config.baseURLParams, config.name).toEqual({
        context: added.has(config.name) ? 'view' : 'edit',
      });
    }
    expect(byName.get('site')?.baseURLParams).toEqual({});
    expect(byName.get('fontCollection')?.supportsPagination).toBe(true);
  });

  it('asks for the site-info fields only and treats base and site as singletons', () => {
    const base = byName.get('base');
    expect(base?.baseURLParams).toEqual({
      _fields:
        'description,gmt_offset,home,name,site_icon,site_icon_url,site_logo,timezone_string,url,page_for_posts,page_on_front,show_on_front',
    });
    expect(BASE_FIELDS).toHaveLength(12);
    expect(base?.singleton).toBe(true);
    expect(byName.get('site')?.singleton).toBe(true);
    expect(configs.filter((c) => c.singleton)).toHaveLength(2);
  });

  it("titles the settings 'Site Title' only when the title is absent", () => {
    const site = byName.get('site');
    expect(site?.getTitle({})).toBe('Site Title');
    expect(site?.getTitle(undefined)).toBe('Site Title');
    expect(site?.getTitle({ title: null })).toBe('Site Title');
    expect(site?.getTitle({ title: '' })).toBe('');
    expect(site?.getTitle({ title: 'My blog' })).toBe('My blog');
  });

  it('sets raw, transient, pagination, plural and revision details as the reference does', () => {
    expect([...(byName.get('media')?.rawAttributes ?? [])]).toEqual(['caption', 'title', 'description']);
    expect(byName.get('media')?.supportsPagination).toBe(true);
    expect(byName.get('media')?.plural).toBe('mediaItems');
    expect([...(byName.get('menuItem')?.rawAttributes ?? [])]).toEqual(['title']);
    expect([...(byName.get('sidebar')?.transientEdits ?? [])]).toEqual(['blocks']);
    expect([...(byName.get('widget')?.transientEdits ?? [])]).toEqual(['blocks']);
    expect(byName.get('globalStyles')?.supportsPagination).toBe(true);
    expect(byName.get('globalStyles')?.plural).toBe('globalStylesVariations');
    expect(byName.get('globalStyles')?.revisionsPath(7)).toBe('/wp/v2/global-styles/7/revisions');
    expect(byName.get('globalStyles')?.revisionsPath(7, 3)).toBe('/wp/v2/global-styles/7/revisions/3');
    expect(
      byName.get('globalStyles')?.getTitle({ title: { rendered: 'Custom Styles', raw: 'Custom Styles' } }),
    ).toBe('Custom Styles');
    expect(byName.get('status')?.plural).toBe('statuses');
    expect(byName.get('taxonomy')?.plural).toBe('taxonomies');
  });

  it('gives every store its own instances', () => {
    expect(createRootEntityConfigs()[0]).not.toBe(configs[0]);
  });
});
