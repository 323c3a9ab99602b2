/**
 * Media (`attachment` posts): list, upload (raw body with `Content-Disposition`, or multipart),
 * update, and delete, which needs `force=true` (501 `rest_trash_not_supported` otherwise).
 *
 * @module
 */
import type { PostRow, PostTypeRow } from '../database.js';
import { slugify } from '../database.js';
import { collectionArgs, idListParam, intParam } from '../params.js';
import { canCreatePosts, canDeletePost, canEditPost, hasCap } from '../permissions.js';
import { CREATABLE, param, READABLE, route, type RestRequest, type Route, type Site } from '../router.js';
import { attachmentItemProperties } from '../itemSchemas.js';
import { ok, WpRestFailure } from '../responses.js';
import { forceDeleteRecord, pagedList, readRecord, updateRecord, type RecordKind } from './records.js';
import { allowIf, deny, guard, permissionGuard } from './guards.js';
import {
  contextOf,
  CURIES,
  linkTo,
  newPostRow,
  postOfType,
  renderContent,
  restUrl,
  textInput,
  type Context,
} from './shared.js';

function attachmentType(request: RestRequest): PostTypeRow {
  const type = request.site.db.postTypes.get('attachment');
  if (!type)
    throw new WpRestFailure('rest_no_route', 'No route was found matching the URL and request method.', 404);
  return type;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** The REST representation of an attachment. */
export function renderMedia(request: RestRequest, post: PostRow, context: Context): Record<string, unknown> {
  const edit = context === 'edit';
  const x = post.extra;
  const mime = str(x['mime_type'], 'image/jpeg');
  const file = str(x['file'], `2026/11/${post.slug || post.id}.jpg`);
  const source = `${request.siteRoot}/wp-content/uploads/${file}`;
  const text = (raw: string): Record<string, unknown> =>
    edit ? { raw, rendered: renderContent(raw) } : { rendered: renderContent(raw) };
  const out: Record<string, unknown> = {
    id: post.id,
    date: post.date,
    date_gmt: post.date,
    guid: edit ? { rendered: source, raw: source } : { rendered: source },
    modified: post.modified,
    modified_gmt: post.modified,
    slug: post.slug,
    status: 'inherit',
    type: 'attachment',
    link: `${request.siteRoot}/${post.slug}/`,
    title: edit ? { raw: post.title, rendered: post.title } : { rendered: post.title },
    author: post.author,
    comment_status: post.comment_status,
    ping_status: post.ping_status,
    template: post.template,
    meta: { ...post.meta },
    description: text(str(x['description'])),
    caption: text(str(x['caption'])),
    alt_text: str(x['alt_text']),
    media_type: mime.startsWith('image/') ? 'image' : 'file',
    mime_type: mime,
    media_details: {
      width: x['width'] ?? 0,
      height: x['height'] ?? 0,
      file,
      filesize: x['filesize'] ?? 0,
      sizes: {},
      image_meta: {
        aperture: '0',
        credit: '',
        camera: '',
        caption: '',
        created_timestamp: '0',
        copyright: '',
        focal_length: '0',
        iso: '0',
        shutter_speed: '0',
        title: '',
        orientation: '0',
        keywords: [],
      },
    },
    post: post.parent === 0 ? null : post.parent,
    source_url: source,
  };
  if (edit) out['missing_image_sizes'] = [];
  if (context === 'embed') {
    for (const key of [
      'guid',
      'modified',
      'modified_gmt',
      'status',
      'comment_status',
      'ping_status',
      'template',
      'meta',
      'description',
      'post',
    ])
      delete out[key];
  }
  out['_links'] = {
    self: linkTo(restUrl(request, `/wp/v2/media/${post.id}`)),
    collection: linkTo(restUrl(request, '/wp/v2/media')),
    about: linkTo(restUrl(request, '/wp/v2/types/attachment')),
    author: linkTo(restUrl(request, `/wp/v2/users/${post.author}`), { embeddable: true }),
    replies: linkTo(restUrl(request, `/wp/v2/comments?post=${post.id}`), { embeddable: true }),
    curies: CURIES,
  };
  return out;
}

function getMedia(request: RestRequest): PostRow {
  return postOfType(request, 'attachment');
}

const MEDIA: RecordKind<PostRow> = { load: getMedia, render: renderMedia };

function applyMediaFields(request: RestRequest, post: PostRow): void {
  const body = request.body;
  const title = textInput(body['title']);
  if (title !== undefined) post.title = title;
  for (const key of ['caption', 'description'] as const) {
    const value = textInput(body[key]);
    if (value !== undefined) post.extra[key] = value;
  }
  if (typeof body['alt_text'] === 'string') post.extra['alt_text'] = body['alt_text'];
  if (body['post'] !== undefined) post.parent = intParam(body['post'], 0);
  if (typeof body['meta'] === 'object' && body['meta'] !== null)
    post.meta = { ...post.meta, ...(body['meta'] as Record<string, unknown>) };
  post.modified = request.site.db.tick();
}

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The attachments controller's schema properties (`{}` before the attachment type is registered). */
function attachmentSchema(site: Site): Record<string, unknown> {
  const type = site.db.postTypes.get('attachment');
  return type === undefined ? {} : attachmentItemProperties(site, type);
}

/** Media routes. */
export function mediaRoutes(): Route[] {
  return [
    route(
      '/wp/v2/media',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: {
            ...collectionArgs(),
            include: { type: 'array' },
            parent: { type: 'array' },
            media_type: { type: 'string', enum: ['image', 'video', 'text', 'application', 'audio'] },
            mime_type: { type: 'string' },
          },
          handler: (request) => {
            const include = idListParam(param(request, 'include'));
            const parents = idListParam(param(request, 'parent'));
            const mediaType = param(request, 'media_type');
            const mimeType = param(request, 'mime_type');
            const search = String(param(request, 'search') ?? '').toLowerCase();
            const authors = idListParam(param(request, 'author'));
            const all = request.site.db
              .postsOfType('attachment')
              .filter((p) => include.length === 0 || include.includes(p.id))
              .filter((p) => parents.length === 0 || parents.includes(p.parent))
              .filter((p) => authors.length === 0 || authors.includes(p.author))
              .filter(
                (p) =>
                  mediaType === undefined ||
                  str(p.extra['mime_type'], 'image/jpeg').startsWith(`${String(mediaType)}/`),
              )
              .filter((p) => mimeType === undefined || p.extra['mime_type'] === mimeType)
              .filter((p) => !search || p.title.toLowerCase().includes(search))
              .sort((a, b) => (a.date === b.date ? b.id - a.id : b.date.localeCompare(a.date)));
            return pagedList(request, all, (p, context) => renderMedia(request, p, context));
          },
        },
        {
          methods: CREATABLE,
          permission: (request) =>
            allowIf(
              request,
              canCreatePosts(request.user, attachmentType(request)),
              'rest_cannot_create',
              'Sorry, you are not allowed to upload media on this site.',
            ),
          handler: (request) => {
            const db = request.site.db;
            const upload = request.upload;
            const filename = upload?.filename ?? filenameFrom(request.headers.get('content-disposition'));
            if (!filename)
              throw new WpRestFailure(
                'rest_upload_no_content_disposition',
                'No Content-Disposition supplied.',
                400,
              );
            const dot = filename.lastIndexOf('.');
            const stem = dot > 0 ? filename.slice(0, dot) : filename;
            const post = newPostRow(request, 'attachment', db.tick(), {
              status: 'inherit',
              title: stem,
              slug: db.uniquePostSlug('attachment', slugify(stem), 0),
              comment_status: 'open',
              extra: {
                mime_type: upload?.type || request.headers.get('content-type') || 'application/octet-stream',
                file: `2026/11/${filename}`,
                filesize: upload?.size ?? request.rawBody?.byteLength ?? 0,
                width: 1,
                height: 1,
              },
            });
            applyMediaFields(request, post);
            db.posts.set(post.id, post);
            return ok(renderMedia(request, post, 'edit'), 201, {
              Location: restUrl(request, `/wp/v2/media/${post.id}`),
              'X-WP-Upload-Attachment-ID': String(post.id),
            });
          },
        },
      ],
      { schemaTitle: 'attachment', schemaProperties: attachmentSchema },
    ),
    route(
      '/wp/v2/media/(?P<id>[\\d]+)',
      'wp/v2',
      [
        readRecord(MEDIA, (request) =>
          guard(() => {
            const post = getMedia(request);
            return contextOf(request) === 'edit'
              ? allowIf(
                  request,
                  canEditPost(request.user, attachmentType(request), post),
                  'rest_forbidden_context',
                  'Sorry, you are not allowed to edit this post.',
                )
              : true;
          }),
        ),
        updateRecord(
          MEDIA,
          permissionGuard(
            getMedia,
            (request, post) => canEditPost(request.user, attachmentType(request), post),
            'rest_cannot_edit',
            'Sorry, you are not allowed to edit this post.',
          ),
          applyMediaFields,
        ),
        forceDeleteRecord(
          MEDIA,
          permissionGuard(
            getMedia,
            (request, post) => canDeletePost(request.user, attachmentType(request), post),
            'rest_cannot_delete',
            'Sorry, you are not allowed to delete this post.',
          ),
          "The post does not support trashing. Set 'force=true' to delete.",
          (request, post) => request.site.db.posts.delete(post.id),
        ),
      ],
      { schemaTitle: 'attachment', schemaProperties: attachmentSchema },
    ),
    route(
      '/wp/v2/media/(?P<id>[\\d]+)/edit',
      'wp/v2',
      [
        {
          methods: CREATABLE,
          args: {
            src: { type: 'string', required: true },
            modifiers: { type: 'array' },
          },
          permission: (request) =>
            guard(() => {
              if (!hasCap(request.user, 'upload_files')) {
                return deny(
                  request,
                  'rest_cannot_edit_image',
                  'Sorry, you are not allowed to upload media on this site.',
                );
              }
              const post = getMedia(request);
              return allowIf(
                request,
                canEditPost(request.user, attachmentType(request), post),
                'rest_cannot_edit',
                'Sorry, you are not allowed to edit this post.',
              );
            }),
          handler: (request) => {
            // WordPress 5.5+: the edited image becomes a new attachment; the original stays.
            const original = getMedia(request);
            const mime = str(original.extra['mime_type'], 'image/jpeg');
            if (!mime.startsWith('image/')) {
              throw new WpRestFailure(
                'rest_cannot_edit_file_type',
                'This type of file cannot be edited.',
                400,
              );
            }
            const db = request.site.db;
            const file = str(original.extra['file'], `2026/11/${original.slug}.jpg`);
            const edited = file.replace(/(\.[a-z0-9]+)?$/i, (ext) => `-edited${ext}`);
            const post = newPostRow(request, 'attachment', db.tick(), {
              status: 'inherit',
              title: original.title,
              slug: db.uniquePostSlug('attachment', `${original.slug}-edited`, 0),
              comment_status: original.comment_status,
              extra: { ...original.extra, file: edited },
            });
            db.posts.set(post.id, post);
            return ok(renderMedia(request, post, 'edit'), 201, {
              Location: restUrl(request, `/wp/v2/media/${post.id}`),
            });
          },
        },
      ],
      { schemaTitle: 'attachment', schemaProperties: attachmentSchema },
    ),
  ];
}
