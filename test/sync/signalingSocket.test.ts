import { afterEach, expect, it } from 'vitest';
import type { SyncError } from 'wp-entities/sync';
import {
  FilteredSignalingSocket,
  setInboundSignalingFilter,
  setSignalingFailureReporter,
} from '../../src/sync/providers/signalingSocket.js';
import type { WebSocketLike } from '../../src/sync/providers/HttpSignaling.js';

/** A native WebSocket stand-in that throws on send unless open, as `ws` and browsers do. */
class FakeSocket implements WebSocketLike {
  static last: FakeSocket | undefined;
  readyState = 0;
  binaryType = 'blob';
  sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string): void {
    if (this.readyState !== 1) throw new Error(`WebSocket is not open: readyState ${this.readyState}`);
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const reports: { topics: string[]; error: SyncError }[] = [];
setSignalingFailureReporter((topics, error) => reports.push({ topics, error }));
afterEach(() => {
  reports.length = 0;
  setInboundSignalingFilter(() => true);
});

const publish = (topic: string, data: unknown): string => JSON.stringify({ type: 'publish', topic, data });

it('holds what is sent while connecting and sends it on open, without throwing', () => {
  const socket = new FilteredSignalingSocket('ws://127.0.0.1:1', FakeSocket);
  const native = FakeSocket.last!;
  expect(() => socket.send(publish('room', 'offer'))).not.toThrow();
  native.readyState = 1;
  native.onopen?.({});
  expect(native.sent).toEqual([publish('room', 'offer')]);
  expect(reports).toEqual([]);
});

it('drops what is sent on a closed connection and reports it to the rooms concerned, once', () => {
  const socket = new FilteredSignalingSocket('ws://127.0.0.1:1', FakeSocket);
  const native = FakeSocket.last!;
  native.readyState = 2;
  expect(() => socket.send(publish('room-a', 'candidate'))).not.toThrow();
  socket.send(publish('room-a', 'candidate 2'));
  expect(native.sent).toEqual([]);
  expect(reports).toHaveLength(1);
  expect(reports[0]!.topics).toEqual(['room-a']);
  expect(reports[0]!.error.code).toBe('connection-failed');
  expect(reports[0]!.error.message).toMatch(/closing/);
});

it('reports messages still waiting when the connection closes before it opened', () => {
  const socket = new FilteredSignalingSocket('ws://127.0.0.1:1', FakeSocket);
  socket.send(publish('room-b', 'answer'));
  FakeSocket.last!.close();
  expect(reports.map((report) => report.topics)).toEqual([['room-b']]);
});

it('turns a throw while y-webrtc handles a message into a report and keeps delivering the next ones', async () => {
  const socket = new FilteredSignalingSocket('ws://127.0.0.1:1', FakeSocket);
  const native = FakeSocket.last!;
  const delivered: unknown[] = [];
  socket.onmessage = ({ data }) => {
    if (String(data).includes('boom'))
      throw new TypeError("Cannot set properties of undefined (setting 'glareToken')");
    delivered.push(data);
  };
  native.onmessage?.({ data: publish('room-c', 'boom') });
  native.onmessage?.({ data: publish('room-c', 'fine') });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(delivered).toEqual([publish('room-c', 'fine')]);
  expect(reports).toHaveLength(1);
  expect(reports[0]!.error.code).toBe('unknown-message');
  expect(reports[0]!.topics).toEqual(['room-c']);
});

it('runs an admission at delivery time, and delivers only what it hands over', async () => {
  const socket = new FilteredSignalingSocket('ws://127.0.0.1:1', FakeSocket);
  const native = FakeSocket.last!;
  const delivered: unknown[] = [];
  socket.onmessage = ({ data }) => delivered.push(data);
  let isConnectionOpen = true;
  setInboundSignalingFilter(async () => (deliver) => {
    if (isConnectionOpen) deliver('admitted');
  });
  native.onmessage?.({ data: publish('room-d', 'answer') });
  // The connection closes after the filter looked at the message but before delivery.
  isConnectionOpen = false;
  native.onmessage?.({ data: publish('room-d', 'answer 2') });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(delivered).toEqual([]);
  isConnectionOpen = true;
  native.onmessage?.({ data: publish('room-d', 'answer 3') });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(delivered).toEqual(['admitted']);
});
