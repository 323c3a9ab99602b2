/**
 * Drives the sync server at the provider level, without the sync core: a Y.Doc and an awareness,
 * `websocketProvider`'s factory, and a ProviderContext built here that records every status and
 * error. The WebSocket is `ws` with every incoming frame recorded, so tests can prove what a
 * refused client received.
 */
import { WebSocket as NodeWebSocket } from 'ws';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { SyncError } from '../../core/errors.js';
import type { ConnectionStatus, ProviderContext, RoomProvider } from '../../src/sync/providers/provider.js';
import { websocketProvider, type WebSocketConstructor } from '../../src/sync/providers/websocketProvider.js';
import type { Transport } from '../../core/transport/types.js';

/** One editor in a room. */
export interface ServerClient {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  /** Every status the provider reported, in order. */
  readonly statuses: ConnectionStatus[];
  /** Every error the provider reported. */
  readonly errors: SyncError[];
  /** Every frame the server sent this client, as bytes. */
  readonly received: Uint8Array[];
  /** Resolves when the provider reports `status` (rejects after `timeoutMs`). */
  waitForStatus(status: ConnectionStatus, timeoutMs?: number): Promise<void>;
  /** Resolves when `check()` is true after a document change (rejects after `timeoutMs`). */
  waitFor(check: () => boolean, timeoutMs?: number): Promise<void>;
  destroy(): void;
}

/** A transport that only carries an Authorization header: all the provider reads from it. */
function headerOnlyTransport(authorization: string | undefined): Transport {
  const unused = (): never => {
    throw new Error('The sync-server tests never send REST requests through the store transport.');
  };
  return { request: unused, fetchAll: unused, allowedMethods: unused, batch: unused, authorization };
}

/** A `ws` WebSocket class that appends every incoming frame to `sink`. */
function recordingWebSocket(sink: Uint8Array[]): WebSocketConstructor {
  class RecordingWebSocket extends NodeWebSocket {
    constructor(url: string) {
      super(url);
      this.on('message', (data: Buffer) => sink.push(new Uint8Array(data)));
    }
  }
  return RecordingWebSocket as unknown as WebSocketConstructor;
}

/**
 * Opens `room` on the sync server at `url`. `authorization` goes into the transport (the
 * provider's default token); `token` overrides it like the option does.
 */
export function connectServerClient(options: {
  url: string;
  room: string;
  authorization?: string;
  token?: () => string | Promise<string>;
  doc?: Y.Doc;
}): ServerClient {
  const doc = options.doc ?? new Y.Doc();
  const awareness = new Awareness(doc);
  const statuses: ConnectionStatus[] = [];
  const errors: SyncError[] = [];
  const received: Uint8Array[] = [];
  const statusListeners = new Set<() => void>();
  const context: ProviderContext = {
    room: options.room,
    doc,
    awareness,
    transport: headerOnlyTransport(options.authorization),
    setStatus(status) {
      statuses.push(status);
      for (const listener of [...statusListeners]) listener();
    },
    reportError(error) {
      errors.push(error);
    },
  };
  const factory = websocketProvider({
    url: options.url,
    WebSocket: recordingWebSocket(received),
    ...(options.token ? { token: options.token } : {}),
  });
  const provider: RoomProvider = factory(context);

  const waitForStatus = (status: ConnectionStatus, timeoutMs = 20_000): Promise<void> =>
    new Promise((resolve, reject) => {
      if (statuses.at(-1) === status) return resolve();
      const timer = setTimeout(() => {
        statusListeners.delete(listener);
        reject(
          new Error(
            `${options.room}: no status "${status}" within ${timeoutMs} ms (saw ${statuses.join(', ')})`,
          ),
        );
      }, timeoutMs);
      const listener = (): void => {
        if (statuses.at(-1) !== status) return;
        clearTimeout(timer);
        statusListeners.delete(listener);
        resolve();
      };
      statusListeners.add(listener);
    });

  const waitFor = (check: () => boolean, timeoutMs = 20_000): Promise<void> =>
    new Promise((resolve, reject) => {
      if (check()) return resolve();
      const onUpdate = (): void => {
        if (!check()) return;
        clearTimeout(timer);
        doc.off('update', onUpdate);
        resolve();
      };
      const timer = setTimeout(() => {
        doc.off('update', onUpdate);
        reject(new Error(`${options.room}: condition not met within ${timeoutMs} ms`));
      }, timeoutMs);
      doc.on('update', onUpdate);
    });

  return {
    doc,
    awareness,
    statuses,
    errors,
    received,
    waitForStatus,
    waitFor,
    destroy() {
      void provider.destroy();
      awareness.destroy();
    },
  };
}

/** Polls `check` every 25 ms until it is true; rejects after `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
