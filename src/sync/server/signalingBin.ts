#!/usr/bin/env node
/**
 * `wp-entities-signaling`: runs {@link createSignalingServer} until interrupted.
 * Environment: `PORT` (default 4444), `HOST` (default 127.0.0.1). Prints both URLs.
 */
import { createSignalingServer } from './signalingServer.js';

const port = Number(process.env.PORT ?? 4444);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`wp-entities-signaling: PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(2);
}
const server = await createSignalingServer({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`wp-entities-signaling: WebSocket ${server.wsUrl}`);
console.log(`wp-entities-signaling: HTTP      ${server.httpUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
