/**
 * Site-level routes: the index (`/`) and namespace indexes, `/wp/v2/settings`, `/wp/v2/types`,
 * `/wp/v2/taxonomies` and `/wp/v2/statuses` (objects keyed by slug, as WordPress answers them).
 *
 * @module
 */
import type { PostTypeRow, TaxonomyRow } from '../database.js';
import { contextArg } from '../params.js';
import { hasCap } from '../permissions.js';
import { EDITABLE, optionsBody, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok } from '../responses.js';
import { readRecord, type RecordKind } from './records.js';
import { allowIf, permissionGuard, requireCap, whenFound, type PermissionCheck } from './guards.js';
import { contextOf, CURIES, found, linkTo, restUrl } from './shared.js';
import { atLeast } from '../versions.js';
import { settingsItemProperties } from '../itemSchemas.js';

/** Namespaces listed in the index (`batch/v1` is not, although its route exists). */
export const CORE_NAMESPACES = ['oembed/1.0', 'wp/v2', 'wp-site-health/v1', 'wp-block-editor/v1'];

function namespaces(request: RestRequest): string[] {
  const extra = [...request.site.db.postTypes.values()].map((t) => t.rest_namespace);
  return [...new Set([...CORE_NAMESPACES, ...extra])];
}

function routeIndex(request: RestRequest, routes: readonly Route[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of routes) {
    const entry = optionsBody(r);
    delete entry['schema'];
    if (!r.source.includes('(')) entry['_links'] = { self: linkTo(restUrl(request, r.source)) };
    out[r.source] = entry;
  }
  return out;
}

function indexBody(request: RestRequest): Record<string, unknown> {
  const settings = request.site.db.settings;
  const links: Record<string, unknown> = { help: linkTo('https://developer.wordpress.org/rest-api/') };
  if (hasCap(request.user, 'switch_themes') || hasCap(request.user, 'manage_options')) {
    links['wp:active-theme'] = linkTo(restUrl(request, `/wp/v2/themes/${request.site.db.stylesheet}`));
    links['curies'] = CURIES;
  }
  return {
    name: settings['title'],
    description: settings['description'],
    url: request.siteRoot,
    home: request.siteRoot,
    gmt_offset: 0,
    timezone_string: 'UTC',
    namespaces: namespaces(request),
    authentication: {
      'application-passwords': {
        endpoints: { authorization: `${request.siteRoot}/wp-admin/authorize-application.php` },
      },
    },
    routes: routeIndex(request, request.site.routes()),
    site_logo: typeof settings['site_logo'] === 'number' ? settings['site_logo'] : 0,
    site_icon: settings['site_icon'] ?? 0,
    site_icon_url: '',
    // WordPress 6.8 sends the reading options to every user (before, only /settings has them).
    ...(atLeast(request.site.version, '6.8')
      ? {
          show_on_front: settings['show_on_front'],
          page_on_front: settings['page_on_front'],
          page_for_posts: settings['page_for_posts'],
        }
      : {}),
    _links: links,
  };
}

function renderSettings(request: RestRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.site.db.settings))
    out[key] = key === 'url' ? request.siteRoot : value;
  return out;
}

function typeBody(request: RestRequest, type: PostTypeRow, edit: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    description: type.description,
    hierarchical: type.hierarchical,
    has_archive: type.has_archive,
    name: type.name,
    slug: type.slug,
    icon: type.icon,
    taxonomies: [...type.taxonomies],
    rest_base: type.rest_base,
    rest_namespace: type.rest_namespace,
  };
  if (edit) {
    const plural = type.capability === 'page' ? 'pages' : 'posts';
    out['capabilities'] = {
      edit_post: `edit_${type.capability === 'page' ? 'page' : 'post'}`,
      read_post: 'read_post',
      delete_post: 'delete_post',
      edit_posts: type.capability === 'theme' ? 'edit_theme_options' : `edit_${plural}`,
      edit_others_posts: type.capability === 'theme' ? 'edit_theme_options' : `edit_others_${plural}`,
      publish_posts: type.capability === 'theme' ? 'edit_theme_options' : `publish_${plural}`,
      read_private_posts: `read_private_${plural}`,
      create_posts: type.capability === 'theme' ? 'edit_theme_options' : `edit_${plural}`,
    };
    out['labels'] = {
      name: type.name,
      singular_name: type.singular,
      add_new: 'Add New',
      add_new_item: `Add New ${type.singular}`,
      edit_item: `Edit ${type.singular}`,
    };
    out['supports'] = Object.fromEntries(type.supports.map((s) => [s, true]));
    out['viewable'] = type.viewable;
    out['visibility'] = { show_in_nav_menus: type.viewable, show_ui: true };
  }
  out['_links'] = {
    collection: linkTo(restUrl(request, '/wp/v2/types')),
    'wp:items': linkTo(restUrl(request, `/${type.rest_namespace}/${type.rest_base}`)),
    curies: CURIES,
  };
  return out;
}

function taxonomyBody(request: RestRequest, tax: TaxonomyRow, edit: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: tax.name,
    slug: tax.slug,
    description: tax.description,
    types: [...tax.types],
    hierarchical: tax.hierarchical,
    rest_base: tax.rest_base,
    rest_namespace: tax.rest_namespace,
  };
  if (edit) {
    out['capabilities'] = {
      manage_terms: 'manage_categories',
      edit_terms: 'manage_categories',
      delete_terms: 'manage_categories',
      assign_terms: 'edit_posts',
    };
    out['labels'] = { name: tax.name, singular_name: tax.singular };
    out['show_cloud'] = tax.show_cloud;
    out['visibility'] = {
      public: true,
      publicly_queryable: true,
      show_admin_column: false,
      show_in_nav_menus: true,
      show_in_quick_edit: true,
      show_ui: true,
    };
  }
  out['_links'] = {
    collection: linkTo(restUrl(request, '/wp/v2/taxonomies')),
    'wp:items': linkTo(restUrl(request, `/${tax.rest_namespace}/${tax.rest_base}`)),
    curies: CURIES,
  };
  return out;
}

const STATUS_INFO: Record<string, { name: string; public: boolean; protected: boolean; private: boolean }> = {
  publish: { name: 'Published', public: true, protected: false, private: false },
  future: { name: 'Scheduled', public: false, protected: true, private: false },
  draft: { name: 'Draft', public: false, protected: true, private: false },
  pending: { name: 'Pending', public: false, protected: true, private: false },
  private: { name: 'Private', public: false, protected: false, private: true },
  trash: { name: 'Trash', public: false, protected: false, private: false },
};

function statusBody(request: RestRequest, slug: string, edit: boolean): Record<string, unknown> {
  const info = STATUS_INFO[slug] ?? { name: slug, public: false, protected: false, private: false };
  const out: Record<string, unknown> = {
    name: info.name,
    public: info.public,
    queryable: info.public,
    slug,
    date_floating: slug === 'draft' || slug === 'pending',
  };
  if (edit) {
    out['private'] = info.private;
    out['protected'] = info.protected;
    out['show_in_list'] = slug !== 'trash';
  }
  out['_links'] = { archives: linkTo(restUrl(request, '/wp/v2/posts')) };
  return out;
}

function visibleStatuses(request: RestRequest): string[] {
  return request.user ? ['publish', 'future', 'draft', 'pending', 'private', 'trash'] : ['publish'];
}

function canEditAnyType(request: RestRequest): boolean {
  return hasCap(request.user, 'edit_posts');
}

/** Viewing in `edit` context needs `edit_posts` (types and taxonomies alike), else the code and message. */
function editContextNeedsEditPosts(code: string, message: string): PermissionCheck {
  return (request) =>
    contextOf(request) === 'edit' ? allowIf(request, canEditAnyType(request), code, message) : true;
}

const TYPE: RecordKind<PostTypeRow> = {
  load: (request) => {
    const type = request.site.db.postTypes.get(request.params['type'] ?? '');
    return found(type?.listed ? type : undefined, 'rest_type_invalid', 'Invalid post type.');
  },
  render: (request, type, context) => typeBody(request, type, context === 'edit'),
};

const TAXONOMY: RecordKind<TaxonomyRow> = {
  load: (request) =>
    found(
      request.site.db.taxonomies.get(request.params['taxonomy'] ?? ''),
      'rest_taxonomy_invalid',
      'Invalid taxonomy.',
    ),
  render: (request, tax, context) => taxonomyBody(request, tax, context === 'edit'),
};

const STATUS: RecordKind<string> = {
  load: (request) => {
    const slug = request.params['status'] ?? '';
    return found(
      Object.hasOwn(STATUS_INFO, slug) ? slug : undefined,
      'rest_status_invalid',
      'Invalid status.',
    );
  },
  render: (request, slug, context) => statusBody(request, slug, context === 'edit'),
};

/** Routes of the index, settings, types, taxonomies and statuses. */
export function siteRoutes(): Route[] {
  const settingsPermission: PermissionCheck = (request) =>
    requireCap(request, 'manage_options', 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  const editTypes = editContextNeedsEditPosts(
    'rest_forbidden_context',
    'Sorry, you are not allowed to edit posts in this post type.',
  );
  const editTaxonomies = editContextNeedsEditPosts(
    'rest_forbidden_context',
    'Sorry, you are not allowed to manage terms in this taxonomy.',
  );
  return [
    route('/', '', [
      {
        methods: READABLE,
        args: { context: contextArg() },
        handler: (request) => ({ ...ok(indexBody(request)), keepLinks: true }),
      },
    ]),
    ...CORE_NAMESPACES.map((ns) =>
      route(`/${ns}`, ns, [
        {
          methods: READABLE,
          handler: (request) =>
            ok({
              namespace: ns,
              routes: routeIndex(
                request,
                request.site.routes().filter((r) => r.namespace === ns),
              ),
              _links: { up: linkTo(`${request.restRoot}/`) },
            }),
        },
      ]),
    ),
    route(
      '/wp/v2/settings',
      'wp/v2',
      [
        {
          methods: READABLE,
          permission: settingsPermission,
          handler: (request) => ok(renderSettings(request)),
        },
        {
          methods: EDITABLE,
          permission: settingsPermission,
          handler: (request) => {
            const settings = request.site.db.settings;
            for (const [key, value] of Object.entries(request.body)) {
              if (key in settings && key !== 'url') settings[key] = value;
            }
            return ok(renderSettings(request));
          },
        },
      ],
      { schemaTitle: 'settings', schemaProperties: settingsItemProperties },
    ),
    route(
      '/wp/v2/types',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: editContextNeedsEditPosts(
            'rest_cannot_view',
            'Sorry, you are not allowed to edit posts in this post type.',
          ),
          handler: (request) => {
            const edit = contextOf(request) === 'edit';
            const out: Record<string, unknown> = {};
            for (const type of request.site.db.postTypes.values())
              if (type.listed) out[type.slug] = typeBody(request, type, edit);
            return ok(out);
          },
        },
      ],
      { schemaTitle: 'type' },
    ),
    route('/wp/v2/types/(?P<type>[\\w-]+)', 'wp/v2', [readRecord(TYPE, whenFound(TYPE.load, editTypes))], {
      schemaTitle: 'type',
    }),
    route(
      '/wp/v2/taxonomies',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: {
            context: contextArg(),
            type: {
              type: 'string',
              description: 'Limit results to taxonomies associated with a specific post type.',
            },
          },
          permission: editContextNeedsEditPosts(
            'rest_cannot_view',
            'Sorry, you are not allowed to manage terms in this taxonomy.',
          ),
          handler: (request) => {
            const edit = contextOf(request) === 'edit';
            const forType = param(request, 'type');
            const out: Record<string, unknown> = {};
            for (const tax of request.site.db.taxonomies.values()) {
              if (typeof forType === 'string' && !tax.types.includes(forType)) continue;
              out[tax.slug] = taxonomyBody(request, tax, edit);
            }
            return ok(out);
          },
        },
      ],
      { schemaTitle: 'taxonomy' },
    ),
    route(
      '/wp/v2/taxonomies/(?P<taxonomy>[\\w-]+)',
      'wp/v2',
      [readRecord(TAXONOMY, whenFound(TAXONOMY.load, editTaxonomies))],
      { schemaTitle: 'taxonomy' },
    ),
    route(
      '/wp/v2/statuses',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          handler: (request) => {
            const edit = contextOf(request) === 'edit';
            return ok(
              Object.fromEntries(visibleStatuses(request).map((s) => [s, statusBody(request, s, edit)])),
            );
          },
        },
      ],
      { schemaTitle: 'status' },
    ),
    route(
      '/wp/v2/statuses/(?P<status>[\\w-]+)',
      'wp/v2',
      [
        readRecord(
          STATUS,
          permissionGuard(
            STATUS.load,
            (request, slug) => visibleStatuses(request).includes(slug),
            'rest_cannot_read_status',
            'Cannot view status.',
          ),
        ),
      ],
      { schemaTitle: 'status' },
    ),
  ];
}
