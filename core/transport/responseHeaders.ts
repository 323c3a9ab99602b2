/**
 * Reading the response headers WordPress sends: `X-WP-Total`, `X-WP-TotalPages`,
 * `Link: <…>; rel="next"` and `Allow`.
 *
 * @module
 */

/** `X-WP-TotalPages` as a non-negative integer, or `undefined` when missing or malformed. */
export function readTotalPages(headers: Headers): number | undefined {
  const text = headers.get('X-WP-TotalPages');
  if (text === null || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number.parseInt(text, 10);
}

/** `X-WP-Total` as a non-negative integer, or `undefined` when missing or malformed. */
export function readTotalItems(headers: Headers): number | undefined {
  const text = headers.get('X-WP-Total');
  if (text === null || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number.parseInt(text, 10);
}

const LINK_VALUE = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g;
const REL_PARAM = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i;

/**
 * The URL of the link with relation `rel` in a `Link` header (RFC 8288), such as
 * `<http://host/wp-json/wp/v2/posts?page=2>; rel="next"`, or `undefined`.
 */
export function findLink(headers: Headers, rel: string): string | undefined {
  const header = headers.get('Link');
  if (header === null) return undefined;
  for (const match of header.matchAll(LINK_VALUE)) {
    const relMatch = REL_PARAM.exec(match[2] ?? '');
    const relations = (relMatch?.[1] ?? relMatch?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes(rel.toLowerCase())) return match[1];
  }
  return undefined;
}

/**
 * The method tokens of an `Allow` header, upper-cased: `GET, POST` → `{'GET', 'POST'}`. A missing
 * header (WordPress leaves it out when the user may do nothing) gives an empty set. Tokens are
 * whole words, never substrings of one another.
 */
export function parseAllowHeader(value: string | null): Set<string> {
  const methods = new Set<string>();
  if (value === null) return methods;
  for (const token of value.split(',')) {
    const method = token.trim().toUpperCase();
    if (method !== '') methods.add(method);
  }
  return methods;
}
