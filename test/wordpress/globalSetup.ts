/**
 * Global setup of the `wordpress` test project: finds the WordPress site the tests run against and
 * provides it as `inject('wordpressSite')`.
 *
 * - With `WP_URL` set, that site is used as it is; credentials come from `WP_ADMIN_USER`,
 *   `WP_ADMIN_APP_PASSWORD`, `WP_AUTHOR_USER`, `WP_AUTHOR_APP_PASSWORD` (`WP_REST_ROOT` overrides
 *   `${WP_URL}/wp-json`). Nothing is started or stopped.
 * - Otherwise scripts/wordpress/up.sh starts (or re-uses) the local site and the credentials are
 *   read from .wordpress/site.json. At teardown scripts/wordpress/down.sh stops the servers, unless
 *   they were already running before the tests.
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { WordPressSite, WordPressUser } from './site.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stateDir = process.env.WP_STATE_DIR ?? join(repoRoot, '.wordpress');

/** The test site could not be found, started or reached. */
export class WordPressSetupError extends Error {
  override name = 'WordPressSetupError';
}

function run(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // stdout too goes to stderr: vitest's reporter owns stdout.
    const child = spawn(join(repoRoot, 'scripts', 'wordpress', script), [], {
      cwd: repoRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new WordPressSetupError(`scripts/wordpress/${script} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function readSiteJson(): Promise<WordPressSite> {
  const file = join(stateDir, 'site.json');
  const site = JSON.parse(await readFile(file, 'utf8')) as Partial<WordPressSite>;
  if (typeof site.restRoot !== 'string' || typeof site.url !== 'string' || site.users === undefined) {
    throw new WordPressSetupError(`${file} lacks url, restRoot or users`);
  }
  return { url: site.url, restRoot: site.restRoot, users: site.users };
}

/** True when the site's REST index answers. */
async function isUp(restRoot: string): Promise<boolean> {
  try {
    const response = await fetch(`${restRoot}/?_fields=name`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

async function userFromEnv(restRoot: string, role: 'ADMIN' | 'AUTHOR'): Promise<WordPressUser> {
  const username = process.env[`WP_${role}_USER`];
  const password = process.env[`WP_${role}_APP_PASSWORD`];
  if (!username || !password) {
    throw new WordPressSetupError(
      `WP_URL is set, so WP_${role}_USER and WP_${role}_APP_PASSWORD are needed too`,
    );
  }
  const applicationPassword = password.replace(/\s+/g, '');
  const authorization = `Basic ${Buffer.from(`${username}:${applicationPassword}`).toString('base64')}`;
  const response = await fetch(`${restRoot}/wp/v2/users/me?_fields=id`, {
    headers: { Authorization: authorization },
  }).catch((error: unknown) => {
    throw new WordPressSetupError(`cannot reach ${restRoot} (WP_URL): ${String(error)}`, {
      cause: error,
    });
  });
  const me = (await response.json()) as { id?: unknown };
  // A wrong application password is treated as anonymous by WordPress: 401 rest_not_logged_in.
  if (!response.ok || typeof me.id !== 'number') {
    throw new WordPressSetupError(
      `WP_${role}_USER ${username}: ${restRoot}/wp/v2/users/me answered ${response.status}`,
    );
  }
  return { id: me.id, username, applicationPassword, authorization };
}

async function siteFromEnv(url: string): Promise<WordPressSite> {
  const home = url.replace(/\/+$/, '');
  const restRoot = (process.env.WP_REST_ROOT ?? `${home}/wp-json`).replace(/\/+$/, '');
  return {
    url: home,
    restRoot,
    users: { admin: await userFromEnv(restRoot, 'ADMIN'), author: await userFromEnv(restRoot, 'AUTHOR') },
  };
}

/** Vitest global setup: provides the site; the returned teardown stops what this setup started. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.WP_URL;
  if (url) {
    project.provide('wordpressSite', await siteFromEnv(url));
    return () => Promise.resolve();
  }
  const before = await readSiteJson().catch(() => undefined);
  const wasRunning = before !== undefined && (await isUp(before.restRoot));
  const started = performance.now();
  try {
    await run('up.sh');
    process.stderr.write(`[wordpress] up.sh took ${((performance.now() - started) / 1000).toFixed(1)}s\n`);
    project.provide('wordpressSite', await readSiteJson());
  } catch (error) {
    // up.sh may have started MariaDB before failing: stop it, since no teardown will run.
    if (!wasRunning) await run('down.sh').catch(() => undefined);
    throw error;
  }
  return async () => {
    if (!wasRunning) await run('down.sh');
  };
}
