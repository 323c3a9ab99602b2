/**
 * The static `root` entities of the spec (reference §2.2), and those core-data 8.1 added. Each
 * store gets its own instances.
 *
 * @module
 */
import { EntityConfig, titleOf } from '../../models/EntityConfig.js';
import { SITE_SYNC } from '../../core/entitySync.js';

/**
 * The site-info fields `root/base` asks for (the full index is about 160 KB): the reference's, and
 * the reading options WordPress 6.8+ adds to the index for every user (`show_on_front`,
 * `page_on_front`, `page_for_posts`, as core-data 8.1 asks). Older sites leave those out.
 */
export const BASE_FIELDS = [
  'description',
  'gmt_offset',
  'home',
  'name',
  'site_icon',
  'site_icon_url',
  'site_logo',
  'timezone_string',
  'url',
  'page_for_posts',
  'page_on_front',
  'show_on_front',
] as const;

const VIEW = { context: 'view' } as const;

const EDIT = { context: 'edit' } as const;

/** New instances of every static `root` entity config, in the reference's order. */
export function createRootEntityConfigs(): EntityConfig[] {
  return [
    new EntityConfig({
      kind: 'root',
      name: 'base',
      label: 'Base',
      baseURL: '/',
      baseURLParams: { _fields: BASE_FIELDS.join(',') },
      singleton: true,
    }),
    new EntityConfig({
      kind: 'root',
      name: 'site',
      label: 'Site',
      baseURL: '/wp/v2/settings',
      singleton: true,
      sync: SITE_SYNC,
      // An empty title is a real title; only a missing one gets the placeholder.
      getTitle: (record) => {
        const title = record?.title;
        return title === undefined || title === null ? 'Site Title' : titleOf(record);
      },
    }),
    new EntityConfig({
      kind: 'root',
      name: 'postType',
      label: 'Post Type',
      baseURL: '/wp/v2/types',
      keyedList: true,
      baseURLParams: EDIT,
      key: 'slug',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'media',
      label: 'Media',
      baseURL: '/wp/v2/media',
      baseURLParams: EDIT,
      plural: 'mediaItems',
      rawAttributes: ['caption', 'title', 'description'],
      supportsPagination: true,
    }),
    new EntityConfig({
      kind: 'root',
      name: 'taxonomy',
      label: 'Taxonomy',
      baseURL: '/wp/v2/taxonomies',
      keyedList: true,
      baseURLParams: EDIT,
      key: 'slug',
      plural: 'taxonomies',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'sidebar',
      label: 'Widget areas',
      baseURL: '/wp/v2/sidebars',
      baseURLParams: EDIT,
      plural: 'sidebars',
      transientEdits: ['blocks'],
    }),
    new EntityConfig({
      kind: 'root',
      name: 'widget',
      label: 'Widgets',
      baseURL: '/wp/v2/widgets',
      baseURLParams: EDIT,
      plural: 'widgets',
      transientEdits: ['blocks'],
    }),
    new EntityConfig({
      kind: 'root',
      name: 'widgetType',
      label: 'Widget types',
      baseURL: '/wp/v2/widget-types',
      baseURLParams: EDIT,
      plural: 'widgetTypes',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'user',
      label: 'User',
      baseURL: '/wp/v2/users',
      baseURLParams: EDIT,
      plural: 'users',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'comment',
      label: 'Comment',
      baseURL: '/wp/v2/comments',
      baseURLParams: EDIT,
      plural: 'comments',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'menu',
      label: 'Menu',
      baseURL: '/wp/v2/menus',
      baseURLParams: EDIT,
      plural: 'menus',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'menuItem',
      label: 'Menu Item',
      baseURL: '/wp/v2/menu-items',
      baseURLParams: EDIT,
      plural: 'menuItems',
      rawAttributes: ['title'],
    }),
    new EntityConfig({
      kind: 'root',
      name: 'menuLocation',
      label: 'Menu Location',
      baseURL: '/wp/v2/menu-locations',
      keyedList: true,
      baseURLParams: EDIT,
      plural: 'menuLocations',
      key: 'name',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'globalStyles',
      label: 'Global Styles',
      baseURL: '/wp/v2/global-styles',
      baseURLParams: EDIT,
      plural: 'globalStylesVariations',
      supportsPagination: true,
      revisionsPath: (parentId, revisionId) =>
        `/wp/v2/global-styles/${parentId}/revisions${revisionId === undefined ? '' : `/${revisionId}`}`,
    }),
    new EntityConfig({
      kind: 'root',
      name: 'theme',
      label: 'Themes',
      baseURL: '/wp/v2/themes',
      baseURLParams: EDIT,
      key: 'stylesheet',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'plugin',
      label: 'Plugins',
      baseURL: '/wp/v2/plugins',
      baseURLParams: EDIT,
      key: 'plugin',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'status',
      label: 'Status',
      baseURL: '/wp/v2/statuses',
      keyedList: true,
      baseURLParams: EDIT,
      plural: 'statuses',
      key: 'slug',
    }),
    // Added after the reference (core-data 8.1): WordPress 6.5's font collections, 7.0's icons and
    // 7.1's icon collections. An older site answers 404 (rest_no_route) for them.
    new EntityConfig({
      kind: 'root',
      name: 'fontCollection',
      label: 'Font Collections',
      baseURL: '/wp/v2/font-collections',
      baseURLParams: VIEW,
      plural: 'fontCollections',
      key: 'slug',
      supportsPagination: true,
    }),
    new EntityConfig({
      kind: 'root',
      name: 'icon',
      label: 'Icons',
      baseURL: '/wp/v2/icons',
      baseURLParams: VIEW,
      plural: 'icons',
      key: 'name',
    }),
    new EntityConfig({
      kind: 'root',
      name: 'iconCollection',
      label: 'Icon Collections',
      baseURL: '/wp/v2/icon-collections',
      baseURLParams: VIEW,
      plural: 'iconCollections',
      key: 'slug',
    }),
  ];
}
