/**
 * Revisions and autosaves of post types (`WP_REST_Revisions_Controller`,
 * `WP_REST_Autosaves_Controller`) as WordPress 6.1 answers them: autosave POST is 200, the author's
 * own draft is updated in place, revision lists include autosaves, revisions cannot be deleted.
 *
 * @module
 */
import type { PostRow, PostTypeRow } from '../database.js';
import { intParam, collectionArgs, contextArg } from '../params.js';
import { canEditPost } from '../permissions.js';
import { CREATABLE, DELETABLE, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, paginate, paginationHeaders, WpRestFailure, type RouteResponse } from '../responses.js';
import { postLink, revisionsOf } from './posts.js';
import { forceArg, readRecord, type RecordKind } from './records.js';
import { deny, permissionGuard, type PermissionCheck } from './guards.js';
import {
  contextOf,
  idParam,
  linkTo,
  renderContent,
  restUrl,
  textInput,
  typePath,
  type Context,
} from './shared.js';

/** The post of the `parent` URL group; 404 with the code and message when it is not of the type. */
function parentPost(
  request: RestRequest,
  type: PostTypeRow,
  code = 'rest_post_invalid_parent',
  message = 'Invalid post parent ID.',
): PostRow {
  const post = request.site.db.posts.get(idParam(request, 'parent'));
  if (!post || post.type !== type.slug) throw new WpRestFailure(code, message, 404);
  return post;
}

/** The revision (or autosave) of the `id` URL group under the parent; 404 with the message otherwise. */
function childRevision(request: RestRequest, type: PostTypeRow, notFound: string): PostRow {
  const parent = parentPost(request, type);
  const rev = request.site.db.posts.get(idParam(request));
  if (!rev || rev.type !== 'revision' || rev.parent !== parent.id) {
    throw new WpRestFailure('rest_post_invalid_id', notFound, 404);
  }
  return rev;
}

function render(
  request: RestRequest,
  type: PostTypeRow,
  row: PostRow,
  context: Context,
  autosave: boolean,
): Record<string, unknown> {
  const edit = context === 'edit';
  const guid = `${request.siteRoot}/?p=${row.id}`;
  const out: Record<string, unknown> = {
    author: row.author,
    date: row.date,
    date_gmt: row.date,
    id: row.id,
    modified: row.modified,
    modified_gmt: row.modified,
    parent: row.type === 'revision' ? row.parent : 0,
    slug: row.slug,
    guid: edit ? { rendered: guid, raw: guid } : { rendered: guid },
    title: edit ? { raw: row.title, rendered: row.title } : { rendered: row.title },
    content: edit
      ? { raw: row.content, rendered: renderContent(row.content) }
      : { rendered: renderContent(row.content) },
    excerpt: edit
      ? { raw: row.excerpt, rendered: renderContent(row.excerpt) }
      : { rendered: renderContent(row.excerpt) },
  };
  if (autosave) {
    const parentId = row.type === 'revision' ? row.parent : row.id;
    const parent = request.site.db.posts.get(parentId) ?? row;
    const link = postLink(request.siteRoot, type, parent);
    const glue = link.includes('?') ? '&' : '?';
    out['preview_link'] = `${link}${glue}preview_id=${parentId}&preview_nonce=mock-nonce&preview=true`;
  }
  const parentHref = restUrl(request, `${typePath(type)}/${row.type === 'revision' ? row.parent : row.id}`);
  out['_links'] = { parent: linkTo(parentHref) };
  return out;
}

function canReadRevisions(type: PostTypeRow, what: string): PermissionCheck {
  return permissionGuard(
    (request) => parentPost(request, type),
    (request, parent) => canEditPost(request.user, type, parent),
    'rest_cannot_read',
    `Sorry, you are not allowed to view ${what} of this post.`,
  );
}

function autosaveOf(request: RestRequest, parentId: number, author: number): PostRow | undefined {
  return revisionsOf(request, parentId).find(
    (r) => r.slug === `${parentId}-autosave-v1` && r.author === author,
  );
}

function createAutosave(request: RestRequest, type: PostTypeRow): RouteResponse {
  const db = request.site.db;
  const post = parentPost(request, type, 'rest_post_invalid_id', 'Invalid post ID.');
  const user = request.user;
  const userId = user?.id ?? 0;
  const title = textInput(request.body['title']);
  const content = textInput(request.body['content']);
  const excerpt = textInput(request.body['excerpt']);
  const meta = request.body['meta'];
  if ((post.status === 'draft' || post.status === 'auto-draft') && post.author === userId) {
    // WordPress saves the author's own draft in place instead of creating an autosave revision.
    if (title !== undefined) post.title = title;
    if (content !== undefined) post.content = content;
    if (excerpt !== undefined) post.excerpt = excerpt;
    if (request.body['status'] === 'draft') post.status = 'draft';
    if (typeof meta === 'object' && meta !== null && !Array.isArray(meta))
      post.meta = { ...post.meta, ...(meta as Record<string, unknown>) };
    post.modified = db.tick();
    return ok(render(request, type, post, 'edit', true));
  }
  const existing = autosaveOf(request, post.id, userId);
  if (existing) {
    const same = (a: string, b: string): boolean =>
      a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
    const unchanged =
      same(title ?? post.title, post.title) &&
      same(content ?? post.content, post.content) &&
      same(excerpt ?? post.excerpt, post.excerpt);
    if (unchanged) {
      // 6.1 deletes the old autosave and answers a WP_Error without a status (so 500).
      db.posts.delete(existing.id);
      throw new WpRestFailure(
        'rest_autosave_no_changes',
        'There is nothing to save. The autosave and the post content are the same.',
        500,
      );
    }
  }
  const now = db.tick();
  const row: PostRow = existing ?? {
    ...post,
    id: db.allocatePostId(),
    type: 'revision',
    status: 'inherit',
    slug: `${post.id}-autosave-v1`,
    author: userId,
    parent: post.id,
    date: now,
    terms: {},
    extra: {},
    meta: {},
  };
  row.title = title ?? post.title;
  row.content = content ?? post.content;
  row.excerpt = excerpt ?? post.excerpt;
  row.date = now;
  row.modified = now;
  db.posts.set(row.id, row);
  return ok(render(request, type, row, 'edit', true));
}

/** Revision and autosave routes of a post type that supports revisions. */
export function revisionRoutes(type: PostTypeRow): Route[] {
  const base = typePath(type);
  const ns = type.rest_namespace;
  const readRevisions = canReadRevisions(type, 'revisions');
  const readAutosaves = canReadRevisions(type, 'autosaves');
  const revision: RecordKind<PostRow> = {
    load: (request) => childRevision(request, type, 'Invalid revision ID.'),
    render: (request, rev, context) => render(request, type, rev, context, rev.slug.includes('-autosave-')),
  };
  const autosave: RecordKind<PostRow> = {
    load: (request) => childRevision(request, type, 'Invalid autosave ID.'),
    render: (request, rev, context) => render(request, type, rev, context, true),
  };
  const schemaTitle = `${type.slug}-revision`;
  return [
    route(
      `${base}/(?P<parent>[\\d]+)/revisions`,
      ns,
      [
        {
          methods: READABLE,
          args: { ...collectionArgs(), per_page: { type: 'integer', minimum: 1, maximum: 100 } },
          permission: readRevisions,
          handler: (request) => {
            const parent = parentPost(request, type);
            const all = revisionsOf(request, parent.id);
            const page = intParam(request.query['page'], 1);
            const perPage = intParam(request.query['per_page'], all.length || 1);
            const result = paginate(all, page, perPage, 'rest_revision_invalid_page_number');
            const context = contextOf(request);
            return ok(
              result.items.map((r) => render(request, type, r, context, false)),
              200,
              paginationHeaders(request.url, page, result.total, Math.max(result.totalPages, 1)),
            );
          },
        },
      ],
      { schemaTitle },
    ),
    route(
      `${base}/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)`,
      ns,
      [
        readRecord(revision, readRevisions),
        {
          methods: DELETABLE,
          args: forceArg(),
          permission: (request) => {
            const readable = readRevisions(request);
            if (readable !== true) return readable;
            return deny(request, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this revision.');
          },
          handler: () => {
            throw new WpRestFailure(
              'rest_cannot_delete',
              'Sorry, you are not allowed to delete this revision.',
              403,
            );
          },
        },
      ],
      { schemaTitle },
    ),
    route(
      `${base}/(?P<parent>[\\d]+)/autosaves`,
      ns,
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: readAutosaves,
          handler: (request) => {
            const parent = parentPost(request, type);
            const context = contextOf(request);
            const autosaves = revisionsOf(request, parent.id).filter(
              (r) => r.slug === `${parent.id}-autosave-v1`,
            );
            return ok(autosaves.map((r) => render(request, type, r, context, true)));
          },
        },
        {
          methods: CREATABLE,
          permission: permissionGuard(
            (request) => parentPost(request, type, 'rest_post_invalid_id', 'Invalid post ID.'),
            (request, post) => canEditPost(request.user, type, post),
            'rest_cannot_edit',
            'Sorry, you are not allowed to edit this post.',
          ),
          handler: (request) => createAutosave(request, type),
        },
      ],
      { schemaTitle },
    ),
    route(`${base}/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)`, ns, [readRecord(autosave, readAutosaves)], {
      schemaTitle,
    }),
  ];
}
