/**
 * Protocol constants of the REST transport, each with the reason for its value.
 *
 * @module
 */

/**
 * Time limit of one attempt, in milliseconds. WordPress answers in tens of milliseconds (about
 * 25 ms for a post, 45 ms for 100 posts on a small server); 30 s leaves room for slow shared hosts
 * and large `context=edit` lists while still failing a hung connection in a time a person accepts.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Time limit of a whole call (every attempt, backoff and `Retry-After` wait included), in
 * milliseconds. Three 30 s attempts plus their backoff fit; beyond two minutes a person has
 * given up, so the call fails instead of hanging on.
 */
export const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;

/**
 * Retries of a failed read (GET, OPTIONS, HEAD). Two retries ride out a restarting PHP worker or a
 * short rate limit without making a user wait long for a request that will not succeed.
 */
export const DEFAULT_RETRY_LIMIT = 2;

/**
 * First backoff delay in milliseconds; it doubles on each retry (300 ms, 600 ms, …). Long enough
 * for a restarting PHP worker, short enough not to be noticed.
 */
export const DEFAULT_RETRY_BACKOFF_MS = 300;

/** Upper limit of one backoff delay in milliseconds, so a raised retry limit never waits minutes. */
export const DEFAULT_RETRY_CAP_MS = 10_000;

/**
 * Longest `Retry-After` the transport waits for, in milliseconds. A server asking for more (a
 * maintenance window, a long rate-limit reset) gets no retry: the error is reported at once
 * instead of leaving the caller waiting.
 */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** Methods retried by default: they are idempotent, so sending them twice is harmless. */
export const IDEMPOTENT_METHODS = ['GET', 'OPTIONS', 'HEAD'] as const;

/**
 * HTTP statuses worth retrying: 408 Request Timeout, 429 Too Many Requests and every 5xx (a PHP
 * fatal error, a proxy that lost the PHP worker, maintenance mode). Other 4xx are the caller's
 * fault and would fail again.
 */
export const RETRY_STATUS_CODES: readonly number[] = [
  408,
  429,
  ...Array.from({ length: 100 }, (_, index) => 500 + index),
];

/**
 * The largest page WordPress serves: `per_page` outside 1–100 is refused with 400
 * `rest_invalid_param`, so `per_page: -1` is emulated by walking pages of this size.
 */
export const MAX_PER_PAGE = 100;

/**
 * How many pages `fetchAll` requests at the same time after the first. Four keeps a large
 * collection fast without flooding a PHP server that often runs only a few workers.
 */
export const FETCH_ALL_CONCURRENCY = 4;

/** The REST route of WordPress's batch endpoint (WordPress 5.6+). */
export const BATCH_ROUTE = '/batch/v1';

/**
 * Batch size used when `OPTIONS /batch/v1` does not state `endpoints[0].args.requests.maxItems`:
 * 25 is WordPress core's own limit (`rest_too_many_items` above it).
 */
export const DEFAULT_BATCH_MAX_ITEMS = 25;

/**
 * Batch validation mode: `require-all-validate` runs nothing unless every request validates, so
 * a chunk is never half applied because of a bad argument. (Permission and existence failures
 * are not validation: those requests still run one by one.)
 */
export const BATCH_VALIDATION = 'require-all-validate';
