/**
 * Issue 25, failure 5: acknowledged edits were lost when the only server died. A writer types
 * while the lone sync server (its own process, with Redis) is killed with SIGKILL mid-typing; a
 * new server on the same Redis must hold every edit the writer had been told was saved (the
 * Hocuspocus acknowledgement: the provider's count of unsynced changes going down). Against the
 * real WordPress 6.1 for the join check.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { inject, afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { siteOfRestRoot } from '../../src/sync/server/index.js';
import { connectServerClient, type ServerClient } from '../helpers/syncServerClient.js';
import { startServerProcess, type ServerProcess } from '../helpers/syncServerProcess.js';
import { wordpressSite } from '../wordpress/site.js';
import { createPost, deletePosts, reportBound } from './wordpress.js';

const site = wordpressSite();
const redis = inject('redisUrl');
const servers: ServerProcess[] = [];
const posts: number[] = [];
const readers: ServerClient[] = [];

afterAll(async () => {
  for (const reader of readers) reader.destroy();
  await Promise.all(servers.map((server) => server.stop()));
  await deletePosts(site, posts);
});

/** `ws` with its errors handled: the writer's reconnect attempt after the kill is refused. */
class QuietWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    this.on('error', () => undefined);
  }
}

/** A writer on the raw Hocuspocus provider, to read its acknowledgements. */
function writerOn(url: string, room: string) {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url,
    WebSocketPolyfill: QuietWebSocket as unknown as typeof globalThis.WebSocket,
    autoConnect: false,
  });
  // One connection only: after the kill the writer is gone (like a closed tab), it does not resend.
  socket.on('disconnect', () => {
    socket.shouldConnect = false;
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: room,
    document: doc,
    token: site.users.admin.authorization,
  });
  // A provider given a shared socket connects once attached.
  provider.attach();
  socket.connect().catch(() => undefined);
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return { doc, provider, socket, synced };
}

async function typeThenKill(typingMs: number): Promise<{ acknowledged: number; lost: number }> {
  const id = await createPost(site, { title: 'Durability', status: 'draft' });
  posts.push(id);
  const room = `${siteOfRestRoot(site.restRoot)}/postType/post/${id}`;
  const first = await startServerProcess({ wordpress: site.restRoot, redis });
  servers.push(first);
  const writer = writerOn(first.url, room);
  await writer.synced;
  const text = writer.doc.getText('content');

  let sent = 0;
  const started = Date.now();
  while (Date.now() - started < typingMs) {
    sent += 1;
    text.insert(text.length, `[e${sent}]`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  // Acknowledgements come in order: the first `sent - unsynced` edits were confirmed.
  const acknowledged = sent - writer.provider.unsyncedChanges;
  await first.kill();
  writer.provider.destroy();
  writer.socket.destroy();

  const second = await startServerProcess({ wordpress: site.restRoot, redis });
  servers.push(second);
  const reader = connectServerClient({
    url: second.url,
    room,
    authorization: site.users.admin.authorization,
  });
  readers.push(reader);
  await reader.waitForStatus('connected');
  const stored = reader.doc.getText('content').toString();
  let lost = 0;
  for (let edit = 1; edit <= acknowledged; edit += 1) if (!stored.includes(`[e${edit}]`)) lost += 1;
  await second.stop();
  return { acknowledged, lost };
}

describe('an acknowledged edit survives SIGKILL of the only server', () => {
  it.each([1_500, 4_500])('loses none of the edits acknowledged during %i ms of typing', async (typingMs) => {
    const { acknowledged, lost } = await typeThenKill(typingMs);

    expect(acknowledged).toBeGreaterThan(10);
    expect(lost).toBe(0);
    reportBound(
      `acknowledged edits lost on SIGKILL after ${typingMs / 1000} s of typing`,
      `${lost} of ${acknowledged}`,
    );
  });
});
