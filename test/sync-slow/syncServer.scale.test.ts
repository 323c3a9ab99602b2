/**
 * Scale and faults: two sync-server processes sharing rooms through one Redis, 50 editors in
 * worker threads (each its own Y.Doc and websocketProvider), half on each server, typing at random
 * times. Every editor ends with the same document, a newcomer gets it, a server killed mid-run
 * loses nothing, and the document outlives a restart of Redis and of both servers.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteOfRestRoot } from '../../src/sync/server/index.js';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from '../helpers/bundleWorker.js';
import { redisDown, redisUp, useRedis } from '../helpers/redis.js';
import { connectServerClient, waitUntil } from '../helpers/syncServerClient.js';
import { startServerProcess, type ServerProcess } from '../helpers/syncServerProcess.js';
import type { EditorReport, EditorWorkerData } from './fixtures/editorWorker.js';

const EDITORS = 50;
const EDITS_PER_ROUND = 20;
const SPREAD_MS = 4_000;
/** Generous: 50 worker threads on a shared 2-core machine. */
const SCENARIO_TIMEOUT_MS = 240_000;

const mock = createMockWordPress();
let wordpress: MockServerHandle;
let redis: { url: string; startedHere: boolean };
const servers: ServerProcess[] = [];
const workers: Worker[] = [];
let room = '';
let rounds = 0;

/** Messages from all workers, awaited by type. */
function nextFromEach(type: string, timeoutMs: number): Promise<Map<number, Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const seen = new Map<number, Record<string, unknown>>();
    const listeners: Array<[Worker, (message: Record<string, unknown>) => void]> = [];
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      for (const [worker, listener] of listeners) worker.off('message', listener);
      if (error) reject(error);
      else resolve(seen);
    };
    const timer = setTimeout(() => {
      const missing = workers.map((_, index) => index).filter((index) => !seen.has(index));
      finish(
        new Error(
          `only ${seen.size}/${workers.length} editors sent "${type}" within ${timeoutMs} ms; missing ${missing.join(', ')}`,
        ),
      );
    }, timeoutMs);
    for (const worker of workers) {
      const listener = (message: Record<string, unknown>): void => {
        if (message.type === 'failed')
          finish(new Error(`editor ${String(message.index)}: ${String(message.message)}`));
        if (message.type !== type) return;
        seen.set(message.index as number, message);
        if (seen.size === workers.length) finish();
      };
      worker.on('message', listener);
      listeners.push([worker, listener]);
    }
  });
}

async function reports(): Promise<EditorReport[]> {
  const answers = nextFromEach('report', 30_000);
  for (const worker of workers) worker.postMessage({ type: 'report' });
  return [...(await answers).values()] as unknown as EditorReport[];
}

/** Waits until every editor holds `keys` edits and the same text; returns the reports. */
async function converged(keys: number, timeoutMs = 90_000): Promise<EditorReport[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await reports();
    const texts = new Set(all.map((report) => report.text));
    if (all.every((report) => report.keys === keys) && texts.size === 1) return all;
    if (Date.now() > deadline) {
      const counts = all.map((report) => report.keys).sort((a, b) => a - b);
      throw new Error(
        `no convergence: keys ${counts[0]}..${counts.at(-1)} of ${keys}, ${texts.size} different texts`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A newcomer's copy of the room on `server`, once it holds `keys` edits. */
async function newcomer(server: ServerProcess, keys: number): Promise<{ keys: number; text: string }> {
  const client = connectServerClient({
    url: server.url,
    room,
    authorization: MOCK_USERS.admin.authorization,
  });
  try {
    await client.waitFor(() => client.doc.getMap('edits').size >= keys, 30_000);
    return { keys: client.doc.getMap('edits').size, text: client.doc.getText('content').toString() };
  } finally {
    client.destroy();
  }
}

beforeAll(async () => {
  redis = await useRedis();
  const post = mock.addPost('post', { title: 'Many editors', status: 'draft', author: MOCK_USERS.author.id });
  wordpress = await mock.listen();
  // The mock listens on a new port each run, so the room (site + post) is new too: nothing stored
  // by an earlier run is in it.
  room = `${siteOfRestRoot(wordpress.root)}/postType/post/${post}`;
  servers.push(
    await startServerProcess({ wordpress: wordpress.root, redis: redis.url }),
    await startServerProcess({ wordpress: wordpress.root, redis: redis.url }),
  );
  const script = await bundleWorker(fileURLToPath(new URL('./fixtures/editorWorker.ts', import.meta.url)));
  for (let index = 0; index < EDITORS; index += 1) {
    const data: EditorWorkerData = {
      url: (servers[index % 2] as ServerProcess).url,
      room,
      // Half the editors are the post's author, half the administrator.
      authorization: index % 4 < 2 ? MOCK_USERS.author.authorization : MOCK_USERS.admin.authorization,
      index,
    };
    workers.push(new Worker(script, { workerData: data }));
  }
  await nextFromEach('connected', 90_000);
}, SCENARIO_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.terminate()));
  await Promise.all(servers.map((server) => server.stop()));
  await wordpress?.close();
  if (redis?.startedHere) await redisDown();
}, 60_000);

async function editRound(during?: () => Promise<void>): Promise<void> {
  rounds += 1;
  const done = nextFromEach('edited', 60_000);
  for (const worker of workers) {
    worker.postMessage({ type: 'edit', round: rounds, edits: EDITS_PER_ROUND, spreadMs: SPREAD_MS });
  }
  await during?.();
  await done;
}

describe('two sync servers, one Redis, 50 editors', () => {
  it(
    'ends with every editor holding the same document, which a newcomer then receives',
    async () => {
      await editRound();

      const all = await converged(EDITORS * EDITS_PER_ROUND);
      expect(all).toHaveLength(EDITORS);
      const fresh = await newcomer(servers[1] as ServerProcess, EDITORS * EDITS_PER_ROUND);
      expect(fresh).toEqual({ keys: EDITORS * EDITS_PER_ROUND, text: all[0]?.text });
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'loses no edit when one server is killed mid-run and its editors reconnect',
    async () => {
      const victim = servers[0] as ServerProcess;
      await editRound(async () => {
        await new Promise((resolve) => setTimeout(resolve, SPREAD_MS / 3));
        await victim.kill();
        await new Promise((resolve) => setTimeout(resolve, 500));
        // Restarted on its port: its editors find it again with their own reconnect delay.
        servers[0] = await startServerProcess({
          wordpress: wordpress.root,
          redis: redis.url,
          port: victim.port,
        });
      });

      const all = await converged(EDITORS * EDITS_PER_ROUND * 2);
      expect(all.filter((report) => report.index % 2 === 0).every((report) => report.reconnects >= 1)).toBe(
        true,
      );
      expect(all.every((report) => report.status === 'connected')).toBe(true);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'keeps the document through a restart of Redis and of both servers',
    async (context) => {
      // Only the Redis of scripts/redis can be restarted here.
      if (redis.url !== redisScriptUrl()) context.skip();
      const expected = (await converged(EDITORS * EDITS_PER_ROUND * 2))[0]?.text;
      const stopped = nextFromEach('stopped', 30_000);
      for (const worker of workers) worker.postMessage({ type: 'stop' });
      await stopped;
      // Servers store a room when its last editor leaves; SIGTERM stores anything still pending.
      await Promise.all(servers.map((server) => server.stop()));
      await redisDown();
      await redisUp();
      servers[0] = await startServerProcess({ wordpress: wordpress.root, redis: redis.url });
      servers[1] = await startServerProcess({ wordpress: wordpress.root, redis: redis.url });

      for (const server of servers) {
        const fresh = await newcomer(server, EDITORS * EDITS_PER_ROUND * 2);
        expect(fresh).toEqual({ keys: EDITORS * EDITS_PER_ROUND * 2, text: expected });
      }
      await waitUntil(() => servers.every((server) => server.isRunning), 1_000);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

/** The URL scripts/redis/up.sh serves (what a restart can bring back). */
function redisScriptUrl(): string {
  return `redis://127.0.0.1:${process.env.REDIS_PORT ?? '6479'}`;
}
