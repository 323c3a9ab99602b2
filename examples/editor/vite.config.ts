/**
 * Vite config of the example editor. `npm run demo` (scripts/demo.ts) starts it; it also works on
 * its own with `npx vite --config examples/editor/vite.config.ts` once the msw worker is generated.
 *
 * - `wp-entities`, `wp-entities/react` and `wp-entities/testing` resolve to the TypeScript
 *   sources, so the demo needs no build step.
 * - Without a WordPress address the editor talks to the mock WordPress of `wp-entities/testing`:
 *   the shared one that `npm run demo` serves from its Node process (server/sharedSite.ts), or,
 *   without it (a static build, some browser tests), one inside each tab through msw. With one (`WP_URL`, `WP_USER`, `WP_APP_PASSWORD`) the dev
 *   server proxies `/wp-json` to that site and adds the Basic auth header on the server side, so
 *   the browser never sees the password and there is no CORS to configure.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions, type UserConfig } from 'vite';
import { offlineShell } from './server/offlineShell.js';

const editorDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = fileURLToPath(new URL('../..', import.meta.url));

/** Where `msw init` writes `mockServiceWorker.js`: the public dir, ignored by git. */
export const WORKER_DIR = `${editorDir}.generated`;

/**
 * The demo's shared mock WordPress, served by the demo's Node process (server/sharedSite.ts): every
 * window reaches it through `/wp-json` on the editor's own origin.
 */
export interface SharedSiteBackend {
  /** The mock's HTTP address (`http://127.0.0.1:port`). */
  url: string;
  /** The plugin serving the demo controls (`/__demo/…`). */
  plugin(): Plugin;
}

/** A real WordPress for the editor; without `url`, the editor runs on a mock. */
export interface WordPressBackend {
  /** The site (`http://host/`) or its REST root (`http://host/wp-json`). */
  url?: string | undefined;
  /** The login of the user the editor acts as. */
  user?: string | undefined;
  /** That user's application password (spaces optional). */
  appPassword?: string | undefined;
}

/** The backend named by `WP_URL`, `WP_USER` and `WP_APP_PASSWORD`. */
export function backendFromEnv(env: NodeJS.ProcessEnv): WordPressBackend {
  return {
    url: env.WP_URL || undefined,
    user: env.WP_USER || undefined,
    appPassword: env.WP_APP_PASSWORD || undefined,
  };
}

/** The site root of a WordPress address (`http://host/` or `http://host/wp-json`), without a trailing slash. */
export function siteRootOf(wpUrl: string): string {
  return wpUrl.replace(/\/+$/, '').replace(/\/wp-json$/, '');
}

function wordpressProxy(backend: WordPressBackend): Record<string, ProxyOptions> {
  if (!backend.url) return {};
  const headers: Record<string, string> = {};
  if (backend.user && backend.appPassword) {
    headers.Authorization = `Basic ${Buffer.from(`${backend.user}:${backend.appPassword}`).toString('base64')}`;
  }
  return {
    '/wp-json': {
      target: siteRootOf(backend.url),
      changeOrigin: true,
      headers,
      // A WordPress login cookie next to an application password makes WordPress act as nobody.
      configure: (proxy) => {
        proxy.on('proxyReq', (request) => request.removeHeader('cookie'));
      },
    },
  };
}

/** Whether the editor's windows edit together. */
export interface Collaboration {
  /**
   * Windows on one post edit it together through the site's own `/wp-sync/v1/updates` relay
   * (`httpPollingProvider`): the mock WordPress serves it, a real one needs the relay plugin
   * (plugins/wp-entities-sync) or Gutenberg's collaboration. `false`: each window edits alone.
   * @default true
   */
  enabled?: boolean;
}

/** `/wp-json` passed to the shared mock as it is: each window's `Authorization` says who it is. */
function sharedSiteProxy(site: SharedSiteBackend): Record<string, ProxyOptions> {
  return { '/wp-json': { target: site.url, changeOrigin: true } };
}

/** Which site the page talks to: a real one (proxied), the shared mock, or a mock inside the tab. */
function backendKind(backend: WordPressBackend, sharedSite: SharedSiteBackend | undefined): string {
  if (backend.url) return 'proxy';
  return sharedSite ? 'shared' : 'mock';
}

/**
 * The editor's Vite config for a backend: a real WordPress when `backend.url` is set, else the
 * shared mock when `sharedSite` is given, else the mock inside each tab (msw).
 */
export function editorConfig(
  backend: WordPressBackend = {},
  collaboration: Collaboration = {},
  sharedSite?: SharedSiteBackend,
): UserConfig {
  const isShared = !backend.url && sharedSite !== undefined;
  return {
    // A production build gets the offline shell's worker (registered on a real site only).
    plugins: isShared ? [sharedSite.plugin(), offlineShell()] : [offlineShell()],
    root: editorDir,
    publicDir: WORKER_DIR,
    clearScreen: false,
    resolve: {
      alias: [
        { find: /^wp-entities\/react$/, replacement: `${repoDir}src/react/index.ts` },
        { find: /^wp-entities\/sync$/, replacement: `${repoDir}src/sync/index.ts` },
        { find: /^wp-entities\/testing$/, replacement: `${repoDir}src/testing/index.ts` },
        { find: /^wp-entities\/freshness$/, replacement: `${repoDir}src/freshness/index.ts` },
        { find: /^wp-entities\/devtools$/, replacement: `${repoDir}src/devtools/index.ts` },
        { find: /^wp-entities\/tabs$/, replacement: `${repoDir}src/tabs/index.ts` },
        { find: /^wp-entities$/, replacement: `${repoDir}src/index.ts` },
      ],
    },
    define: {
      // Which backend the browser talks to: the in-browser mock, or the proxied real site.
      'import.meta.env.VITE_WP_BACKEND': JSON.stringify(backendKind(backend, sharedSite)),
      'import.meta.env.VITE_WP_SITE': JSON.stringify(backend.url ? siteRootOf(backend.url) : ''),
      // Collaborative editing through the site's relay; empty turns it off.
      'import.meta.env.VITE_COLLABORATION': JSON.stringify(collaboration.enabled === false ? '' : 'on'),
    },
    optimizeDeps: {
      // Bundled at start-up, so that the first page load does not discover them and reload.
      include: [
        'react',
        'react/jsx-dev-runtime',
        'react-dom/client',
        'mobx',
        'mobx-react-lite',
        'ky',
        'msw',
        'msw/browser',
        'yjs',
        'y-indexeddb',
        'y-protocols/awareness',
        '@wordpress/rich-text',
      ],
    },
    server: {
      host: '127.0.0.1',
      port: 5173,
      fs: { allow: [repoDir] },
      // Vite's CORS middleware would answer every OPTIONS request itself; WordPress must answer
      // them, since its Allow header is how permissions are asked. The editor is same-origin anyway.
      cors: false,
      proxy: isShared ? sharedSiteProxy(sharedSite) : wordpressProxy(backend),
    },
    preview: { host: '127.0.0.1' },
  };
}

export default defineConfig(() => editorConfig(backendFromEnv(process.env)));
