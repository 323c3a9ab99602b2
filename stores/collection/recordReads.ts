/**
 * The GETs of a collection and the checks on their answers: a record read must answer a JSON
 * object, a list read an array (or a keyed list's object). A wrong answer rejects with an
 * `invalid_response` `RestError` and leaves the cache as it was.
 *
 * @module
 */
import type { EntityConfig } from '../../models/EntityConfig.js';
import type { QueryMeta } from '../../models/RecordHost.js';
import type { QueryParts } from '../../models/QueryParts.js';
import { isPlainObject, type PlainObject } from '../../models/snapshot.js';
import { readTotalItems, readTotalPages } from '../../core/transport/responseHeaders.js';
import { invalidResponseError } from '../../core/transport/restErrors.js';
import { toRawResponse } from '../../core/transport/rawResponse.js';
import { isKeyedRecords } from '../../core/transport/keyedRecords.js';
import type { Query, RawResponse, Transport } from '../../core/transport/types.js';

/** What one page (or every page, for `per_page: -1`) of a list read brought. */
export interface ListPage {
  /** The records, not yet checked one by one (`receive` skips what is not an object). */
  readonly items: unknown[];
  /** `X-WP-Total`, or the item count of a `per_page: -1` read. */
  readonly totalItems: number | undefined;
  /** `X-WP-TotalPages`; `undefined` for a `per_page: -1` read. */
  readonly totalPages: number | undefined;
}

/** What a record read brought: the record, and the `Allow` header (the methods the user may use on it). */
export interface RecordAnswer {
  /** The record. */
  readonly data: PlainObject;
  /** The `Allow` header; `null` when absent (or not exposed to a cross-origin page). */
  readonly allow: string | null;
}

/**
 * GETs one record. `fresh` asks the transport for a new read rather than one in flight.
 * @throws RestError `invalid_response` when the answer is not a JSON object.
 */
export async function readRecord(
  transport: Transport,
  config: EntityConfig,
  path: string,
  request: Query,
  fresh: boolean,
): Promise<RecordAnswer> {
  const answer = toRawResponse(
    await transport.request<unknown>({ path, query: request, raw: true, ...(fresh ? { fresh: true } : {}) }),
  );
  if (!isPlainObject(answer.data)) {
    // Never store something that is not a record: the cached copy and the edits stay as they are.
    throw invalidResponseError(
      answer.status,
      `WordPress answered GET ${path} (HTTP ${answer.status}) with ${answer.data === null ? 'an empty body' : Array.isArray(answer.data) ? 'a JSON array' : `a JSON ${typeof answer.data}`} instead of a (${config.kind}, ${config.name}) record; the cached copy was kept. Retry, and if it keeps failing check that nothing between this app and WordPress rewrites REST responses.`,
      answer.data,
      { method: 'GET', url: path },
    );
  }
  return { data: answer.data, allow: answer.headers.get('Allow') };
}

/**
 * GETs a list: `per_page: -1` through `transport.fetchAll` (every page), else one request whose
 * headers give the totals.
 * @throws RestError `invalid_response` when the answer is not a list.
 */
export async function readList(
  transport: Transport,
  config: EntityConfig,
  parts: QueryParts,
  request: Record<string, unknown>,
): Promise<ListPage> {
  const path = config.baseURL;
  if (parts.perPage === -1) {
    delete request.per_page;
    delete request.page;
    const items = await transport.fetchAll<unknown>(path, request as Query);
    return { items, totalItems: items.length, totalPages: undefined };
  }
  const response = await transport.request<unknown>({ path, query: request as Query, raw: true });
  return {
    items: listItems(response, config, path),
    totalItems: readTotalItems(response.headers),
    totalPages: readTotalPages(response.headers),
  };
}

/** The totals a list page gives its stable key, if any. */
export function listMeta(parts: QueryParts, page: ListPage): QueryMeta | undefined {
  // No totalPages for `per_page: -1`: the page count of this stable key depends on each query's page size.
  if (parts.perPage === -1) return { totalItems: page.totalItems };
  if (page.totalItems === undefined && page.totalPages === undefined) return undefined;
  return { totalItems: page.totalItems ?? null, totalPages: page.totalPages ?? null, perPage: parts.perPage };
}

/**
 * The items of a list answer: an array, or a keyed list's object values. Anything else (an
 * error sent with 200, `null`) fails the read: an empty list would silently hide every record.
 * @throws RestError `invalid_response`.
 */
function listItems(response: RawResponse, config: EntityConfig, path: string): unknown[] {
  const body = response.data;
  if (Array.isArray(body)) return body as unknown[];
  if (config.keyedList && isKeyedRecords(body)) return Object.values(body);
  throw invalidResponseError(
    response.status,
    `WordPress answered GET ${path} (HTTP ${response.status}) with ${body === null ? 'an empty body' : `a JSON ${typeof body === 'object' ? 'object' : typeof body}`} instead of a list of (${config.kind}, ${config.name}) records; the cached list was kept. Retry, and if it keeps failing check that nothing between this app and WordPress rewrites REST responses.`,
    body,
    { method: 'GET', url: path },
  );
}
