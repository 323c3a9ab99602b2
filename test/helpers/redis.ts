/**
 * The Redis the slow sync tests use: `REDIS_URL` when scripts/sync/ci.sh set it, otherwise the
 * private one scripts/redis/up.sh starts (and the test stops again).
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const scripts = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'redis');

/** Starts the private Redis (idempotent); resolves its URL. */
export async function redisUp(): Promise<string> {
  const { stdout } = await run(join(scripts, 'up.sh'), { timeout: 600_000 });
  return stdout.trim();
}

/** Stops the private Redis (its data stays on disk). */
export async function redisDown(): Promise<void> {
  await run(join(scripts, 'down.sh'), { timeout: 60_000 });
}

/** The Redis for this run and whether the test must stop it afterwards. */
export async function useRedis(): Promise<{ url: string; startedHere: boolean }> {
  const given = process.env.REDIS_URL;
  if (given) return { url: given, startedHere: false };
  return { url: await redisUp(), startedHere: true };
}
