/**
 * The transport contract: how models and stores talk to a WordPress REST API. `RestTransport` is
 * the real implementation; tests may pass any object that satisfies {@link Transport}.
 *
 * @module
 */
import type { RestError } from '../errors.js';

/** An HTTP method the transport sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';

/** A query-string value: scalars, arrays (`key[]=`) and nested objects (`key[a]=`); `undefined` is left out. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

/** Query-string parameters of a REST request. */
export type Query = { readonly [key: string]: QueryValue };

/** One REST request. */
export interface RequestOptions {
  /**
   * The REST path, starting with `/` (`/wp/v2/posts/5`), resolved against the transport's root.
   * An absolute `http(s)://` URL (a `_links` href, a front-end page) is used as it is.
   */
  path: string;
  /** @default 'GET' */
  method?: HttpMethod;
  /** Query-string parameters, merged with any already in `path`. @default {} */
  query?: Query;
  /** A JSON body. @default undefined (no body) */
  body?: unknown;
  /** Extra request headers. @default {} */
  headers?: Record<string, string>;
  /** Resolve to `{ data, status, headers }` instead of the parsed body. @default false */
  raw?: boolean;
  /** Aborts the request; the promise then rejects with a `RestError` whose `isAbort` is true. @default undefined */
  signal?: AbortSignal;
  /**
   * Lets the request outlive the page (`fetch`'s `keepalive`): a last word sent while the tab
   * closes (`pagehide`), such as leaving a collaboration room. Bodies up to 64 KB. @default false
   */
  keepalive?: boolean;
}

/** What `request({ raw: true })` resolves to. */
export interface RawResponse<T = unknown> {
  /** The parsed JSON body (`null` for an empty body). */
  data: T;
  /** The HTTP status. */
  status: number;
  /** The response headers (`X-WP-Total`, `X-WP-TotalPages`, `Link`, `Allow`, …). */
  headers: Headers;
}

/** One request inside a `/batch/v1` call. */
export interface BatchRequest {
  /** REST path without the root, starting with `/` (`/wp/v2/posts/5`), query string included. */
  path: string;
  /** @default 'POST' */
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The JSON body of the request. */
  body?: unknown;
  /** Headers of the request. */
  headers?: Record<string, string>;
}

/** The outcome of one {@link BatchRequest}: success for statuses 200–299, else an error. */
export type BatchResult =
  { ok: true; status: number; body: unknown } | { ok: false; status: number; error: RestError };

/** Options of the calls that may send several requests (`fetchAll`, `allowedMethods`, `batch`). */
export interface CallOptions {
  /** Aborts every request of the call; the promise then rejects with a `RestError` whose `isAbort` is true. @default undefined */
  signal?: AbortSignal | undefined;
}

/** The interface the stores use to reach WordPress. */
export interface Transport {
  /** Sends one request; rejects with a `RestError` on any failure. */
  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /** Every item of a collection (`per_page: -1`), walking pages of 100 in server order; a collection keyed by slug (`/wp/v2/types`) gives its values. */
  fetchAll<T = unknown>(path: string, query?: Query, options?: CallOptions): Promise<T[]>;
  /** The methods the current user may use on a path, from the `Allow` header of an OPTIONS request. */
  allowedMethods(path: string, options?: CallOptions): Promise<Set<string>>;
  /** Sends requests through `/batch/v1` in chunks of the server's maximum; one result per request, in order. */
  batch(requests: readonly BatchRequest[], options?: CallOptions): Promise<BatchResult[]>;
  /**
   * The `Authorization` header sent with every request, if any; the sync server's provider
   * (`websocketProvider`) presents it as its token. Optional: test transports may leave it out.
   */
  readonly authorization?: string | undefined;
}
