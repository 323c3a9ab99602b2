/**
 * The Vite plugin that writes the editor's offline shell into a production build: the service
 * worker of src/offline/offlineShell.worker.ts as `offlineShell.js`, with the build's own file
 * list to keep. A development server has none (its modules are not a fixed set of files).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';

/** The address of the worker in a build; the page registers it (src/offline/registerOfflineShell.ts). */
export const OFFLINE_SHELL_FILE = 'offlineShell.js';

const workerSource = fileURLToPath(new URL('../src/offline/offlineShell.worker.ts', import.meta.url));

/** Emits `offlineShell.js` listing `/` and every file of the build (source maps aside). */
export function offlineShell(): Plugin {
  return {
    name: 'wp-entities-editor-offline-shell',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const files = [
        '/',
        ...Object.keys(bundle)
          .filter((file) => !file.endsWith('.map') && file !== 'index.html')
          .sort()
          .map((file) => `/${file}`),
      ];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(workerSource, 'utf8')
        .replace(
          /\bdeclare const OFFLINE_SHELL_FILES\b[^;]*;/,
          `const OFFLINE_SHELL_FILES = ${JSON.stringify(files)};`,
        )
        .replace(
          /\bdeclare const OFFLINE_SHELL_VERSION\b[^;]*;/,
          `const OFFLINE_SHELL_VERSION = ${JSON.stringify(version)};`,
        );
      const { code } = await transformWithOxc(source, workerSource, { lang: 'ts' });
      this.emitFile({ type: 'asset', fileName: OFFLINE_SHELL_FILE, source: code });
    },
  };
}
