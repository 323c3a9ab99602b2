/**
 * Block templates and template parts (`theme//slug` ids, theme files vs custom `wp_id` posts),
 * `/templates/lookup`, and the front-end `?_wp-find-template=true` answer, as in WordPress 6.1.
 *
 * @module
 */
import type { MockDatabase, PostRow } from '../database.js';
import { boolParam, contextArg } from '../params.js';
import { CREATABLE, EDITABLE, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure } from '../responses.js';
import { TT3_TEMPLATE_PARTS, TT3_TEMPLATES, type ThemeTemplateFile } from '../themeData.js';
import { deletedAnswer, deleteRecord, readRecord, type RecordKind } from './records.js';
import { requireCap, type Permission } from './guards.js';
import { contextOf, CURIES, linkTo, newPostRow, restUrl, textInput } from './shared.js';

/** `wp_template` or `wp_template_part`. */
export type TemplateType = 'wp_template' | 'wp_template_part';

/** A resolved template: a theme file, possibly overridden by a custom post. */
export interface ResolvedTemplate {
  /** `theme//slug`. */
  id: string;
  /** The theme. */
  theme: string;
  /** The slug. */
  slug: string;
  /** The type. */
  type: TemplateType;
  /** The theme file, when there is one. */
  file: ThemeTemplateFile | undefined;
  /** The custom post, when the template was saved. */
  post: PostRow | undefined;
}

function files(type: TemplateType): ThemeTemplateFile[] {
  return type === 'wp_template' ? TT3_TEMPLATES : TT3_TEMPLATE_PARTS;
}

/** Every template of a type: theme files merged with custom posts (custom wins), ordered by slug. */
export function allTemplates(db: MockDatabase, type: TemplateType): ResolvedTemplate[] {
  const theme = db.stylesheet;
  const bySlug = new Map<string, ResolvedTemplate>();
  for (const file of files(type))
    bySlug.set(file.slug, {
      id: `${theme}//${file.slug}`,
      theme,
      slug: file.slug,
      type,
      file,
      post: undefined,
    });
  for (const post of db.postsOfType(type)) {
    if (post.status === 'trash' || post.extra['theme'] !== theme) continue;
    const existing = bySlug.get(post.slug);
    bySlug.set(post.slug, {
      id: `${theme}//${post.slug}`,
      theme,
      slug: post.slug,
      type,
      file: existing?.file,
      post,
    });
  }
  return [...bySlug.values()];
}

/** Finds a template by id (`theme//slug`). */
export function findTemplate(db: MockDatabase, type: TemplateType, id: string): ResolvedTemplate | undefined {
  return allTemplates(db, type).find((t) => t.id === id);
}

/** The REST representation of a template. */
export function renderTemplate(
  request: RestRequest,
  t: ResolvedTemplate,
  edit: boolean,
): Record<string, unknown> {
  const post = t.post;
  const raw = post ? post.content : (t.file?.content ?? '');
  const title = post ? post.title : (t.file?.title ?? t.slug);
  const content: Record<string, unknown> = { raw };
  if (edit) content['block_version'] = 1;
  const out: Record<string, unknown> = {
    id: t.id,
    theme: t.theme,
    content,
    slug: t.slug,
    source: post ? 'custom' : 'theme',
    origin: post ? (t.file ? 'theme' : null) : null,
    type: t.type,
    description: post ? post.excerpt : (t.file?.description ?? ''),
    title: { raw: title, rendered: title },
    status: post ? post.status : 'publish',
    wp_id: post ? post.id : 0,
    has_theme_file: t.file !== undefined,
  };
  if (t.type === 'wp_template')
    out['is_custom'] = post ? post.extra['is_custom'] === true : t.file?.isCustom === true;
  else out['area'] = post ? (post.extra['area'] ?? 'uncategorized') : (t.file?.area ?? 'uncategorized');
  out['author'] = post ? post.author : 0;
  const base = t.type === 'wp_template' ? '/wp/v2/templates' : '/wp/v2/template-parts';
  out['_links'] = {
    self: linkTo(restUrl(request, `${base}/${t.id}`)),
    collection: linkTo(restUrl(request, base)),
    about: linkTo(restUrl(request, `/wp/v2/types/${t.type}`)),
    curies: CURIES,
  };
  return out;
}

/** The template hierarchy of a slug, as `get_template_hierarchy` builds it in 6.1. */
export function templateHierarchy(slug: string, isCustom = false, prefix = ''): string[] {
  if (slug === 'index') return ['index'];
  if (isCustom) return ['page', 'singular', 'index'];
  if (slug === 'front-page') return ['front-page', 'home', 'index'];
  const hierarchy = [slug];
  if (prefix !== '') {
    const type = prefix.split('-')[0] as string;
    if (prefix !== slug && prefix !== type) hierarchy.push(prefix);
    if (slug !== type) hierarchy.push(type);
  }
  if (/^(author|taxonomy|category|tag)/.test(slug) || slug === 'date') hierarchy.push('archive');
  if (slug === 'attachment') hierarchy.push('single');
  if (/^(single|page)/.test(slug) || slug === 'attachment') hierarchy.push('singular');
  hierarchy.push('index');
  return hierarchy;
}

/** The first existing template of a hierarchy. */
export function resolveHierarchy(
  db: MockDatabase,
  hierarchy: readonly string[],
): ResolvedTemplate | undefined {
  const templates = allTemplates(db, 'wp_template');
  for (const slug of hierarchy) {
    const found = templates.find((t) => t.slug === slug);
    if (found) return found;
  }
  return undefined;
}

function requireTemplates(request: RestRequest): Permission {
  return requireCap(
    request,
    'edit_theme_options',
    'rest_cannot_manage_templates',
    'Sorry, you are not allowed to access the templates on this site.',
  );
}

function templateNotFound(): WpRestFailure {
  return new WpRestFailure('rest_template_not_found', 'No templates exist with that id.', 404);
}

function getTemplate(request: RestRequest, type: TemplateType): ResolvedTemplate {
  const id = decodeURIComponent(request.params['id'] ?? '');
  const found = findTemplate(request.site.db, type, id);
  if (!found) throw templateNotFound();
  return found;
}

function saveCustom(
  request: RestRequest,
  type: TemplateType,
  slug: string,
  existing: ResolvedTemplate | undefined,
): ResolvedTemplate {
  const db = request.site.db;
  const now = db.tick();
  let post = existing?.post;
  if (!post) {
    post = newPostRow(request, type, now, {
      status: 'publish',
      title: existing?.file?.title ?? slug,
      content: existing?.file?.content ?? '',
      excerpt: existing?.file?.description ?? '',
      slug,
      extra: { theme: db.stylesheet },
    });
    if (type === 'wp_template_part') post.extra['area'] = existing?.file?.area ?? 'uncategorized';
    db.posts.set(post.id, post);
  }
  const body = request.body;
  const content = textInput(body['content']);
  if (content !== undefined) post.content = content;
  const title = textInput(body['title']);
  if (title !== undefined) post.title = title;
  if (typeof body['description'] === 'string') post.excerpt = body['description'];
  if (typeof body['status'] === 'string') post.status = body['status'];
  if (typeof body['area'] === 'string' && type === 'wp_template_part') post.extra['area'] = body['area'];
  if (body['is_custom'] !== undefined && type === 'wp_template')
    post.extra['is_custom'] = boolParam(body['is_custom']);
  post.modified = now;
  return { id: `${db.stylesheet}//${slug}`, theme: db.stylesheet, slug, type, file: existing?.file, post };
}

/** The id pattern of 6.1: it also swallows `/revisions` and `/autosaves` suffixes. */
const TEMPLATE_ID = '(?P<id>([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w-]+)';

function templateRoutesFor(type: TemplateType, base: string): Route[] {
  const path = `/wp/v2/${base}`;
  const kind: RecordKind<ResolvedTemplate> = {
    load: (request) => getTemplate(request, type),
    render: (request, t, context) => renderTemplate(request, t, context === 'edit'),
  };
  const routes: Route[] = [
    route(`${path}/lookup`, 'wp/v2', [
      {
        methods: READABLE,
        args: {
          slug: { type: 'string', required: true },
          is_custom: { type: 'boolean' },
          template_prefix: { type: 'string' },
        },
        permission: requireTemplates,
        handler: (request) => {
          const hierarchy = templateHierarchy(
            String(param(request, 'slug')),
            boolParam(param(request, 'is_custom')),
            String(param(request, 'template_prefix') ?? ''),
          );
          const found = resolveHierarchy(request.site.db, hierarchy);
          if (!found) throw templateNotFound();
          return ok(renderTemplate(request, found, contextOf(request) === 'edit'));
        },
      },
    ]),
    route(
      path,
      'wp/v2',
      [
        {
          methods: READABLE,
          args: {
            context: contextArg(),
            wp_id: { type: 'integer' },
            area: { type: 'string' },
            post_type: { type: 'string' },
          },
          permission: requireTemplates,
          handler: (request) => {
            const edit = contextOf(request) === 'edit';
            const wpId = param(request, 'wp_id');
            const area = param(request, 'area');
            const items = allTemplates(request.site.db, type)
              .filter((t) => wpId === undefined || t.post?.id === Number(wpId))
              .filter((t) => area === undefined || (t.post?.extra['area'] ?? t.file?.area) === area);
            return ok(items.map((t) => renderTemplate(request, t, edit)));
          },
        },
        {
          methods: CREATABLE,
          args: { slug: { type: 'string', required: true } },
          permission: requireTemplates,
          handler: (request) => {
            const slug = String(request.body['slug']);
            const saved = saveCustom(
              request,
              type,
              slug,
              findTemplate(request.site.db, type, `${request.site.db.stylesheet}//${slug}`),
            );
            return ok(renderTemplate(request, saved, true), 201, {
              Location: restUrl(request, `${path}/${saved.id}`),
            });
          },
        },
      ],
      { schemaTitle: type },
    ),
    route(
      `${path}/${TEMPLATE_ID}`,
      'wp/v2',
      [
        readRecord(kind, requireTemplates),
        {
          methods: EDITABLE,
          permission: requireTemplates,
          handler: (request) => {
            const existing = getTemplate(request, type);
            return ok(renderTemplate(request, saveCustom(request, type, existing.slug, existing), true));
          },
        },
        deleteRecord(kind, requireTemplates, (request, t) => {
          const post = t.post;
          if (!post)
            throw new WpRestFailure(
              'rest_invalid_template',
              "Templates based on theme files can't be removed.",
              400,
            );
          if (boolParam(param(request, 'force'))) {
            const previous = renderTemplate(request, t, true);
            request.site.db.posts.delete(post.id);
            return deletedAnswer(previous);
          }
          post.status = 'trash';
          post.modified = request.site.db.tick();
          return ok(renderTemplate(request, t, true));
        }),
      ],
      { schemaTitle: type },
    ),
  ];
  // 6.1 registers revisions and autosaves of templates after the id route, whose pattern matches
  // their paths first; they are listed in the index but never reached.
  const unreachable = (): never => {
    throw templateNotFound();
  };
  for (const source of [
    `${path}/(?P<parent>[\\d]+)/revisions`,
    `${path}/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)`,
    `${path}/(?P<id>[\\d]+)/autosaves`,
    `${path}/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)`,
  ]) {
    routes.push(
      route(source, 'wp/v2', [{ methods: READABLE, permission: requireTemplates, handler: unreachable }]),
    );
  }
  return routes;
}

/** Template and template-part routes. */
export function templateRoutes(): Route[] {
  return [
    ...templateRoutesFor('wp_template', 'templates'),
    ...templateRoutesFor('wp_template_part', 'template-parts'),
  ];
}

/**
 * The `?_wp-find-template=true` answer for a front-end URL path: `{success:true, data}` with the
 * raw template object, and HTTP 404 (still `success:true`) when the URL resolves to nothing.
 */
export function findTemplateForUrl(
  db: MockDatabase,
  url: URL,
  siteRootPath: string,
): { status: number; body: unknown } {
  const path = url.pathname.slice(siteRootPath.length).replace(/^\/+|\/+$/g, '');
  const p = url.searchParams.get('p') ?? url.searchParams.get('page_id');
  let hierarchy: string[];
  let status = 200;
  const published = (post: PostRow | undefined): PostRow | undefined =>
    post && post.status === 'publish' && (post.type === 'post' || post.type === 'page') ? post : undefined;
  const postFor = (): PostRow | undefined => {
    if (p) return published(db.posts.get(Number(p)));
    if (path === '') return undefined;
    const slug = path.split('/').pop() ?? '';
    return [...db.posts.values()].find((x) => published(x) && x.slug === slug);
  };
  const search = url.searchParams.get('s');
  const [first, second] = path.split('/');
  if (search !== null) {
    hierarchy = ['search', 'index'];
  } else if (path === '' && !p) {
    hierarchy = ['front-page', 'home', 'index'];
  } else if (first === 'category' && second) {
    hierarchy = [`category-${second}`, 'category', 'archive', 'index'];
  } else if (first === 'tag' && second) {
    hierarchy = [`tag-${second}`, 'tag', 'archive', 'index'];
  } else if (first === 'author' && second) {
    hierarchy = [`author-${second}`, 'author', 'archive', 'index'];
  } else {
    const post = postFor();
    if (!post) {
      status = 404;
      hierarchy = ['404', 'index'];
    } else if (post.type === 'page') {
      hierarchy = [
        ...(post.template ? [post.template] : []),
        `page-${post.slug}`,
        `page-${post.id}`,
        'page',
        'singular',
        'index',
      ];
    } else {
      hierarchy = [
        ...(post.template ? [post.template] : []),
        `single-post-${post.slug}`,
        'single-post',
        'single',
        'singular',
        'index',
      ];
    }
  }
  const found = resolveHierarchy(db, hierarchy);
  if (!found)
    return { status: 404, body: { success: false, data: { message: 'No matching template found' } } };
  const post = found.post;
  const data = {
    type: 'wp_template',
    theme: found.theme,
    slug: found.slug,
    id: found.id,
    title: post ? post.title : (found.file?.title ?? found.slug),
    content: post ? post.content : (found.file?.content ?? ''),
    description: post ? post.excerpt : (found.file?.description ?? ''),
    source: post ? 'custom' : 'theme',
    origin: post && found.file ? 'theme' : null,
    wp_id: post ? post.id : null,
    status: post ? post.status : 'publish',
    has_theme_file: found.file !== undefined,
    is_custom: found.file?.isCustom === true,
    author: post ? post.author : null,
    post_types: null,
    area: null,
  };
  return { status, body: { success: true, data } };
}
