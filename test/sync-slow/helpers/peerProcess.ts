/**
 * One WebRTC peer in its own Node process (y-webrtc's BroadcastChannel would otherwise connect
 * peers of one process behind WebRTC's back). Driven over IPC by {@link PeerPool}: each request
 * `{ id, command, ... }` gets one reply `{ id, result }` or `{ id, error }`. A peer may be in
 * several rooms at once; each room has a Y.Doc with a map `fields` and a text `content`.
 * Started with `--plain`, `join` uses y-webrtc as it comes (no webrtcProvider), for comparisons.
 */
import wrtc from '@roamhq/wrtc';
import { WebrtcProvider } from 'y-webrtc';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import type { Transport } from '../../../core/transport/types.js';
import { webrtcProvider } from '../../../src/sync/providers/webrtcProvider.js';
import type { RoomProvider } from '../../../src/sync/providers/provider.js';
import type { PeerCommand, PeerRoomState } from './peerProtocol.js';
import { reaction } from 'mobx';
import { PostTypeConfig, RootStore, type EntityRecord } from '../../../src/index.js';
// Importing the sync entry registers the engine `new RootStore({ sync })` uses.
import '../../../src/sync/index.js';

/** A RootStore in collaborative mode, with post 1 (received from a fake server) open in one room. */
interface StoreRoom {
  store: RootStore;
  record: EntityRecord<object>;
  joinedAtMs: number;
  stopEcho?: () => void;
}
const storeRooms = new Map<string, StoreRoom>();

const offlineTransport = {
  request: () => Promise.reject(new Error('offline peer')),
  fetchAll: () => Promise.reject(new Error('offline peer')),
  allowedMethods: () => Promise.reject(new Error('offline peer')),
  batch: () => Promise.reject(new Error('offline peer')),
} as unknown as Transport;

/** Post 1 as WordPress sends it with context=edit (~5 KB of JSON), parsed like a response. */
const POST_JSON = JSON.stringify({
  id: 1,
  type: 'post',
  status: 'draft',
  slug: 'collaborative-editing',
  title: { raw: 'Collaborative editing', rendered: 'Collaborative editing' },
  excerpt: { raw: '', rendered: '', protected: false },
  content: {
    raw: '<!-- wp:paragraph --><p>Saved text.</p><!-- /wp:paragraph -->'.repeat(60),
    rendered: '',
    protected: false,
  },
  categories: [1],
  tags: [],
  meta: { footnotes: '' },
});

function storeRoom(name: string): StoreRoom {
  const room = storeRooms.get(name);
  if (!room) throw new Error(`no store in room ${name}`);
  return room;
}

function fieldOf(record: EntityRecord<object>, field: string): string {
  return String((record.edited as Record<string, unknown>)[field] ?? '');
}

interface JoinedRoom {
  doc: Y.Doc;
  provider: RoomProvider;
  joinedAtMs: number;
  statuses: { status: string; atMs: number }[];
  errors: { code: string; message: string }[];
}

const rooms = new Map<string, JoinedRoom>();
const isPlain = process.argv.includes('--plain');
if (isPlain) (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;

/** Failures that escaped every handler: the library promises there are none (plain y-webrtc has some). */
const escapedErrors: string[] = [];
/** Times at which signalling sockets were opened and closed, for the reconnect-delay checks. */
const signalingEvents: { url: string; kind: 'open-attempt' | 'open' | 'closed'; atMs: number }[] = [];
let isWatchingSockets = false;

process.on('unhandledRejection', (reason) => {
  escapedErrors.push(`unhandled rejection: ${String(reason)}`);
});
// Recorded instead of ending the process, so a test can count them (the process would otherwise
// die and the test could not tell this from a native crash).
process.on('uncaughtException', (error) => {
  escapedErrors.push(`uncaught exception: ${String(error)}`);
});
// The driver going away ends the peer: no orphan processes after a crashed test run.
process.on('disconnect', () => process.exit(0));

/** Records every signalling socket opened through the dispatcher webrtcProvider installed. */
function watchSignalingSockets(): void {
  if (isWatchingSockets) return;
  const Dispatcher = (globalThis as { WebSocket?: unknown }).WebSocket as
    (new (url: string, protocols?: string | string[]) => { onclose: unknown }) | undefined;
  if (!Dispatcher) return;
  isWatchingSockets = true;
  function Recording(url: string, protocols?: string | string[]): object {
    signalingEvents.push({ url, kind: 'open-attempt', atMs: Date.now() });
    const socket = protocols === undefined ? new Dispatcher!(url) : new Dispatcher!(url, protocols);
    let openHandler: ((event: unknown) => void) | null = null;
    Object.defineProperty(socket, 'onopen', {
      configurable: true,
      get: () => openHandler,
      set: (next: ((event: unknown) => void) | null) => {
        openHandler =
          next &&
          ((event: unknown) => {
            signalingEvents.push({ url, kind: 'open', atMs: Date.now() });
            next(event);
          });
      },
    });
    let handler: ((event: unknown) => void) | null = null;
    Object.defineProperty(socket, 'onclose', {
      configurable: true,
      get: () => handler,
      set: (next: ((event: unknown) => void) | null) => {
        handler =
          next &&
          ((event: unknown) => {
            signalingEvents.push({ url, kind: 'closed', atMs: Date.now() });
            next(event);
          });
      },
    });
    return socket;
  }
  Recording.prototype = Dispatcher.prototype;
  (globalThis as { WebSocket?: unknown }).WebSocket = Recording;
}

function roomState(name: string): PeerRoomState {
  const room = rooms.get(name);
  if (!room) throw new Error(`not in room ${name}`);
  return {
    fields: room.doc.getMap('fields').toJSON() as Record<string, unknown>,
    content: room.doc.getText('content').toString(),
    statuses: room.statuses,
    errors: room.errors,
    escapedErrors,
  };
}

function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const started = Date.now();
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }
    }, 5);
  });
}

async function run(command: PeerCommand): Promise<unknown> {
  switch (command.command) {
    case 'join': {
      const doc = new Y.Doc();
      const statuses: JoinedRoom['statuses'] = [];
      const errors: JoinedRoom['errors'] = [];
      if (isPlain) {
        const plain = new WebrtcProvider(command.room, doc, {
          signaling: command.signaling,
          awareness: new Awareness(doc),
          peerOpts: { wrtc, config: { iceServers: [] } },
          ...(command.password === undefined ? {} : { password: command.password }),
        });
        const provider: RoomProvider = {
          kind: 'network',
          whenLoaded: Promise.resolve(),
          destroy: () => plain.destroy(),
        };
        rooms.set(command.room, { doc, provider, joinedAtMs: Date.now(), statuses, errors });
        setTimeout(watchSignalingSockets, 50);
        return null;
      }
      const factory = webrtcProvider({
        signaling: command.signaling,
        ...(command.password === undefined ? {} : { password: command.password }),
        peerOpts: { wrtc, config: { iceServers: [] } },
      });
      const provider = factory({
        room: command.room,
        doc,
        awareness: new Awareness(doc),
        transport: {} as Transport,
        setStatus: (status) => statuses.push({ status, atMs: Date.now() }),
        reportError: (error) => errors.push({ code: error.code, message: error.message }),
      });
      rooms.set(command.room, { doc, provider, joinedAtMs: Date.now(), statuses, errors });
      // The dispatcher is installed once the provider has started (after a dynamic import).
      setTimeout(watchSignalingSockets, 50);
      return null;
    }
    case 'leave': {
      const room = rooms.get(command.room);
      rooms.delete(command.room);
      if (room) {
        await room.provider.destroy();
        room.doc.destroy();
      }
      return null;
    }
    case 'set': {
      rooms.get(command.room)?.doc.getMap('fields').set(command.key, command.value);
      return null;
    }
    case 'type': {
      const text = rooms.get(command.room)?.doc.getText('content');
      text?.insert(Math.min(command.at ?? text.length, text.length), command.text);
      return null;
    }
    case 'state':
      return roomState(command.room);
    case 'waitFor': {
      const room = rooms.get(command.room);
      if (!room) throw new Error(`not in room ${command.room}`);
      const fields = room.doc.getMap('fields');
      const content = room.doc.getText('content');
      await waitUntil(
        () =>
          Object.entries(command.fields ?? {}).every(([key, value]) => fields.get(key) === value) &&
          (command.contentIncludes ?? []).every((part) => content.toString().includes(part)) &&
          content.length >= (command.contentLength ?? 0),
        command.timeoutMs,
        `room ${command.room} to have ${JSON.stringify(command)}`,
      );
      return { sinceJoinMs: Date.now() - room.joinedAtMs };
    }
    case 'echo': {
      // This peer answers every keystroke it sees in `content` with the text's new length in `ack`.
      const room = rooms.get(command.room);
      const content = room?.doc.getText('content');
      content?.observe((_event, transaction) => {
        if (!transaction.local) room?.doc.getMap('fields').set('ack', content.length);
      });
      return null;
    }
    case 'keystrokes': {
      const room = rooms.get(command.room);
      if (!room) throw new Error(`not in room ${command.room}`);
      const content = room.doc.getText('content');
      const fields = room.doc.getMap('fields');
      const durations: number[] = [];
      for (let i = 0; i < command.count; i++) {
        const started = performance.now();
        content.insert(content.length, 'x');
        const expected = content.length;
        await new Promise<void>((resolve) => {
          const check = (): void => {
            if (fields.get('ack') === expected) {
              fields.unobserve(check);
              resolve();
            }
          };
          fields.observe(check);
        });
        durations.push(performance.now() - started);
      }
      return durations;
    }
    case 'storeJoin': {
      const store = new RootStore({
        transport: offlineTransport,
        sync: {
          user: { id: command.user, name: `User ${command.user}`, color: '#c2185b' },
          providers: [
            webrtcProvider({
              signaling: command.signaling,
              ...(command.password === undefined ? {} : { password: command.password }),
              peerOpts: { wrtc, config: { iceServers: [] } },
            }),
          ],
          room: () => command.room,
        },
      });
      store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' }));
      store.collection('postType', 'post').receive(JSON.parse(POST_JSON) as Record<string, unknown>);
      const record = store.record('postType', 'post', 1) as EntityRecord<object>;
      const joinedAtMs = Date.now();
      await store.sync!.join(record);
      storeRooms.set(command.room, { store, record, joinedAtMs });
      setTimeout(watchSignalingSockets, 50);
      return null;
    }
    case 'storeEdit':
      storeRoom(command.room).record.edit(command.fields as never);
      return null;
    case 'storeWaitFor': {
      const { record, joinedAtMs } = storeRoom(command.room);
      await waitUntil(
        () => fieldOf(record, command.field).length >= command.length,
        command.timeoutMs,
        `store field ${command.field}`,
      );
      return { sinceJoinMs: Date.now() - joinedAtMs };
    }
    case 'storeEcho': {
      // Answers every title change a peer makes with the title's length in `excerpt`, as a user's
      // screen would re-render on it: through the record's observable edits.
      const room = storeRoom(command.room);
      room.stopEcho = reaction(
        () => fieldOf(room.record, 'title'),
        // Answered after the peer's change has been applied: an edit made inside the binding's own
        // application of a remote change is not a local edit (the binding ignores its own echoes).
        (title) => queueMicrotask(() => room.record.edit({ excerpt: String(title.length) } as never)),
      );
      return null;
    }
    case 'storeKeystrokes': {
      const { record } = storeRoom(command.room);
      const durations: number[] = [];
      for (let i = 0; i < command.count; i++) {
        const started = performance.now();
        const title = fieldOf(record, 'title') + 'x';
        record.edit({ title } as never);
        await new Promise<void>((resolve) => {
          const stop = reaction(
            () => fieldOf(record, 'excerpt') === String(title.length),
            (answered) => {
              if (!answered) return;
              stop();
              resolve();
            },
          );
        });
        durations.push(performance.now() - started);
      }
      return durations;
    }
    case 'storeLeave': {
      const room = storeRooms.get(command.room);
      storeRooms.delete(command.room);
      room?.stopEcho?.();
      room?.store.dispose();
      return null;
    }
    case 'signalingEvents':
      return signalingEvents;
    case 'escapedErrors':
      return escapedErrors;
    case 'memory':
      return process.memoryUsage().rss;
  }
}

process.on('message', (message: { id: number } & PeerCommand) => {
  run(message).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) =>
      process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.send?.({ ready: true });
