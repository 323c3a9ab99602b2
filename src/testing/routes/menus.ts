/**
 * Classic menus: `/wp/v2/menus` (nav_menu terms), `/wp/v2/menu-items` (nav_menu_item posts) and
 * `/wp/v2/menu-locations`. In 6.1 users who can edit posts may read menus; writing needs
 * `edit_theme_options`.
 *
 * @module
 */
import type { PostRow, TermRow } from '../database.js';
import { slugify } from '../database.js';
import { boolParam, collectionArgs, contextArg, idListParam, intParam, listParam } from '../params.js';
import { hasCap } from '../permissions.js';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  param,
  READABLE,
  route,
  type RestRequest,
  type Route,
} from '../router.js';
import { forbidden, ok, paginate, paginationHeaders, WpRestFailure } from '../responses.js';
import { contextOf, CURIES, linkTo, restUrl, textInput, type Context } from './shared.js';

function canRead(request: RestRequest, code: string, message: string): true | WpRestFailure {
  return hasCap(request.user, 'edit_theme_options') || hasCap(request.user, 'edit_posts')
    ? true
    : forbidden(code, message, request.user !== null);
}

function canWrite(request: RestRequest, code: string, message: string): true | WpRestFailure {
  return hasCap(request.user, 'edit_theme_options') ? true : forbidden(code, message, request.user !== null);
}

function renderMenu(request: RestRequest, menu: TermRow): Record<string, unknown> {
  return {
    id: menu.id,
    description: menu.description,
    name: menu.name,
    slug: menu.slug,
    meta: { ...menu.meta },
    locations: [...menu.locations],
    auto_add: menu.auto_add,
    _links: {
      self: linkTo(restUrl(request, `/wp/v2/menus/${menu.id}`)),
      collection: linkTo(restUrl(request, '/wp/v2/menus')),
      about: linkTo(restUrl(request, '/wp/v2/taxonomies/nav_menu')),
      'wp:post_type': linkTo(restUrl(request, `/wp/v2/menu-items?menus=${menu.id}`)),
      curies: CURIES,
    },
  };
}

function renderItem(request: RestRequest, item: PostRow, context: Context): Record<string, unknown> {
  const x = item.extra;
  const out: Record<string, unknown> = {
    id: item.id,
    title: context === 'edit' ? { raw: item.title, rendered: item.title } : { rendered: item.title },
    status: item.status,
    url: x['url'] ?? '',
    attr_title: x['attr_title'] ?? '',
    description: item.excerpt,
    type: x['item_type'] ?? 'custom',
    type_label: x['type_label'] ?? 'Custom Link',
    object: x['object'] ?? 'custom',
    object_id: x['object_id'] ?? item.id,
    parent: item.parent,
    menu_order: item.menu_order,
    target: x['target'] ?? '',
    classes: x['classes'] ?? [''],
    xfn: x['xfn'] ?? [''],
    invalid: false,
    meta: { ...item.meta },
    menus: item.terms['nav_menu']?.[0] ?? 0,
    _links: {
      self: linkTo(restUrl(request, `/wp/v2/menu-items/${item.id}`)),
      collection: linkTo(restUrl(request, '/wp/v2/menu-items')),
      about: linkTo(restUrl(request, '/wp/v2/types/nav_menu_item')),
      'wp:menus': [
        { embeddable: true, taxonomy: 'nav_menu', href: restUrl(request, `/wp/v2/menus?post=${item.id}`) },
      ],
      curies: CURIES,
    },
  };
  return out;
}

function getMenu(request: RestRequest): TermRow {
  const menu = request.site.db.terms.get(parseInt(request.params['id'] ?? '', 10));
  if (!menu || menu.taxonomy !== 'nav_menu')
    throw new WpRestFailure('rest_term_invalid', 'Term does not exist.', 404);
  return menu;
}

function getItem(request: RestRequest): PostRow {
  const item = request.site.db.posts.get(parseInt(request.params['id'] ?? '', 10));
  if (!item || item.type !== 'nav_menu_item')
    throw new WpRestFailure('rest_post_invalid_id', 'Invalid post ID.', 404);
  return item;
}

function guarded(fn: () => void, then: () => true | WpRestFailure): true | WpRestFailure {
  try {
    fn();
  } catch (error) {
    if (error instanceof WpRestFailure) return error;
    throw error;
  }
  return then();
}

function applyMenu(request: RestRequest, menu: TermRow): void {
  const body = request.body;
  const name = textInput(body['name']);
  if (name !== undefined) menu.name = name;
  if (typeof body['description'] === 'string') menu.description = body['description'];
  if (typeof body['slug'] === 'string') menu.slug = slugify(body['slug']);
  if (body['auto_add'] !== undefined) menu.auto_add = boolParam(body['auto_add']);
  if (body['locations'] !== undefined) menu.locations = listParam(body['locations']);
  if (menu.slug === '') menu.slug = slugify(menu.name);
}

function applyItem(request: RestRequest, item: PostRow): void {
  const body = request.body;
  const title = textInput(body['title']);
  if (title !== undefined) item.title = title;
  if (typeof body['status'] === 'string') item.status = body['status'];
  if (typeof body['description'] === 'string') item.excerpt = body['description'];
  if (body['parent'] !== undefined) item.parent = intParam(body['parent'], 0);
  if (body['menu_order'] !== undefined) item.menu_order = intParam(body['menu_order'], 0);
  if (body['menus'] !== undefined) item.terms['nav_menu'] = [intParam(body['menus'], 0)];
  if (body['type'] !== undefined) item.extra['item_type'] = body['type'];
  for (const key of ['url', 'attr_title', 'target', 'object', 'object_id', 'classes', 'xfn'] as const) {
    if (body[key] !== undefined) item.extra[key] = body[key];
  }
  if (typeof body['meta'] === 'object' && body['meta'] !== null)
    item.meta = { ...item.meta, ...(body['meta'] as Record<string, unknown>) };
  item.modified = request.site.db.tick();
}

/** Menu, menu item and menu location routes. */
export function menuRoutes(): Route[] {
  const viewMenus = (r: RestRequest): true | WpRestFailure =>
    canRead(r, 'rest_cannot_view', 'Sorry, you are not allowed to view menus.');
  const editMenus = (r: RestRequest): true | WpRestFailure =>
    canWrite(r, 'rest_cannot_manage_menus', 'Sorry, you are not allowed to edit menus.');
  const viewItems = (r: RestRequest): true | WpRestFailure =>
    canRead(r, 'rest_cannot_view', 'Sorry, you are not allowed to view menu items.');
  const editItems = (r: RestRequest): true | WpRestFailure =>
    canWrite(r, 'rest_cannot_manage_menus', 'Sorry, you are not allowed to edit menu items.');
  return [
    route(
      '/wp/v2/menus',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { ...collectionArgs(), include: { type: 'array' } },
          permission: viewMenus,
          handler: (request) => {
            const include = idListParam(param(request, 'include'));
            const all = request.site.db
              .termsOf('nav_menu')
              .filter((m) => include.length === 0 || include.includes(m.id));
            const page = intParam(param(request, 'page'), 1);
            const perPage = intParam(param(request, 'per_page'), 10);
            const result = paginate(all, page, perPage, 'rest_term_invalid_page_number');
            return ok(
              result.items.map((m) => renderMenu(request, m)),
              200,
              paginationHeaders(request.url, page, result.total, result.totalPages),
            );
          },
        },
        {
          methods: CREATABLE,
          args: { name: { type: 'string', required: true } },
          permission: editMenus,
          handler: (request) => {
            const db = request.site.db;
            const menu: TermRow = {
              id: db.allocateTermId(),
              taxonomy: 'nav_menu',
              name: '',
              slug: '',
              description: '',
              parent: 0,
              meta: {},
              locations: [],
              auto_add: false,
            };
            applyMenu(request, menu);
            if (db.termsOf('nav_menu').some((m) => m.name === menu.name)) {
              throw new WpRestFailure(
                'menu_exists',
                `The menu name ${menu.name} conflicts with another menu name. Please try another.`,
                400,
              );
            }
            db.terms.set(menu.id, menu);
            return ok(renderMenu(request, menu), 201, {
              Location: restUrl(request, `/wp/v2/menus/${menu.id}`),
            });
          },
        },
      ],
      { allowBatch: true, schemaTitle: 'nav_menu' },
    ),
    route(
      '/wp/v2/menus/(?P<id>[\\d]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: (r) =>
            guarded(
              () => getMenu(r),
              () => viewMenus(r),
            ),
          handler: (r) => ok(renderMenu(r, getMenu(r))),
        },
        {
          methods: EDITABLE,
          permission: (r) =>
            guarded(
              () => getMenu(r),
              () => editMenus(r),
            ),
          handler: (r) => {
            const menu = getMenu(r);
            applyMenu(r, menu);
            return ok(renderMenu(r, menu));
          },
        },
        {
          methods: DELETABLE,
          args: { force: { type: 'boolean', default: false } },
          permission: (r) =>
            guarded(
              () => getMenu(r),
              () => editMenus(r),
            ),
          handler: (r) => {
            const menu = getMenu(r);
            if (!boolParam(param(r, 'force')))
              throw new WpRestFailure(
                'rest_trash_not_supported',
                "Menus do not support trashing. Set 'force=true' to delete.",
                501,
              );
            const previous = renderMenu(r, menu);
            r.site.db.terms.delete(menu.id);
            return ok({ deleted: true, previous });
          },
        },
      ],
      { allowBatch: true, schemaTitle: 'nav_menu' },
    ),
    route(
      '/wp/v2/menu-items',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: {
            ...collectionArgs(),
            per_page: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
            menus: { type: 'array' },
            include: { type: 'array' },
          },
          permission: viewItems,
          handler: (request) => {
            const menus = idListParam(param(request, 'menus'));
            const include = idListParam(param(request, 'include'));
            const all = request.site.db
              .postsOfType('nav_menu_item')
              .filter((i) => menus.length === 0 || menus.includes(i.terms['nav_menu']?.[0] ?? 0))
              .filter((i) => include.length === 0 || include.includes(i.id))
              .sort((a, b) => a.menu_order - b.menu_order || a.id - b.id);
            const page = intParam(param(request, 'page'), 1);
            const perPage = intParam(param(request, 'per_page'), 100);
            const result = paginate(all, page, perPage);
            const context = contextOf(request);
            return ok(
              result.items.map((i) => renderItem(request, i, context)),
              200,
              paginationHeaders(request.url, page, result.total, result.totalPages),
            );
          },
        },
        {
          methods: CREATABLE,
          permission: editItems,
          handler: (request) => {
            const db = request.site.db;
            const now = db.tick();
            const item: PostRow = {
              id: db.allocatePostId(),
              type: 'nav_menu_item',
              status: 'publish',
              title: '',
              content: '',
              excerpt: '',
              slug: '',
              author: request.user?.id ?? 0,
              date: now,
              modified: now,
              parent: 0,
              menu_order: 1,
              password: '',
              comment_status: 'closed',
              ping_status: 'closed',
              sticky: false,
              template: '',
              format: 'standard',
              meta: {},
              featured_media: 0,
              terms: {},
              extra: {},
            };
            applyItem(request, item);
            item.slug = String(item.id);
            db.posts.set(item.id, item);
            return ok(renderItem(request, item, 'edit'), 201, {
              Location: restUrl(request, `/wp/v2/menu-items/${item.id}`),
            });
          },
        },
      ],
      { allowBatch: true, schemaTitle: 'nav_menu_item' },
    ),
    route(
      '/wp/v2/menu-items/(?P<id>[\\d]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: (r) =>
            guarded(
              () => getItem(r),
              () => viewItems(r),
            ),
          handler: (r) => ok(renderItem(r, getItem(r), contextOf(r))),
        },
        {
          methods: EDITABLE,
          permission: (r) =>
            guarded(
              () => getItem(r),
              () => editItems(r),
            ),
          handler: (r) => {
            const item = getItem(r);
            applyItem(r, item);
            return ok(renderItem(r, item, 'edit'));
          },
        },
        {
          methods: DELETABLE,
          args: { force: { type: 'boolean', default: false } },
          permission: (r) =>
            guarded(
              () => getItem(r),
              () => editItems(r),
            ),
          handler: (r) => {
            const item = getItem(r);
            if (!boolParam(param(r, 'force')))
              throw new WpRestFailure(
                'rest_trash_not_supported',
                "Menu items do not support trashing. Set 'force=true' to delete.",
                501,
              );
            const previous = renderItem(r, item, 'edit');
            r.site.db.posts.delete(item.id);
            return ok({ deleted: true, previous });
          },
        },
      ],
      { allowBatch: true, schemaTitle: 'nav_menu_item' },
    ),
    route(
      '/wp/v2/menu-locations',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: (r) =>
            canWrite(r, 'rest_cannot_view', 'Sorry, you are not allowed to view menu locations.'),
          // Twenty Twenty-Three registers no menu locations, so WordPress answers an empty array.
          handler: () => ok([]),
        },
      ],
      { schemaTitle: 'menu-location' },
    ),
    route(
      '/wp/v2/menu-locations/(?P<location>[\\w-]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: (r) =>
            canWrite(r, 'rest_cannot_view', 'Sorry, you are not allowed to view menu locations.'),
          handler: () => {
            throw new WpRestFailure('rest_menu_location_invalid', 'Invalid menu location.', 404);
          },
        },
      ],
      { schemaTitle: 'menu-location' },
    ),
  ];
}
