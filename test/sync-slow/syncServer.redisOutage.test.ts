/**
 * Issue 40, failure 1: a Redis outage stopped collaboration on a server (every update waited to be
 * appended before it was applied and forwarded). Against a real Redis of the test's own (stopped
 * and started again on its port, its append-only file kept), two sync server processes and a
 * SIGKILL, in one run:
 *
 * - during the outage, two people on server A keep editing together (each edit reaches the other
 *   well within a second), and none of it is acknowledged as durable;
 * - server A is SIGKILLed during the outage and started again; once Redis is back, the clients
 *   send what was never acknowledged, and Redis holds every edit made during the outage; the
 *   client on server B gets all of it;
 * - then A is SIGKILLed again mid-typing: every edit acknowledged before the kill is in Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import * as decoding from 'lib0/decoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createSyncServer, siteOfRestRoot } from '../../src/sync/server/index.js';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';
import { connectServerClient, waitUntil, type ServerClient } from '../helpers/syncServerClient.js';
import { startServerProcess, type ServerProcess } from '../helpers/syncServerProcess.js';

/** A Redis of this test's own, beside the suite's: REDIS_PORT + 1 (6480 by default). */
const redisPort = Number(process.env.REDIS_PORT ?? 6479) + 1;
const redisUrl = `redis://127.0.0.1:${redisPort}`;

const mock = createMockWordPress();
let wordpress: MockServerHandle;
let redisDir: string;
let redisChild: ChildProcess | undefined;
let inspector: Redis;
const servers: ServerProcess[] = [];
const clients: ServerClient[] = [];

/** Polls the async `check` every 25 ms until it is true; rejects after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function startRedis(): Promise<void> {
  // Every write on disk before Redis answers it: a stopped Redis comes back with all it stored.
  const child = spawn(
    'redis-server',
    [
      ...['--bind', '127.0.0.1', '--port', String(redisPort), '--dir', redisDir],
      ...['--save', '', '--appendonly', 'yes', '--appendfsync', 'always'],
    ],
    { stdio: 'ignore' },
  );
  child.on('error', () => undefined);
  redisChild = child;
  await eventually(
    async () => {
      const probe = new Redis(redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    },
    20_000,
    `Redis on port ${redisPort}`,
  );
}

async function stopRedis(): Promise<void> {
  const child = redisChild;
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  redisChild = undefined;
}

beforeAll(async () => {
  redisDir = await mkdtemp(join(tmpdir(), 'wp-entities-redis-outage-'));
  await startRedis();
  inspector = new Redis(redisUrl, { maxRetriesPerRequest: null });
  inspector.on('error', () => undefined);
  wordpress = await mock.listen();
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await Promise.all(servers.map((server) => server.kill()));
  inspector?.disconnect();
  await stopRedis();
  await wordpress?.close();
  await rm(redisDir, { recursive: true, force: true });
});

/** How many acknowledgements (Hocuspocus `SyncStatus`, applied) the server sent this client. */
function acknowledgements(client: ServerClient): number {
  let count = 0;
  for (const frame of client.received) {
    try {
      const decoder = decoding.createDecoder(frame);
      decoding.readVarString(decoder);
      if (decoding.readVarUint(decoder) === 8 && decoding.readVarInt(decoder) === 1) count += 1;
    } catch {
      // Not a Hocuspocus message this test reads.
    }
  }
  return count;
}

/** The room's text as Redis holds it: every field of its hash merged. */
async function storedText(room: string): Promise<string> {
  const fields = await inspector.hgetallBuffer(`wp-entities:doc:${room}`);
  const doc = new Y.Doc();
  for (const value of Object.values(fields)) Y.applyUpdate(doc, new Uint8Array(value));
  return doc.getText('content').toString();
}

function join_(url: string, room: string): ServerClient {
  const client = connectServerClient({ url, room, authorization: MOCK_USERS.admin.authorization });
  clients.push(client);
  return client;
}

function type(client: ServerClient, text: string): void {
  const content = client.doc.getText('content');
  content.insert(content.length, text);
}

const textOf = (client: ServerClient): string => client.doc.getText('content').toString();

describe('a Redis outage', () => {
  it('keeps one server’s people editing together, loses nothing once Redis is back, and no acknowledged edit on SIGKILL', async () => {
    const id = mock.addPost('post', { title: 'Outage', status: 'draft' });
    const room = `${siteOfRestRoot(wordpress.root)}/postType/post/${id}`;
    const first = await startServerProcess({ wordpress: wordpress.root, redis: redisUrl });
    const second = await startServerProcess({ wordpress: wordpress.root, redis: redisUrl });
    servers.push(first, second);
    const alice = join_(first.url, room);
    const bob = join_(first.url, room);
    const carol = join_(second.url, room);
    await Promise.all([alice, bob, carol].map((client) => client.waitForStatus('connected')));

    // With Redis up: relayed to the other server, and acknowledged once stored.
    type(alice, '[before]');
    await carol.waitFor(() => textOf(carol).includes('[before]'), 10_000);
    await eventually(async () => (await storedText(room)).includes('[before]'), 10_000, 'stored before');

    await stopRedis();
    const acksAtOutage = acknowledgements(alice);
    const outageEdits: string[] = [];
    const delays: number[] = [];
    for (let edit = 1; edit <= 20; edit += 1) {
      const text = edit % 4 === 0 ? `[bob${edit}]` : `[alice${edit}]`;
      const [writer, reader] = edit % 4 === 0 ? [bob, alice] : [alice, bob];
      outageEdits.push(text);
      const started = Date.now();
      type(writer, text);
      await reader.waitFor(() => textOf(reader).includes(text), 5_000);
      delays.push(Date.now() - started);
    }
    // The bound: nothing arrived within 5 s; now every edit arrives at once.
    expect(Math.max(...delays)).toBeLessThan(1_000);
    expect(acknowledgements(alice)).toBe(acksAtOutage);
    // Server B hears nothing of A's room while Redis, its relay, is away.
    expect(outageEdits.some((text) => textOf(carol).includes(text))).toBe(false);

    // A dies during the outage, with everything typed since unacknowledged, and is started again.
    await first.kill();
    const again = await startServerProcess({ wordpress: wordpress.root, redis: redisUrl, port: first.port });
    servers.push(again);
    await startRedis();
    // The clients reconnect and send what the new process lacks; it is stored, and relayed to B.
    await eventually(
      async () => {
        const stored = await storedText(room);
        return outageEdits.every((text) => stored.includes(text));
      },
      30_000,
      'every edit of the outage stored',
    );
    await carol.waitFor(() => outageEdits.every((text) => textOf(carol).includes(text)), 10_000);
    await alice.waitForStatus('connected');

    // Mid-typing SIGKILL: every acknowledged edit is in Redis.
    const dave = join_(again.url, room);
    await dave.waitForStatus('connected');
    await waitUntil(() => acknowledgements(dave) >= 1, 10_000, 'the first sync acknowledged');
    const acksBefore = acknowledgements(dave);
    let sent = 0;
    const typingStarted = Date.now();
    while (Date.now() - typingStarted < 1_500) {
      sent += 1;
      type(dave, `[dave${sent}]`);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const acknowledged = acknowledgements(dave) - acksBefore;
    await again.kill();
    expect(acknowledged).toBeGreaterThan(10);
    const stored = await storedText(room);
    const lost = Array.from({ length: acknowledged }, (_, index) => `[dave${index + 1}]`).filter(
      (text) => !stored.includes(text),
    );
    expect(lost).toEqual([]);
  });

  it('refuses an update past the bound of a room’s unstored updates, and the client sends it again once Redis is back', async () => {
    const id = mock.addPost('post', { title: 'Bounded', status: 'draft' });
    const room = `${siteOfRestRoot(wordpress.root)}/postType/post/${id}`;
    const server = await createSyncServer({
      wordpress: wordpress.root,
      redis: redisUrl,
      maxUnstoredBytesPerRoom: 400,
    });
    const writer = join_(server.url, room);
    await writer.waitForStatus('connected');
    await stopRedis();
    const typed: string[] = [];
    for (let edit = 1; edit <= 40 && !writer.statuses.includes('disconnected'); edit += 1) {
      typed.push(`[bounded${edit}]`);
      type(writer, `[bounded${edit}]`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The bound closed the connection (the client reconnects by itself); nothing typed is dropped.
    await writer.waitForStatus('disconnected');
    const closes = writer.statuses.filter((status) => status === 'disconnected').length;
    expect(closes).toBeGreaterThan(0);
    await startRedis();
    await eventually(
      async () => {
        const stored = await storedText(room);
        return typed.every((text) => stored.includes(text));
      },
      30_000,
      'every bounded edit stored',
    );
    writer.destroy();
    await server.close();
  });
});
