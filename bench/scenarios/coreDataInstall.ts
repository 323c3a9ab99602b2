/**
 * Installs the core-data side (bench/core-data, its own package.json and lockfile) on first use,
 * so that `npm ci` of the library never downloads the WordPress packages.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder of the core-data side. */
export const CORE_DATA_DIR = fileURLToPath(new URL('../core-data/', import.meta.url));

/** Runs `npm ci` in bench/core-data unless its node_modules already holds core-data. */
export function ensureCoreDataInstalled(): void {
  if (existsSync(`${CORE_DATA_DIR}node_modules/@wordpress/core-data/package.json`)) return;
  console.log('Installing @wordpress/core-data 6.30.0 into bench/core-data (first run only)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: CORE_DATA_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(
      `npm ci in ${CORE_DATA_DIR} failed with exit code ${String(result.status)}; see its output above.`,
    );
  }
}
