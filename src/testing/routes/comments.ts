/**
 * Comments: list (anonymous users see approved ones), create, update, trash (410 when trashed
 * twice) and force delete.
 *
 * @module
 */
import type { CommentRow } from '../database.js';
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
import { contextOf, linkTo, renderContent, restUrl, textInput, type Context } from './shared.js';

const STATUS_ALIASES: Record<string, string> = {
  approve: 'approved',
  approved: 'approved',
  hold: 'hold',
  spam: 'spam',
  trash: 'trash',
};

function renderComment(request: RestRequest, comment: CommentRow, context: Context): Record<string, unknown> {
  const edit = context === 'edit';
  const out: Record<string, unknown> = {
    id: comment.id,
    post: comment.post,
    parent: comment.parent,
    author: comment.author,
    author_name: comment.author_name,
  };
  if (edit) out['author_email'] = comment.author_email;
  out['author_url'] = comment.author_url;
  if (edit) {
    out['author_ip'] = comment.author_ip;
    out['author_user_agent'] = comment.author_user_agent;
  }
  out['date'] = comment.date;
  out['date_gmt'] = comment.date;
  out['content'] = edit
    ? { raw: comment.content, rendered: renderContent(comment.content) }
    : { rendered: renderContent(comment.content) };
  out['link'] = `${request.siteRoot}/?p=${comment.post}#comment-${comment.id}`;
  out['status'] = comment.status;
  out['type'] = comment.type;
  out['author_avatar_urls'] = {
    '24': 'https://secure.gravatar.com/avatar/?s=24&d=mm&r=g',
    '48': 'https://secure.gravatar.com/avatar/?s=48&d=mm&r=g',
    '96': 'https://secure.gravatar.com/avatar/?s=96&d=mm&r=g',
  };
  out['meta'] = { ...comment.meta };
  out['_links'] = {
    self: linkTo(restUrl(request, `/wp/v2/comments/${comment.id}`)),
    collection: linkTo(restUrl(request, '/wp/v2/comments')),
    up: linkTo(restUrl(request, `/wp/v2/posts/${comment.post}`), { embeddable: true, post_type: 'post' }),
  };
  return out;
}

function getComment(request: RestRequest): CommentRow {
  const comment = request.site.db.comments.get(parseInt(request.params['id'] ?? '', 10));
  if (!comment) throw new WpRestFailure('rest_comment_invalid_id', 'Invalid comment ID.', 404);
  return comment;
}

function canEditComment(request: RestRequest, comment: CommentRow): boolean {
  return (
    hasCap(request.user, 'moderate_comments') || (request.user !== null && comment.author === request.user.id)
  );
}

function withComment(
  request: RestRequest,
  check: (comment: CommentRow) => true | WpRestFailure,
): true | WpRestFailure {
  try {
    return check(getComment(request));
  } catch (error) {
    if (error instanceof WpRestFailure) return error;
    throw error;
  }
}

function applyCommentFields(request: RestRequest, comment: CommentRow): void {
  const body = request.body;
  const content = textInput(body['content']);
  if (content !== undefined) comment.content = content;
  for (const key of ['author_name', 'author_email', 'author_url'] as const)
    if (typeof body[key] === 'string') comment[key] = body[key];
  if (typeof body['status'] === 'string' && hasCap(request.user, 'moderate_comments')) {
    comment.status = STATUS_ALIASES[body['status']] ?? body['status'];
  }
  if (body['parent'] !== undefined) comment.parent = intParam(body['parent'], 0);
}

/** Comment routes. */
export function commentRoutes(): Route[] {
  return [
    route(
      '/wp/v2/comments',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: {
            ...collectionArgs(),
            post: { type: 'array' },
            include: { type: 'array' },
            status: { type: 'string', default: 'approve' },
            order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
          },
          permission: (request) =>
            contextOf(request) === 'edit' && !hasCap(request.user, 'moderate_comments')
              ? forbidden(
                  'rest_forbidden_context',
                  'Sorry, you are not allowed to edit comments.',
                  request.user !== null,
                )
              : param(request, 'status') !== undefined &&
                  param(request, 'status') !== 'approve' &&
                  !hasCap(request.user, 'moderate_comments')
                ? forbidden(
                    'rest_forbidden_param',
                    'Query parameter not permitted: status',
                    request.user !== null,
                  )
                : true,
          handler: (request) => {
            const posts = idListParam(param(request, 'post'));
            const include = idListParam(param(request, 'include'));
            const statuses = listParam(param(request, 'status') ?? 'approve').map(
              (s) => STATUS_ALIASES[s] ?? s,
            );
            const search = String(param(request, 'search') ?? '').toLowerCase();
            const dir = param(request, 'order') === 'asc' ? 1 : -1;
            const all = [...request.site.db.comments.values()]
              .filter(
                (c) =>
                  (posts.length === 0 || posts.includes(c.post)) &&
                  (include.length === 0 || include.includes(c.id)),
              )
              .filter((c) => statuses.includes('all') || statuses.includes(c.status))
              .filter((c) => !search || c.content.toLowerCase().includes(search))
              .sort((a, b) => (a.date < b.date ? -dir : a.date > b.date ? dir : (a.id - b.id) * dir));
            const page = intParam(param(request, 'page'), 1);
            const perPage = intParam(param(request, 'per_page'), 10);
            const result = paginate(all, page, perPage, 'rest_comment_invalid_page_number');
            const context = contextOf(request);
            return ok(
              result.items.map((c) => renderComment(request, c, context)),
              200,
              paginationHeaders(request.url, page, result.total, result.totalPages),
            );
          },
        },
        {
          methods: CREATABLE,
          args: { post: { type: 'integer' }, content: { type: ['string', 'object'] } },
          permission: (request) =>
            request.user
              ? true
              : new WpRestFailure(
                  'rest_comment_login_required',
                  'Sorry, you must be logged in to comment.',
                  401,
                ),
          handler: (request) => {
            const db = request.site.db;
            const postId = intParam(request.body['post'], 0);
            if (!db.posts.has(postId))
              throw new WpRestFailure(
                'rest_comment_invalid_post_id',
                'Sorry, you are not allowed to create this comment without a post.',
                403,
              );
            const user = request.user;
            const comment: CommentRow = {
              id: db.allocateCommentId(),
              post: postId,
              parent: 0,
              author: user?.id ?? 0,
              author_name: user?.name ?? '',
              author_email: user?.email ?? '',
              author_url: user?.url ?? '',
              author_ip: '127.0.0.1',
              author_user_agent: request.headers.get('user-agent') ?? '',
              date: db.tick(),
              content: '',
              status: hasCap(user, 'moderate_comments') ? 'approved' : 'hold',
              type: 'comment',
              meta: {},
            };
            applyCommentFields(request, comment);
            if (comment.content.trim() === '')
              throw new WpRestFailure('rest_comment_content_invalid', 'Invalid comment content.', 400);
            db.comments.set(comment.id, comment);
            return ok(renderComment(request, comment, 'edit'), 201, {
              Location: restUrl(request, `/wp/v2/comments/${comment.id}`),
            });
          },
        },
      ],
      { allowBatch: false, schemaTitle: 'comment' },
    ),
    route(
      '/wp/v2/comments/(?P<id>[\\d]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: (request) =>
            withComment(request, (c) => {
              if (contextOf(request) === 'edit' && !canEditComment(request, c)) {
                return forbidden(
                  'rest_forbidden_context',
                  'Sorry, you are not allowed to edit comments.',
                  request.user !== null,
                );
              }
              if (c.status !== 'approved' && !canEditComment(request, c)) {
                return forbidden(
                  'rest_cannot_read',
                  'Sorry, you are not allowed to read this comment.',
                  request.user !== null,
                );
              }
              return true;
            }),
          handler: (request) => ok(renderComment(request, getComment(request), contextOf(request))),
        },
        {
          methods: EDITABLE,
          permission: (request) =>
            withComment(request, (c) =>
              canEditComment(request, c)
                ? true
                : forbidden(
                    'rest_cannot_edit',
                    'Sorry, you are not allowed to edit this comment.',
                    request.user !== null,
                  ),
            ),
          handler: (request) => {
            const comment = getComment(request);
            applyCommentFields(request, comment);
            return ok(renderComment(request, comment, 'edit'));
          },
        },
        {
          methods: DELETABLE,
          args: { force: { type: 'boolean', default: false } },
          permission: (request) =>
            withComment(request, (c) =>
              canEditComment(request, c)
                ? true
                : forbidden(
                    'rest_cannot_delete',
                    'Sorry, you are not allowed to delete this comment.',
                    request.user !== null,
                  ),
            ),
          handler: (request) => {
            const comment = getComment(request);
            if (boolParam(param(request, 'force'))) {
              const previous = renderComment(request, comment, 'edit');
              request.site.db.comments.delete(comment.id);
              return ok({ deleted: true, previous });
            }
            if (comment.status === 'trash')
              throw new WpRestFailure('rest_already_trashed', 'The comment has already been trashed.', 410);
            comment.status = 'trash';
            return ok(renderComment(request, comment, 'edit'));
          },
        },
      ],
      { schemaTitle: 'comment' },
    ),
  ];
}
