/**
 * The msw adapter: one handler that sends REST and find-template requests under the mock's root
 * to `mock.handle()`; other URLs pass through. Works with `setupServer` (Node) and `setupWorker` (browser); imports nothing
 * from Node.
 *
 * @module
 */
import { http, type HttpHandler } from 'msw';

/** What the adapter needs from a mock. */
export interface HandlesRequests {
  /** The site root, e.g. `http://localhost:8888`. */
  readonly root: string;
  /** Answers one request. */
  handle(request: Request): Promise<Response>;
}

/** True when `url` is the root itself or below it. */
export function isUnderRoot(root: string, url: string): boolean {
  const base = new URL(root);
  const target = new URL(url);
  if (target.origin !== base.origin) return false;
  const rootPath = base.pathname.replace(/\/+$/, '');
  return target.pathname === rootPath || target.pathname.startsWith(`${rootPath}/`) || rootPath === '';
}

/**
 * True for the requests the mock answers through msw: REST (`/wp-json/…`, `?rest_route=`) and
 * `?_wp-find-template=true` lookups under the root. Other URLs pass through, so a root on the
 * page's own origin does not swallow the app's own files.
 */
export function isMockRequest(root: string, url: string): boolean {
  if (!isUnderRoot(root, url)) return false;
  const target = new URL(url);
  const rootPath = new URL(root).pathname.replace(/\/+$/, '');
  const rest = target.pathname.slice(rootPath.length);
  return (
    rest === '/wp-json' ||
    rest.startsWith('/wp-json/') ||
    target.searchParams.has('rest_route') ||
    target.searchParams.get('_wp-find-template') === 'true'
  );
}

/** msw handlers that send REST and find-template requests under `mock.root` to `mock.handle`. */
export function createMswHandlers(mock: HandlesRequests): HttpHandler[] {
  return [
    http.all(
      ({ request }) => isMockRequest(mock.root, request.url),
      ({ request }) => mock.handle(request),
    ),
  ];
}
