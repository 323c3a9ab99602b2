/**
 * `npm run demo`: serves the example editor (examples/editor) with Vite on 127.0.0.1 and prints
 * its address.
 *
 * - With no `WP_URL`, the editor runs on the mock WordPress of `wp-entities/testing`, inside the
 *   browser (msw); nothing else is needed.
 * - `WP_URL=http://site WP_USER=admin WP_APP_PASSWORD='xxxx xxxx …' npm run demo` runs it on a real
 *   WordPress: Vite proxies `/wp-json` and adds the Basic auth header on the server side.
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
}

/** A running demo server. */
export interface DemoServer {
  /** The editor's address, `http://127.0.0.1:5173/`. */
  url: string;
  /** Stops the server. */
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
  const config = editorConfig(options.wordpress ?? backendFromEnv(process.env));
  const server = await createServer(
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
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    throw new Error('Vite started but reported no local address.');
  }
  return { url, close: () => server.close() };
}

async function main(): Promise<void> {
  const wpUrl = process.env.WP_URL;
  if (wpUrl && !(process.env.WP_USER && process.env.WP_APP_PASSWORD)) {
    console.warn(
      'WP_URL is set without WP_USER and WP_APP_PASSWORD: the editor will act as an anonymous visitor.',
    );
  }
  const { url } = await startDemo();
  console.log('');
  console.log(`  wp-entities example editor: ${url}`);
  console.log(
    wpUrl
      ? `  WordPress: ${wpUrl} (proxied at ${url}wp-json, as ${process.env.WP_USER ?? 'an anonymous visitor'})`
      : '  WordPress: the mock site of wp-entities/testing, running in your browser tab',
  );
  console.log('  Press Ctrl+C to stop.');
  console.log('');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
