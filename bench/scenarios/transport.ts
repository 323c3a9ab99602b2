/**
 * Our side's door to the {@link MockServer}: a {@link Transport} that hands each request to the
 * server in process, with no HTTP and no `Response` objects, as `apiFetch.setFetchHandler` does for
 * core-data. It parses each answer's JSON text itself, as `RestTransport` does with the body of a
 * real response, and builds query strings and batch chunks with the library's own transport
 * helpers, so what it adds to the client time is what `RestTransport` would add minus the HTTP
 * client.
 *
 * @module
 */
import type { MockServer } from './server.js';
import { batchBody, chunk, mapBatchResponse, readBatchMaxItems } from '../../core/transport/batchRequests.js';
import { formatQueryString, mergeQuery, parseQueryString } from '../../core/transport/queryString.js';
import { parseAllowHeader, readTotalPages } from '../../core/transport/responseHeaders.js';
import { restErrorFromBody } from '../../core/transport/restErrors.js';
import type {
  BatchRequest,
  BatchResult,
  Query,
  RawResponse,
  RequestOptions,
  Transport,
} from '../../core/transport/types.js';

/** Items per page when walking every page, as `RestTransport` does. */
const PAGE_SIZE = 100;

/**
 * The batch maximum, asked once per process like core-data's module-level `maxItems`, so both
 * systems send the same number of requests from their second batch on.
 */
let batchMaxItems: number | undefined;

/** A {@link Transport} answered by an in-process {@link MockServer}. */
export class InProcessTransport implements Transport {
  constructor(private readonly server: MockServer) {}

  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    const [path = '', search = ''] = options.path.split('?', 2);
    const queryString = formatQueryString(mergeQuery(parseQueryString(search), options.query));
    const url = queryString === '' ? path : `${path}?${queryString}`;
    const method = options.method ?? 'GET';
    const response = this.server.handle({ method, url, body: options.body, headers: options.headers });
    const parsed: unknown = response.text === '' ? null : JSON.parse(response.text);
    if (response.status >= 400) {
      return Promise.reject(restErrorFromBody(response.status, parsed, { method, url }));
    }
    const data = parsed as T;
    return Promise.resolve(options.raw ? { data, status: response.status, headers: response.headers } : data);
  }

  async fetchAll<T = unknown>(path: string, query: Query = {}): Promise<T[]> {
    const pageQuery: Query = { ...query, per_page: PAGE_SIZE };
    const first = await this.request<T[]>({ path, query: { ...pageQuery, page: 1 }, raw: true });
    const items = [...first.data];
    const totalPages = readTotalPages(first.headers) ?? 1;
    for (let page = 2; page <= totalPages; page++) {
      const next = await this.request<T[]>({ path, query: { ...pageQuery, page } });
      items.push(...next);
    }
    return items;
  }

  async allowedMethods(path: string): Promise<Set<string>> {
    const response = await this.request({ path, method: 'OPTIONS', raw: true });
    return parseAllowHeader(response.headers.get('Allow'));
  }

  async batch(requests: readonly BatchRequest[]): Promise<BatchResult[]> {
    batchMaxItems ??= readBatchMaxItems(await this.request({ path: '/batch/v1', method: 'OPTIONS' }));
    const results: BatchResult[] = [];
    for (const part of chunk(requests, batchMaxItems)) {
      const response = await this.request({
        path: '/batch/v1',
        method: 'POST',
        body: batchBody(part),
        raw: true,
      });
      results.push(...mapBatchResponse(part, response.status, response.data));
    }
    return results;
  }
}
