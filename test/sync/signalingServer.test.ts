import { afterEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { HttpSignalingSocket, webrtcProvider } from 'wp-entities/sync';
import { createSignalingServer, type SignalingServer } from 'wp-entities/sync/server';
import type { SyncError } from 'wp-entities';
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
