/**
 * The sync server leaves out the copy of a change it would send back to the connection that sent
 * it (Hocuspocus broadcasts to every connection of the room), and only when that copy holds nothing
 * new for it: a change that completes someone else's held-back change still reaches its sender
 * with that change. Raw sockets speak the protocol, so the test reads every frame the server sent.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createSyncServer, siteOfRestRoot, type SyncServer } from '../../src/sync/server/index.js';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';
import { connectServerClient, waitUntil } from '../helpers/syncServerClient.js';

/** Hocuspocus message types and y-protocols sync steps the test reads and writes. */
const SYNC = 0;
const AUTH = 2;
const SYNC_STATUS = 8;
const SYNC_UPDATE = 2;

const mock = createMockWordPress();
let wordpress: MockServerHandle;
let server: SyncServer;

beforeAll(async () => {
  wordpress = await mock.listen();
  server = await createSyncServer({ wordpress: wordpress.root });
});

afterAll(async () => {
  await server?.close();
  await wordpress?.close();
});

function newRoom(): string {
  const post = mock.addPost('post', { title: 'Echo', status: 'draft', author: MOCK_USERS.author.id });
  return `${siteOfRestRoot(wordpress.root)}/postType/post/${post}`;
}

function frame(room: string, type: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** A raw connection let into `room` as the administrator; it records the updates and acknowledgements it gets. */
async function rawClient(room: string) {
  const socket = new WebSocket(server.url);
  const updates: Uint8Array[] = [];
  let acknowledgements = 0;
  socket.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    if (type === SYNC_STATUS) acknowledgements += 1;
    if (type === SYNC && decoding.readVarUint(decoder) === SYNC_UPDATE)
      updates.push(decoding.readVarUint8Array(decoder));
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(
    frame(room, AUTH, (encoder) => {
      encoding.writeVarUint(encoder, 0);
      encoding.writeVarString(encoder, MOCK_USERS.admin.authorization);
    }),
  );
  return {
    updates,
    get acknowledgements() {
      return acknowledgements;
    },
    send(update: Uint8Array): void {
      socket.send(
        frame(room, SYNC, (encoder) => {
          encoding.writeVarUint(encoder, SYNC_UPDATE);
          encoding.writeVarUint8Array(encoder, update);
        }),
      );
    },
    close: () => socket.close(),
  };
}

/** A writer's two keystrokes, the second depending on the first. */
function twoKeystrokes(): [Uint8Array, Uint8Array] {
  const writer = new Y.Doc();
  const updates: Uint8Array[] = [];
  writer.on('update', (update: Uint8Array) => void updates.push(update));
  writer.getText('typed').insert(0, 'a');
  writer.getText('typed').insert(1, 'b');
  return [updates[0] as Uint8Array, updates[1] as Uint8Array];
}

describe('what the sync server sends back to the sender of a change', () => {
  it('sends the sender its acknowledgement and not a copy of its own keystroke; the others get the keystroke', async () => {
    const room = newRoom();
    const reader = connectServerClient({
      url: server.url,
      room,
      authorization: MOCK_USERS.author.authorization,
    });
    await reader.waitForStatus('connected');
    const sender = await rawClient(room);
    const [first] = twoKeystrokes();

    sender.send(first);
    await reader.waitFor(() => reader.doc.getText('typed').toString() === 'a');
    await waitUntil(() => sender.acknowledgements === 1, 5_000, 'the acknowledgement');

    expect(sender.updates).toEqual([]);
    sender.close();
    reader.destroy();
  });

  it('sends the sender a change that completed a held-back one, with the held-back change in it', async () => {
    const room = newRoom();
    const reader = connectServerClient({
      url: server.url,
      room,
      authorization: MOCK_USERS.author.authorization,
    });
    await reader.waitForStatus('connected');
    const [first, second] = twoKeystrokes();
    // The second keystroke arrives first, from another connection: the room holds it back.
    const early = await rawClient(room);
    early.send(second);
    await waitUntil(() => early.acknowledgements === 1, 5_000, 'the held-back update applied');
    const completer = await rawClient(room);

    completer.send(first);
    await reader.waitFor(() => reader.doc.getText('typed').toString() === 'ab');
    await waitUntil(() => completer.acknowledgements === 1, 5_000, 'the acknowledgement');

    // The completer had only its own keystroke: the room's copy brings it the other one.
    const completerDoc = new Y.Doc();
    Y.applyUpdate(completerDoc, first);
    for (const update of completer.updates) Y.applyUpdate(completerDoc, update);
    expect(completerDoc.getText('typed').toString()).toBe('ab');
    early.close();
    completer.close();
    reader.destroy();
  });
});
