/**
 * Comments: list (anonymous users see approved ones), create, update, trash (410 when trashed
 * twice) and force delete.
 *
 * @module
 */
import type { CommentRow } from '../database.js';
import { boolParam, collectionArgs, idListParam, intParam, listParam } from '../params.js';
import { hasCap } from '../permissions.js';
import { CREATABLE, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure } from '../responses.js';
import {
  deletedAnswer,
  deleteRecord,
  pagedList,
  readRecord,
  updateRecord,
  type RecordKind,
} from './records.js';
import { deny, guard, permissionGuard, requireLogin } from './guards.js';
import {
  contextOf,
  found,
  idParam,
  linkTo,
  renderContent,
  restUrl,
  textInput,
  type Context,
} from './shared.js';

const STATUS_ALIASES: Record<string, string> = {
  approve: 'approved',
  approved: 'approved',
  hold: 'hold',
  spam: 'spam',
  trash: 'trash',
};

/** The stored comment status for a requested one (`approve` → `approved`); own keys only, so `constructor` stays a plain string. */
function commentStatus(requested: string): string {
  return Object.hasOwn(STATUS_ALIASES, requested) ? (STATUS_ALIASES[requested] as string) : requested;
}

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
  return found(
    request.site.db.comments.get(idParam(request)),
    'rest_comment_invalid_id',
    'Invalid comment ID.',
  );
}

function canEditComment(request: RestRequest, comment: CommentRow): boolean {
  return (
    hasCap(request.user, 'moderate_comments') || (request.user !== null && comment.author === request.user.id)
  );
}

const COMMENT: RecordKind<CommentRow> = { load: getComment, render: renderComment };

function applyCommentFields(request: RestRequest, comment: CommentRow): void {
  const body = request.body;
  const content = textInput(body['content']);
  if (content !== undefined) comment.content = content;
  for (const key of ['author_name', 'author_email', 'author_url'] as const)
    if (typeof body[key] === 'string') comment[key] = body[key];
  if (typeof body['status'] === 'string' && hasCap(request.user, 'moderate_comments')) {
    comment.status = commentStatus(body['status']);
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
          permission: (request) => {
            if (hasCap(request.user, 'moderate_comments')) return true;
            if (contextOf(request) === 'edit')
              return deny(request, 'rest_forbidden_context', 'Sorry, you are not allowed to edit comments.');
            const status = param(request, 'status');
            if (status !== undefined && status !== 'approve')
              return deny(request, 'rest_forbidden_param', 'Query parameter not permitted: status');
            return true;
          },
          handler: (request) => {
            const posts = idListParam(param(request, 'post'));
            const include = idListParam(param(request, 'include'));
            const statuses = listParam(param(request, 'status') ?? 'approve').map(commentStatus);
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
            return pagedList(request, all, (c, context) => renderComment(request, c, context), {
              invalidPageCode: 'rest_comment_invalid_page_number',
            });
          },
        },
        {
          methods: CREATABLE,
          args: { post: { type: 'integer' }, content: { type: ['string', 'object'] } },
          permission: (request) =>
            requireLogin(request, 'rest_comment_login_required', 'Sorry, you must be logged in to comment.'),
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
        readRecord(COMMENT, (request) =>
          guard(() => {
            const comment = getComment(request);
            if (contextOf(request) === 'edit' && !canEditComment(request, comment))
              return deny(request, 'rest_forbidden_context', 'Sorry, you are not allowed to edit comments.');
            if (comment.status !== 'approved' && !canEditComment(request, comment))
              return deny(request, 'rest_cannot_read', 'Sorry, you are not allowed to read this comment.');
            return true;
          }),
        ),
        updateRecord(
          COMMENT,
          permissionGuard(
            getComment,
            canEditComment,
            'rest_cannot_edit',
            'Sorry, you are not allowed to edit this comment.',
          ),
          applyCommentFields,
        ),
        deleteRecord(
          COMMENT,
          permissionGuard(
            getComment,
            canEditComment,
            'rest_cannot_delete',
            'Sorry, you are not allowed to delete this comment.',
          ),
          (request, comment) => {
            if (boolParam(param(request, 'force'))) {
              const previous = renderComment(request, comment, 'edit');
              request.site.db.comments.delete(comment.id);
              return deletedAnswer(previous);
            }
            if (comment.status === 'trash')
              throw new WpRestFailure('rest_already_trashed', 'The comment has already been trashed.', 410);
            comment.status = 'trash';
            return ok(renderComment(request, comment, 'edit'));
          },
        ),
      ],
      { schemaTitle: 'comment' },
    ),
  ];
}
