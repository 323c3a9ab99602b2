/**
 * The HTTP edge of the fault suite: msw in front of the test kit's mock WordPress, with a fault
 * queue that answers the next matching requests badly (network failure, error statuses with
 * WordPress bodies, HTML, broken or empty bodies, bodies of the wrong shape, a server slower than
 * the timeout) and lets everything else through to the mock. Every request that reaches the edge is
 * logged, answered by a fault or not, so a scenario can count what was really sent.
 */
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createMockWordPress } from '../../src/testing/index.js';
import { RestTransport, type RestTransportOptions } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';

/** One bad answer. */
export type Fault =
  /** The connection fails: fetch rejects with a TypeError. */
  | { readonly kind: 'network' }
  /** A JSON answer with this status, body and headers (a WordPress error, or a body of the wrong shape). */
  | {
      readonly kind: 'json';
      readonly status: number;
      readonly body: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** A text answer (an HTML page, broken JSON, an empty body) with this status and content type. */
  | { readonly kind: 'text'; readonly status: number; readonly text: string; readonly contentType: string }
  /** No answer within `ms`: longer than the transport's timeout in these tests. */
  | { readonly kind: 'slow'; readonly ms: number };

/** Which requests a fault applies to: method and a path under the REST root (a trailing `*` matches a prefix). */
export interface FaultTarget {
  readonly method: string;
  readonly path: string;
}

/** A request as the edge saw it. */
export interface EdgeRequest {
  readonly method: string;
  /** The path under the REST root (`/wp/v2/posts/5`), without the query string. */
  readonly path: string;
  /** Answered by an injected fault (not by the mock). */
  readonly faulted: boolean;
}

/** The WordPress error body of `code` with `status`, as WordPress sends it. */
export function wpError(status: number, code: string, message: string): Fault {
  return { kind: 'json', status, body: { code, message, data: { status } } };
}

/** An HTML page (a proxy's or PHP's error page, a login redirect target) answered with `status`. */
export function htmlPage(status: number): Fault {
  return {
    kind: 'text',
    status,
    text: '<!DOCTYPE html><html><head><title>Site maintenance</title></head><body><h1>Briefly unavailable for scheduled maintenance.</h1></body></html>',
    contentType: 'text/html; charset=UTF-8',
  };
}

/** The per-attempt timeout of the stores made here, in milliseconds (a `slow` fault waits longer). */
export const TEST_TIMEOUT_MS = 150;

interface QueuedFault {
  readonly target: FaultTarget;
  remaining: number;
  readonly fault: Fault;
}

function pathOf(url: string, restRoot: string): string {
  const { pathname } = new URL(url);
  const rootPath = new URL(restRoot).pathname.replace(/\/+$/, '');
  return pathname.startsWith(rootPath) ? pathname.slice(rootPath.length) || '/' : pathname;
}

function matches(target: FaultTarget, method: string, path: string): boolean {
  if (target.method.toUpperCase() !== method) return false;
  return target.path.endsWith('*') ? path.startsWith(target.path.slice(0, -1)) : path === target.path;
}

function answer(fault: Fault): Response {
  switch (fault.kind) {
    case 'network':
      return HttpResponse.error();
    case 'json':
      return HttpResponse.json(fault.body as never, {
        status: fault.status,
        ...(fault.headers ? { headers: fault.headers } : {}),
      });
    case 'text':
      return new HttpResponse(fault.text, {
        status: fault.status,
        headers: { 'Content-Type': fault.contentType },
      });
    case 'slow':
      // Only reached after the delay, when the client has given up: the write never happened.
      return HttpResponse.error();
  }
}

/**
 * Mounts the mock WordPress behind msw for the current test file, with the fault edge in front.
 * The mock and the edge are reset before each test.
 */
export function useFaultEdge() {
  const mock = createMockWordPress();
  const log: EdgeRequest[] = [];
  let queue: QueuedFault[] = [];
  const edge = http.all(
    () => true,
    async ({ request }) => {
      const method = request.method.toUpperCase();
      const path = pathOf(request.url, mock.restRoot);
      const queued = queue.find((item) => matches(item.target, method, path));
      log.push({ method, path, faulted: queued !== undefined });
      if (queued === undefined) return undefined;
      queued.remaining -= 1;
      if (queued.remaining <= 0) queue = queue.filter((item) => item !== queued);
      if (queued.fault.kind === 'slow') await delay(queued.fault.ms);
      return answer(queued.fault);
    },
  );
  const server = setupServer(edge, ...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    mock.reset();
    log.length = 0;
    queue = [];
  });
  afterEach(() => {
    queue = [];
  });

  return {
    mock,
    /** Answers the next `times` requests matching `target` with `fault`. */
    inject(target: FaultTarget, fault: Fault, times = 1): void {
      queue.push({ target, fault, remaining: times });
    },
    /** The requests that reached the edge matching `method` and `path` (a trailing `*` matches a prefix). */
    sent(method: string, path: string): EdgeRequest[] {
      return log.filter((entry) => matches({ method, path }, entry.method, entry.path));
    },
    /** Forgets the logged requests. */
    clearLog(): void {
      log.length = 0;
    },
    newStore,
    /**
     * A post added to the mock (title `title`, content `Body`) and fetched by a new store, with
     * `edits` made; the request log starts empty after it.
     */
    async loadPost(
      options: {
        title?: string;
        edits?: Record<string, unknown>;
        transport?: Partial<RestTransportOptions>;
      } = {},
    ) {
      const id = mock.addPost('post', { title: options.title ?? 'Original', content: 'Body' });
      const store = newStore(options.transport);
      const post = await store.collection('postType', 'post').fetch(id);
      if (post === undefined) throw new Error(`post ${id} was not loaded`);
      if (options.edits !== undefined) post.edit(options.edits);
      log.length = 0;
      return { store, post, id, persisted: post.persisted };
    },
  };

  /**
   * A store over a real RestTransport to the mock: a short per-attempt timeout, reads retried
   * twice after a short backoff, writes never retried (the default).
   */
  function newStore(transport: Partial<RestTransportOptions> = {}): RootStore {
    return new RootStore({
      transport: new RestTransport({
        root: mock.restRoot,
        timeout: TEST_TIMEOUT_MS,
        retry: { limit: 2, backoffMs: 5, capMs: 20, maxRetryAfterMs: 1_000 },
        ...transport,
      }),
    });
  }
}

/** The fault edge of one test file. */
export type FaultEdge = ReturnType<typeof useFaultEdge>;
