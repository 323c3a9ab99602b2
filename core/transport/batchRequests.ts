/**
 * The pieces of WordPress's `/batch/v1` protocol: the server's maximum, chunking, the request
 * body and mapping each response item to a {@link BatchResult}.
 *
 * @module
 */
import { ArgumentError } from '../errors.js';
import type { RestError } from '../errors.js';
import { BATCH_VALIDATION, DEFAULT_BATCH_MAX_ITEMS } from './constants.js';
import {
  batchNotExecutedError,
  invalidResponseError,
  restErrorFromBody,
  type RequestContext,
} from './restErrors.js';
import type { BatchRequest, BatchResult } from './types.js';

const BATCH_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The maximum number of requests per batch, from the body of `OPTIONS /batch/v1`
 * (`endpoints[0].args.requests.maxItems`); {@link DEFAULT_BATCH_MAX_ITEMS} when it is missing
 * or not a positive integer.
 */
export function readBatchMaxItems(optionsBody: unknown): number {
  if (!isRecord(optionsBody) || !Array.isArray(optionsBody.endpoints)) {
    return DEFAULT_BATCH_MAX_ITEMS;
  }
  const endpoint: unknown = optionsBody.endpoints[0];
  const args = isRecord(endpoint) ? endpoint.args : undefined;
  const requests = isRecord(args) ? args.requests : undefined;
  const maxItems = isRecord(requests) ? requests.maxItems : undefined;
  return typeof maxItems === 'number' && Number.isInteger(maxItems) && maxItems > 0
    ? maxItems
    : DEFAULT_BATCH_MAX_ITEMS;
}

/** Splits `items` into consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/**
 * Checks one batch request: a path starting with `/` and a write method.
 *
 * @throws ArgumentError naming the request and what is wrong with it.
 */
export function assertBatchRequest(request: BatchRequest, index: number): void {
  if (typeof request.path !== 'string' || !request.path.startsWith('/')) {
    throw new ArgumentError(
      `Batch request ${index} has path ${JSON.stringify(request.path)}; it must be a REST path starting with "/" (for example "/wp/v2/posts/5").`,
    );
  }
  if (request.method !== undefined && !BATCH_METHODS.has(request.method)) {
    throw new ArgumentError(
      `Batch request ${index} has method "${String(request.method)}"; WordPress batches only POST, PUT, PATCH and DELETE.`,
    );
  }
}

/** The JSON body of `POST /batch/v1` for one chunk. */
export interface BatchBody {
  /** Always `require-all-validate`: nothing runs unless every request validates. */
  validation: typeof BATCH_VALIDATION;
  /** The requests of the chunk. */
  requests: { path: string; method: string; body?: unknown; headers?: Record<string, string> }[];
}

/** Builds the body of `POST /batch/v1` for one chunk; the method defaults to POST. */
export function batchBody(requests: readonly BatchRequest[]): BatchBody {
  return {
    validation: BATCH_VALIDATION,
    requests: requests.map((request) => ({
      path: request.path,
      method: request.method ?? 'POST',
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.headers === undefined ? {} : { headers: request.headers }),
    })),
  };
}

function itemContext(request: BatchRequest): RequestContext {
  return { method: request.method ?? 'POST', url: request.path };
}

function isSuccess(status: number): boolean {
  return status >= 200 && status <= 299;
}

/**
 * Maps a chunk's response (`{ failed?, responses: [{status, body, headers} | null] }`, HTTP 207)
 * to one result per request, in order.
 *
 * - Without `failed`: status 200–299 → `{ ok: true }`, anything else → an error from its body.
 * - With `failed` (e.g. `"validation"`), nothing was run, so every item is an error: the items
 *   that failed carry their own error, the `null` slots a `batch_not_executed` error (status 0).
 * - A body without a `responses` array of the right length makes every item `invalid_response`.
 */
export function mapBatchResponse(
  requests: readonly BatchRequest[],
  httpStatus: number,
  body: unknown,
): BatchResult[] {
  if (!isRecord(body) || !Array.isArray(body.responses) || body.responses.length !== requests.length) {
    return requests.map((request) => ({
      ok: false,
      status: httpStatus,
      error: invalidResponseError(
        httpStatus,
        `The batch response does not hold one response per request (${requests.length} sent).`,
        body,
        itemContext(request),
      ),
    }));
  }
  const responses: unknown[] = body.responses;
  const failed =
    typeof body.failed === 'string' && body.failed !== ''
      ? body.failed
      : body.failed
        ? String(body.failed)
        : undefined;
  return requests.map((request, index): BatchResult => {
    const item = responses[index];
    const context = itemContext(request);
    const status = isRecord(item) && typeof item.status === 'number' ? item.status : undefined;
    if (failed !== undefined) {
      if (status !== undefined && !isSuccess(status)) {
        return {
          ok: false,
          status,
          error: restErrorFromBody(status, (item as Record<string, unknown>).body, context),
        };
      }
      return { ok: false, status: 0, error: batchNotExecutedError(failed, context) };
    }
    if (status === undefined) {
      return {
        ok: false,
        status: httpStatus,
        error: invalidResponseError(httpStatus, `Batch response ${index} has no status.`, item, context),
      };
    }
    const itemBody = (item as Record<string, unknown>).body;
    if (isSuccess(status)) return { ok: true, status, body: itemBody ?? null };
    return { ok: false, status, error: restErrorFromBody(status, itemBody, context) };
  });
}

/** Every request of a chunk failed together (HTTP error, network failure): each gets `error`. */
export function failedChunk(requests: readonly BatchRequest[], error: RestError): BatchResult[] {
  return requests.map(() => ({ ok: false, status: error.status, error }));
}
