/**
 * Sync-server benchmark (`npm run bench:sync`, or `BENCH=server npm run bench:sync`):
 *
 * 1. Edit → other client's observer latency, p50/p95, with both clients on one server process, and
 *    with the writer on one server and the reader on another, the update travelling through Redis.
 * 1b. The per-keystroke cost of durable acknowledgement: the same probe on one server that stores
 *    each update in Redis before applying and acknowledging it (the default) and on one started
 *    with DURABLE_ACKS=0 (acknowledged on apply, stored by the debounce: what main did before).
 * 2. Clients per server process: N background editors (in worker threads, each its own Y.Doc and
 *    provider) share the room with the probe pair on one server; the first N at which the probe's
 *    p95 passes 100 ms.
 *
 * The document is shaped like a real post: a 5.5 KB post in context=edit seeds the room, and each
 * probe edit types into its content; the reader's timing includes decoding the update and reading
 * the text (`toString()`). Servers run as separate processes (the `wp-entities-sync-server` bin),
 * WordPress is the mock from `wp-entities/testing`, Redis is scripts/redis/up.sh's. The machine is
 * shared: figures are noisy, compare them within one run. Nothing is asserted.
 *
 * Environment: SYNC_BENCH_SAMPLES (default 200), SYNC_BENCH_CLIENTS (default 50,100,200,400),
 * SYNC_BENCH_EDIT_EVERY_MS (each background editor's average pause between edits, default 2000).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { siteOfRestRoot } from '../../src/sync/shared/roomName.js';
import type { ProviderContext, RoomProvider } from '../../src/sync/providers/provider.js';
import { websocketProvider, type WebSocketConstructor } from '../../src/sync/providers/websocketProvider.js';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import type { Transport } from '../../core/transport/types.js';
import { bundleWorker } from '../../test/helpers/bundleWorker.js';
import { redisDown, redisUp } from '../../test/helpers/redis.js';
import { startServerProcess, type ServerProcess } from '../../test/helpers/syncServerProcess.js';
import type { LoadWorkerData } from './fixtures/loadWorker.js';
import { percentile } from '../stats.js';

const SAMPLES = Number(process.env.SYNC_BENCH_SAMPLES ?? 200);
const CLIENT_COUNTS = (process.env.SYNC_BENCH_CLIENTS ?? '50,100,200,400').split(',').map(Number);
const EDIT_EVERY_MS = Number(process.env.SYNC_BENCH_EDIT_EVERY_MS ?? 2_000);
const P95_LIMIT_MS = 100;
const CLIENTS_PER_WORKER = 50;

/** ~5.5 KB of post content, as a long post's `content.raw`. */
const POST_CONTENT = Array.from(
  { length: 24 },
  (_, i) =>
    `<!-- wp:paragraph -->\n<p>Paragraph ${i + 1} of the benchmark post, long enough to look like real writing, with a <a href="https://example.com/${i}">link</a>.</p>\n<!-- /wp:paragraph -->`,
).join('\n\n');

interface Client {
  doc: Y.Doc;
  provider: RoomProvider;
  connected: Promise<void>;
}

function connect(url: string, room: string, authorization: string): Client {
  const doc = new Y.Doc();
  let markConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => (markConnected = resolve));
  const context: ProviderContext = {
    room,
    doc,
    awareness: new Awareness(doc),
    transport: { authorization } as unknown as Transport,
    setStatus: (status) => {
      if (status === 'connected') markConnected();
    },
    reportError: () => {},
  };
  const factory = websocketProvider({ url, WebSocket: WebSocket as unknown as WebSocketConstructor });
  return { doc, provider: factory(context), connected };
}

/** `SAMPLES` edits by `writer`, one at a time; each timed until `reader`'s observer has read it. */
async function probe(writer: Client, reader: Client): Promise<{ p50: number; p95: number; max: number }> {
  const writerText = writer.doc.getText('content');
  const writerMap = writer.doc.getMap<number>('edits');
  const readerMap = reader.doc.getMap<number>('edits');
  const readerText = reader.doc.getText('content');
  const latencies: number[] = [];
  for (let seq = 1; seq <= SAMPLES; seq += 1) {
    const seen = new Promise<number>((resolve) => {
      const observer = (): void => {
        if (readerMap.get('probe') !== seq) return;
        // Reading the text is part of what an editor does with an update.
        readerText.toString();
        readerMap.unobserve(observer);
        resolve(performance.now());
      };
      readerMap.observe(observer);
    });
    const sentAt = performance.now();
    writer.doc.transact(() => {
      writerText.insert(Math.floor(writerText.length / 2), 'x');
      writerMap.set('probe', seq);
    });
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 10_000));
    const arrivedAt = await Promise.race([seen, timeout]);
    if (!Number.isNaN(arrivedAt)) latencies.push(arrivedAt - sentAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  latencies.sort((a, b) => a - b);
  if (latencies.length < SAMPLES)
    console.log(`  (${SAMPLES - latencies.length} edits did not arrive within 10 s)`);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuTimeMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS_PER_SECOND = 100;

async function main(): Promise<void> {
  const startedRedis = !process.env.REDIS_URL;
  const redis = process.env.REDIS_URL ?? (await redisUp());
  const mock = createMockWordPress();
  const wordpress = await mock.listen();
  const servers: ServerProcess[] = [];
  const clients: Client[] = [];
  try {
    servers.push(
      await startServerProcess({ wordpress: wordpress.root, redis }),
      await startServerProcess({ wordpress: wordpress.root, redis }),
      await startServerProcess({ wordpress: wordpress.root, redis, env: { DURABLE_ACKS: '0' } }),
    );
    const [a, b, undurable] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const site = siteOfRestRoot(wordpress.root);
    const newRoom = (): string =>
      `${site}/postType/post/${mock.addPost('post', { title: 'Bench', status: 'draft', author: 1 })}`;
    const admin = MOCK_USERS.admin.authorization;
    const seed = (client: Client): void => {
      client.doc.transact(() => {
        client.doc.getText('content').insert(0, POST_CONTENT);
        client.doc.getText('title').insert(0, 'A post in context=edit');
      });
    };
    const pair = async (writerUrl: string, readerUrl: string, room: string): Promise<[Client, Client]> => {
      const writer = connect(writerUrl, room, admin);
      const reader = connect(readerUrl, room, admin);
      clients.push(writer, reader);
      await Promise.all([writer.connected, reader.connected]);
      seed(writer);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [writer, reader];
    };

    console.log(`edit → observer latency, ${SAMPLES} edits each (shared machine: noisy)`);
    const single = await probe(...(await pair(a.url, a.url, newRoom())));
    console.log(
      `  one server:                p50 ${ms(single.p50)}  p95 ${ms(single.p95)}  max ${ms(single.max)}`,
    );
    const across = await probe(...(await pair(a.url, b.url, newRoom())));
    console.log(
      `  two servers through Redis: p50 ${ms(across.p50)}  p95 ${ms(across.p95)}  max ${ms(across.max)}`,
    );
    console.log(`  ratio two/one (p50): ${(across.p50 / single.p50).toFixed(2)}×`);

    console.log(
      `\ndurable acknowledgement, one server, ${SAMPLES} edits each (edit → other client's observer)`,
    );
    const fast = await probe(...(await pair(undurable.url, undurable.url, newRoom())));
    const durable = await probe(...(await pair(a.url, a.url, newRoom())));
    console.log(
      `  acknowledged on apply (DURABLE_ACKS=0): p50 ${ms(fast.p50)}  p95 ${ms(fast.p95)}  max ${ms(fast.max)}`,
    );
    console.log(
      `  acknowledged once stored (default):    p50 ${ms(durable.p50)}  p95 ${ms(durable.p95)}  max ${ms(durable.max)}`,
    );
    console.log(
      `  cost per keystroke: p50 +${ms(durable.p50 - fast.p50)} (${(durable.p50 / fast.p50).toFixed(2)}×), p95 +${ms(durable.p95 - fast.p95)}`,
    );

    console.log(
      `\nclients per server process (background editors type every ~${EDIT_EVERY_MS} ms; limit p95 ${P95_LIMIT_MS} ms)`,
    );
    const script = await bundleWorker(fileURLToPath(new URL('./fixtures/loadWorker.ts', import.meta.url)));
    let passedAt: number | undefined;
    for (const count of CLIENT_COUNTS) {
      const room = newRoom();
      const workers: Worker[] = [];
      for (let left = count; left > 0; left -= CLIENTS_PER_WORKER) {
        const data: LoadWorkerData = {
          url: a.url,
          room,
          authorization: admin,
          count: Math.min(left, CLIENTS_PER_WORKER),
          editEveryMs: EDIT_EVERY_MS,
        };
        workers.push(new Worker(script, { workerData: data }));
      }
      const ready = await Promise.race([
        Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve)))).then(
          () => true,
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 120_000)),
      ]);
      if (!ready) {
        console.log(`  ${String(count).padStart(4)} clients: not all connected within 120 s; stopping here`);
        await Promise.all(workers.map((worker) => worker.terminate()));
        passedAt ??= count;
        break;
      }
      const probePair = await pair(a.url, a.url, room);
      const cpuBefore = cpuTimeMs(a.child.pid);
      const wallBefore = performance.now();
      const result = await probe(...probePair);
      // How busy the server process was: if far below 100 %, the clients (same machine) were the limit.
      const serverCpu = (cpuTimeMs(a.child.pid) - cpuBefore) / (performance.now() - wallBefore);
      const over = result.p95 > P95_LIMIT_MS;
      console.log(
        `  ${String(count).padStart(4)} clients: p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  max ${ms(result.max)}  server CPU ${(serverCpu * 100).toFixed(0)} %${over ? '  ← p95 over the limit' : ''}`,
      );
      await Promise.all(workers.map((worker) => worker.terminate()));
      if (over) {
        passedAt = count;
        break;
      }
    }
    console.log(
      passedAt === undefined
        ? `  p95 stayed under ${P95_LIMIT_MS} ms up to ${CLIENT_COUNTS.at(-1)} clients per server process`
        : `  p95 passes ${P95_LIMIT_MS} ms at ${passedAt} clients per server process`,
    );
  } finally {
    for (const client of clients) void client.provider.destroy();
    await Promise.all(servers.map((server) => server.stop()));
    await wordpress.close();
    if (startedRedis) await redisDown();
  }
}

await main();
process.exit(0);
