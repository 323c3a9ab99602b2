/**
 * `npm run demo`: serves the example editor (examples/editor) with Vite on 127.0.0.1 and prints
 * its address.
 *
 * - With no `WP_URL`, the editor runs on the mock WordPress of `wp-entities/testing`, served by this
 *   Node process on 127.0.0.1 and reached through the dev server's `/wp-json`: one site for every
 *   window (examples/editor/server/sharedSite.ts), so two windows on one post save to the same site.
 *   `{ site: 'tab' }` (the browser tests about one window use it) runs a mock inside each tab
 *   instead (msw), as a static build of the editor does.
 * - `WP_URL=http://site WP_USER=admin WP_APP_PASSWORD='xxxx xxxx …' npm run demo` runs it on a real
 *   WordPress: Vite proxies `/wp-json` and adds the Basic auth header on the server side.
 *
 * Collaboration is on: two windows on the same post edit it together through the site's own
 * `/wp-sync/v1/updates` relay (`httpPollingProvider`), which the mock WordPress serves; no other
 * server starts. On a real WordPress the relay comes from plugins/wp-entities-sync (or Gutenberg's
 * collaboration).
 *
 * Environment: `PORT` (default 5173; the next free one is used when it is taken).
 * {@link startDemo} is also used by the browser tests.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, mergeConfig } from 'vite';
import { startSharedSite, type SharedSite } from '../examples/editor/server/sharedSite.js';
import { backendFromEnv, editorConfig, type WordPressBackend } from '../examples/editor/vite.config.js';

const repoDir = fileURLToPath(new URL('..', import.meta.url));
/** The git-ignored public dir of the editor, where msw's worker script is generated. */
const workerDir = join(repoDir, 'examples/editor/.generated');

/** Options of {@link startDemo}. */
export interface DemoOptions {
  /** The port; `0` picks a free one. @default `PORT` or 5173, then the next free one */
  port?: number;
  /** Log only errors. @default false */
  quiet?: boolean;
  /** Reload the page when a source file changes; the browser tests turn it off. @default true */
  watch?: boolean;
  /** A real WordPress to proxy to. @default from `WP_URL`, `WP_USER`, `WP_APP_PASSWORD`; none means the in-browser mock */
  wordpress?: WordPressBackend;
  /** Windows on one post edit it together (through the site's sync relay). @default true */
  collaboration?: boolean;
  /**
   * Without a real WordPress: `shared`, one mock site in this process for every window; `tab`, a
   * mock inside each tab. @default 'shared'
   */
  site?: 'shared' | 'tab';
}

/** A running demo server. */
export interface DemoServer {
  /** The editor's address, `http://127.0.0.1:5173/`. */
  url: string;
  /** The shared mock WordPress; `undefined` on a real site or with a mock in each tab. */
  sharedSite: SharedSite | undefined;
  /** Stops the server (and the shared site). */
  close(): Promise<void>;
}

/** Writes msw's `mockServiceWorker.js` (`msw init`) into the editor's git-ignored public dir. */
export function generateWorker(): void {
  mkdirSync(workerDir, { recursive: true });
  const mswDir = dirname(createRequire(import.meta.url).resolve('msw/package.json'));
  execFileSync(process.execPath, [join(mswDir, 'cli', 'index.js'), 'init', workerDir, '--save=false'], {
    cwd: repoDir,
    stdio: 'ignore',
  });
  if (!existsSync(join(workerDir, 'mockServiceWorker.js'))) {
    throw new Error(`msw init did not write ${workerDir}/mockServiceWorker.js.`);
  }
}

/** Generates the msw worker and starts the editor's Vite dev server on 127.0.0.1. */
export async function startDemo(options: DemoOptions = {}): Promise<DemoServer> {
  generateWorker();
  const port = options.port ?? Number(process.env.PORT ?? 5173);
  const wordpress = options.wordpress ?? backendFromEnv(process.env);
  const sharedSite: SharedSite | undefined =
    !wordpress.url && options.site !== 'tab' ? await startSharedSite() : undefined;
  const config = editorConfig(wordpress, { enabled: options.collaboration !== false }, sharedSite);
  const closeAll = async (server?: { close(): Promise<void> }) => {
    await Promise.all([server?.close(), sharedSite?.close()]);
  };
  let server;
  try {
    server = await createServer(
      mergeConfig(config, {
        configFile: false,
        logLevel: options.quiet ? 'error' : 'info',
        server: {
          port,
          strictPort: port === 0,
          ...(options.watch === false ? { watch: null, hmr: false } : {}),
        },
      }),
    );
    await server.listen();
  } catch (error) {
    await closeAll(server);
    throw error;
  }
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await closeAll(server);
    throw new Error('Vite started but reported no local address.');
  }
  const vite = server;
  return { url, sharedSite, close: () => closeAll(vite) };
}

async function main(): Promise<void> {
  const wpUrl = process.env.WP_URL;
  if (wpUrl && !(process.env.WP_USER && process.env.WP_APP_PASSWORD)) {
    console.warn(
      'WP_URL is set without WP_USER and WP_APP_PASSWORD: the editor will act as an anonymous visitor.',
    );
  }
  const { url, sharedSite, close } = await startDemo();
  // Ctrl+C stops the shared site too (Vite alone would leave it to the process exit).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void close().finally(() => process.exit(0));
    });
  }
  console.log('');
  console.log(`  wp-entities example editor: ${url}`);
  console.log(
    wpUrl
      ? `  WordPress: ${wpUrl} (proxied at ${url}wp-json, as ${process.env.WP_USER ?? 'an anonymous visitor'})`
      : `  WordPress: the mock site of wp-entities/testing, one for every window (served at ${sharedSite?.url ?? '?'}, proxied at ${url}wp-json)`,
  );
  console.log(`  Collaboration: through the site's /wp-sync/v1/updates relay; open a post in two windows,`);
  console.log(`  e.g. ${url}?user=admin#/post/1 and ${url}?user=editor#/post/1`);
  console.log('  Press Ctrl+C to stop.');
  console.log('');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
