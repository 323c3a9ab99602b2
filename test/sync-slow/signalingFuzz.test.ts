/**
 * The signalling server (run as its bin, in its own process) under ≥ 10,000 malformed messages over
 * WebSocket and HTTP: it stays up, its memory stays bounded, and well-behaved clients in a room keep
 * exchanging messages throughout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { HttpSignalingSocket } from 'wp-entities/sync';

const binPath = fileURLToPath(new URL('../../src/sync/server/signalingBin.ts', import.meta.url));
let server: ChildProcess;
let wsUrl = '';
let httpUrl = '';

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', binPath], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ws = /WebSocket (ws:\/\/\S+)/.exec(output);
      const http = /HTTP\s+(http:\/\/\S+)/.exec(output);
      if (ws && http) {
        wsUrl = ws[1]!;
        httpUrl = http[1]!;
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`signalling bin exited (${code}): ${output}`)));
  });
});

afterAll(() => {
  server.kill('SIGTERM');
});

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GOOD_ROOM = 'fuzz/good-room';

/** One malformed (or hostile but well-formed) message; `string` for text frames, Buffer for binary. */
function malformedMessage(random: () => number, index: number): string | Buffer {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  switch (index % 10) {
    case 0:
      return Array.from({ length: 1 + Math.floor(random() * 200) }, () =>
        String.fromCharCode(32 + Math.floor(random() * 95)),
      ).join('');
    case 1:
      return Buffer.from(
        Array.from({ length: 1 + Math.floor(random() * 500) }, () => Math.floor(random() * 256)),
      );
    case 2:
      // Over the 64 KiB message limit, under the hard frame limit: dropped, connection kept.
      return JSON.stringify({
        type: 'publish',
        topic: GOOD_ROOM,
        data: 'x'.repeat(70_000 + Math.floor(random() * 100_000)),
      });
    case 3:
      return JSON.stringify({
        type: pick(['subscribe!', 'PUBLISH', 'pong', 'announce', 'signal', '', 42]),
        topics: [GOOD_ROOM],
      });
    case 4:
      return JSON.stringify(
        pick([
          { type: 'subscribe', topics: 'not-an-array' },
          { type: 'subscribe', topics: [1, 2, 3] },
          { type: 'subscribe', topics: [{}, null] },
          { type: 'subscribe', topics: [''] },
          { type: 'unsubscribe', topics: null },
          { type: 'publish', topic: 7, data: {} },
          { type: 'publish', topic: { room: GOOD_ROOM } },
          { type: 'publish' },
          { type: 'subscribe', topics: ['y'.repeat(5000)] },
        ]),
      );
    case 5:
      // A flood of subscriptions: capped per connection.
      return JSON.stringify({
        type: 'subscribe',
        topics: Array.from({ length: 250 }, () => `flood/${Math.floor(random() * 1e9)}`),
      });
    case 6:
      // Well-formed publishes into the good room carrying garbage: the good clients must just ignore them.
      return JSON.stringify({
        type: 'publish',
        topic: GOOD_ROOM,
        data: pick([null, 5, 'garbage', { type: 'signal' }, { from: 1 }]),
      });
    case 7:
      return pick(['null', '[]', '5', '"x"', 'true', '{}', '{"type":null}']);
    case 8:
      return '['.repeat(20_000) + ']'.repeat(20_000);
    default:
      return JSON.stringify({
        type: 'publish',
        topic: `other/${Math.floor(random() * 50)}`,
        data: { from: 'fuzz', type: 'announce' },
      });
  }
}

/**
 * A well-behaved pair (one per transport) in the good room, publishing to each other all along;
 * resolves once each one hears the other (both subscriptions are in place).
 */
async function startGoodClients(): Promise<{
  sent: () => number;
  received: () => number;
  lostConnections: string[];
  /** Stops publishing and resolves once every publish arrived (rejects after 10 s). */
  settle: () => Promise<void>;
  stop: () => void;
}> {
  const received = new Set<string>();
  const heardBy = { ws: new Set<string>(), http: new Set<string>() };
  const lostConnections: string[] = [];
  let isStopping = false;
  let sent = 0;
  const ws = new WebSocket(wsUrl);
  const http = new HttpSignalingSocket(httpUrl);
  const onMessage = (listener: 'ws' | 'http', data: unknown): void => {
    const message = JSON.parse(String(data)) as { data?: { tag?: string } };
    const tag = message.data?.tag;
    if (typeof tag !== 'string') return;
    if (tag.startsWith('ready-')) heardBy[listener].add(tag);
    else received.add(tag);
  };
  ws.on('message', (data) => onMessage('ws', data));
  http.onmessage = ({ data }) => onMessage('http', data);
  ws.on('close', () => isStopping || lostConnections.push('WebSocket client'));
  http.onclose = () => isStopping || lostConnections.push('HTTP client');
  await Promise.all([
    new Promise((resolve) => ws.once('open', resolve)),
    new Promise((resolve) => {
      http.onopen = resolve;
    }),
  ]);
  ws.send(JSON.stringify({ type: 'subscribe', topics: [GOOD_ROOM] }));
  http.send(JSON.stringify({ type: 'subscribe', topics: [GOOD_ROOM] }));
  // A publish before the other's subscription landed reaches nobody: say hello until both heard.
  const ready = (sender: 'ws' | 'http') =>
    JSON.stringify({ type: 'publish', topic: GOOD_ROOM, data: { tag: `ready-${sender}` } });
  await vi.waitFor(
    () => {
      if (!heardBy.ws.has('ready-http')) http.send(ready('http'));
      if (!heardBy.http.has('ready-ws')) ws.send(ready('ws'));
      if (!heardBy.ws.has('ready-http') || !heardBy.http.has('ready-ws'))
        throw new Error('not subscribed yet');
    },
    { timeout: 10_000, interval: 50 },
  );
  const timer = setInterval(() => {
    sent += 1;
    const sender = sent % 2 === 0 ? 'ws' : 'http';
    const message = JSON.stringify({ type: 'publish', topic: GOOD_ROOM, data: { tag: `${sender}-${sent}` } });
    if (sender === 'ws') ws.send(message);
    else http.send(message);
  }, 20);
  return {
    sent: () => sent,
    // Both clients receive every publish (the sender too), so each tag counts once.
    received: () => received.size,
    lostConnections,
    settle: async () => {
      clearInterval(timer);
      await vi.waitFor(
        () => {
          if (received.size < sent) throw new Error(`${received.size} of ${sent} publishes arrived`);
        },
        { timeout: 10_000, interval: 20 },
      );
    },
    stop: () => {
      isStopping = true;
      clearInterval(timer);
      ws.close();
      http.close();
    },
  };
}

async function fuzzWebSocket(count: number, random: () => number): Promise<void> {
  let socket: WebSocket | undefined;
  const open = async (): Promise<WebSocket> => {
    const next = new WebSocket(wsUrl);
    next.on('error', () => undefined);
    await new Promise((resolve, reject) => {
      next.once('open', resolve);
      next.once('error', reject);
    });
    return next;
  };
  for (let i = 0; i < count; i++) {
    if (!socket || socket.readyState !== WebSocket.OPEN || i % 500 === 0) {
      socket?.terminate();
      socket = await open();
    }
    const message = malformedMessage(random, i);
    socket.send(message, { binary: typeof message !== 'string' });
    // Let the event loop breathe so the good clients' traffic interleaves with the fuzz.
    if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  socket?.terminate();
}

async function fuzzHttp(count: number, random: () => number): Promise<void> {
  const subscriberId = 'fuzz-subscriber';
  const stream = new AbortController();
  const response = await fetch(`${httpUrl}/?subscriber_id=${subscriberId}&action=x`, {
    signal: stream.signal,
  });
  void response.body?.pipeTo(new WritableStream()).catch(() => undefined);
  const post = async (i: number): Promise<void> => {
    const message = malformedMessage(random, i);
    const variant = i % 7;
    let body: string | Uint8Array<ArrayBuffer>;
    if (variant === 0)
      body = typeof message === 'string' ? message : new Uint8Array(message); // raw body, not a form
    else if (variant === 1)
      body = new URLSearchParams({
        subscriber_id: 'nobody',
        action: 'x',
        message: String(message),
      }).toString();
    else if (variant === 2)
      body = 'subscriber_id=' + 'z'.repeat(300_000); // over the body limit
    else
      body = new URLSearchParams({
        subscriber_id: subscriberId,
        action: 'x',
        message: String(message),
      }).toString();
    try {
      const answer = await fetch(httpUrl, { method: i % 13 === 0 ? 'PUT' : 'POST', body });
      await answer.body?.cancel();
    } catch {
      // A refused oversize body may reset the connection; that is the server protecting itself.
    }
  };
  const parallel = 16;
  for (let i = 0; i < count; i += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_unused, k) => post(i + k)));
  }
  // Streams opened and dropped, some with absurd ids.
  for (let i = 0; i < 200; i++) {
    const abort = new AbortController();
    const id = i % 2 === 0 ? `s${i}` : 'q'.repeat(400 + i);
    const answer = await fetch(`${httpUrl}/?subscriber_id=${id}`, { signal: abort.signal });
    abort.abort();
    await answer.body?.cancel().catch(() => undefined);
  }
  stream.abort();
}

it('survives 10,000+ malformed messages over WebSocket and HTTP with bounded memory while good clients keep syncing', async () => {
  const rssBefore = rssBytes(server.pid!);
  const good = await startGoodClients();
  const random = seededRandom(14);
  await Promise.all([fuzzWebSocket(6000, random), fuzzHttp(4200, random)]);
  // Every good publish lands: waited for, not slept on.
  await good.settle();
  good.stop();
  const sent = good.sent();
  const received = good.received();
  const rssAfter = rssBytes(server.pid!);
  console.log(
    `fuzz: 10,200 malformed messages; good clients sent ${sent}, received ${received}; server RSS ${(rssBefore / 1e6).toFixed(1)} → ${(rssAfter / 1e6).toFixed(1)} MB`,
  );
  expect(server.exitCode).toBeNull();
  expect(good.lostConnections).toEqual([]);
  expect(sent).toBeGreaterThan(20);
  expect(received).toBe(sent);
  expect(rssAfter - rssBefore).toBeLessThan(150 * 1024 * 1024);

  // And a fresh pair still finds each other afterwards.
  const after = await startGoodClients();
  await vi.waitFor(() => expect(after.sent()).toBeGreaterThan(3), { timeout: 10_000, interval: 20 });
  await after.settle();
  after.stop();
  expect(after.received()).toBe(after.sent());
});
