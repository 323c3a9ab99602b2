/**
 * When and how often the transport retries a failed attempt.
 *
 * Retried: network failures, timeouts, 408, 429 and 5xx, for idempotent methods only (GET,
 * OPTIONS, HEAD) unless `methods` says otherwise. Delays grow exponentially
 * (`backoffMs * 2^(retry - 1)`, at most `capMs`); a `Retry-After` header (seconds or an HTTP
 * date) replaces the computed delay, and one longer than `maxRetryAfterMs` stops retrying.
 *
 * @module
 */
import { ArgumentError } from '../errors.js';
import {
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_BACKOFF_MS,
  DEFAULT_RETRY_CAP_MS,
  DEFAULT_RETRY_LIMIT,
  IDEMPOTENT_METHODS,
} from './constants.js';
import type { HttpMethod } from './types.js';

/**
 * Retry settings of a `RestTransport`.
 *
 * @inline
 */
export interface RetryOptions {
  /** Retries after the first attempt; `0` turns retrying off. @default 2 */
  limit?: number;
  /** Delay before the first retry, in milliseconds; it doubles on each retry. @default 300 */
  backoffMs?: number;
  /** Upper limit of one computed delay, in milliseconds. @default 10000 */
  capMs?: number;
  /** Longest `Retry-After` honoured, in milliseconds; a longer one is not retried. @default 60000 */
  maxRetryAfterMs?: number;
  /**
   * Methods that may be retried. Add writes (`POST`, …) only for requests that are safe to send
   * twice. @default ['GET', 'OPTIONS', 'HEAD']
   */
  methods?: readonly HttpMethod[];
}

/** {@link RetryOptions} with every field resolved. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly limit: number;
  /** Delay before the first retry, in milliseconds. */
  readonly backoffMs: number;
  /** Upper limit of one computed delay, in milliseconds. */
  readonly capMs: number;
  /** Longest `Retry-After` honoured, in milliseconds. */
  readonly maxRetryAfterMs: number;
  /** Methods that may be retried. */
  readonly methods: ReadonlySet<HttpMethod>;
}

function nonNegative(value: unknown, name: string, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    (integer && !Number.isInteger(value))
  ) {
    throw new ArgumentError(
      `RestTransport option "retry.${name}" must be a non-negative ${integer ? 'integer' : 'number'}, got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * Resolves the `retry` option: `false` turns retrying off, a number is the limit, an object sets
 * any of the fields.
 *
 * @throws ArgumentError when a field has the wrong type or is negative.
 */
export function resolveRetryPolicy(retry: RetryOptions | number | false | undefined): RetryPolicy {
  const options: RetryOptions =
    retry === false ? { limit: 0 } : typeof retry === 'number' ? { limit: retry } : (retry ?? {});
  if (typeof options !== 'object' || options === null) {
    throw new ArgumentError(
      'RestTransport option "retry" must be false, a number or { limit, backoffMs, capMs, maxRetryAfterMs, methods }.',
    );
  }
  const methods = options.methods ?? IDEMPOTENT_METHODS;
  if (!Array.isArray(methods)) {
    throw new ArgumentError('RestTransport option "retry.methods" must be an array of HTTP methods.');
  }
  return {
    limit: nonNegative(options.limit, 'limit', DEFAULT_RETRY_LIMIT, true),
    backoffMs: nonNegative(options.backoffMs, 'backoffMs', DEFAULT_RETRY_BACKOFF_MS),
    capMs: nonNegative(options.capMs, 'capMs', DEFAULT_RETRY_CAP_MS),
    maxRetryAfterMs: nonNegative(options.maxRetryAfterMs, 'maxRetryAfterMs', DEFAULT_MAX_RETRY_AFTER_MS),
    methods: new Set(methods.map((method) => method.toUpperCase() as HttpMethod)),
  };
}

/** The backoff delay before retry number `retry` (1 for the first retry). */
export function backoffDelayMs(policy: RetryPolicy, retry: number): number {
  return Math.min(policy.capMs, policy.backoffMs * 2 ** (retry - 1));
}

/**
 * A `Retry-After` header in milliseconds from `now`: delta seconds (`120`) or an HTTP date.
 * `undefined` when missing or unreadable; a date in the past gives `0`.
 */
export function parseRetryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
