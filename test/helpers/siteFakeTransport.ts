/**
 * A small in-memory {@link Transport} for the site-level store tests: routes by method and path,
 * records every call, and can hold a reply back until the test releases it.
 */
import { RestError } from '../../core/errors.js';
import type {
  BatchRequest,
  BatchResult,
  HttpMethod,
  Query,
  QueryValue,
  RawResponse,
  RequestOptions,
  Transport,
} from '../../core/transport/types.js';

/** One request the fake received. */
export interface FakeCall {
  method: HttpMethod;
  /** Path (or absolute URL) without its query string. */
  path: string;
  /** The query string, merged from the path and `options.query`. */
  query: Record<string, string>;
  body: unknown;
}

/** What a route answers. A status outside 200–299 makes the request reject with a RestError. */
export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers one call; may return a promise to hold the reply back. */
export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

interface Route {
  method: HttpMethod;
  path: string | RegExp;
  handler: FakeHandler;
}

function scalar(value: QueryValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A deferred reply: `handler` waits until `release()` is called. */
export function heldReply(reply: FakeReply): { handler: FakeHandler; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await gate, reply), release };
}

export class SiteFakeTransport implements Transport {
  readonly calls: FakeCall[] = [];
  private readonly routes: Route[] = [];

  /** Adds a route; later routes win over earlier ones for the same request. */
  on(method: HttpMethod, path: string | RegExp, reply: FakeReply | FakeHandler): this {
    this.routes.unshift({ method, path, handler: typeof reply === 'function' ? reply : () => reply });
    return this;
  }

  /** The calls to `method path`. */
  callsTo(method: HttpMethod, path: string): FakeCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  async request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    const reply = await this.dispatch(options);
    if (options.raw === true) {
      return { data: reply.body as T, status: reply.status ?? 200, headers: new Headers(reply.headers) };
    }
    return reply.body as T;
  }

  async fetchAll<T = unknown>(path: string, query: Query = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const reply = await this.dispatch({ path, query: { ...query, per_page: 100, page } });
      items.push(...(reply.body as T[]));
      const totalPages = Number(new Headers(reply.headers).get('X-WP-TotalPages') ?? '1');
      if (page >= totalPages) return items;
    }
  }

  async allowedMethods(path: string): Promise<Set<string>> {
    const reply = await this.dispatch({ path, method: 'OPTIONS' });
    const allow = new Headers(reply.headers).get('Allow') ?? '';
    return new Set(
      allow
        .split(',')
        .map((token) => token.trim().toUpperCase())
        .filter((token) => token !== ''),
    );
  }

  batch(_requests: readonly BatchRequest[]): Promise<BatchResult[]> {
    return Promise.reject(new Error('SiteFakeTransport does not batch'));
  }

  private async dispatch(options: RequestOptions): Promise<FakeReply> {
    const method = options.method ?? 'GET';
    const [path = '', search = ''] = options.path.split('?', 2);
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(search));
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query[key] = scalar(value);
    }
    const call: FakeCall = { method, path, query, body: options.body };
    this.calls.push(call);
    const route = this.routes.find(
      (candidate) =>
        candidate.method === method &&
        (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)),
    );
    const reply: FakeReply = route
      ? await route.handler(call)
      : {
          status: 404,
          body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.' },
        };
    const status = reply.status ?? 200;
    if (status < 200 || status > 299) {
      const body = (reply.body ?? {}) as { code?: string; message?: string };
      throw new RestError({
        status,
        code: body.code ?? 'http_error',
        message: body.message ?? `HTTP ${status}`,
        data: { status },
        method,
        url: path,
      });
    }
    return reply;
  }
}
