/**
 * Helpers shared by route modules: URLs, rendered text, `context` handling, record lookups and new rows.
 *
 * @module
 */
import type { PostRow, PostTypeRow, TermRow } from '../database.js';
import type { RestRequest } from '../router.js';
import { param } from '../router.js';
import { WpRestFailure } from '../responses.js';

/** The REST context of a request (`view` unless given). */
export type Context = 'view' | 'edit' | 'embed';

/** Reads `context` with a default. */
export function contextOf(request: RestRequest, fallback: Context = 'view'): Context {
  const value = param(request, 'context');
  return value === 'edit' || value === 'embed' || value === 'view' ? value : fallback;
}

/** An absolute REST URL for a route path (`/wp/v2/posts/1`). */
export function restUrl(request: RestRequest, path: string): string {
  return `${request.restRoot}${path}`;
}

/** A `_links` entry list with one href. */
export function linkTo(href: string, extra: Record<string, unknown> = {}): Array<Record<string, unknown>> {
  return [{ ...extra, href }];
}

/** The `curies` link every WordPress object carries. */
export const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

/** The REST collection path of a post type (`/wp/v2/posts`). */
export function typePath(type: PostTypeRow): string {
  return `/${type.rest_namespace}/${type.rest_base}`;
}

/** Renders block markup roughly as WordPress would: block comments removed, text in paragraphs. */
export function renderContent(raw: string): string {
  const stripped = raw.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '').trim();
  if (stripped === '') return '';
  if (/^</.test(stripped)) return `${stripped}\n`;
  return `<p>${stripped}</p>\n`;
}

/** Escapes text for HTML attributes and content. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The numeric URL parameter of a route (`id` unless named), `NaN` when absent. */
export function idParam(request: RestRequest, group = 'id'): number {
  return parseInt(request.params[group] ?? '', 10);
}

/** Reads a text field that may be a string or `{raw}` (how the block editor sends title/content). */
export function textInput(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && value !== null && 'raw' in value) {
    const raw = (value as { raw: unknown }).raw;
    return typeof raw === 'string' ? raw : undefined;
  }
  return undefined;
}

/** Throws 404 with the given code when the value is undefined. */
export function found<T>(value: T | undefined, code: string, message: string): T {
  if (value === undefined) throw new WpRestFailure(code, message, 404);
  return value;
}

/** The post of a type the `id` URL group names; 404 `rest_post_invalid_id` otherwise. */
export function postOfType(request: RestRequest, type: string): PostRow {
  const post = request.site.db.posts.get(idParam(request));
  if (!post || post.type !== type) throw new WpRestFailure('rest_post_invalid_id', 'Invalid post ID.', 404);
  return post;
}

/** The term of a taxonomy the `id` URL group names; 404 `rest_term_invalid` otherwise. */
export function termOfTaxonomy(request: RestRequest, taxonomy: string): TermRow {
  const term = request.site.db.terms.get(idParam(request));
  if (!term || term.taxonomy !== taxonomy)
    throw new WpRestFailure('rest_term_invalid', 'Term does not exist.', 404);
  return term;
}

/**
 * A new post row dated `now` with the next post id and the defaults of `wp_insert_post` (draft,
 * empty text, closed comments, no parent or terms), authored by the request's user; `fields`
 * override the defaults.
 */
export function newPostRow(
  request: RestRequest,
  type: string,
  now: string,
  fields: Partial<PostRow> = {},
): PostRow {
  return {
    id: request.site.db.allocatePostId(),
    type,
    status: 'draft',
    title: '',
    content: '',
    excerpt: '',
    slug: '',
    author: request.user?.id ?? 0,
    date: now,
    modified: now,
    parent: 0,
    menu_order: 0,
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
    ...fields,
  };
}

/** A new term row of a taxonomy with the next term id, empty text and no parent; `fields` override. */
export function newTermRow(request: RestRequest, taxonomy: string, fields: Partial<TermRow> = {}): TermRow {
  return {
    id: request.site.db.allocateTermId(),
    taxonomy,
    name: '',
    slug: '',
    description: '',
    parent: 0,
    meta: {},
    locations: [],
    auto_add: false,
    ...fields,
  };
}
