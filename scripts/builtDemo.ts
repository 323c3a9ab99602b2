/**
 * A production build of the example editor on a real site, served on 127.0.0.1 by Vite's preview
 * server with `/wp-json` proxied to the site (the credentials added on the server side, as
 * `npm run demo` does). The browser tests open the editor offline with it: a build has the
 * offline shell (examples/editor/server/offlineShell.ts), a development server cannot have one.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, mergeConfig, preview, type InlineConfig } from 'vite';
import { editorConfig, type WordPressBackend } from '../examples/editor/vite.config.js';

/** A running built editor. */
export interface BuiltDemo {
  /** The editor's address, `http://127.0.0.1:port/`. */
  url: string;
  /** How long the build took. */
  buildMs: number;
  /** Stops the server and deletes the build. */
  close(): Promise<void>;
}

/**
 * `vite build` in production mode. A development server started earlier in this process set
 * `NODE_ENV=development`, which would make the build a development one (React's development
 * build, no `import.meta.env.PROD`, so no offline shell): production for the build's duration.
 */
async function productionBuild(config: InlineConfig): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ ...config, mode: 'production' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

/** Builds the editor for `wordpress` into a temporary directory and serves it on a free port. */
export async function startBuiltDemo(wordpress: WordPressBackend): Promise<BuiltDemo> {
  const outDir = mkdtempSync(join(tmpdir(), 'wp-entities-editor-build-'));
  try {
    const config: InlineConfig = mergeConfig(editorConfig(wordpress), {
      configFile: false,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    const started = Date.now();
    await productionBuild(config);
    const buildMs = Date.now() - started;
    const server = await preview(mergeConfig(config, { preview: { port: 0, strictPort: true } }));
    const url = server.resolvedUrls?.local[0];
    if (!url) {
      await server.close();
      throw new Error('The preview server started but reported no local address.');
    }
    return {
      url,
      buildMs,
      async close() {
        await server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
