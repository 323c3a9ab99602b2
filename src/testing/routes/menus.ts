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
import { CREATABLE, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure } from '../responses.js';
import { forceDeleteRecord, pagedList, readRecord, updateRecord, type RecordKind } from './records.js';
import { allowIf, requireCap, whenFound, type Permission, type PermissionCheck } from './guards.js';
import {
  CURIES,
  linkTo,
  newPostRow,
  newTermRow,
  postOfType,
  restUrl,
  termOfTaxonomy,
  textInput,
  type Context,
} from './shared.js';

function canRead(request: RestRequest, code: string, message: string): Permission {
  const allowed = hasCap(request.user, 'edit_theme_options') || hasCap(request.user, 'edit_posts');
  return allowIf(request, allowed, code, message);
}

function canWrite(request: RestRequest, code: string, message: string): Permission {
  return requireCap(request, 'edit_theme_options', code, message);
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
  return termOfTaxonomy(request, 'nav_menu');
}

function getItem(request: RestRequest): PostRow {
  return postOfType(request, 'nav_menu_item');
}

const MENU: RecordKind<TermRow> = { load: getMenu, render: (request, menu) => renderMenu(request, menu) };
const ITEM: RecordKind<PostRow> = { load: getItem, render: renderItem };

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

/** What the single-record routes of menus and menu items differ in. */
interface MenuRecord<T> extends RecordKind<T> {
  /** Who may read the record. */
  view: PermissionCheck;
  /** Who may update and delete it. */
  edit: PermissionCheck;
  /** Applies an update body. */
  apply: (request: RestRequest, row: T) => void;
  /** The 501 message of a delete without `force` (neither can be trashed). */
  notSupported: string;
  /** Removes the record for good. */
  remove: (request: RestRequest, row: T) => void;
}

/** The single-record route of menus and menu items: read, update, and delete only with `force`. */
function recordRoute<T>(source: string, schemaTitle: string, spec: MenuRecord<T>): Route {
  const edit = whenFound(spec.load, spec.edit);
  return route(
    source,
    'wp/v2',
    [
      readRecord(spec, whenFound(spec.load, spec.view)),
      updateRecord(spec, edit, spec.apply),
      forceDeleteRecord(spec, edit, spec.notSupported, spec.remove),
    ],
    { allowBatch: true, schemaTitle },
  );
}

/** Menu, menu item and menu location routes. */
export function menuRoutes(): Route[] {
  const viewMenus: PermissionCheck = (r) =>
    canRead(r, 'rest_cannot_view', 'Sorry, you are not allowed to view menus.');
  const editMenus: PermissionCheck = (r) =>
    canWrite(r, 'rest_cannot_manage_menus', 'Sorry, you are not allowed to edit menus.');
  const viewItems: PermissionCheck = (r) =>
    canRead(r, 'rest_cannot_view', 'Sorry, you are not allowed to view menu items.');
  const editItems: PermissionCheck = (r) =>
    canWrite(r, 'rest_cannot_manage_menus', 'Sorry, you are not allowed to edit menu items.');
  const viewLocations: PermissionCheck = (r) =>
    canWrite(r, 'rest_cannot_view', 'Sorry, you are not allowed to view menu locations.');
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
            return pagedList(request, all, (m) => renderMenu(request, m), {
              // WordPress 6.1 answers a page past the end here with an empty page, not an error.
              invalidPageCode: null,
            });
          },
        },
        {
          methods: CREATABLE,
          args: { name: { type: 'string', required: true } },
          permission: editMenus,
          handler: (request) => {
            const db = request.site.db;
            const menu = newTermRow(request, 'nav_menu');
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
    recordRoute('/wp/v2/menus/(?P<id>[\\d]+)', 'nav_menu', {
      ...MENU,
      view: viewMenus,
      edit: editMenus,
      apply: applyMenu,
      notSupported: "Menus do not support trashing. Set 'force=true' to delete.",
      remove: (r, menu) => r.site.db.terms.delete(menu.id),
    }),
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
            return pagedList(request, all, (i, context) => renderItem(request, i, context), { perPage: 100 });
          },
        },
        {
          methods: CREATABLE,
          permission: editItems,
          handler: (request) => {
            const db = request.site.db;
            const item = newPostRow(request, 'nav_menu_item', db.tick(), {
              status: 'publish',
              menu_order: 1,
            });
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
    recordRoute('/wp/v2/menu-items/(?P<id>[\\d]+)', 'nav_menu_item', {
      ...ITEM,
      view: viewItems,
      edit: editItems,
      apply: applyItem,
      notSupported: "Menu items do not support trashing. Set 'force=true' to delete.",
      remove: (r, item) => r.site.db.posts.delete(item.id),
    }),
    route(
      '/wp/v2/menu-locations',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: viewLocations,
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
          permission: viewLocations,
          handler: () => {
            throw new WpRestFailure('rest_menu_location_invalid', 'Invalid menu location.', 404);
          },
        },
      ],
      { schemaTitle: 'menu-location' },
    ),
  ];
}
