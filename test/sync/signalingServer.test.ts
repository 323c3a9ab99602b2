import { afterEach, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { webrtcProvider } from 'wp-entities/sync';
import { HttpSignalingSocket } from '../../src/sync/providers/HttpSignaling.js';
import { createSignalingServer, type SignalingServer } from 'wp-entities/sync/server';
import type { SyncError } from 'wp-entities/sync';
import type { Transport } from '../../core/transport/types.js';

let server: SignalingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function nextMessage(socket: { onmessage: ((event: { data: unknown }) => void) | null }): Promise<unknown> {
  return new Promise((resolve) => {
    socket.onmessage = ({ data }) => resolve(JSON.parse(String(data)));
  });
}

async function openHttp(url: string): Promise<HttpSignalingSocket> {
  const socket = new HttpSignalingSocket(url);
  await new Promise((resolve) => {
    socket.onopen = resolve;
  });
  return socket;
}

it('binds to 127.0.0.1 by default and serves both transports from one port', async () => {
  server = await createSignalingServer({ port: 0 });
  expect(server.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
  expect(server.httpUrl).toBe(server.wsUrl.replace('ws://', 'http://'));
  expect(await (await fetch(server.httpUrl)).text()).toBe('okay');
});

it('lets a WebSocket client and an HTTP client in the same topic hear each other', async () => {
  server = await createSignalingServer({ port: 0 });
  const ws = new WebSocket(server.wsUrl);
  await new Promise((resolve) => ws.once('open', resolve));
  const http = await openHttp(server.httpUrl);
  ws.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
  http.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
  await new Promise((resolve) => setTimeout(resolve, 50));

  const wsHeard = new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
  const httpHeard = nextMessage(http);
  http.send(JSON.stringify({ type: 'publish', topic: 'room', data: { from: 'http' } }));
  expect(await wsHeard).toEqual({ type: 'publish', topic: 'room', data: { from: 'http' }, clients: 2 });
  expect(await httpHeard).toEqual({ type: 'publish', topic: 'room', data: { from: 'http' }, clients: 2 });
  ws.close();
  http.close();
});

it('answers a ping on the HTTP event stream with a pong (lib0 would call a silent stream dead)', async () => {
  server = await createSignalingServer({ port: 0 });
  const http = await openHttp(server.httpUrl);
  const heard = nextMessage(http);
  http.send(JSON.stringify({ type: 'ping' }));
  expect(await heard).toEqual({ type: 'pong' });
  http.close();
});

it('closes an HTTP signalling socket when the server goes away, so lib0 reconnects', async () => {
  server = await createSignalingServer({ port: 0 });
  const http = await openHttp(server.httpUrl);
  const closed = new Promise((resolve) => {
    http.onclose = resolve;
  });
  await server.close();
  await closed;
  expect(http.readyState).toBe(3);
});

it('reports no-webrtc through the context instead of throwing when WebRTC is missing', () => {
  const doc = new Y.Doc();
  const errors: SyncError[] = [];
  const statuses: string[] = [];
  const room = webrtcProvider({ signaling: ['ws://127.0.0.1:9'] })({
    room: 'no-webrtc-room',
    doc,
    awareness: new Awareness(doc),
    transport: {} as Transport,
    setStatus: (status) => statuses.push(status),
    reportError: (error) => errors.push(error),
  });
  expect(errors.map((error) => error.code)).toEqual(['no-webrtc']);
  expect(statuses.at(-1)).toBe('disconnected');
  void room.destroy();
  expect(statuses.at(-1)).toBe('destroyed');
});

it('applies the messages of one batched POST in order and says it takes batches', async () => {
  server = await createSignalingServer({ port: 0 });
  const http = await openHttp(server.httpUrl);
  http.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const heard: unknown[] = [];
  http.onmessage = ({ data }) => heard.push(JSON.parse(String(data)));
  // A raw batched POST from a second subscriber: subscribe, then two publishes, in one request.
  const other = new URL(server.httpUrl);
  other.searchParams.set('subscriber_id', 'batcher');
  const stream = await fetch(other, { headers: { accept: 'text/event-stream' } });
  expect(stream.headers.get('x-signaling-batch-max')).toBe('64');
  const body = new URLSearchParams({ subscriber_id: 'batcher' });
  body.append('message', JSON.stringify({ type: 'subscribe', topics: ['room'] }));
  body.append('message', JSON.stringify({ type: 'publish', topic: 'room', data: 1 }));
  body.append('message', 'not json');
  body.append('message', JSON.stringify({ type: 'publish', topic: 'room', data: 2 }));
  const answer = await fetch(server.httpUrl, { method: 'POST', body });
  expect(answer.status).toBe(204);
  expect(answer.headers.get('x-signaling-batch-max')).toBe('64');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard.map((message) => (message as { data: unknown }).data)).toEqual([1, 2]);
  await stream.body?.cancel();
  http.close();
});

it('applies numbered POSTs in number order, whatever order they arrive in', async () => {
  server = await createSignalingServer({ port: 0 });
  const listener = await openHttp(server.httpUrl);
  listener.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const heard: unknown[] = [];
  listener.onmessage = ({ data }) => heard.push((JSON.parse(String(data)) as { data: unknown }).data);
  const url = new URL(server.httpUrl);
  url.searchParams.set('subscriber_id', 'numbered');
  const stream = await fetch(url, { headers: { accept: 'text/event-stream' } });
  const post = (seq: number, message: object): Promise<Response> =>
    fetch(server!.httpUrl, {
      method: 'POST',
      body: new URLSearchParams({
        subscriber_id: 'numbered',
        seq: String(seq),
        message: JSON.stringify(message),
      }),
    });
  expect((await post(2, { type: 'publish', topic: 'room', data: 'third' })).status).toBe(204);
  expect((await post(1, { type: 'publish', topic: 'room', data: 'second' })).status).toBe(204);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(heard).toEqual([]); // 0 is missing: nothing applied yet
  expect((await post(0, { type: 'publish', topic: 'room', data: 'first' })).status).toBe(204);
  expect((await post(1, { type: 'publish', topic: 'room', data: 'repeat' })).status).toBe(204);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toEqual(['first', 'second', 'third']);
  await stream.body?.cancel();
  listener.close();
});

it('sends what an HTTP signalling client queues in one tick in fewer POSTs, in order', async () => {
  server = await createSignalingServer({ port: 0 });
  const listener = await openHttp(server.httpUrl);
  listener.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const heard: unknown[] = [];
  listener.onmessage = ({ data }) => heard.push((JSON.parse(String(data)) as { data: unknown }).data);
  const realFetch = globalThis.fetch;
  let posts = 0;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    // An upstream refused on the way (as by a proxy that wants a length): the client keeps to POSTs.
    if (String(input).includes('upstream=1')) return Promise.reject(new TypeError('fetch failed'));
    if (init?.method === 'POST') posts += 1;
    return realFetch(input, init);
  }) as typeof fetch;
  try {
    const sender = await openHttp(server.httpUrl);
    for (let i = 0; i < 20; i++) sender.send(JSON.stringify({ type: 'publish', topic: 'room', data: i }));
    await vi.waitFor(() => expect(heard).toHaveLength(20), { timeout: 5000 });
    expect(heard).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(posts).toBe(1);
    sender.close();
  } finally {
    globalThis.fetch = realFetch;
  }
  listener.close();
});

/** Counts the message POSTs and the upstreams the HTTP signalling clients make while `run` runs. */
async function countingPosts<T>(
  run: (counts: { posts: number; upstreams: number }) => Promise<T>,
): Promise<T> {
  const realFetch = globalThis.fetch;
  const counts = { posts: 0, upstreams: 0 };
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      if (String(input).includes('upstream=1')) counts.upstreams += 1;
      else counts.posts += 1;
    }
    return realFetch(input, init);
  }) as typeof fetch;
  try {
    return await run(counts);
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** A listener subscribed to 'room' on a WebSocket, with what it hears. */
async function wsListener(url: string): Promise<{ heard: unknown[]; close(): void }> {
  const ws = new WebSocket(url);
  await new Promise((resolve) => ws.once('open', resolve));
  const heard: unknown[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; data?: unknown };
    if (message.type === 'publish') heard.push(message.data);
  });
  ws.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { heard, close: () => ws.close() };
}

it("sends an HTTP signalling client's messages on one upstream once the server confirms it, with nothing reordered", async () => {
  server = await createSignalingServer({ port: 0 });
  const listener = await wsListener(server.wsUrl);
  await countingPosts(async (counts) => {
    const sender = await openHttp(server!.httpUrl);
    // Messages in many ticks from the moment it opens: the upstream carries them all.
    for (let i = 0; i < 30; i++) {
      sender.send(JSON.stringify({ type: 'publish', topic: 'room', data: i }));
      await new Promise((resolve) => setTimeout(resolve, i < 10 ? 0 : 5));
    }
    await vi.waitFor(() => expect(listener.heard).toHaveLength(30), { timeout: 10_000 });
    expect(listener.heard).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(counts.upstreams).toBe(1);
    // (On a very busy machine the confirmation may take longer than its wait: POSTs carry the first.)
    const isConfirmed = (): boolean =>
      (sender as unknown as { upstream?: { isReady: boolean } }).upstream?.isReady === true;
    await vi.waitFor(() => expect(isConfirmed()).toBe(true), { timeout: 10_000 });
    const postsBefore = counts.posts;
    for (let i = 30; i < 60; i++) sender.send(JSON.stringify({ type: 'publish', topic: 'room', data: i }));
    await vi.waitFor(() => expect(listener.heard).toHaveLength(60), { timeout: 10_000 });
    expect(listener.heard).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(counts.posts).toBe(postsBefore); // the upstream carried them all
    sender.close();
  });
  listener.close();
});

it('renews the upstream without losing or reordering a message sent meanwhile', async () => {
  server = await createSignalingServer({ port: 0 });
  const listener = await wsListener(server.wsUrl);
  await countingPosts(async (counts) => {
    const sender = await openHttp(server!.httpUrl);
    const rotate = (): void => (sender as unknown as { rotateUpstream(): void }).rotateUpstream();
    for (let i = 0; i < 40; i++) {
      sender.send(JSON.stringify({ type: 'publish', topic: 'room', data: i }));
      if (i % 10 === 9) {
        await vi.waitFor(() => expect(counts.upstreams).toBeGreaterThan(0));
        await new Promise((resolve) => setTimeout(resolve, 30));
        rotate();
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await vi.waitFor(() => expect(listener.heard).toHaveLength(40), { timeout: 10_000 });
    expect(listener.heard).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(counts.upstreams).toBeGreaterThanOrEqual(4);
    sender.close();
  });
  listener.close();
});

it('bounds upstreams: unknown subscriber 404, a second one 409, an endless line 413, bad lines dropped', async () => {
  server = await createSignalingServer({ port: 0 });
  const listener = await wsListener(server.wsUrl);
  const upstreamUrl = (subscriber: string): URL => {
    const url = new URL(server!.httpUrl);
    url.searchParams.set('subscriber_id', subscriber);
    url.searchParams.set('upstream', '1');
    return url;
  };
  const post = (subscriber: string, body: string): Promise<Response> =>
    fetch(upstreamUrl(subscriber), { method: 'POST', body });
  expect((await post('nobody', '\n')).status).toBe(404);

  const streamUrl = new URL(server.httpUrl);
  streamUrl.searchParams.set('subscriber_id', 'raw');
  const stream = await fetch(streamUrl, { headers: { accept: 'text/event-stream' } });
  expect(stream.headers.get('x-signaling-upstream')).toBe('1');
  // A finished body is an upstream too: the greeting, a malformed line, a good one.
  const good = JSON.stringify({ type: 'publish', topic: 'room', data: 'kept' });
  expect((await post('raw', `\n{not json\n${good}\n`)).status).toBe(204);
  await vi.waitFor(() => expect(listener.heard).toEqual(['kept']));

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (start) => void (controller = start) });
  controller.enqueue(new TextEncoder().encode('\n'));
  const open = fetch(upstreamUrl('raw'), { method: 'POST', body, duplex: 'half' } as RequestInit);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect((await post('raw', '\n')).status).toBe(409);
  // No newline for longer than a message may be: the server ends this upstream.
  controller.enqueue(new TextEncoder().encode('x'.repeat(70 * 1024)));
  expect((await open).status).toBe(413);
  await stream.body?.cancel();
  listener.close();
});
