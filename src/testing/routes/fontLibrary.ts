/**
 * The font library of WordPress 6.5 and later, served when the mock runs as 6.7 or newer:
 * `/wp/v2/font-families` (the `wp_font_family` post type, its settings a JSON string in the post
 * content, as WordPress stores them) and `/wp/v2/font-collections` (registered collections; the
 * mock has one, `mock-fonts`, instead of WordPress's Google Fonts file). Every route needs
 * `edit_theme_options`. Font faces are not modelled: `font_faces` is always `[]`.
 *
 * @module
 */
import type { MockDatabase, PostRow } from '../database.js';
import { registerPostType } from '../seed.js';
import { boolParam, collectionArgs, contextArg, intParam } from '../params.js';
import { CREATABLE, DELETABLE, EDITABLE, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, paginate, paginationHeaders, WpRestFailure } from '../responses.js';
import { requireCap, type Permission } from './guards.js';
import { linkTo, newPostRow, restUrl } from './shared.js';

/** The collections the mock registers. */
export const MOCK_FONT_COLLECTIONS: readonly Record<string, unknown>[] = [
  {
    slug: 'mock-fonts',
    name: 'Mock fonts',
    description: 'Two families served by the mock WordPress.',
    font_families: [
      {
        font_family_settings: { name: 'Inter', slug: 'inter', fontFamily: 'Inter, sans-serif' },
        categories: ['sans-serif'],
      },
      {
        font_family_settings: { name: 'Lora', slug: 'lora', fontFamily: 'Lora, serif' },
        categories: ['serif'],
      },
    ],
    categories: [
      { name: 'Sans Serif', slug: 'sans-serif' },
      { name: 'Serif', slug: 'serif' },
    ],
  },
];

/** Registers the `wp_font_family` post type (listed in `/wp/v2/types`, served by its own controller). */
export function registerFontFamilyType(db: MockDatabase): void {
  registerPostType(
    db,
    { slug: 'wp_font_family', name: 'Font Families', rest_base: 'font-families', supports: ['title'] },
    { postsController: false, capability: 'theme', viewable: false },
  );
}

function manageFonts(code: string, message: string): (request: RestRequest) => Permission {
  return (request) => requireCap(request, 'edit_theme_options', code, message);
}

const FAMILIES_PERMISSION = manageFonts(
  'rest_cannot_read',
  'Sorry, you are not allowed to access font families.',
);
const CREATE_PERMISSION = manageFonts(
  'rest_cannot_create',
  'Sorry, you are not allowed to create font families.',
);
const COLLECTIONS_PERMISSION = manageFonts(
  'rest_cannot_read',
  'Sorry, you are not allowed to access font collections.',
);

function settingsOf(post: PostRow): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(post.content);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function renderFamily(request: RestRequest, post: PostRow): Record<string, unknown> {
  return {
    id: post.id,
    theme_json_version: 3,
    font_faces: [],
    font_family_settings: { ...settingsOf(post), name: post.title, slug: post.slug },
    _links: {
      self: linkTo(restUrl(request, `/wp/v2/font-families/${post.id}`)),
      collection: linkTo(restUrl(request, '/wp/v2/font-families')),
    },
  };
}

function familyOf(request: RestRequest): PostRow {
  const post = request.site.db.posts.get(intParam(request.params['id'], NaN));
  if (!post || post.type !== 'wp_font_family') {
    throw new WpRestFailure('rest_post_invalid_id', 'Invalid post ID.', 404);
  }
  return post;
}

/** Reads `font_family_settings`, which WordPress takes as a JSON string (an object is accepted too). */
function settingsInput(value: unknown): Record<string, unknown> {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WpRestFailure('rest_invalid_param', 'Invalid parameter(s): font_family_settings', 400, {
      params: { font_family_settings: 'font_family_settings parameter must be a valid JSON string.' },
    });
  }
  return parsed as Record<string, unknown>;
}

function families(request: RestRequest): PostRow[] {
  return [...request.site.db.posts.values()]
    .filter((post) => post.type === 'wp_font_family' && post.status === 'publish')
    .sort((a, b) => a.id - b.id);
}

/** The font family and font collection routes (WordPress 6.5+). */
export function fontLibraryRoutes(): Route[] {
  return [
    route(
      '/wp/v2/font-families',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: collectionArgs(),
          permission: FAMILIES_PERMISSION,
          handler: (r) => {
            const page = paginate(
              families(r),
              intParam(r.query['page'], 1),
              intParam(r.query['per_page'], 10),
            );
            return ok(
              page.items.map((post) => renderFamily(r, post)),
              200,
              paginationHeaders(r.url, intParam(r.query['page'], 1), page.total, page.totalPages),
            );
          },
        },
        {
          methods: CREATABLE,
          args: { font_family_settings: { type: 'string', required: true } },
          permission: CREATE_PERMISSION,
          handler: (r) => {
            const settings = settingsInput(r.body['font_family_settings']);
            const slug = typeof settings['slug'] === 'string' ? settings['slug'] : '';
            if (families(r).some((post) => post.slug === slug)) {
              throw new WpRestFailure(
                'rest_duplicate_font_family',
                `A font family with slug "${slug}" already exists.`,
                400,
              );
            }
            const now = r.site.db.tick();
            const post = newPostRow(r, 'wp_font_family', now, {
              status: 'publish',
              title: typeof settings['name'] === 'string' ? settings['name'] : slug,
              slug,
              content: JSON.stringify(settings),
            });
            r.site.db.posts.set(post.id, post);
            return ok(renderFamily(r, post), 201, {
              Location: restUrl(r, `/wp/v2/font-families/${post.id}`),
            });
          },
        },
      ],
      { schemaTitle: 'wp_font_family' },
    ),
    route(
      '/wp/v2/font-families/(?P<id>[\\d]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: FAMILIES_PERMISSION,
          handler: (r) => ok(renderFamily(r, familyOf(r))),
        },
        {
          methods: EDITABLE,
          permission: FAMILIES_PERMISSION,
          handler: (r) => {
            const post = familyOf(r);
            if (r.body['font_family_settings'] !== undefined) {
              const settings = { ...settingsOf(post), ...settingsInput(r.body['font_family_settings']) };
              post.content = JSON.stringify(settings);
              if (typeof settings['name'] === 'string') post.title = settings['name'];
            }
            post.modified = r.site.db.tick();
            return ok(renderFamily(r, post));
          },
        },
        {
          methods: DELETABLE,
          permission: FAMILIES_PERMISSION,
          handler: (r) => {
            const post = familyOf(r);
            if (!boolParam(r.query['force'])) {
              throw new WpRestFailure('rest_trash_not_supported', 'Font faces do not support trashing.', 501);
            }
            const previous = renderFamily(r, post);
            r.site.db.posts.delete(post.id);
            return ok({ deleted: true, previous });
          },
        },
      ],
      { schemaTitle: 'wp_font_family' },
    ),
    route(
      '/wp/v2/font-collections',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: collectionArgs(),
          permission: COLLECTIONS_PERMISSION,
          handler: (r) => {
            const pageNumber = intParam(r.query['page'], 1);
            const page = paginate(MOCK_FONT_COLLECTIONS, pageNumber, intParam(r.query['per_page'], 10));
            return ok(
              page.items.map((collection) => renderCollection(r, collection)),
              200,
              paginationHeaders(r.url, pageNumber, page.total, page.totalPages),
            );
          },
        },
      ],
      { schemaTitle: 'font-collection' },
    ),
    route(
      '/wp/v2/font-collections/(?P<slug>[\\/\\w-]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: COLLECTIONS_PERMISSION,
          handler: (r) => {
            const collection = MOCK_FONT_COLLECTIONS.find((c) => c['slug'] === r.params['slug']);
            if (collection === undefined) {
              throw new WpRestFailure('rest_font_collection_not_found', 'Font collection not found.', 404);
            }
            return ok(renderCollection(r, collection));
          },
        },
      ],
      { schemaTitle: 'font-collection' },
    ),
  ];
}

function renderCollection(
  request: RestRequest,
  collection: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...structuredClone(collection),
    _links: {
      self: linkTo(restUrl(request, `/wp/v2/font-collections/${String(collection['slug'])}`)),
      collection: linkTo(restUrl(request, '/wp/v2/font-collections')),
    },
  };
}
