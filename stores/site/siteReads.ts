/**
 * The rows `SiteStore` reads its values by: where to ask, how to check and shape the answer, and
 * where to store it, with the small helpers the rows share.
 *
 * @module
 */
import { isPlainObject } from '../../models/snapshot.js';
import { invalidResponseError } from '../../core/transport/restErrors.js';
import { isRestError, type RestError } from '../../core/errors.js';
import type { Query } from '../../core/transport/types.js';
import type {
  BlockPattern,
  BlockPatternCategory,
  GlobalStylesData,
  GlobalStylesRevision,
  Theme,
  UserPatternCategory,
} from './siteData.js';

/** The value each {@link SiteValue} resolves to. */
export interface SiteValues {
  currentTheme: Theme | undefined;
  globalStylesId: number | undefined;
  baseGlobalStyles: GlobalStylesData | undefined;
  globalStylesVariations: readonly GlobalStylesData[] | undefined;
  globalStylesRevisions: readonly GlobalStylesRevision[] | undefined;
  blockPatterns: readonly BlockPattern[];
  blockPatternCategories: readonly BlockPatternCategory[];
  userPatternCategories: readonly UserPatternCategory[];
  navigationFallbackId: number | null;
}

/** Where a site value is read (`key`: what it is stored under, such as the stylesheet), or the value when no request is needed. */
export type SiteTarget<V> =
  | { readonly path: string; readonly query?: Query; readonly key?: string | number }
  | { readonly known: V; readonly key?: string | number };

/** One row of the site reads: where to ask, how to check and shape the answer, where to store it. */
export interface SiteRead<V> {
  /** Where to ask; `undefined` when there is nothing to ask (no active theme), resolving `undefined`. */
  target(): Promise<SiteTarget<V> | undefined>;
  /** `'all'` reads every page (`transport.fetchAll`). @default one request */
  readonly pages?: 'all';
  /** Given, a 404 (a route this WordPress lacks) is read as this body instead of failing. */
  readonly ifNotFound?: unknown;
  /**
   * The answer as the value.
   * @throws RestError `invalid_response` when it is not what the route answers.
   */
  parse(body: unknown, path: string): V;
  /** Stores the value (called inside an action); `body` is the answer it was read from, if any. */
  store(value: V, key: string | number | undefined, body: unknown): void;
}

/** A target of one request. */
export function ask(path: string, query?: Query): Promise<SiteTarget<never>> {
  return Promise.resolve(query === undefined ? { path } : { path, query });
}

/** A list answer where an empty body means `[]`; its objects only. */
export function optionalList(body: unknown, path: string, what: string): Record<string, unknown>[] {
  if (body !== null && body !== undefined && !Array.isArray(body)) throw invalidResponse(path, what, body);
  return (body ?? []).filter(isPlainObject);
}

/** The records a REST answer embeds as `self` (a list; a bare object is accepted too). */
export function embeddedSelf(body: unknown): Record<string, unknown>[] {
  const self: unknown =
    isPlainObject(body) && isPlainObject(body._embedded) ? body._embedded.self : undefined;
  return (Array.isArray(self) ? self : [self]).filter(isPlainObject);
}

/** An answer that is not what the route gives. */
export function invalidResponse(url: string, what: string, body: unknown): RestError {
  return invalidResponseError(200, `The server answered ${url} with something that is not ${what}.`, body, {
    method: 'GET',
    url,
  });
}

/** A 404 from a route this WordPress does not have (`rest_no_route`), or a missing resource. */
export function isNotFound(error: unknown): boolean {
  return isRestError(error) && error.status === 404;
}
