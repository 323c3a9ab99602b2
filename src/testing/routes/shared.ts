/**
 * Helpers shared by route modules: URLs, rendered text, `context` handling and permission
 * shorthands.
 *
 * @module
 */
import type { PostTypeRow } from '../database.js';
import { hasCap } from '../permissions.js';
import type { RestRequest } from '../router.js';
import { param } from '../router.js';
import { forbidden, WpRestFailure } from '../responses.js';

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

/** Requires a logged-in user with a capability, else 401/403 with the given code and message. */
export function requireCap(
  request: RestRequest,
  cap: string,
  code: string,
  message: string,
): true | WpRestFailure {
  if (hasCap(request.user, cap)) return true;
  return forbidden(code, message, request.user !== null);
}

/** Requires any logged-in user. */
export function requireLogin(request: RestRequest, code: string, message: string): true | WpRestFailure {
  return request.user ? true : forbidden(code, message, false);
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
