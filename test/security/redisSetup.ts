/**
 * Global setup of the `security` project: the private Redis (scripts/redis/up.sh, or REDIS_URL when
 * scripts/security/ci.sh set it), provided as `inject('redisUrl')`; stopped again at teardown when
 * this setup started it.
 *
 * @module
 */
import type { TestProject } from 'vitest/node';
import { redisDown, useRedis } from '../helpers/redis.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The Redis the security suite uses. */
    redisUrl: string;
  }
}

/** Vitest global setup. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { url, startedHere } = await useRedis();
  project.provide('redisUrl', url);
  return async () => {
    if (startedHere) await redisDown();
  };
}
