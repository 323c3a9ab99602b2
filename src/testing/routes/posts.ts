/**
 * The posts controller (`WP_REST_Posts_Controller`) for every post type it serves: posts, pages,
 * reusable blocks, navigation and registered custom types. CRUD, contexts, filters, pagination,
 * trash and revisions on update.
 *
 * @module
 */
import type { PostRow, PostTypeRow } from '../database.js';
import { slugify } from '../database.js';
import {
  collectionArgs,
  contextArg,
  idListParam,
  intParam,
  listParam,
  boolParam,
  type ArgSpecs,
} from '../params.js';
import {
  canCreatePosts,
  canDeletePost,
  canEditPost,
  canPublishPosts,
  canReadPost,
  hasCap,
} from '../permissions.js';
import { CREATABLE, EDITABLE, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import {
  linkEntry,
  ok,
  paginate,
  paginationHeaders,
  WpRestFailure,
  type RouteResponse,
} from '../responses.js';
import { deletedAnswer, deleteRecord, forceArg, type RecordKind } from './records.js';
import { postItemProperties, registeredMetaOf } from '../itemSchemas.js';
import { allowIf, deny, guard, permissionGuard, type PermissionCheck } from './guards.js';
import {
  contextOf,
  CURIES,
  idParam,
  linkTo,
  newPostRow,
  postOfType,
  renderContent,
  restUrl,
  textInput,
  typePath,
  type Context,
} from './shared.js';

/** Statuses a post can be written with over REST (non-internal ones). */
export const WRITABLE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;

/** Statuses accepted by the `status` filter of a collection. */
export const FILTER_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
  'request-pending',
  'request-confirmed',
  'request-failed',
  'request-completed',
  'any',
];

/** The front-end link of a post (`/slug/` when published, `?p=` otherwise). */
export function postLink(
  siteRoot: string,
  type: PostTypeRow,
  post: PostRow,
  posts?: ReadonlyMap<number, PostRow>,
): string {
  const published = post.status === 'publish' && post.slug !== '';
  if (type.slug === 'page') {
    if (!published) return `${siteRoot}/?page_id=${post.id}`;
    // Child pages live under their ancestors' slugs.
    const slugs = [post.slug];
    let parent = posts?.get(post.parent);
    while (parent && slugs.length < 20) {
      slugs.unshift(parent.slug);
      parent = posts?.get(parent.parent);
    }
    return `${siteRoot}/${slugs.join('/')}/`;
  }
  if (type.slug === 'post') return published ? `${siteRoot}/${post.slug}/` : `${siteRoot}/?p=${post.id}`;
  return published
    ? `${siteRoot}/${type.slug}/${post.slug}/`
    : `${siteRoot}/?post_type=${type.slug}&p=${post.id}`;
}

/** Revisions (and autosaves) of a post, newest first. */
export function revisionsOf(request: RestRequest, parentId: number): PostRow[] {
  return request.site.db
    .postsOfType('revision')
    .filter((r) => r.parent === parentId)
    .sort((a, b) => (a.date === b.date ? b.id - a.id : b.date.localeCompare(a.date)));
}

function supports(type: PostTypeRow, feature: string): boolean {
  return type.supports.includes(feature);
}

function generatedSlug(post: PostRow): string {
  return slugify(post.title) || String(post.id);
}

/** The REST representation of a post in a context, with `_links`. */
export function renderPost(
  request: RestRequest,
  type: PostTypeRow,
  post: PostRow,
  context: Context,
): Record<string, unknown> {
  const edit = context === 'edit';
  const embed = context === 'embed';
  const link = postLink(request.siteRoot, type, post, request.site.db.posts);
  const out: Record<string, unknown> = { id: post.id, date: post.date };
  if (!embed) out['date_gmt'] = post.date;
  if (!embed) {
    const guid = `${request.siteRoot}/?${type.slug === 'page' ? 'page_id' : 'p'}=${post.id}`;
    out['guid'] = edit ? { rendered: guid, raw: guid } : { rendered: guid };
    out['modified'] = post.modified;
    out['modified_gmt'] = post.modified;
  }
  if (edit) out['password'] = post.password;
  out['slug'] = post.slug;
  if (!embed) out['status'] = post.status;
  out['type'] = post.type;
  out['link'] = link;
  if (supports(type, 'title'))
    out['title'] = edit ? { raw: post.title, rendered: post.title } : { rendered: post.title };
  if (supports(type, 'editor') && !embed) {
    const content: Record<string, unknown> = edit ? { raw: post.content } : {};
    content['rendered'] = renderContent(post.content);
    content['protected'] = post.password !== '';
    if (edit) content['block_version'] = /<!--\s*wp:/.test(post.content) ? 1 : 0;
    out['content'] = content;
  }
  if (supports(type, 'excerpt')) {
    const rendered = renderContent(post.excerpt);
    out['excerpt'] = edit
      ? { raw: post.excerpt, rendered, protected: post.password !== '' }
      : { rendered, protected: post.password !== '' };
  }
  if (supports(type, 'author')) out['author'] = post.author;
  if (supports(type, 'thumbnail')) out['featured_media'] = post.featured_media;
  if (type.hierarchical && !embed) out['parent'] = post.parent;
  if (supports(type, 'page-attributes') && !embed) out['menu_order'] = post.menu_order;
  if (supports(type, 'comments') && !embed) {
    out['comment_status'] = post.comment_status;
    out['ping_status'] = post.ping_status;
  }
  if (type.slug === 'post' && !embed) out['sticky'] = post.sticky;
  if (!embed) out['template'] = post.template;
  if (supports(type, 'post-formats') && !embed) out['format'] = post.format;
  if (supports(type, 'custom-fields') && !embed)
    out['meta'] = { ...registeredDefaults(request, type), ...post.meta };
  if (!embed) {
    for (const taxSlug of type.taxonomies) {
      const tax = request.site.db.taxonomies.get(taxSlug);
      if (tax) out[tax.rest_base] = [...(post.terms[taxSlug] ?? [])];
    }
  }
  for (const [key, value] of Object.entries(post.extra))
    if (!(key in out) && !key.startsWith('_')) out[key] = value;
  if (edit) {
    out['permalink_template'] =
      type.slug === 'page'
        ? `${request.siteRoot}/%pagename%/`
        : type.slug === 'post'
          ? `${request.siteRoot}/%postname%/`
          : `${request.siteRoot}/${type.slug}/%postname%/`;
    out['generated_slug'] = generatedSlug(post);
  }
  out['_links'] = postLinks(request, type, post, edit);
  return out;
}

function postLinks(
  request: RestRequest,
  type: PostTypeRow,
  post: PostRow,
  edit: boolean,
): Record<string, unknown> {
  const self = restUrl(request, `${typePath(type)}/${post.id}`);
  const links: Record<string, unknown> = {
    self: linkTo(self),
    collection: linkTo(restUrl(request, typePath(type))),
    about: linkTo(restUrl(request, `/wp/v2/types/${type.slug}`)),
  };
  if (supports(type, 'author'))
    links['author'] = linkTo(restUrl(request, `/wp/v2/users/${post.author}`), { embeddable: true });
  if (supports(type, 'comments'))
    links['replies'] = linkTo(restUrl(request, `/wp/v2/comments?post=${post.id}`), { embeddable: true });
  if (supports(type, 'revisions')) {
    const revisions = revisionsOf(request, post.id);
    links['version-history'] = [{ count: revisions.length, href: `${self}/revisions` }];
    const latest = revisions[0];
    if (latest) links['predecessor-version'] = [{ id: latest.id, href: `${self}/revisions/${latest.id}` }];
  }
  if (post.featured_media)
    links['wp:featuredmedia'] = linkTo(restUrl(request, `/wp/v2/media/${post.featured_media}`), {
      embeddable: true,
    });
  if (type.slug !== 'attachment')
    links['wp:attachment'] = linkTo(restUrl(request, `/wp/v2/media?parent=${post.id}`));
  const terms = type.taxonomies
    .map((slug) => request.site.db.taxonomies.get(slug))
    .filter((t) => t !== undefined)
    .map((t) => ({
      taxonomy: t.slug,
      embeddable: true,
      href: restUrl(request, `/${t.rest_namespace}/${t.rest_base}?post=${post.id}`),
    }));
  if (terms.length > 0) links['wp:term'] = terms;
  if (edit) Object.assign(links, postActionLinks(request, type, self));
  links['curies'] = CURIES;
  return links;
}

/**
 * The `wp:action-*` links of a post for the request's user, as `get_available_actions` gives them
 * in edit context: what the user may do to the post beyond editing it (publish, sticky, assign an
 * author or terms, post unfiltered HTML). The sync relay's shared-edit guard reads them too.
 */
export function postActionLinks(
  request: RestRequest,
  type: PostTypeRow,
  self: string,
): Record<string, unknown> {
  const links: Record<string, unknown> = {};
  const user = request.user;
  if (canPublishPosts(user, type)) links['wp:action-publish'] = linkTo(self);
  if (hasCap(user, 'unfiltered_html')) links['wp:action-unfiltered-html'] = linkTo(self);
  // WordPress 6.1 (get_available_actions) needs both: an author, who may publish, gets no sticky link.
  if (type.slug === 'post' && hasCap(user, 'edit_others_posts') && canPublishPosts(user, type)) {
    links['wp:action-sticky'] = linkTo(self);
  }
  if (
    supports(type, 'author') &&
    hasCap(user, type.capability === 'page' ? 'edit_others_pages' : 'edit_others_posts')
  ) {
    links['wp:action-assign-author'] = linkTo(self);
  }
  for (const slug of type.taxonomies) {
    const tax = request.site.db.taxonomies.get(slug);
    if (!tax) continue;
    const manage = hasCap(user, 'manage_categories');
    const assign = hasCap(user, 'edit_posts');
    if (tax.hierarchical ? manage : assign) links[`wp:action-create-${tax.rest_base}`] = linkTo(self);
    if (assign) links[`wp:action-assign-${tax.rest_base}`] = linkTo(self);
  }
  return links;
}

function getPost(request: RestRequest, type: PostTypeRow): PostRow {
  return postOfType(request, type.slug);
}

function sortPosts(posts: PostRow[], request: RestRequest, include: number[]): PostRow[] {
  const orderby = String(param(request, 'orderby') ?? 'date');
  const order = String(param(request, 'order') ?? 'desc') === 'asc' ? 1 : -1;
  const sorted = [...posts];
  const key = (p: PostRow): string | number => {
    switch (orderby) {
      case 'id':
        return p.id;
      case 'title':
        return p.title.toLowerCase();
      case 'slug':
        return p.slug;
      case 'modified':
        return p.modified;
      case 'menu_order':
        return p.menu_order;
      case 'parent':
        return p.parent;
      case 'author':
        return p.author;
      case 'include':
        return include.indexOf(p.id);
      default:
        return p.date;
    }
  };
  sorted.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (orderby === 'include') return (ka as number) - (kb as number);
    if (ka < kb) return -order;
    if (ka > kb) return order;
    return (a.id - b.id) * order;
  });
  return sorted;
}

/** `check_status`: an update may resend the post's current status even when it is internal (`auto-draft`). */
function keepsOwnStatus(type: PostTypeRow, value: unknown, request: unknown): boolean {
  const req = request as RestRequest | undefined;
  const post = req && req.site.db.posts.get(idParam(req));
  return post !== undefined && post.type === type.slug && post.status === value;
}

/** Collection args of the posts controller, including the forbidden-status check. */
function listArgs(type: PostTypeRow): ArgSpecs {
  return {
    ...collectionArgs(),
    include: { type: 'array', description: 'Limit result set to specific IDs.' },
    exclude: { type: 'array', description: 'Ensure result set excludes specific IDs.' },
    offset: { type: 'integer', description: 'Offset the result set by a specific number of items.' },
    order: {
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'desc',
      description: 'Order sort attribute ascending or descending.',
    },
    orderby: {
      type: 'string',
      enum: [
        'author',
        'date',
        'id',
        'include',
        'modified',
        'parent',
        'relevance',
        'slug',
        'include_slugs',
        'title',
        'menu_order',
      ],
      default: 'date',
      description: 'Sort collection by post attribute.',
    },
    slug: { type: 'array', description: 'Limit result set to posts with one or more specific slugs.' },
    status: {
      type: 'array',
      enum: FILTER_STATUSES,
      default: 'publish',
      description: 'Limit result set to posts assigned one or more statuses.',
    },
    ...(type.slug === 'post'
      ? { sticky: { type: 'boolean' as const, description: 'Limit result set to items that are sticky.' } }
      : {}),
  };
}

function statusFilterCheck(request: RestRequest, type: PostTypeRow): void {
  const statuses = listParam(param(request, 'status') ?? 'publish');
  for (const status of statuses) {
    if (status === 'publish') continue;
    if (canCreatePosts(request.user, type)) continue;
    const code = request.user ? 403 : 401;
    throw new WpRestFailure('rest_invalid_param', 'Invalid parameter(s): status', 400, {
      params: { status: 'Status is forbidden.' },
      details: {
        status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: code } },
      },
    });
  }
}

function listPosts(request: RestRequest, type: PostTypeRow): RouteResponse {
  statusFilterCheck(request, type);
  const context = contextOf(request);
  let statuses = listParam(param(request, 'status') ?? 'publish');
  if (statuses.includes('any')) statuses = ['publish', 'future', 'draft', 'pending', 'private'];
  const include = idListParam(param(request, 'include'));
  const exclude = idListParam(param(request, 'exclude'));
  const authors = idListParam(param(request, 'author'));
  const authorExclude = idListParam(param(request, 'author_exclude'));
  const slugs = listParam(param(request, 'slug'));
  const parents = idListParam(param(request, 'parent'));
  const search = String(param(request, 'search') ?? '').toLowerCase();
  const stickyParam = param(request, 'sticky');
  let posts = request.site.db.postsOfType(type.slug).filter((p) => {
    if (include.length > 0 && !include.includes(p.id)) return false;
    if (exclude.includes(p.id)) return false;
    if (authors.length > 0 && !authors.includes(p.author)) return false;
    if (authorExclude.includes(p.author)) return false;
    if (slugs.length > 0 && !slugs.includes(p.slug)) return false;
    if (parents.length > 0 && !parents.includes(p.parent)) return false;
    if (stickyParam !== undefined && p.sticky !== boolParam(stickyParam)) return false;
    if (!statuses.includes(p.status)) return false;
    if (search && !`${p.title} ${p.content} ${p.excerpt}`.toLowerCase().includes(search)) return false;
    for (const slug of type.taxonomies) {
      const tax = request.site.db.taxonomies.get(slug);
      if (!tax) continue;
      const wanted = idListParam(param(request, tax.rest_base));
      if (wanted.length > 0 && !wanted.some((id) => (p.terms[slug] ?? []).includes(id))) return false;
      const unwanted = idListParam(param(request, `${tax.rest_base}_exclude`));
      if (unwanted.some((id) => (p.terms[slug] ?? []).includes(id))) return false;
    }
    return true;
  });
  posts = sortPosts(posts, request, include);
  const offset = intParam(param(request, 'offset'), 0);
  if (offset > 0) posts = posts.slice(offset);
  const page = intParam(param(request, 'page'), 1);
  const perPage = intParam(param(request, 'per_page'), 10);
  const result = paginate(posts, page, perPage);
  const visible = result.items.filter(
    (p) => canReadPost(request.user, type, p) && (context !== 'edit' || canEditPost(request.user, type, p)),
  );
  return ok(
    visible.map((p) => renderPost(request, type, p, context)),
    200,
    paginationHeaders(request.url, page, result.total, result.totalPages),
  );
}

/** Applies writable fields of a create/update body to a post row; validates authors and statuses. */
function applyPostFields(request: RestRequest, type: PostTypeRow, post: PostRow, isNew: boolean): void {
  const body = { ...request.query, ...request.body };
  const db = request.site.db;
  const user = request.user;
  if (body['author'] !== undefined) {
    const author = intParam(body['author'], 0);
    if (!db.users.has(author)) throw new WpRestFailure('rest_invalid_author', 'Invalid author ID.', 400);
    if (
      author !== user?.id &&
      !hasCap(user, type.capability === 'page' ? 'edit_others_pages' : 'edit_others_posts')
    ) {
      throw deny(
        request,
        'rest_cannot_edit_others',
        isNew
          ? 'Sorry, you are not allowed to create posts as this user.'
          : 'Sorry, you are not allowed to update posts as this user.',
      );
    }
    post.author = author;
  }
  if (body['status'] !== undefined) {
    const status = String(body['status']);
    if (
      (status === 'publish' || status === 'future' || status === 'private') &&
      !canPublishPosts(user, type)
    ) {
      throw deny(
        request,
        'rest_cannot_publish',
        'Sorry, you are not allowed to publish posts in this post type.',
      );
    }
    post.status = status;
  }
  const title = textInput(body['title']);
  if (title !== undefined) post.title = title;
  const content = textInput(body['content']);
  if (content !== undefined) post.content = content;
  const excerpt = textInput(body['excerpt']);
  if (excerpt !== undefined) post.excerpt = excerpt;
  if (typeof body['slug'] === 'string') post.slug = slugify(body['slug']);
  if (typeof body['date'] === 'string' && body['date'] !== '') post.date = body['date'].slice(0, 19);
  if (typeof body['password'] === 'string') post.password = body['password'];
  if (body['parent'] !== undefined) post.parent = intParam(body['parent'], 0);
  if (body['menu_order'] !== undefined) post.menu_order = intParam(body['menu_order'], 0);
  if (body['featured_media'] !== undefined) post.featured_media = intParam(body['featured_media'], 0);
  if (typeof body['comment_status'] === 'string') post.comment_status = body['comment_status'];
  if (typeof body['ping_status'] === 'string') post.ping_status = body['ping_status'];
  if (typeof body['template'] === 'string') post.template = body['template'];
  if (typeof body['format'] === 'string') post.format = body['format'];
  if (body['sticky'] !== undefined) {
    const sticky = boolParam(body['sticky']);
    if (sticky && !hasCap(user, 'edit_others_posts') && !hasCap(user, 'publish_posts')) {
      throw deny(request, 'rest_cannot_assign_sticky', 'Sorry, you are not allowed to make posts sticky.');
    }
    post.sticky = sticky;
  }
  if (typeof body['meta'] === 'object' && body['meta'] !== null && !Array.isArray(body['meta'])) {
    post.meta = { ...post.meta, ...(body['meta'] as Record<string, unknown>) };
  }
  for (const slug of type.taxonomies) {
    const tax = db.taxonomies.get(slug);
    if (tax && body[tax.rest_base] !== undefined) post.terms[slug] = idListParam(body[tax.rest_base]);
  }
  post.status = statusForDate(post.status, post.date, db.now());
  if (post.status === 'publish' && post.slug === '') post.slug = slugify(post.title) || String(post.id);
  if (post.slug !== '') post.slug = db.uniquePostSlug(post.type, post.slug, post.id);
  post.modified = db.tick();
}

/**
 * wp_insert_post's rule for dated posts: `future` with a date less than a minute ahead is published
 * at once, and `publish` with a date a minute or more ahead is scheduled. Dates are site time,
 * which is GMT on the mock site.
 */
function statusForDate(status: string, date: string, now: string): string {
  if (status !== 'future' && status !== 'publish') return status;
  const aheadMs = Date.parse(`${date}Z`) - Date.parse(`${now}Z`);
  if (Number.isNaN(aheadMs)) return status;
  if (status === 'future' && aheadMs < 60_000) return 'publish';
  if (status === 'publish' && aheadMs >= 60_000) return 'future';
  return status;
}

/** Creates a revision copy of a post (title, content, excerpt), as `wp_save_post_revision` does. */
export function saveRevision(request: RestRequest, post: PostRow, author: number): PostRow {
  const db = request.site.db;
  const id = db.allocatePostId();
  const date = post.modified;
  const revision: PostRow = {
    ...post,
    id,
    type: 'revision',
    status: 'inherit',
    slug: `${post.id}-revision-v1`,
    author,
    date,
    modified: date,
    parent: post.id,
    meta: { ...post.meta },
    terms: {},
    extra: {},
  };
  db.posts.set(id, revision);
  return revision;
}

function createPost(request: RestRequest, type: PostTypeRow): RouteResponse {
  const db = request.site.db;
  if (request.body['id'] !== undefined)
    throw new WpRestFailure('rest_post_exists', 'Cannot create existing post.', 400);
  const comments = supports(type, 'comments') ? 'open' : 'closed';
  const post = newPostRow(request, type.slug, db.tick(), { comment_status: comments, ping_status: comments });
  if (type.taxonomies.includes('category')) post.terms['category'] = [1];
  applyPostFields(request, type, post, true);
  db.posts.set(post.id, post);
  const self = restUrl(request, `${typePath(type)}/${post.id}`);
  return ok(renderPost(request, type, post, 'edit'), 201, { Location: self });
}

function updatePost(request: RestRequest, type: PostTypeRow): RouteResponse {
  const post = getPost(request, type);
  const before = { title: post.title, content: post.content, excerpt: post.excerpt };
  applyPostFields(request, type, post, false);
  const changed =
    before.title !== post.title || before.content !== post.content || before.excerpt !== post.excerpt;
  if (changed && post.status !== 'auto-draft' && supports(type, 'revisions')) {
    saveRevision(request, post, request.user?.id ?? post.author);
  }
  return ok(renderPost(request, type, post, 'edit'));
}

/** Trashes or force-deletes a post; the shape WordPress answers for each. */
export function deletePostRow(request: RestRequest, type: PostTypeRow, post: PostRow): RouteResponse {
  const db = request.site.db;
  if (boolParam(param(request, 'force'))) {
    const previous = renderPost(request, type, post, 'edit');
    db.posts.delete(post.id);
    for (const rev of revisionsOf(request, post.id)) db.posts.delete(rev.id);
    return deletedAnswer(previous);
  }
  if (post.status === 'trash') {
    throw new WpRestFailure('rest_already_trashed', 'The post has already been deleted.', 410);
  }
  post.extra['_wp_trash_meta_status'] = post.status;
  post.status = 'trash';
  if (post.slug !== '') post.slug = `${post.slug}__trashed`;
  post.modified = db.tick();
  return ok(renderPost(request, type, post, 'edit'));
}

/** The single-post `Link` header (`rel="alternate"; type=text/html`) that replaces the api.w.org one. */
function alternateLink(request: RestRequest, type: PostTypeRow, post: PostRow): Record<string, string> {
  if (!type.viewable) return {};
  return {
    Link: linkEntry(
      postLink(request.siteRoot, type, post, request.site.db.posts),
      'alternate',
      '; type=text/html',
    ),
  };
}

/** The default of each registered meta key (a registered key is always in `meta`, as in WordPress). */
function registeredDefaults(request: RestRequest, type: PostTypeRow): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [key, schema] of registeredMetaOf(request.site, type)) {
    defaults[key] =
      schema['default'] ?? (schema['type'] === 'boolean' ? false : schema['type'] === 'string' ? '' : null);
  }
  return defaults;
}

/** The routes of one post type served by the posts controller. */
export function postTypeRoutes(type: PostTypeRow): Route[] {
  const base = typePath(type);
  const ns = type.rest_namespace;
  const kind: RecordKind<PostRow> = {
    load: (request) => getPost(request, type),
    render: (request, post, context) => renderPost(request, type, post, context),
  };
  const readItem: PermissionCheck = (request) =>
    guard(() => {
      const post = kind.load(request);
      if (contextOf(request) === 'edit' && !canEditPost(request.user, type, post))
        return deny(request, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.');
      return allowIf(
        request,
        canReadPost(request.user, type, post),
        'rest_forbidden',
        'Sorry, you are not allowed to do that.',
      );
    });
  return [
    route(
      base,
      ns,
      [
        {
          methods: READABLE,
          args: listArgs(type),
          permission: (request) => {
            if (contextOf(request) === 'edit' && !canCreatePosts(request.user, type)) {
              return deny(
                request,
                'rest_forbidden_context',
                'Sorry, you are not allowed to edit posts in this post type.',
              );
            }
            return true;
          },
          handler: (request) => listPosts(request, type),
        },
        {
          methods: CREATABLE,
          args: { status: { type: 'string', enum: WRITABLE_STATUSES } },
          permission: (request) =>
            allowIf(
              request,
              canCreatePosts(request.user, type),
              'rest_cannot_create',
              'Sorry, you are not allowed to create posts as this user.',
            ),
          handler: (request) => createPost(request, type),
        },
      ],
      {
        allowBatch: true,
        schemaTitle: type.slug,
        schemaProperties: (site) => postItemProperties(site, type),
      },
    ),
    route(
      `${base}/(?P<id>[\\d]+)`,
      ns,
      [
        {
          methods: READABLE,
          args: { context: contextArg(), password: { type: 'string' } },
          permission: readItem,
          handler: (request) => {
            const post = getPost(request, type);
            return ok(
              renderPost(request, type, post, contextOf(request)),
              200,
              alternateLink(request, type, post),
            );
          },
        },
        {
          methods: EDITABLE,
          args: {
            status: {
              type: 'string',
              enum: WRITABLE_STATUSES,
              allowValue: (value, request) => keepsOwnStatus(type, value, request),
            },
          },
          permission: permissionGuard(
            kind.load,
            (request, post) => canEditPost(request.user, type, post),
            'rest_cannot_edit',
            'Sorry, you are not allowed to edit this post.',
          ),
          handler: (request) => updatePost(request, type),
        },
        deleteRecord(
          kind,
          permissionGuard(
            kind.load,
            (request, post) => canDeletePost(request.user, type, post),
            'rest_cannot_delete',
            'Sorry, you are not allowed to delete this post.',
          ),
          (request, post) => deletePostRow(request, type, post),
          forceArg('Whether to bypass Trash and force deletion.'),
        ),
      ],
      {
        allowBatch: true,
        schemaTitle: type.slug,
        schemaProperties: (site) => postItemProperties(site, type),
      },
    ),
  ];
}
