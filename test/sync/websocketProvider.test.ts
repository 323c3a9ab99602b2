/**
 * websocketProvider's own behaviour, with a scripted WebSocket and fake timers: when it
 * reconnects, what a refusal does, what destroy leaves behind. (Real servers: test/sync-slow.)
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { ArgumentError, type SyncError } from '../../core/errors.js';
import type { ConnectionStatus, ProviderContext } from '../../src/sync/providers/provider.js';
import { reconnectDelayMs } from '../../src/sync/providers/reconnectDelay.js';
import { websocketProvider, type WebSocketConstructor } from '../../src/sync/providers/websocketProvider.js';
import type { Transport } from '../../core/transport/types.js';

/** What the fake server does with each new socket. */
type Script = (socket: ScriptedSocket) => void;

class ScriptedSocket extends EventTarget {
  static script: Script = () => {};
  static opened: Array<{ socket: ScriptedSocket; at: number }> = [];
  readyState = 0;
  binaryType = 'arraybuffer';
  readonly sent: Uint8Array[] = [];
  constructor(readonly url: string) {
    super();
    ScriptedSocket.opened.push({ socket: this, at: Date.now() });
    queueMicrotask(() => ScriptedSocket.script(this));
  }
  send(data: Uint8Array): void {
    this.sent.push(data);
  }
  close(code = 1000, reason = ''): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }
  open(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  fail(): void {
    this.dispatchEvent(new Event('error'));
    this.close();
  }
  receive(data: Uint8Array): void {
    this.dispatchEvent(
      Object.assign(new Event('message'), {
        data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
      }),
    );
  }
  /** The rooms this socket sent an authentication message for, with their tokens. */
  tokens(): string[] {
    return this.sent.flatMap((frame) => {
      const decoder = decoding.createDecoder(frame);
      decoding.readVarString(decoder);
      if (decoding.readVarUint(decoder) !== 2) return [];
      decoding.readVarUint(decoder);
      return [decoding.readVarString(decoder)];
    });
  }
}

/** Hocuspocus's reply to an authentication message: 1 = permission denied, 2 = authenticated. */
function authReply(room: string, kind: 1 | 2, text: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, 2);
  encoding.writeVarUint(encoder, kind);
  encoding.writeVarString(encoder, text);
  return encoding.toUint8Array(encoder);
}

/** The server's sync step 2 (an empty document): what makes the client 'connected'. */
function syncStep2(room: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint8Array(encoder, Y.encodeStateAsUpdate(new Y.Doc()));
  return encoding.toUint8Array(encoder);
}

const ROOM = 'wp.test/wp-json/postType/post/5';

function makeContext(authorization?: string) {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  const statuses: ConnectionStatus[] = [];
  const errors: SyncError[] = [];
  const transport = { authorization } as unknown as Transport;
  const context: ProviderContext = {
    room: ROOM,
    doc,
    awareness,
    transport,
    setStatus: (status) => statuses.push(status),
    reportError: (error) => errors.push(error),
  };
  return { context, statuses, errors, doc, awareness };
}

const factory = (token?: () => string) =>
  websocketProvider({
    url: 'ws://sync.test',
    WebSocket: ScriptedSocket as unknown as WebSocketConstructor,
    ...(token ? { token } : {}),
  });

beforeEach(() => {
  vi.useFakeTimers();
  ScriptedSocket.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('websocketProvider', () => {
  it("sends the transport's Authorization as its token and reports connected after the first sync", async () => {
    ScriptedSocket.script = (socket) => {
      socket.open();
      socket.receive(authReply(ROOM, 2, 'read-write'));
      socket.receive(syncStep2(ROOM));
    };
    const { context, statuses } = makeContext('Basic YW5hOnB3');
    const provider = factory()(context);
    await vi.advanceTimersByTimeAsync(10);

    expect(ScriptedSocket.opened[0]?.socket.tokens()).toEqual(['Basic YW5hOnB3']);
    expect(statuses.at(-1)).toBe('connected');
    await provider.destroy();
  });

  it('prefers the token option over the transport', async () => {
    ScriptedSocket.script = (socket) => socket.open();
    const { context } = makeContext('Basic transport');
    const provider = factory(() => 'Bearer option')(context);
    await vi.advanceTimersByTimeAsync(10);

    expect(ScriptedSocket.opened[0]?.socket.tokens()).toEqual(['Bearer option']);
    await provider.destroy();
  });

  it('retries a server that is down after min(1200 ms × log10(failures + 1), 2500 ms)', async () => {
    ScriptedSocket.script = (socket) => socket.fail();
    const { context, statuses, errors } = makeContext('Basic x');
    const provider = factory()(context);
    await vi.advanceTimersByTimeAsync(30_000);

    const starts = ScriptedSocket.opened.map((entry) => entry.at);
    const waits = starts.slice(1).map((at, i) => at - (starts[i] as number));
    expect(waits.slice(0, 4)).toEqual([1, 2, 3, 4].map((failures) => Math.floor(reconnectDelayMs(failures))));
    expect(Math.max(...waits)).toBeLessThanOrEqual(2500);
    expect(statuses).toContain('disconnected');
    // One error per outage, not one per attempt.
    expect(errors.map((error) => error.code)).toEqual(['connection-failed']);
    await provider.destroy();
  });

  it('starts counting again after a successful connection', async () => {
    let attempt = 0;
    ScriptedSocket.script = (socket) => {
      attempt += 1;
      if (attempt === 3) {
        socket.open();
        socket.receive(authReply(ROOM, 2, 'read-write'));
        setTimeout(() => socket.close(), 5_000);
      } else socket.fail();
    };
    const { context } = makeContext('Basic x');
    const provider = factory()(context);
    await vi.advanceTimersByTimeAsync(8_000);

    const starts = ScriptedSocket.opened.map((entry) => entry.at);
    // attempts 1, 2 fail; 3 holds for 5 s; the drop is failure #1 again: 361 ms.
    expect((starts[3] as number) - (starts[2] as number)).toBe(5_000 + Math.floor(reconnectDelayMs(1)));
    await provider.destroy();
  });

  it('turns a refusal into a forbidden SyncError, status disconnected, and never retries', async () => {
    ScriptedSocket.script = (socket) => {
      socket.open();
      socket.receive(authReply(ROOM, 1, 'forbidden'));
    };
    const { context, statuses, errors } = makeContext('Basic x');
    const provider = factory()(context);
    await vi.advanceTimersByTimeAsync(20_000);

    expect(errors.map((error) => error.code)).toEqual(['forbidden']);
    expect(errors[0]?.message).toContain(ROOM);
    expect(statuses.at(-1)).toBe('disconnected');
    expect(statuses).not.toContain('connected');
    expect(ScriptedSocket.opened).toHaveLength(1);
    await provider.destroy();
  });

  it('retries a room refused as unavailable (WordPress slow or down) until it is let in', async () => {
    ScriptedSocket.script = (socket) => {
      socket.open();
      if (ScriptedSocket.opened.length <= 2) {
        socket.receive(authReply(ROOM, 1, 'unavailable'));
        socket.close(4503, 'unavailable');
        return;
      }
      socket.receive(authReply(ROOM, 2, 'read-write'));
      socket.receive(syncStep2(ROOM));
    };
    const { context, statuses, errors } = makeContext('Basic x');
    const provider = factory()(context);
    await vi.advanceTimersByTimeAsync(5_000);

    expect(ScriptedSocket.opened).toHaveLength(3);
    expect(statuses.at(-1)).toBe('connected');
    expect(errors.map((error) => error.code)).toEqual(['connection-failed']);
    await provider.destroy();
  });

  it('stops at a connection closed as permission-revoked and says why', async () => {
    ScriptedSocket.script = (socket) => {
      socket.open();
      socket.receive(authReply(ROOM, 2, 'read-write'));
      socket.receive(syncStep2(ROOM));
      setTimeout(() => socket.close(4403, 'permission-revoked'), 1_000);
    };
    const { context, statuses, errors } = makeContext('Basic x');
    const provider = factory()(context);
    await vi.advanceTimersByTimeAsync(20_000);

    expect(errors.map((error) => error.code)).toEqual(['forbidden']);
    expect(errors[0]?.message).toContain('permission-revoked');
    expect(statuses.at(-1)).toBe('disconnected');
    expect(ScriptedSocket.opened).toHaveLength(1);
    await provider.destroy();
  });

  it('on destroy stops reconnecting, reports destroyed and leaves the shared awareness alive', async () => {
    ScriptedSocket.script = (socket) => socket.fail();
    const { context, statuses, awareness, doc } = makeContext('Basic x');
    awareness.setLocalState({ user: 'ana' });
    const provider = factory()(context);
    await vi.advanceTimersByTimeAsync(100);
    await provider.destroy();
    await provider.destroy();
    const attempts = ScriptedSocket.opened.length;
    await vi.advanceTimersByTimeAsync(10_000);

    expect(ScriptedSocket.opened).toHaveLength(attempts);
    expect(statuses.at(-1)).toBe('destroyed');
    expect(awareness.getLocalState()).toEqual({ user: 'ana' });
    doc.getMap('edits').set('title', 'after destroy');
    expect(ScriptedSocket.opened.every(({ socket }) => socket.readyState === 3)).toBe(true);
  });

  it('refuses a URL that is not ws(s)', () => {
    expect(() => websocketProvider({ url: 'http://sync.test' })).toThrow(ArgumentError);
  });
});
