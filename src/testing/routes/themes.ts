/**
 * Themes and global styles as in WordPress 6.1: the active theme with `theme_supports` and the
 * `wp:user-global-styles` link, the user's global styles record (no `version-history` link and no
 * revisions route in 6.1; `/global-styles/{id}/revisions` answers the record itself because the id
 * pattern swallows the suffix), the theme's base styles and its variations.
 *
 * @module
 */
import type { PostRow } from '../database.js';
import { contextArg, listParam } from '../params.js';
import { hasCap } from '../permissions.js';
import { param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, paginationHeaders, WpRestFailure } from '../responses.js';
import { TT3_THEME, TT3_THEME_JSON, TT3_THEME_SUPPORTS, TT3_VARIATIONS } from '../themeData.js';
import { readRecord, updateRecord, type RecordKind } from './records.js';
import {
  allowIf,
  deny,
  permissionGuard,
  requireCap,
  type Permission,
  type PermissionCheck,
} from './guards.js';
import { CURIES, linkTo, restUrl } from './shared.js';

function renderTheme(request: RestRequest): Record<string, unknown> {
  const t = TT3_THEME;
  const rr = (raw: string, rendered = raw): { raw: string; rendered: string } => ({ raw, rendered });
  const links: Record<string, unknown> = {
    self: linkTo(restUrl(request, `/wp/v2/themes/${t.stylesheet}`)),
    collection: linkTo(restUrl(request, '/wp/v2/themes')),
  };
  if (request.site.db.globalStylesId) {
    links['wp:user-global-styles'] = linkTo(
      restUrl(request, `/wp/v2/global-styles/${request.site.db.globalStylesId}`),
    );
  }
  links['curies'] = CURIES;
  return {
    stylesheet: t.stylesheet,
    template: t.template,
    requires_php: t.requires_php,
    requires_wp: t.requires_wp,
    textdomain: t.textdomain,
    version: t.version,
    screenshot: `${request.siteRoot}/wp-content/themes/${t.stylesheet}/screenshot.png`,
    author: rr(t.author, `<a href="${t.author_uri}">${t.author}</a>`),
    author_uri: rr(t.author_uri),
    description: rr(t.description),
    name: rr(t.name),
    tags: { raw: [...t.tags], rendered: t.tags.join(', ') },
    theme_uri: rr(t.theme_uri),
    status: request.site.db.stylesheet === t.stylesheet ? 'active' : 'inactive',
    theme_supports: structuredClone(TT3_THEME_SUPPORTS),
    _links: links,
  };
}

function canViewActiveTheme(request: RestRequest): Permission {
  return allowIf(
    request,
    hasCap(request.user, 'switch_themes') || hasCap(request.user, 'edit_posts'),
    'rest_cannot_view_active_theme',
    'Sorry, you are not allowed to view the active theme.',
  );
}

/** Users who cannot `switch_themes` may only see the active theme. */
function canViewThemes(request: RestRequest, onlyActive: boolean): Permission {
  if (hasCap(request.user, 'switch_themes')) return true;
  if (onlyActive) return canViewActiveTheme(request);
  return deny(request, 'rest_cannot_view_themes', 'Sorry, you are not allowed to view themes.');
}

function globalStylesPost(request: RestRequest): PostRow {
  // WordPress casts the matched id to an integer, so `27/revisions` reads record 27.
  const id = parseInt(request.params['id'] ?? '', 10);
  const post = request.site.db.posts.get(id);
  if (!post || post.type !== 'wp_global_styles') {
    throw new WpRestFailure(
      'rest_global_styles_not_found',
      'No global styles config exist with that id.',
      404,
    );
  }
  return post;
}

function renderGlobalStyles(request: RestRequest, post: PostRow): Record<string, unknown> {
  const self = restUrl(request, `/wp/v2/global-styles/${post.id}`);
  const links: Record<string, unknown> = { self: linkTo(self) };
  if (hasCap(request.user, 'edit_theme_options')) links['wp:action-publish'] = linkTo(self);
  return {
    id: post.id,
    title: { raw: post.title, rendered: post.title },
    settings: structuredClone(post.extra['settings'] ?? {}),
    styles: structuredClone(post.extra['styles'] ?? {}),
    _links: links,
  };
}

const GLOBAL_STYLES: RecordKind<PostRow> = {
  load: globalStylesPost,
  render: (request, post) => renderGlobalStyles(request, post),
};

function applyGlobalStyles(request: RestRequest, post: PostRow): void {
  const body = request.body;
  if (typeof body['styles'] === 'object' && body['styles'] !== null)
    post.extra['styles'] = structuredClone(body['styles']);
  if (typeof body['settings'] === 'object' && body['settings'] !== null)
    post.extra['settings'] = structuredClone(body['settings']);
  if (typeof body['title'] === 'string') post.title = body['title'];
  post.modified = request.site.db.tick();
}

function manageGlobalStyles(request: RestRequest): Permission {
  return requireCap(
    request,
    'edit_theme_options',
    'rest_cannot_manage_global_styles',
    'Sorry, you are not allowed to access the global styles on this site.',
  );
}

function themeOf(request: RestRequest, group: string): string {
  const stylesheet = decodeURIComponent(request.params[group] ?? '');
  if (stylesheet !== TT3_THEME.stylesheet)
    throw new WpRestFailure('rest_theme_not_found', 'Theme not found.', 404);
  return stylesheet;
}

/** Theme and global styles routes. */
export function themeRoutes(): Route[] {
  const canView: PermissionCheck = permissionGuard(
    globalStylesPost,
    (request) => hasCap(request.user, 'edit_theme_options'),
    'rest_cannot_view',
    'Sorry, you are not allowed to view this global style.',
  );
  return [
    route(
      '/wp/v2/themes',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg(), status: { type: 'array', enum: ['active', 'inactive'] } },
          permission: (request) => {
            const statuses = listParam(param(request, 'status'));
            return canViewThemes(request, statuses.length === 1 && statuses[0] === 'active');
          },
          handler: (request) => {
            const statuses = listParam(param(request, 'status'));
            const theme = renderTheme(request);
            const items = statuses.length === 0 || statuses.includes(String(theme['status'])) ? [theme] : [];
            return ok(items, 200, paginationHeaders(request.url, 1, items.length, items.length > 0 ? 1 : 0));
          },
        },
      ],
      { schemaTitle: 'theme' },
    ),
    route(
      '/wp/v2/themes/(?P<stylesheet>[^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: (request) =>
            canViewThemes(request, request.params['stylesheet'] === request.site.db.stylesheet),
          handler: (request) => {
            themeOf(request, 'stylesheet');
            return ok(renderTheme(request));
          },
        },
      ],
      { schemaTitle: 'theme' },
    ),
    route(
      '/wp/v2/global-styles/themes/(?P<stylesheet>[\\/\\s%\\w\\.\\(\\)\\[\\]\\@_\\-]+)/variations',
      'wp/v2',
      [
        {
          methods: READABLE,
          permission: manageGlobalStyles,
          handler: (request) => {
            themeOf(request, 'stylesheet');
            return ok(structuredClone(TT3_VARIATIONS));
          },
        },
      ],
      { schemaTitle: 'wp_global_styles' },
    ),
    route(
      '/wp/v2/global-styles/themes/(?P<stylesheet>[^\\/:<>\\*\\?"\\|]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          permission: manageGlobalStyles,
          handler: (request) => {
            const stylesheet = themeOf(request, 'stylesheet');
            return ok({
              settings: structuredClone(TT3_THEME_JSON.settings),
              styles: structuredClone(TT3_THEME_JSON.styles),
              _links: { self: linkTo(restUrl(request, `/wp/v2/global-styles/themes/${stylesheet}`)) },
            });
          },
        },
      ],
      { schemaTitle: 'wp_global_styles' },
    ),
    route(
      '/wp/v2/global-styles/(?P<id>[\\/\\w-]+)',
      'wp/v2',
      [
        readRecord(GLOBAL_STYLES, canView),
        updateRecord(
          GLOBAL_STYLES,
          (request) => {
            const viewable = canView(request);
            if (viewable !== true) {
              return viewable.status === 404
                ? viewable
                : deny(request, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this global style.');
            }
            return true;
          },
          applyGlobalStyles,
        ),
      ],
      { schemaTitle: 'wp_global_styles' },
    ),
  ];
}
