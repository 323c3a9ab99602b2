/**
 * The REST transport: {@link RestTransport} and the pieces it is built from.
 *
 * @module
 */
export type {
  BatchRequest,
  BatchResult,
  HttpMethod,
  Query,
  QueryValue,
  RawResponse,
  RequestOptions,
  Transport,
} from './types.js';
export { RestTransport, type FetchFunction, type RestTransportOptions } from './RestTransport.js';
export type { ApplicationPasswordAuth, NonceAuth, RestAuth } from './auth.js';
export type { RetryOptions } from './retryPolicy.js';
export { serializeQuery } from './queryString.js';
export { parseAllowHeader, readTotalItems, readTotalPages, findLink } from './responseHeaders.js';
export { TRANSPORT_ERROR_CODES } from './restErrors.js';
export {
  BATCH_ROUTE,
  DEFAULT_BATCH_MAX_ITEMS,
  DEFAULT_TIMEOUT_MS,
  FETCH_ALL_CONCURRENCY,
  MAX_PER_PAGE,
} from './constants.js';
