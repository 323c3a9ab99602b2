/**
 * Hostile input: over a thousand malformed, oversized and abusive frames from raw sockets, while two
 * editors keep typing in a room. Each bad frame ends only its own connection; the server stays up
 * and the editors never notice.
 */
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSyncServer, siteOfRestRoot, type SyncServer } from '../../src/sync/server/index.js';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';
import { connectServerClient, waitUntil, type ServerClient } from '../helpers/syncServerClient.js';

const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_ROOMS = 8;
const mock = createMockWordPress();
let wordpress: MockServerHandle;
let server: SyncServer;
let room = '';

beforeAll(async () => {
  const post = mock.addPost('post', { title: 'Under attack', status: 'draft', author: MOCK_USERS.author.id });
  wordpress = await mock.listen();
  room = `${siteOfRestRoot(wordpress.root)}/postType/post/${post}`;
  server = await createSyncServer({
    wordpress: wordpress.root,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    maxRoomsPerConnection: MAX_ROOMS,
  });
});

afterAll(async () => {
  await server?.close();
  await wordpress?.close();
});

function message(
  roomName: string,
  type: number,
  write: (encoder: encoding.Encoder) => void = () => {},
): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, roomName);
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

const authMessage = (roomName: string, token: string): Uint8Array =>
  message(roomName, 2, (encoder) => {
    encoding.writeVarUint(encoder, 0);
    encoding.writeVarString(encoder, token);
  });

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** The kinds of bad frame, each a list of frames one connection sends in a row. */
const ATTACKS: Array<() => Array<Uint8Array | string>> = [
  () => [randomBytes(1 + Math.floor(Math.random() * 200))],
  () => ['{"type":"subscribe","topics":["x"]}'],
  () => [randomBytes(MAX_MESSAGE_BYTES + 1024)],
  () => [message(room, 99)],
  () => [new Uint8Array([0xff, 0xff, 0xff])],
  () => [new Uint8Array(0)],
  // Authorised first, then a sync message whose update is garbage: Hocuspocus's own decoding fails.
  () => [
    authMessage(room, MOCK_USERS.admin.authorization),
    message(room, 0, (e) => {
      encoding.writeVarUint(e, 2);
      encoding.writeVarUint8Array(e, randomBytes(64));
    }),
  ],
  () => Array.from({ length: MAX_ROOMS + 2 }, (_, i) => authMessage(`${room}${i}`, 'Basic x')),
];

/** Opens one raw connection, sends its frames while it is open; resolves how many went out. */
function attack(frames: Array<Uint8Array | string>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(server.url);
    let sent = 0;
    const done = (): void => resolve(sent);
    socket.on('error', () => undefined);
    socket.on('open', () => {
      for (const frame of frames) {
        if (socket.readyState !== WebSocket.OPEN) break;
        socket.send(frame, { binary: typeof frame !== 'string' }, () => undefined);
        sent += 1;
      }
      // The server closes bad connections itself; stragglers are ended after a moment.
      setTimeout(() => socket.terminate(), 300).unref();
    });
    socket.on('close', done);
  });
}

describe('the sync server under malformed and oversized input', () => {
  it('survives over 1,000 bad frames while two editors keep converging', async () => {
    const editors: ServerClient[] = [
      connectServerClient({ url: server.url, room, authorization: MOCK_USERS.author.authorization }),
      connectServerClient({ url: server.url, room, authorization: MOCK_USERS.admin.authorization }),
    ];
    await Promise.all(editors.map((editor) => editor.waitForStatus('connected')));
    let typing = true;
    let edits = 0;
    const typist = (async () => {
      while (typing) {
        const editor = editors[edits % 2] as ServerClient;
        editor.doc.getMap('edits').set(`edit-${edits}`, edits);
        edits += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    let framesSent = 0;
    let connections = 0;
    while (framesSent < 1_000) {
      const batch = Array.from({ length: 40 }, (_, i) =>
        attack((ATTACKS[(connections + i) % ATTACKS.length] as () => Array<Uint8Array | string>)()),
      );
      connections += batch.length;
      framesSent += (await Promise.all(batch)).reduce((sum, n) => sum + n, 0);
    }
    typing = false;
    await typist;

    expect(framesSent).toBeGreaterThanOrEqual(1_000);
    expect(server.stats.malformed).toBeGreaterThan(0);
    expect(server.stats.tooManyRooms).toBeGreaterThan(0);
    // The editors stayed connected the whole time and agree on every edit.
    for (const editor of editors) {
      expect(editor.statuses.filter((status) => status !== 'connecting' && status !== 'connected')).toEqual(
        [],
      );
      await editor.waitFor(() => editor.doc.getMap('edits').size === edits);
    }
    expect(editors[0]?.doc.getMap('edits').toJSON()).toEqual(editors[1]?.doc.getMap('edits').toJSON());

    // And the server still serves newcomers.
    const late = connectServerClient({
      url: server.url,
      room,
      authorization: MOCK_USERS.admin.authorization,
    });
    await late.waitFor(() => late.doc.getMap('edits').size === edits);
    for (const client of [...editors, late]) client.destroy();
  });

  it('closes a connection whose frame is larger than the limit, and only that one', async () => {
    const editor = connectServerClient({
      url: server.url,
      room,
      authorization: MOCK_USERS.admin.authorization,
    });
    await editor.waitForStatus('connected');
    const closeCode = await new Promise<number>((resolve) => {
      const socket = new WebSocket(server.url);
      socket.on('error', () => undefined);
      socket.on('open', () => socket.send(randomBytes(MAX_MESSAGE_BYTES + 1)));
      socket.on('close', (code) => resolve(code));
    });

    expect(closeCode).toBe(1009);
    editor.doc.getMap('edits').set('after-oversize', true);
    await waitUntil(() => editor.statuses.at(-1) === 'connected', 1_000);
    editor.destroy();
  });
});
