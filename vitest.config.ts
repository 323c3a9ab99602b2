import { defineConfig } from 'vitest/config';

/**
 * Test projects:
 * - `unit`: the fast suite (plain models and msw); `npm test`.
 * - `wordpress`: against a real WordPress 6.1 started by scripts/wordpress/; `npm run test:wordpress`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/wordpress/**', 'test/e2e/**', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
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
    ],
  },
});
