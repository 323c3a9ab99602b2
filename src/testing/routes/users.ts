/**
 * Users: list (`who=authors`), `me` (401 `rest_not_logged_in` for anonymous), single users in
 * view/edit context, create, update, and delete (which needs `reassign` and `force`).
 *
 * @module
 */
import type { UserRow } from '../database.js';
import { slugify } from '../database.js';
import { boolParam, collectionArgs, contextArg, idListParam, intParam, listParam } from '../params.js';
import { capabilityObject, hasCap } from '../permissions.js';
import { CREATABLE, EDITABLE, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { missingParams, ok, WpRestFailure } from '../responses.js';
import {
  deleteRecord,
  forceArg,
  forceDelete,
  pagedList,
  readRecord,
  updateRecord,
  type RecordKind,
} from './records.js';
import {
  deny,
  guard,
  permissionGuard,
  requireCap,
  requireLogin,
  type Permission,
  type PermissionCheck,
} from './guards.js';
import { contextOf, found, idParam, linkTo, restUrl, type Context } from './shared.js';
import type { MockRole } from '../types.js';

function hasPublishedPosts(request: RestRequest, user: UserRow): boolean {
  for (const post of request.site.db.posts.values()) {
    if (
      post.author === user.id &&
      post.status === 'publish' &&
      (post.type === 'post' || post.type === 'page')
    )
      return true;
  }
  return false;
}

/** The `avatar_urls` of a user (24, 48 and 96 px Gravatar links). */
export function avatars(user: UserRow): Record<string, string> {
  const hash = [...user.email].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7).toString(16);
  return Object.fromEntries(
    [24, 48, 96].map((s) => [String(s), `https://secure.gravatar.com/avatar/${hash}?s=${s}&d=mm&r=g`]),
  );
}

/** The REST representation of a user. */
export function renderUser(request: RestRequest, user: UserRow, context: Context): Record<string, unknown> {
  const out: Record<string, unknown> = { id: user.id };
  if (context === 'edit') out['username'] = user.username;
  out['name'] = user.name;
  if (context === 'edit') {
    out['first_name'] = user.first_name;
    out['last_name'] = user.last_name;
    out['email'] = user.email;
  }
  out['url'] = user.url;
  out['description'] = user.description;
  out['link'] = `${request.siteRoot}/author/${user.slug}/`;
  if (context === 'edit') {
    out['locale'] = user.locale;
    out['nickname'] = user.username;
  }
  out['slug'] = user.slug;
  if (context === 'edit') {
    out['roles'] = [user.role];
    out['registered_date'] = `${user.registered_date}+00:00`;
    out['capabilities'] = capabilityObject(user);
    out['extra_capabilities'] = { [user.role]: true };
  }
  out['avatar_urls'] = avatars(user);
  if (context !== 'embed')
    out['meta'] = context === 'edit' ? { persisted_preferences: {}, ...user.meta } : { ...user.meta };
  out['_links'] = {
    self: linkTo(restUrl(request, `/wp/v2/users/${user.id}`)),
    collection: linkTo(restUrl(request, '/wp/v2/users')),
  };
  return out;
}

function getUser(request: RestRequest): UserRow {
  return found(request.site.db.users.get(idParam(request)), 'rest_user_invalid_id', 'Invalid user ID.');
}

function canViewUser(request: RestRequest, user: UserRow): Permission {
  const me = request.user;
  if (contextOf(request) === 'edit' && me?.id !== user.id && !hasCap(me, 'list_users')) {
    return deny(request, 'rest_forbidden_context', 'Sorry, you are not allowed to list users.');
  }
  if (me?.id !== user.id && !hasCap(me, 'list_users') && !hasPublishedPosts(request, user)) {
    return deny(request, 'rest_user_cannot_view', 'Sorry, you are not allowed to list users.');
  }
  return true;
}

const USER: RecordKind<UserRow> = { load: getUser, render: renderUser };

const ROLES: MockRole[] = ['administrator', 'editor', 'author', 'contributor'];

function applyUserFields(request: RestRequest, user: UserRow): void {
  const body = request.body;
  for (const key of ['name', 'first_name', 'last_name', 'email', 'url', 'description', 'locale'] as const) {
    if (typeof body[key] === 'string') user[key] = body[key];
  }
  if (typeof body['slug'] === 'string') user.slug = slugify(body['slug']);
  const roles = listParam(body['roles']);
  const role = roles[0];
  if (role !== undefined) {
    if (!ROLES.includes(role as MockRole))
      throw new WpRestFailure('rest_user_invalid_role', 'The role specified is not valid.', 400);
    if (!hasCap(request.user, 'promote_users')) {
      throw deny(request, 'rest_cannot_edit_roles', 'Sorry, you are not allowed to edit roles of this user.');
    }
    user.role = role as MockRole;
  }
  if (typeof body['meta'] === 'object' && body['meta'] !== null)
    user.meta = { ...user.meta, ...(body['meta'] as Record<string, unknown>) };
}

/** User routes. */
export function userRoutes(): Route[] {
  const loggedIn: PermissionCheck = (request) =>
    requireLogin(request, 'rest_not_logged_in', 'You are not currently logged in.');
  return [
    route(
      '/wp/v2/users',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: {
            ...collectionArgs(),
            include: { type: 'array' },
            exclude: { type: 'array' },
            order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
            orderby: {
              type: 'string',
              enum: ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'],
              default: 'name',
            },
            slug: { type: 'array' },
            roles: { type: 'array' },
            who: { type: 'string', enum: ['authors'] },
            has_published_posts: { type: ['boolean', 'array'] },
          },
          permission: (request) => {
            const me = request.user;
            if (contextOf(request) === 'edit' && !hasCap(me, 'list_users')) {
              return deny(request, 'rest_forbidden_context', 'Sorry, you are not allowed to list users.');
            }
            if (param(request, 'roles') !== undefined && !hasCap(me, 'list_users')) {
              return deny(
                request,
                'rest_user_cannot_view',
                'Sorry, you are not allowed to filter users by role.',
              );
            }
            if (param(request, 'who') === 'authors' && !hasCap(me, 'edit_posts')) {
              return deny(
                request,
                'rest_forbidden_who',
                'Sorry, you are not allowed to query users by this parameter.',
              );
            }
            return true;
          },
          handler: (request) => {
            const me = request.user;
            const include = idListParam(param(request, 'include'));
            const exclude = idListParam(param(request, 'exclude'));
            const slugs = listParam(param(request, 'slug'));
            const roles = listParam(param(request, 'roles'));
            const search = String(param(request, 'search') ?? '').toLowerCase();
            const authorsOnly = param(request, 'who') === 'authors';
            let users = [...request.site.db.users.values()].filter((u) => {
              if (include.length > 0 && !include.includes(u.id)) return false;
              if (exclude.includes(u.id)) return false;
              if (slugs.length > 0 && !slugs.includes(u.slug)) return false;
              if (roles.length > 0 && !roles.includes(u.role)) return false;
              if (authorsOnly && !hasCap(u, 'edit_posts')) return false;
              if (search && !`${u.name} ${u.username} ${u.email} ${u.slug}`.toLowerCase().includes(search))
                return false;
              if (
                (!hasCap(me, 'list_users') || boolParam(param(request, 'has_published_posts'))) &&
                !hasPublishedPosts(request, u)
              )
                return false;
              return true;
            });
            const orderby = String(param(request, 'orderby') ?? 'name');
            const dir = param(request, 'order') === 'desc' ? -1 : 1;
            users = users.sort((a, b) => {
              if (orderby === 'include') return include.indexOf(a.id) - include.indexOf(b.id);
              const ka =
                orderby === 'id'
                  ? a.id
                  : orderby === 'slug'
                    ? a.slug
                    : orderby === 'email'
                      ? a.email
                      : a.name.toLowerCase();
              const kb =
                orderby === 'id'
                  ? b.id
                  : orderby === 'slug'
                    ? b.slug
                    : orderby === 'email'
                      ? b.email
                      : b.name.toLowerCase();
              return ka < kb ? -dir : ka > kb ? dir : a.id - b.id;
            });
            return pagedList(request, users, (u, context) => renderUser(request, u, context), {
              // WordPress 6.1 answers a page past the end here with an empty page, not an error.
              invalidPageCode: null,
            });
          },
        },
        {
          methods: CREATABLE,
          args: {
            username: { type: 'string', required: true },
            email: { type: 'string', required: true },
            password: { type: 'string', required: true },
          },
          permission: (request) =>
            requireCap(
              request,
              'create_users',
              'rest_cannot_create_user',
              'Sorry, you are not allowed to create new users.',
            ),
          handler: (request) => {
            const db = request.site.db;
            const username = String(request.body['username']);
            if (db.findUser(username))
              throw new WpRestFailure('existing_user_login', 'Sorry, that username already exists!', 500);
            const user: UserRow = {
              id: db.allocateUserId(),
              username,
              name: username,
              first_name: '',
              last_name: '',
              email: String(request.body['email']),
              slug: slugify(username),
              role: 'author',
              description: '',
              url: '',
              locale: 'en_US',
              registered_date: db.tick(),
              appPasswords: [],
              meta: {},
            };
            applyUserFields(request, user);
            db.users.set(user.id, user);
            return ok(renderUser(request, user, 'edit'), 201, {
              Location: restUrl(request, `/wp/v2/users/${user.id}`),
            });
          },
        },
      ],
      { schemaTitle: 'user' },
    ),
    route(
      '/wp/v2/users/me',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: loggedIn,
          handler: (request) => ok(renderUser(request, request.user as UserRow, contextOf(request))),
        },
        {
          methods: EDITABLE,
          permission: loggedIn,
          handler: (request) => {
            const user = request.user as UserRow;
            applyUserFields(request, user);
            return ok(renderUser(request, user, 'edit'));
          },
        },
      ],
      { schemaTitle: 'user' },
    ),
    route('/wp/v2/users/me/application-passwords/introspect', 'wp/v2', [
      {
        methods: READABLE,
        permission: loggedIn,
        handler: (request) => {
          const auth = request.headers.get('authorization') ?? '';
          const decoded = auth.startsWith('Basic ') ? atob(auth.slice(6)) : '';
          const password = decoded.slice(decoded.indexOf(':') + 1).replace(/\s/g, '');
          const app = request.user?.appPasswords.find((a) => a.password.replace(/\s/g, '') === password);
          if (!app)
            throw new WpRestFailure(
              'rest_no_authenticated_app_password',
              'Cannot introspect application password.',
              404,
            );
          return ok({
            uuid: app.uuid,
            app_id: '',
            name: app.name,
            created: '2026-11-21T10:00:00',
            last_used: null,
            last_ip: null,
          });
        },
      },
    ]),
    route(
      '/wp/v2/users/(?P<id>[\\d]+)',
      'wp/v2',
      [
        readRecord(USER, (request) => guard(() => canViewUser(request, getUser(request)))),
        updateRecord(
          USER,
          permissionGuard(
            getUser,
            (request, user) => request.user?.id === user.id || hasCap(request.user, 'edit_users'),
            'rest_cannot_edit',
            'Sorry, you are not allowed to edit this user.',
          ),
          applyUserFields,
        ),
        deleteRecord(
          USER,
          permissionGuard(
            getUser,
            (request) => hasCap(request.user, 'delete_users'),
            'rest_user_cannot_delete',
            'Sorry, you are not allowed to delete this user.',
          ),
          (request, user) => {
            if (param(request, 'reassign') === undefined) throw missingParams(['reassign']);
            return forceDelete(
              request,
              USER,
              user,
              "Users do not support trashing. Set 'force=true' to delete.",
              () => {
                const reassign = intParam(param(request, 'reassign'), 0);
                for (const post of request.site.db.posts.values())
                  if (post.author === user.id) post.author = reassign;
                request.site.db.users.delete(user.id);
              },
            );
          },
          { ...forceArg(), reassign: { type: 'integer', required: true } },
        ),
      ],
      { schemaTitle: 'user' },
    ),
  ];
}
