/**
 * Query strings the way WordPress (PHP) reads them.
 *
 * - Arrays of scalars: `include[]=1&include[]=2`; arrays holding objects or arrays get indexes
 *   (`a[0][b]=1`) so PHP keeps each element together.
 * - Objects: `meta[key]=value`, nested as deep as needed.
 * - Booleans: `true` / `false`. WordPress's `rest_sanitize_boolean` accepts these (as well as
 *   `1` / `0`), and so do non-REST flags such as `_wp-find-template=true`.
 * - `null` is sent as an empty value (`key=`); `undefined` is left out; empty arrays and objects
 *   produce nothing (PHP has no way to receive them in a query string).
 * - Keys are sorted at every level, so identical queries always give identical URLs (request
 *   de-duplication relies on this). Array elements keep their order.
 *
 * @module
 */
import { ArgumentError } from '../errors.js';
import type { Query, QueryValue } from './types.js';

/** One `key=value` member of a query string, decoded. */
export type QueryPair = readonly [key: string, value: string];

/** The name a pair belongs to: `include` for `include[]`, `meta` for `meta[a][b]`. */
export function baseKey(key: string): string {
  const bracket = key.indexOf('[');
  return bracket === -1 ? key : key.slice(0, bracket);
}

function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function isScalar(value: QueryValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

function scalarText(value: string | number | boolean | null, key: string): string {
  if (value === null) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new ArgumentError(`Query parameter "${key}" must be a finite number, got ${value}.`);
  }
  return String(value);
}

function appendValue(pairs: QueryPair[], key: string, value: QueryValue): void {
  if (value === undefined) return;
  if (isScalar(value)) {
    pairs.push([key, scalarText(value, key)]);
    return;
  }
  if (Array.isArray(value)) {
    const items: readonly QueryValue[] = value;
    // `key[]` keeps PHP's list semantics for scalars; objects need an index or PHP would split
    // each of their members into an element of its own.
    const indexed = items.some((item) => item !== undefined && !isScalar(item));
    items.forEach((item, index) => {
      appendValue(pairs, indexed ? `${key}[${index}]` : `${key}[]`, item);
    });
    return;
  }
  const object = value as { readonly [key: string]: QueryValue };
  for (const name of Object.keys(object).sort(compareKeys)) {
    appendValue(pairs, `${key}[${name}]`, object[name]);
  }
}

/**
 * Flattens a query object into decoded pairs, keys sorted, `undefined` left out.
 *
 * @throws ArgumentError when a number is `NaN` or infinite.
 */
export function queryPairs(query: Query | undefined): QueryPair[] {
  const pairs: QueryPair[] = [];
  if (query === undefined) return pairs;
  for (const key of Object.keys(query).sort(compareKeys)) {
    appendValue(pairs, key, query[key]);
  }
  return pairs;
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray `%` that is not an escape: PHP keeps it as it is, and so do we.
    return spaced;
  }
}

/** Parses a query string (with or without its leading `?`) into decoded pairs, in order. */
export function parseQueryString(search: string): QueryPair[] {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const pairs: QueryPair[] = [];
  if (text === '') return pairs;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    if (equals === -1) pairs.push([decode(part), '']);
    else pairs.push([decode(part.slice(0, equals)), decode(part.slice(equals + 1))]);
  }
  return pairs;
}

/**
 * Merges a query object into pairs already present (from a path such as `/wp/v2/posts?status=draft`).
 * A name given in `query` replaces every pair of that name; the result is sorted by name (stable,
 * so array elements keep their order).
 */
export function mergeQuery(existing: readonly QueryPair[], query: Query | undefined): QueryPair[] {
  const added = queryPairs(query);
  // Nothing to replace or interleave (a path without a query string: nearly every request), and
  // `queryPairs` sorted them already (unless a key holds a bracket itself, `{ 'a[b]': 1 }`).
  if (existing.length === 0 && isSortedByName(added)) return added;
  const replaced = new Set(Object.keys(query ?? {}).filter((key) => (query as Query)[key] !== undefined));
  const kept = existing.filter(([key]) => !replaced.has(baseKey(key)));
  return [...kept, ...added].sort((a, b) => compareKeys(baseKey(a[0]), baseKey(b[0])));
}

/** True when `pairs` are in the order {@link mergeQuery} sorts them in (by name, stable). */
function isSortedByName(pairs: readonly QueryPair[]): boolean {
  for (let i = 1; i < pairs.length; i++) {
    if (compareKeys(baseKey((pairs[i - 1] as QueryPair)[0]), baseKey((pairs[i] as QueryPair)[0])) > 0)
      return false;
  }
  return true;
}

/** Percent-encodes a key, leaving PHP's array brackets readable (`include[]`, `meta[a]`). */
function encodeKey(key: string): string {
  const encoded = encodeURIComponent(key);
  return encoded.includes('%5') ? encoded.replace(/%5B/g, '[').replace(/%5D/g, ']') : encoded;
}

/** Encodes pairs as a query string without the leading `?`. */
export function formatQueryString(pairs: readonly QueryPair[]): string {
  return pairs.map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(value)}`).join('&');
}

/**
 * Serialises a query object as WordPress reads it: `{ include: [1, 2], context: 'edit' }` →
 * `context=edit&include[]=1&include[]=2`. Returns `''` for an empty query.
 *
 * @throws ArgumentError when a number is `NaN` or infinite.
 */
export function serializeQuery(query: Query | undefined): string {
  return formatQueryString(queryPairs(query));
}
