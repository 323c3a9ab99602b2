/**
 * Resolving a REST path against the transport's root.
 *
 * Two kinds of root exist: `http://host/wp-json` (pretty permalinks; the path is appended) and
 * `http://host/?rest_route=` (plain permalinks; the path goes into the `rest_route` parameter and
 * the other parameters follow with `&`). An absolute `http(s)://` URL is used as it is.
 *
 * @module
 */
import { ArgumentError } from '../errors.js';
import { formatQueryString, mergeQuery, parseQueryString, type QueryPair } from './queryString.js';
import type { Query } from './types.js';

/** The parsed REST root of a transport. */
export interface RestRoot {
  /** `path`: the REST path is appended to `base`; `rest_route`: it goes into `?rest_route=`. */
  readonly kind: 'path' | 'rest_route';
  /** Origin and path of the root, without a trailing slash in `path` mode. */
  readonly base: string;
  /** For `rest_route` roots, a prefix found in the root's own `rest_route` value (usually `''`). */
  readonly routePrefix: string;
  /** Other query parameters of the root, sent with every request. */
  readonly params: readonly QueryPair[];
}

const ABSOLUTE_URL = /^https?:\/\//i;

function splitUrl(text: string): { before: string; search: string } {
  const hash = text.indexOf('#');
  const withoutHash = hash === -1 ? text : text.slice(0, hash);
  const question = withoutHash.indexOf('?');
  if (question === -1) return { before: withoutHash, search: '' };
  return { before: withoutHash.slice(0, question), search: withoutHash.slice(question + 1) };
}

/**
 * Parses and checks a REST root.
 *
 * @throws ArgumentError when `root` is not an absolute `http(s)` URL.
 */
export function parseRestRoot(root: unknown): RestRoot {
  if (typeof root !== 'string' || root.trim() === '') {
    throw new ArgumentError(
      'RestTransport option "root" must be the REST root URL, such as "http://example.com/wp-json" or "http://example.com/?rest_route=".',
    );
  }
  let url: URL;
  try {
    url = new URL(root);
  } catch (cause) {
    throw new ArgumentError(`RestTransport option "root" is not a valid URL: "${root}".`, {
      cause,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ArgumentError(`RestTransport option "root" must be an http or https URL, got "${root}".`);
  }
  const pairs = parseQueryString(url.search);
  const route = pairs.find(([key]) => key === 'rest_route');
  const params = pairs.filter(([key]) => key !== 'rest_route');
  if (route !== undefined) {
    return {
      kind: 'rest_route',
      base: `${url.origin}${url.pathname}`,
      routePrefix: route[1].replace(/\/+$/, ''),
      params,
    };
  }
  return {
    kind: 'path',
    base: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    routePrefix: '',
    params,
  };
}

function decodeRoute(route: string): string {
  try {
    return decodeURIComponent(route);
  } catch {
    return route;
  }
}

/** `rest_route` values keep their slashes readable; WordPress reads both forms. */
function encodeRoute(route: string): string {
  return encodeURIComponent(route).replace(/%2F/g, '/');
}

/**
 * Builds the URL of a request: `path` (a REST path starting with `/`, or an absolute URL) with
 * its own query merged with `query` (see {@link mergeQuery}).
 *
 * @throws ArgumentError when `path` neither starts with `/` nor is an absolute http(s) URL.
 */
export function resolveRestUrl(root: RestRoot, path: unknown, query?: Query): string {
  if (typeof path !== 'string') {
    throw new ArgumentError(`Request path must be a string, got ${typeof path}.`);
  }
  if (ABSOLUTE_URL.test(path)) {
    try {
      new URL(path);
    } catch (cause) {
      throw new ArgumentError(`Request path "${path}" is not a valid URL.`, { cause });
    }
    const { before, search } = splitUrl(path);
    const text = formatQueryString(mergeQuery(parseQueryString(search), query));
    return text === '' ? before : `${before}?${text}`;
  }
  if (!path.startsWith('/')) {
    throw new ArgumentError(
      `Request path "${path}" must start with "/" (for example "/wp/v2/posts"), or be an absolute http(s) URL.`,
    );
  }
  const { before, search } = splitUrl(path);
  const pairs = mergeQuery([...root.params, ...parseQueryString(search)], query);
  if (root.kind === 'path') {
    const text = formatQueryString(pairs);
    return text === '' ? `${root.base}${before}` : `${root.base}${before}?${text}`;
  }
  // The route must come from the path alone: a `rest_route` in the query would redirect the request.
  const rest = formatQueryString(pairs.filter(([key]) => key !== 'rest_route'));
  const route = `rest_route=${encodeRoute(root.routePrefix + decodeRoute(before))}`;
  return rest === '' ? `${root.base}?${route}` : `${root.base}?${route}&${rest}`;
}
