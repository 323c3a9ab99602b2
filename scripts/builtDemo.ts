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
import { build, mergeConfig, preview } from 'vite';
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

/** Builds the editor for `wordpress` into a temporary directory and serves it on a free port. */
export async function startBuiltDemo(wordpress: WordPressBackend): Promise<BuiltDemo> {
  const outDir = mkdtempSync(join(tmpdir(), 'wp-entities-editor-build-'));
  try {
    const config = mergeConfig(editorConfig(wordpress), {
      configFile: false,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    const started = Date.now();
    await build(config);
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
