/**
 * Small pure helpers shared by the site-level stores: key case conversion, HTML entity decoding,
 * stable query keys and reading `_links` hrefs.
 *
 * @module
 */
import { encodeStableKey } from '../models/QueryParts.js';
import type { Query } from '../core/transport/types.js';

/**
 * Converts one key to camelCase the way the reference does for pattern and revision keys:
 * separators (`_`, `-`, spaces, …) are dropped and each following word is capitalised, so
 * `modified_gmt` → `modifiedGmt`, `viewport_width` → `viewportWidth`, `_links` → `links`.
 */
export function camelCaseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  return words
    .map((word, index) => {
      const lower = word.toLowerCase();
      return index === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

/** A copy of `value` with every top-level key converted by {@link camelCaseKey}; nested values are kept as they are. */
export function camelCaseKeys(value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) result[camelCaseKey(key)] = entry;
  return result;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
};

/**
 * Decodes the HTML entities WordPress puts into term names (`&amp;`, `&#039;`, `&#x2019;`, …).
 * Unknown named entities are left as they are.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, body: string) => {
    if (body.startsWith('#')) {
      const isHex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(isHex ? 2 : 1), isHex ? 16 : 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

/**
 * A cache key for a query that does not depend on the order of its keys (the reference's
 * `JSON.stringify(query)` key does; we normalise it) and ignores `undefined` values: the same
 * encoding as the stable keys of entity lists.
 */
export function stableQueryKey(query: Query | undefined): string {
  return encodeStableKey(query ?? {});
}

/** The `href` of the first link of relation `rel` in a REST object's `_links`, if any. */
export function linkHref(value: unknown, rel: string): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const links = (value as { _links?: unknown })._links;
  if (links === null || typeof links !== 'object') return undefined;
  const list = (links as Record<string, unknown>)[rel];
  if (!Array.isArray(list)) return undefined;
  const first: unknown = list[0];
  if (first === null || typeof first !== 'object') return undefined;
  const href = (first as { href?: unknown }).href;
  return typeof href === 'string' && href !== '' ? href : undefined;
}
