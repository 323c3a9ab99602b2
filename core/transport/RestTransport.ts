/**
 * The real {@link Transport}: WordPress's REST API over ky.
 *
 * @module
 */
import ky, { HTTPError, TimeoutError, type Options as KyOptions } from 'ky';
import { ArgumentError, isRestError, type RestError } from '../errors.js';
import { authHeaders, type RestAuth } from './auth.js';
import {
  assertBatchRequest,
  batchBody,
  chunk,
  failedChunk,
  mapBatchResponse,
  readBatchMaxItems,
} from './batchRequests.js';
import {
  BATCH_ROUTE,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  FETCH_ALL_CONCURRENCY,
  MAX_PER_PAGE,
  RETRY_STATUS_CODES,
} from './constants.js';
import {
  abortError,
  fetchError,
  invalidJsonError,
  describeBody,
  invalidResponseError,
  REWRITTEN_RESPONSE_ADVICE,
  restErrorFromResponse,
  timeoutError,
  type RequestContext,
} from './restErrors.js';
import { isKeyedRecords } from './keyedRecords.js';
import { explainSignInFailure, signInIdentityOf, type SignInIdentity } from './signInFailure.js';
import { findLink, parseAllowHeader, readTotalPages } from './responseHeaders.js';
import { parseRestRoot, resolveRestUrl, type RestRoot } from './restUrl.js';
import {
  backoffDelayMs,
  parseRetryAfterMs,
  resolveRetryPolicy,
  type RetryOptions,
  type RetryPolicy,
} from './retryPolicy.js';
import type {
  CallOptions,
  BatchRequest,
  BatchResult,
  HttpMethod,
  Query,
  RawResponse,
  RequestOptions,
  Transport,
} from './types.js';

/** A WHATWG `fetch`; it must resolve to a real `Response`. */
export type FetchFunction = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/** Options of {@link RestTransport}. */
export interface RestTransportOptions {
  /**
   * The REST root: `http://example.com/wp-json` (a trailing slash is fine) or, for sites without
   * pretty permalinks, `http://example.com/?rest_route=`.
   */
  root: string;
  /**
   * Credentials: an application password (`{ username, applicationPassword }`, sent as HTTP
   * Basic) or a REST nonce for cookie authentication (`{ nonce }`, sent as `X-WP-Nonce`).
   * @default undefined (anonymous)
   */
  auth?: RestAuth;
  /**
   * The `fetch` to use. When left out, `globalThis.fetch` is looked up on every request, so
   * interceptors installed later (msw) still see the traffic.
   * @default globalThis.fetch
   */
  fetch?: FetchFunction;
  /** Time limit of each attempt in milliseconds; `false` for none. @default 30000 */
  timeout?: number | false;
  /**
   * Time limit of a whole call in milliseconds, retries and their waits included; `false` for
   * none. When it runs out the call rejects with a `timeout` RestError.
   * @default 120000
   */
  totalTimeout?: number | false;
  /**
   * Retrying of failed reads: `false` for none, a number for the retry limit, or
   * an object of retry options (below). Writes are never retried unless `methods` lists them.
   * @default { limit: 2, backoffMs: 300, capMs: 10000, maxRetryAfterMs: 60000, methods: ['GET', 'OPTIONS', 'HEAD'] }
   */
  retry?: RetryOptions | number | false;
  /** Headers sent with every request (a request's own headers win). @default {} */
  headers?: Record<string, string>;
  /**
   * The `fetch` credentials mode. Use `'include'` for cookie authentication against another
   * origin. @default undefined (fetch's own default, `'same-origin'`)
   */
  credentials?: RequestCredentials;
}

const METHODS: ReadonlySet<string> = new Set<HttpMethod>([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
]);

/** The largest delay `setTimeout` accepts (2^31 − 1 ms); ky refuses a larger `timeout`. */
const MAX_TIMER_MS = 2_147_483_647;

function isBodyInit(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof URLSearchParams ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

function resolveTimeout(timeout: unknown, name: string, fallback: number): number | false {
  if (timeout === undefined) return fallback;
  if (timeout === false) return false;
  if (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_TIMER_MS) {
    throw new ArgumentError(
      `RestTransport option "${name}" must be a positive number of milliseconds (at most ${MAX_TIMER_MS}) or false, got ${String(timeout)}.`,
    );
  }
  return timeout;
}

function resolveHeaders(headers: unknown, name: string): Record<string, string> {
  if (headers === undefined) return {};
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    throw new ArgumentError(`${name} must be an object of header names to string values.`);
  }
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value !== 'string') {
      throw new ArgumentError(`${name} "${key}" must be a string, got ${typeof value}.`);
    }
  }
  return headers as Record<string, string>;
}

/** Runs `task` over `items` with at most `limit` at a time; results keep the order of `items`. */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        // Stop handing out work: the whole call rejects with this error anyway.
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A {@link Transport} that talks to a WordPress REST API with ky.
 *
 * - JSON in and out; an empty body (204) resolves `null`.
 * - Each attempt has a timeout (30 s by default), the whole call one too (2 minutes). Reads (GET, OPTIONS, HEAD) retry twice with
 *   exponential backoff on network errors, timeouts, 408, 429 and 5xx, honouring `Retry-After`;
 *   writes are never retried unless the `retry.methods` option lists them.
 * - Every failure rejects with a `RestError` (see `restErrors.ts` for the codes).
 * - Every call sends its own request: sharing identical reads in flight is the store's work
 *   (`RootStore` shares them per store, where it knows which reads a save or a peer made stale).
 *
 * The constructor does no I/O.
 *
 * @example
 * ```ts
 * const transport = new RestTransport({
 *   root: 'https://example.com/wp-json',
 *   auth: { username: 'admin', applicationPassword: 'abcd efgh ijkl mnop' },
 * });
 * const post = await transport.request<{ id: number }>({ path: '/wp/v2/posts/5', query: { context: 'edit' } });
 * ```
 */
export class RestTransport implements Transport {
  /** The REST root as given. */
  readonly root: string;
  readonly #root: RestRoot;
  readonly #headers: Record<string, string>;
  readonly #fetch: FetchFunction | undefined;
  readonly #timeoutMs: number | false;
  readonly #totalTimeoutMs: number | false;
  readonly #retry: RetryPolicy;
  readonly #credentials: RequestCredentials | undefined;
  /** Whom the requests sign in as, named in the message of a 401 or 403. */
  readonly #identity: SignInIdentity;
  #batchMaxItems: Promise<number> | undefined;

  /** @throws ArgumentError naming the option that is wrong. */
  constructor(options: RestTransportOptions) {
    if (typeof options !== 'object' || options === null) {
      throw new ArgumentError('RestTransport needs an options object with at least { root }.');
    }
    this.#root = parseRestRoot(options.root);
    this.root = options.root;
    if (options.fetch !== undefined && typeof options.fetch !== 'function') {
      throw new ArgumentError('RestTransport option "fetch" must be a function.');
    }
    this.#fetch = options.fetch;
    this.#timeoutMs = resolveTimeout(options.timeout, 'timeout', DEFAULT_TIMEOUT_MS);
    this.#totalTimeoutMs = resolveTimeout(options.totalTimeout, 'totalTimeout', DEFAULT_TOTAL_TIMEOUT_MS);
    this.#retry = resolveRetryPolicy(options.retry);
    this.#credentials = options.credentials;
    this.#headers = {
      Accept: 'application/json, */*;q=0.1',
      ...resolveHeaders(options.headers, 'RestTransport option "headers"'),
      ...authHeaders(options.auth),
    };
    this.#identity = signInIdentityOf(this.#headers);
  }

  /**
   * The full URL of a request: `path` resolved against the root, with `query` merged and sorted.
   *
   * @throws ArgumentError when `path` neither starts with `/` nor is an absolute http(s) URL.
   */
  url(path: string, query?: Query): string {
    return resolveRestUrl(this.#root, path, query);
  }

  /**
   * The `Authorization` header every request carries (from `auth` or `headers`), or `undefined`
   * for anonymous and nonce (cookie) authentication. `websocketProvider` uses it as its token.
   */
  get authorization(): string | undefined {
    for (const [name, value] of Object.entries(this.#headers)) {
      if (name.toLowerCase() === 'authorization') return value;
    }
    return undefined;
  }

  /**
   * Sends one request. Resolves the parsed JSON body (`null` when empty), or with `raw: true`
   * `{ data, status, headers }`. Rejects with a `RestError` on any failure, or an
   * `ArgumentError` for bad options.
   */
  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    let prepared: PreparedRequest;
    try {
      prepared = this.#prepare(options);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.#send(prepared) as Promise<T | RawResponse<T>>;
  }

  /**
   * Every item of a collection, as `per_page: -1` asks: WordPress refuses `per_page` above 100,
   * so this requests page 1 with `per_page=100`, reads `X-WP-TotalPages` and fetches the other
   * pages (a few at a time); without that header it follows
   * `Link: <…>; rel="next"`. Items come back in server (page) order. `page` and `per_page` in
   * `query` are replaced.
   */
  async fetchAll<T = unknown>(path: string, query: Query = {}, options: CallOptions = {}): Promise<T[]> {
    const pageQuery: Query = { ...query, per_page: MAX_PER_PAGE };
    const signal = options.signal;
    const first = await this.request<unknown>({
      path,
      query: { ...pageQuery, page: 1 },
      raw: true,
      ...(signal === undefined ? {} : { signal }),
    });
    const firstUrl = this.url(path, { ...pageQuery, page: 1 });
    // Types, taxonomies and statuses answer with an object keyed by slug: one page, its values.
    // Any other object (a WordPress error sent with 200, `{}`) fails in `#expectArray` below.
    if (isKeyedRecords(first.data)) return Object.values(first.data) as T[];
    const items = [...this.#expectArray<T>(first, firstUrl)];
    const totalPages = readTotalPages(first.headers);
    if (totalPages !== undefined) {
      const pages = Array.from({ length: Math.max(0, totalPages - 1) }, (_, index) => index + 2);
      const rest = await mapWithConcurrency(pages, FETCH_ALL_CONCURRENCY, async (page) => {
        const response = await this.request<unknown>({
          path,
          query: { ...pageQuery, page },
          raw: true,
          ...(signal === undefined ? {} : { signal }),
        });
        return this.#expectArray<T>(response, this.url(path, { ...pageQuery, page }));
      });
      for (const page of rest) items.push(...page);
      return items;
    }
    // No page count: walk the `next` links, guarding against a link that points back.
    const seen = new Set([firstUrl]);
    let next = this.#nextLink(first.headers, firstUrl);
    while (next !== undefined && !seen.has(next)) {
      seen.add(next);
      const response = await this.request<unknown>({
        path: next,
        raw: true,
        ...(signal === undefined ? {} : { signal }),
      });
      items.push(...this.#expectArray<T>(response, next));
      next = this.#nextLink(response.headers, next);
    }
    return items;
  }

  /**
   * The methods the current user may use on `path`: `OPTIONS`, then the `Allow` header split on
   * commas into upper-case tokens. A missing header gives an empty set.
   */
  async allowedMethods(path: string, options: CallOptions = {}): Promise<Set<string>> {
    const signal = options.signal;
    const response = await this.request<unknown>({
      path,
      method: 'OPTIONS',
      raw: true,
      ...(signal === undefined ? {} : { signal }),
    });
    return parseAllowHeader(response.headers.get('Allow'));
  }

  /**
   * Sends write requests through `POST /batch/v1`, in chunks of the server's maximum (read once
   * per transport from `OPTIONS /batch/v1`, 25 when it is not stated), one chunk after another,
   * with `validation: 'require-all-validate'`. One result per request, in order:
   *
   * - status 200–299 → `{ ok: true, status, body }`, else `{ ok: false, status, error }`;
   * - a chunk that failed validation makes every item of it an error; the items WordPress did
   *   not run get `batch_not_executed` (status 0);
   * - a chunk whose `POST` itself failed gives every item of it that `RestError`.
   *
   * Rejects only when the `OPTIONS` pre-flight fails (a later call asks again) or a request is
   * malformed (`ArgumentError`). An empty list resolves `[]` without any request.
   */
  async batch(requests: readonly BatchRequest[], options: CallOptions = {}): Promise<BatchResult[]> {
    if (!Array.isArray(requests)) {
      throw new ArgumentError('batch() needs an array of requests.');
    }
    requests.forEach(assertBatchRequest);
    if (requests.length === 0) return [];
    const maxItems = await this.#readBatchMaxItems();
    const results: BatchResult[] = [];
    for (const part of chunk(requests, maxItems)) {
      results.push(...(await this.#sendBatchChunk(part, options.signal)));
    }
    return results;
  }

  #readBatchMaxItems(): Promise<number> {
    this.#batchMaxItems ??= this.request<unknown>({ path: BATCH_ROUTE, method: 'OPTIONS' }).then(
      readBatchMaxItems,
      (error: unknown) => {
        // Do not cache a failure: the next batch asks again.
        this.#batchMaxItems = undefined;
        throw error;
      },
    );
    return this.#batchMaxItems;
  }

  async #sendBatchChunk(
    part: readonly BatchRequest[],
    signal: AbortSignal | undefined,
  ): Promise<BatchResult[]> {
    let response: RawResponse;
    try {
      response = await this.request<unknown>({
        path: BATCH_ROUTE,
        method: 'POST',
        body: batchBody(part),
        raw: true,
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      // An aborted batch ends the whole call: the later chunks are not sent either.
      if (signal?.aborted === true) throw error;
      if (isRestError(error)) return failedChunk(part, error);
      throw error;
    }
    return mapBatchResponse(part, response.status, response.data).map((result) =>
      result.ok ? result : { ...result, error: explainSignInFailure(result.error, this.#identity) },
    );
  }

  #nextLink(headers: Headers, currentUrl: string): string | undefined {
    const href = findLink(headers, 'next');
    if (href === undefined) return undefined;
    try {
      return new URL(href, currentUrl).href;
    } catch {
      return undefined;
    }
  }

  #expectArray<T>(response: RawResponse, url: string): T[] {
    if (Array.isArray(response.data)) return response.data as T[];
    throw invalidResponseError(
      response.status,
      `Expected a JSON array from a paginated collection, but GET ${url} answered with ${describeBody(response.data)}. Nothing was stored. ${REWRITTEN_RESPONSE_ADVICE}`,
      response.data,
      { method: 'GET', url },
    );
  }

  #prepare(options: RequestOptions): PreparedRequest {
    if (typeof options !== 'object' || options === null) {
      throw new ArgumentError('request() needs an options object with at least { path }.');
    }
    const method = options.method ?? 'GET';
    if (!METHODS.has(method)) {
      throw new ArgumentError(`Request method "${String(method)}" is not one of ${[...METHODS].join(', ')}.`);
    }
    if ((method === 'GET' || method === 'HEAD') && options.body !== undefined) {
      throw new ArgumentError(`A ${method} request cannot have a body (path "${options.path}").`);
    }
    const url = resolveRestUrl(this.#root, options.path, options.query);
    const headers = new Headers(this.#headers);
    for (const [name, value] of Object.entries(resolveHeaders(options.headers, 'Request header'))) {
      headers.set(name, value);
    }
    return {
      method,
      url,
      headers,
      body: options.body,
      raw: options.raw === true,
      signal: options.signal,
      keepalive: options.keepalive === true,
    };
  }

  async #send(prepared: PreparedRequest): Promise<unknown> {
    const { method, url, raw } = prepared;
    const context: RequestContext = { method, url };
    const signals = this.#callSignals(prepared.signal);
    try {
      let response: Response;
      try {
        response = await ky(url, this.#kyOptions(prepared, signals.combined));
      } catch (error) {
        throw await this.#failure(error, context, signals);
      }
      const data = await this.#readBody(response, context, signals);
      return raw ? { data, status: response.status, headers: response.headers } : data;
    } finally {
      signals.dispose();
    }
  }

  /** The caller's signal combined with the call's total time limit. */
  #callSignals(caller: AbortSignal | undefined): CallSignals {
    const totalMs = this.#totalTimeoutMs;
    if (totalMs === false) {
      return { caller, total: undefined, totalMs: 0, combined: caller, dispose: () => undefined };
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, totalMs);
    return {
      caller,
      total: controller.signal,
      totalMs,
      combined: caller === undefined ? controller.signal : AbortSignal.any([caller, controller.signal]),
      dispose: () => {
        clearTimeout(timer);
      },
    };
  }

  #kyOptions(
    { method, headers, body, keepalive }: PreparedRequest,
    signal: AbortSignal | undefined,
  ): KyOptions {
    const policy = this.#retry;
    const options: KyOptions = {
      method,
      headers,
      ...(keepalive ? { keepalive } : {}),
      timeout: this.#timeoutMs,
      throwHttpErrors: true,
      fetch: this.#fetch ?? ((input, init) => globalThis.fetch(input, init)),
      retry: {
        limit: policy.methods.has(method) ? policy.limit : 0,
        methods: [...policy.methods].map((name) => name.toLowerCase()),
        statusCodes: [...RETRY_STATUS_CODES],
        // Honour Retry-After on every retried status, not only ky's default 413/429/503.
        afterStatusCodes: [...RETRY_STATUS_CODES],
        maxRetryAfter: policy.maxRetryAfterMs,
        retryOnTimeout: true,
        delay: (retry) => backoffDelayMs(policy, retry),
        backoffLimit: policy.capMs,
        shouldRetry: ({ error }) => {
          // The caller gave up or the call ran out of time: retrying would only delay the end.
          if (signal?.aborted) return false;
          if (error instanceof HTTPError) {
            const after = parseRetryAfterMs(error.response.headers.get('Retry-After'));
            if (after !== undefined && after > policy.maxRetryAfterMs) return false;
          }
          return undefined;
        },
      },
    };
    if (signal !== undefined) options.signal = signal;
    if (this.#credentials !== undefined) options.credentials = this.#credentials;
    if (body !== undefined) {
      if (isBodyInit(body)) options.body = body;
      else options.json = body;
    }
    return options;
  }

  async #failure(error: unknown, context: RequestContext, signals: CallSignals): Promise<RestError> {
    if (signals.caller?.aborted) return abortError(signals.caller.reason ?? error, context);
    if (signals.total?.aborted) return timeoutError(signals.totalMs, error, context, true);
    if (isRestError(error)) return error;
    if (error instanceof HTTPError) {
      return explainSignInFailure(await restErrorFromResponse(error.response, context), this.#identity);
    }
    if (error instanceof TimeoutError) {
      return timeoutError(this.#timeoutMs === false ? 0 : this.#timeoutMs, error, context);
    }
    return fetchError(error, context);
  }

  async #readBody(response: Response, context: RequestContext, signals: CallSignals): Promise<unknown> {
    if (response.status === 204 || response.status === 205 || context.method === 'HEAD') {
      return null;
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw await this.#failure(error, context, signals);
    }
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw invalidJsonError(response.status, text, cause, context);
    }
  }
}

/** A request after its options were checked and resolved. */
interface PreparedRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly raw: boolean;
  readonly signal: AbortSignal | undefined;
  readonly keepalive: boolean;
}

/** The signals of one call: the caller's, the total time limit's, and both combined. */
interface CallSignals {
  readonly caller: AbortSignal | undefined;
  readonly total: AbortSignal | undefined;
  readonly totalMs: number;
  readonly combined: AbortSignal | undefined;
  readonly dispose: () => void;
}
