/**
 * The in-process mock WordPress both systems talk to in the benchmarks. It answers the routes the
 * scenarios use (post lists with `X-WP-Total` / `X-WP-TotalPages` / `Link`, single posts, updates,
 * `/wp/v2/types`, `/batch/v1` with its `maxItems`; lists filtered by `search`, `author`, `status`,
 * `categories`, ordered by `orderby`/`order`, paged by `page` or `offset`), counts every request,
 * and times itself so that the runner can report client time: wall time minus time spent here
 * (routing and building the answer's text). The answer is JSON text: parsing it is the client's
 * work, as in a browser, and the runner also times a bare `JSON.parse` of the same bodies (the
 * parse floor).
 *
 * Lists hold every post whatever its status unless `status` is given (as `status=any` would), oldest
 * first unless `orderby`/`order` say otherwise.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import {
  REST_ROOT,
  authorOf,
  categoryOf,
  post,
  postTypes,
  searchIds,
  statusOf,
  titleOf,
  type PostJson,
} from './fixtures.js';

/** One request as an HTTP client would send it. */
export interface ServerRequest {
  /** @default 'GET' */
  method?: string;
  /** A path under the REST root with its query string (`/wp/v2/posts?page=2`), or an absolute URL. */
  url: string;
  /** The parsed JSON body. */
  body?: unknown;
  /** Request headers; `X-HTTP-Method-Override` is honoured as WordPress does. */
  headers?: Record<string, string> | undefined;
}

/** The server's answer, as it arrives over HTTP: the body is JSON text for the client to parse. */
export interface ServerResponse {
  /** The HTTP status. */
  status: number;
  /** Response headers (`X-WP-Total`, `X-WP-TotalPages`, `Link`, `Allow`). */
  headers: Headers;
  /** The JSON body as text (`''` for none). */
  text: string;
}

/** Options of {@link MockServer}. */
export interface MockServerOptions {
  /** Posts on the site, ids 1…posts. */
  posts: number;
  /** Results of a search for `term-N`. @default 10 */
  searchSize?: number;
  /** The `maxItems` of `/batch/v1`. @default 25 */
  batchMaxItems?: number;
}

/** The serialised posts, shared by every server: building them is not part of any measurement. */
const serialised: string[] = [];

function serialisedPost(id: number): string {
  let text = serialised[id];
  if (text === undefined) {
    text = JSON.stringify(post(id));
    serialised[id] = text;
  }
  return text;
}

/** Builds every serialised post up to `count` ahead of time (call before measuring). */
export function preparePosts(count: number): void {
  for (let id = 1; id <= count; id++) serialisedPost(id);
}

function error(status: number, code: string, message: string): { status: number; body: string } {
  return { status, body: JSON.stringify({ code, message, data: { status } }) };
}

interface RawAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** The mock WordPress. One per measured run: its writes are its own. */
export class MockServer {
  /** Requests answered. */
  requests = 0;
  /** Milliseconds spent inside {@link MockServer.handle}. */
  serverMs = 0;
  /** CPU milliseconds (user + system) of this process spent inside {@link MockServer.handle}. */
  serverCpuMs = 0;
  /** Requests answered, by `METHOD /route`. */
  readonly byRoute = new Map<string, number>();
  /**
   * Every request answered while {@link MockServer.recording} is on. The runner replays them on a
   * fresh server to get the same bodies for its parse floor; keeping the bodies themselves would
   * add their text to the heap the sides measure.
   */
  readonly log: ServerRequest[] = [];
  /** Whether requests are kept in {@link MockServer.log} (and their times in {@link MockServer.spans}). */
  recording = false;
  /**
   * When each request of {@link MockServer.log} was answered (`performance.now()` clock, ms): the
   * runner tells the collections that fell in the server's (subtracted) time from the client's.
   */
  readonly spans: { start: number; end: number }[] = [];
  private readonly sortedIds = new Map<string, number[]>();
  private readonly count: number;
  private readonly searchSize: number;
  private readonly batchMaxItems: number;
  private readonly written = new Map<number, string>();

  constructor(readonly options: MockServerOptions) {
    this.count = options.posts;
    this.searchSize = options.searchSize ?? 10;
    this.batchMaxItems = options.batchMaxItems ?? 25;
    preparePosts(this.count);
  }

  /** Forgets the request counts and the server time (the data stays). */
  resetCounters(): void {
    this.requests = 0;
    this.serverMs = 0;
    this.serverCpuMs = 0;
    this.byRoute.clear();
  }

  /** Answers one request; the time spent here is added to {@link MockServer.serverMs}. */
  handle(request: ServerRequest): ServerResponse {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    if (this.recording) this.log.push(request);
    try {
      const headerMethod =
        request.headers?.['X-HTTP-Method-Override'] ?? request.headers?.['x-http-method-override'];
      const method = (headerMethod ?? request.method ?? 'GET').toUpperCase();
      const url = new URL(request.url.startsWith('http') ? request.url : REST_ROOT + request.url);
      const route = url.pathname.startsWith('/wp-json')
        ? url.pathname.slice('/wp-json'.length)
        : url.pathname;
      this.requests++;
      const routeKey = `${method} ${route.replace(/\/\d+$/, '/:id')}`;
      this.byRoute.set(routeKey, (this.byRoute.get(routeKey) ?? 0) + 1);
      const answer =
        route === '/batch/v1'
          ? this.batch(method, request.body)
          : this.route(method, route, url.searchParams, request.body);
      const headers = new Headers(answer.headers);
      return { status: answer.status, headers, text: asReceived(answer.body) };
    } finally {
      const end = performance.now();
      this.serverMs += end - start;
      if (this.recording) this.spans.push({ start, end });
      const cpu = process.cpuUsage(cpuStart);
      this.serverCpuMs += (cpu.user + cpu.system) / 1000;
    }
  }

  private route(method: string, route: string, params: URLSearchParams, body: unknown): RawAnswer {
    if (route === '/wp/v2/types' && method === 'GET')
      return { status: 200, body: JSON.stringify(postTypes()) };
    if (route === '/wp/v2/posts' && method === 'GET') return this.list(params);
    const match = /^\/wp\/v2\/posts\/(\d+)$/.exec(route);
    const id = match ? Number(match[1]) : 0;
    if (id < 1 || id > this.count) return error(404, 'rest_post_invalid_id', 'Invalid post ID.');
    if (method === 'GET') return { status: 200, body: this.postText(id) };
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') return this.update(id, body);
    return error(405, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  private postText(id: number): string {
    return this.written.get(id) ?? serialisedPost(id);
  }

  private list(params: URLSearchParams): RawAnswer {
    const perPage = Number(params.get('per_page') ?? 10);
    const page = Number(params.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return error(400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
    }
    const ids = this.filteredIds(params);
    const offset = Number(params.get('offset') ?? 0);
    const totalPages = Math.max(1, Math.ceil(ids.length / perPage));
    if (page > totalPages && ids.length > 0) {
      return error(
        400,
        'rest_post_invalid_page_number',
        'The page number requested is larger than the number of pages available.',
      );
    }
    const first = offset > 0 ? offset : (page - 1) * perPage;
    const pageIds = ids.slice(first, first + perPage);
    let body = `[${pageIds.map((id) => this.postText(id)).join(',')}]`;
    const fields = params.get('_fields');
    if (fields) {
      const keep = fields.split(',');
      const items = JSON.parse(body) as PostJson[];
      body = JSON.stringify(
        items.map((item) =>
          Object.fromEntries(keep.filter((key) => key in item).map((key) => [key, item[key]])),
        ),
      );
    }
    const headers: Record<string, string> = {
      'X-WP-Total': String(ids.length),
      'X-WP-TotalPages': String(totalPages),
    };
    if (page < totalPages) {
      const next = new URLSearchParams(params);
      next.set('page', String(page + 1));
      headers.Link = `<${REST_ROOT}/wp/v2/posts?${next.toString()}>; rel="next"`;
    }
    return { status: 200, body, headers };
  }

  /** The ids a list request finds, in its order. */
  private filteredIds(params: URLSearchParams): number[] {
    const search = params.get('search');
    if (search) return searchIds(Number(search.replace(/^term-/, '')), this.searchSize, this.count);
    const author = params.get('author');
    const status = params.get('status');
    const category = params.get('categories');
    // Oldest first unless the request says otherwise, so pages list ids in order.
    const ordered = this.ordered(params.get('orderby') ?? 'date', params.get('order') ?? 'asc');
    if (author === null && status === null && category === null) return ordered;
    return ordered.filter(
      (id) =>
        (author === null || authorOf(id) === Number(author)) &&
        (status === null || status.split(',').includes(statusOf(id))) &&
        (category === null || categoryOf(id) === Number(category)),
    );
  }

  /** Every id in the given order, sorted once per server. */
  private ordered(orderby: string, order: string): number[] {
    const key = `${orderby} ${order}`;
    let ids = this.sortedIds.get(key);
    if (!ids) {
      ids = Array.from({ length: this.count }, (_, i) => i + 1);
      if (orderby === 'title') {
        const titles = ids.map((id) => titleOf(id));
        ids.sort((a, b) => (titles[a - 1] ?? '').localeCompare(titles[b - 1] ?? '') || a - b);
      } else if (orderby === 'modified') {
        // Modified times are the date plus (id % 97) hours (see fixtures.post).
        ids.sort((a, b) => a * 60_000 + (a % 97) * 3_600_000 - (b * 60_000 + (b % 97) * 3_600_000) || a - b);
      }
      if (order === 'desc') ids.reverse();
      this.sortedIds.set(key, ids);
    }
    return ids;
  }

  private update(id: number, body: unknown): RawAnswer {
    const current = JSON.parse(this.postText(id)) as PostJson;
    if (typeof body === 'object' && body !== null) {
      for (const [key, value] of Object.entries(body)) {
        if (key === 'id') continue;
        const old = current[key];
        // Raw attributes come back as { raw, rendered }, as WordPress answers.
        current[key] =
          typeof old === 'object' && old !== null && 'raw' in old && typeof value === 'string'
            ? { ...old, raw: value, rendered: value }
            : value;
      }
    }
    current.modified = current.modified_gmt = '2024-06-01T00:00:00';
    const text = JSON.stringify(current);
    this.written.set(id, text);
    return { status: 200, body: text };
  }

  private batch(method: string, body: unknown): RawAnswer {
    if (method === 'OPTIONS') {
      return {
        status: 200,
        headers: { Allow: 'POST' },
        body: JSON.stringify({
          namespace: 'batch/v1',
          methods: ['POST'],
          endpoints: [
            {
              methods: ['POST'],
              args: {
                validation: { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' },
                requests: { type: 'array', maxItems: this.batchMaxItems, items: { type: 'object' } },
              },
            },
          ],
        }),
      };
    }
    if (method !== 'POST')
      return error(405, 'rest_no_route', 'No route was found matching the URL and request method.');
    const requests = (body as { requests?: unknown } | null)?.requests;
    if (!Array.isArray(requests))
      return error(400, 'rest_missing_callback_param', 'Missing parameter(s): requests');
    if (requests.length > this.batchMaxItems) {
      return error(
        400,
        'rest_invalid_param',
        `Invalid parameter(s): requests (requests must contain at most ${this.batchMaxItems} items)`,
      );
    }
    const responses = (
      requests as { method?: string; path: string; body?: unknown; headers?: Record<string, string> }[]
    ).map((item) => {
      const url = new URL(REST_ROOT + item.path);
      const answer = this.route(
        (item.method ?? 'POST').toUpperCase(),
        url.pathname.slice('/wp-json'.length),
        url.searchParams,
        item.body,
      );
      return `{"body":${answer.body},"status":${answer.status},"headers":{}}`;
    });
    return { status: 207, body: `{"responses":[${responses.join(',')}]}` };
  }
}

/**
 * The body as a client receives it: a flat string decoded from the answer's UTF-8 bytes, as
 * `response.text()` gives it. The answer built here is a rope of joined pieces, which the client's
 * first `JSON.parse` would have to flatten (about 1.5 times a parse of a flat string, on both sides
 * alike), a cost no browser pays; decoding here keeps it in the server's time.
 */
function asReceived(body: string): string {
  return body === '' ? body : Buffer.from(body, 'utf8').toString('utf8');
}
