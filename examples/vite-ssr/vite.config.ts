/**
 * Vite config of the server-rendering example. `wp-entities` resolves to this repository's
 * TypeScript sources (an app of your own gets the installed package and needs no alias).
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const exampleDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = fileURLToPath(new URL('../..', import.meta.url));

/** The example's config (the client build; the server build adds `build.ssr`). */
export const viteSsrConfig: UserConfig = {
  root: exampleDir,
  clearScreen: false,
  logLevel: 'warn',
  resolve: {
    alias: [
      { find: /^wp-entities\/react$/, replacement: `${repoDir}src/react/index.ts` },
      { find: /^wp-entities\/ssr$/, replacement: `${repoDir}src/ssr/index.ts` },
      { find: /^wp-entities\/testing$/, replacement: `${repoDir}src/testing/index.ts` },
      { find: /^wp-entities$/, replacement: `${repoDir}src/index.ts` },
    ],
  },
};

export default defineConfig(viteSsrConfig);
