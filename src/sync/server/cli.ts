#!/usr/bin/env node
/**
 * `wp-entities-sync-server`: starts a sync server from the environment and prints its URL.
 *
 *   WP_URL     the WordPress REST root (required), e.g. http://127.0.0.1:8889/wp-json
 *   PORT       TCP port (default 1234; 0 picks a free one)
 *   HOST       interface to bind (default 127.0.0.1)
 *   REDIS_URL  redis://host:port to share rooms between servers and persist them (default: none)
 *   DURABLE_ACKS  0 to acknowledge edits before Redis stored them (faster, loses them on a crash;
 *              default 1: acknowledge after)
 *   RECHECK_INTERVAL_MS  how often live connections' permissions are asked again (default 30000)
 *   MAX_UNSTORED_BYTES   per room, the most bytes of updates kept while Redis is away (default 8388608)
 *
 * SIGINT/SIGTERM store every open room and stop the server.
 *
 * @module
 */
import { createSyncServer } from './syncServer.js';

/** The port the bin listens on when PORT is not set (Hocuspocus's customary port). */
const DEFAULT_PORT = 1234;

function fail(message: string): never {
  process.stderr.write(`wp-entities-sync-server: ${message}\n`);
  process.exit(2);
}

const env = process.env;
const wordpress =
  env.WP_URL ?? fail('set WP_URL to the WordPress REST root, e.g. http://127.0.0.1:8889/wp-json');
const portText = env.PORT ?? String(DEFAULT_PORT);
const port = /^[0-9]{1,5}$/.test(portText)
  ? Number(portText)
  : fail(`PORT must be a port number, got "${portText}"`);

const server = await createSyncServer({
  wordpress,
  port,
  host: env.HOST ?? '127.0.0.1',
  ...(env.REDIS_URL ? { redis: env.REDIS_URL } : {}),
  durableAcknowledgements: env.DURABLE_ACKS !== '0',
  ...(env.RECHECK_INTERVAL_MS ? { recheckIntervalMs: Number(env.RECHECK_INTERVAL_MS) } : {}),
  ...(env.MAX_UNSTORED_BYTES ? { maxUnstoredBytesPerRoom: Number(env.MAX_UNSTORED_BYTES) } : {}),
  // One short line per refused connection, rate-limited: no client decides how much is written.
  log: (line: string) => process.stderr.write(`${line}\n`),
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

process.stdout.write(`${server.url}\n`);

const stop = (): void => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
