/**
 * The service worker of a production build of the editor on a real site (`offlineShell.js`, built
 * by server/offlineShell.ts): it keeps the built page and every asset of the build, so that the
 * editor opens again while the browser is offline. Its unsaved edits and waiting saves then come
 * back from the journal (IndexedDB), and the saves are sent once the site answers.
 *
 * Network first: online, every load is fresh (a new build is never hidden behind an old one);
 * only a load that fails falls back to the kept copy. The site's data (`/wp-json`) is never kept:
 * reads and writes always go to the network, so nothing stale is shown as the site's.
 *
 * @module
 */

/** The built files to keep, `/` first; put here by the build. */
declare const OFFLINE_SHELL_FILES: readonly string[];
/** Names the build: a new build keeps its files in a new cache and drops the old one. */
declare const OFFLINE_SHELL_VERSION: string;

/** The parts of a service worker's events and scope used here (the page's DOM types have none). */
interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ShellWorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

const scope = self as unknown as ShellWorkerScope;
const CACHE_PREFIX = 'wp-entities-editor-shell:';
const CACHE_NAME = `${CACHE_PREFIX}${OFFLINE_SHELL_VERSION}`;

/** Every page of the editor is its one `index.html` (the route is in the hash). */
function cacheKeyOf(request: Request): Request | string {
  return request.mode === 'navigate' ? '/' : request;
}

async function keepShell(): Promise<void> {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll([...OFFLINE_SHELL_FILES]);
  await scope.skipWaiting();
}

async function dropOldShells(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
  }
  await scope.clients.claim();
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE_NAME);
      await cache.put(cacheKeyOf(request), response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(cacheKeyOf(request), { cacheName: CACHE_NAME });
    if (kept !== undefined) return kept;
    throw error;
  }
}

scope.addEventListener('install', (event) => event.waitUntil(keepShell()));
scope.addEventListener('activate', (event) => event.waitUntil(dropOldShells()));
scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.location.origin) return;
  if (url.pathname.startsWith('/wp-json')) return;
  event.respondWith(networkFirst(request));
});
