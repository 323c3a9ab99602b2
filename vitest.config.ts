import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Tests import the package by its own name, as users do. These aliases point that name at the
 * sources, so `npm test` passes on a fresh clone with nothing built (tsconfig's `paths` does the
 * same for `tsc`).
 */
const selfAliases = [
  { find: /^wp-entities$/, replacement: fromRoot('./src/index.ts') },
  { find: /^wp-entities\/react$/, replacement: fromRoot('./src/react/index.ts') },
  { find: /^wp-entities\/sync\/server$/, replacement: fromRoot('./src/sync/server/index.ts') },
  { find: /^wp-entities\/sync$/, replacement: fromRoot('./src/sync/index.ts') },
  { find: /^wp-entities\/sync\/server$/, replacement: fromRoot('./src/sync/server/index.ts') },
  { find: /^wp-entities\/testing$/, replacement: fromRoot('./src/testing/index.ts') },
  { find: /^wp-entities\/freshness$/, replacement: fromRoot('./src/freshness/index.ts') },
  { find: /^wp-entities\/ssr$/, replacement: fromRoot('./src/ssr/index.ts') },
  { find: /^wp-entities\/devtools$/, replacement: fromRoot('./src/devtools/index.ts') },
  { find: /^wp-entities\/tabs$/, replacement: fromRoot('./src/tabs/index.ts') },
  { find: /^wp-entities\/journal$/, replacement: fromRoot('./src/journal/index.ts') },
];

/**
 * Test projects:
 * - `unit`: the fast suite (plain models and msw); `npm test`.
 * - `wordpress`: against a real WordPress 6.1 started by scripts/wordpress/; `npm run test:wordpress`.
 * - `sync`: the slow collaborative-sync suites (real WebRTC, signalling and sync servers, Redis) in
 *   `test/sync-slow/`; `npm run test:sync`.
 * - `block-editor`: the block editor's own data layer (`@wordpress/core-data` 8.1 + `@wordpress/sync`
 *   1.56, jsdom) co-editing with a `RootStore` through the mock's relay (`test/block-editor/`);
 *   `npm run test:block-editor`. Its run against the real WordPress is in `wordpress`.
 * - `security`: the sync server attacked on loopback, against a real WordPress 6.1 and Redis
 *   (`test/security/`); `npm run test:security` (CI: scripts/security/ci.sh).
 */
export default defineConfig({
  resolve: { alias: selfAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [
            'test/wordpress/**',
            'test/e2e/**',
            'test/sync-slow/**',
            'test/security/**',
            'test/block-editor/**',
            'node_modules/**',
          ],
          environment: 'node',
          // Vitest's 5 s default failed property tests that take ~1 s alone on a loaded 2-core
          // machine (a newcomer's `npm test` beside other work).
          testTimeout: 30_000,
          setupFiles: ['test/setup/withoutWebLocks.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'wordpress',
          include: ['test/wordpress/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          globalSetup: ['test/wordpress/globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'sync',
          include: ['test/sync-slow/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'block-editor',
          include: ['test/block-editor/**/*.test.ts'],
          environment: 'jsdom',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          globalSetup: ['test/wordpress/globalSetup.ts', 'test/security/redisSetup.ts'],
        },
      },
    ],
  },
});
