/**
 * An in-memory {@link Transport} for model and store tests: routes answer from plain functions,
 * every request is logged, and answers can be held back to test concurrency.
 */
import { RestError } from '../../core/errors.js';
import type {
  BatchResult,
  Query,
  RawResponse,
  RequestOptions,
  Transport,
} from '../../core/transport/types.js';

/** What a route answers. */
export interface FakeReply {
  body: unknown;
  status?: number;
  headers?: Record<string, string>;
}

/** One logged request. */
export interface FakeCall {
  method: string;
  path: string;
  query: Query;
  body?: unknown;
  raw: boolean;
}

type Handler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/** A promise with its resolver, to hold an answer back. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export class FakeTransport implements Transport {
  readonly calls: FakeCall[] = [];
  private readonly routes = new Map<string, Handler>();

  /** Answers `METHOD path` (the path without query string). */
  on(method: string, path: string, handler: Handler | FakeReply): this {
    this.routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** The logged requests of one method and path. */
  callsTo(method: string, path: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  async request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    const call: FakeCall = {
      method: options.method ?? 'GET',
      path: options.path,
      query: options.query ?? {},
      body: options.body,
      raw: options.raw === true,
    };
    this.calls.push(call);
    const reply = await this.answer(call);
    return options.raw
      ? { data: reply.body as T, status: reply.status ?? 200, headers: new Headers(reply.headers) }
      : (reply.body as T);
  }

  async fetchAll<T = unknown>(path: string, query: Query = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const call: FakeCall = { method: 'GET', path, query: { ...query, per_page: 100, page }, raw: true };
      this.calls.push(call);
      const reply = await this.answer(call);
      items.push(...(reply.body as T[]));
      const totalPages = Number(reply.headers?.['X-WP-TotalPages'] ?? 1);
      if (page >= totalPages) return items;
    }
  }

  allowedMethods(): Promise<Set<string>> {
    return Promise.reject(new Error('FakeTransport: allowedMethods is not routed'));
  }

  batch(): Promise<BatchResult[]> {
    return Promise.reject(new Error('FakeTransport: batch is not routed'));
  }

  private async answer(call: FakeCall): Promise<FakeReply> {
    const handler = this.routes.get(`${call.method} ${call.path}`);
    if (!handler) {
      throw new RestError({
        status: 404,
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        method: call.method,
        url: call.path,
      });
    }
    const reply = await handler(call);
    const status = reply.status ?? 200;
    if (status >= 400) {
      const body = (reply.body ?? {}) as { code?: string; message?: string };
      throw new RestError({
        status,
        code: body.code ?? 'http_error',
        message: body.message ?? `HTTP ${status}`,
        data: reply.body,
        method: call.method,
        url: call.path,
      });
    }
    return reply;
  }
}

/** A post as WordPress sends it in the edit context, small enough for tests. */
export function makePost(id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    slug: `post-${id}`,
    status: 'publish',
    type: 'post',
    title: { raw: `Post ${id}`, rendered: `Post ${id}` },
    content: { raw: `<p>Body ${id}</p>`, rendered: `<p>Body ${id}</p>\n`, protected: false },
    excerpt: { raw: '', rendered: `<p>Body ${id}</p>\n`, protected: false },
    author: 1,
    meta: { footnotes: '' },
    categories: [1],
    ...overrides,
  };
}

/** Routes `GET path` as a paginated collection over `items`, honouring `page`, `per_page`, `include` and `_fields`. */
export function paginated(items: () => Record<string, unknown>[]): Handler {
  return (call) => {
    const perPage = Number(call.query.per_page ?? 10);
    const page = Number(call.query.page ?? 1);
    let all = items();
    const include = call.query.include;
    if (Array.isArray(include)) all = all.filter((item) => (include as unknown[]).includes(item.id));
    const fields = typeof call.query._fields === 'string' ? call.query._fields.split(',') : null;
    const slice = all
      .slice((page - 1) * perPage, page * perPage)
      .map((item) =>
        fields ? Object.fromEntries(fields.filter((f) => f in item).map((f) => [f, item[f]])) : item,
      );
    return {
      body: slice,
      headers: {
        'X-WP-Total': String(all.length),
        'X-WP-TotalPages': String(Math.ceil(all.length / perPage)),
      },
    };
  };
}

/** `GET /wp/v2/types?context=view` as WordPress 6.1 answers it, plus any extra types. */
export function typesBody(
  extra: Record<string, Record<string, unknown>> = {},
): Record<string, Record<string, unknown>> {
  const type = (slug: string, name: string, restBase: string) => ({
    slug,
    name,
    rest_base: restBase,
    rest_namespace: 'wp/v2',
  });
  return {
    post: type('post', 'Posts', 'posts'),
    page: type('page', 'Pages', 'pages'),
    attachment: type('attachment', 'Media', 'media'),
    wp_template: type('wp_template', 'Templates', 'templates'),
    wp_template_part: type('wp_template_part', 'Template Parts', 'template-parts'),
    ...extra,
  };
}
