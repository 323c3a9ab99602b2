/**
 * The icon routes of WordPress 7.0 (`/wp/v2/icons`, names `collection/icon`) and 7.1
 * (`/wp/v2/icon-collections`), served when the mock runs as 7.1: a few core icons in one `core`
 * collection, readable by anyone who may edit posts.
 *
 * @module
 */
import { contextArg } from '../params.js';
import { READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure } from '../responses.js';
import { requireCap, type Permission } from './guards.js';
import { linkTo, restUrl } from './shared.js';

/** The icons the mock registers. */
export const MOCK_ICONS: readonly { name: string; label: string; content: string; collection: string }[] = [
  {
    name: 'core/arrow-left',
    label: 'Arrow left',
    content:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M20 11.2H6.8l3.7-3.7-1-1L3.9 12l5.6 5.5 1-1-3.7-3.7H20z"/></svg>',
    collection: 'core',
  },
  {
    name: 'core/check',
    label: 'Check',
    content:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M16.7 7.1l-6.3 8.5-3.3-2.5-.9 1.2 4.5 3.4L17.9 8z"/></svg>',
    collection: 'core',
  },
];

/** The icon collections the mock registers. */
export const MOCK_ICON_COLLECTIONS: readonly { slug: string; label: string; description: string }[] = [
  { slug: 'core', label: 'Core', description: 'The icons WordPress ships.' },
];

function readIcons(request: RestRequest): Permission {
  return requireCap(
    request,
    'edit_posts',
    'rest_cannot_view',
    'Sorry, you are not allowed to view the registered icons.',
  );
}

function renderIcon(request: RestRequest, icon: (typeof MOCK_ICONS)[number]): Record<string, unknown> {
  return { ...icon, _links: { self: linkTo(restUrl(request, `/wp/v2/icons/${icon.name}`)) } };
}

function renderCollection(
  request: RestRequest,
  collection: (typeof MOCK_ICON_COLLECTIONS)[number],
): Record<string, unknown> {
  return {
    ...collection,
    _links: { self: linkTo(restUrl(request, `/wp/v2/icon-collections/${collection.slug}`)) },
  };
}

/** `/wp/v2/icons` (7.0) and `/wp/v2/icon-collections` (7.1). */
export function iconRoutes(): Route[] {
  return [
    route(
      '/wp/v2/icons',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg(), collection: { type: 'string' } },
          permission: readIcons,
          handler: (r) => {
            const collection = typeof r.query['collection'] === 'string' ? r.query['collection'] : undefined;
            const icons = MOCK_ICONS.filter(
              (icon) => collection === undefined || icon.collection === collection,
            );
            return ok(icons.map((icon) => renderIcon(r, icon)));
          },
        },
      ],
      { schemaTitle: 'icon' },
    ),
    route(
      '/wp/v2/icons/(?P<name>[a-z][a-z0-9-]*/[a-z][a-z0-9-]*)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: readIcons,
          handler: (r) => {
            const icon = MOCK_ICONS.find((each) => each.name === r.params['name']);
            if (icon === undefined) throw new WpRestFailure('rest_icon_not_found', 'Icon not found.', 404);
            return ok(renderIcon(r, icon));
          },
        },
      ],
      { schemaTitle: 'icon' },
    ),
    route(
      '/wp/v2/icon-collections',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: readIcons,
          handler: (r) => ok(MOCK_ICON_COLLECTIONS.map((collection) => renderCollection(r, collection))),
        },
      ],
      { schemaTitle: 'icon-collection' },
    ),
    route(
      '/wp/v2/icon-collections/(?P<slug>[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: readIcons,
          handler: (r) => {
            const collection = MOCK_ICON_COLLECTIONS.find((each) => each.slug === r.params['slug']);
            if (collection === undefined) {
              throw new WpRestFailure('rest_icon_collection_not_found', 'Icon collection not found.', 404);
            }
            return ok(renderCollection(r, collection));
          },
        },
      ],
      { schemaTitle: 'icon-collection' },
    ),
  ];
}
