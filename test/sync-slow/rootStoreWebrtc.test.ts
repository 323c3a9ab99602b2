/**
 * Two RootStores in collaborative mode, each in its own process, over webrtcProvider and our
 * signalling server: what one person edits shows up in the other's record. The rooms stay open,
 * so later cases run in processes that also hold rooms on the other transport: every publish then
 * reaches a peer twice (ws:// and http:// share one topic space), which must not break the handshake.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSignalingServer, type SignalingServer } from 'wp-entities/sync/server';
import { startPeers, stopPeers, uniqueRoom, type Peer } from './helpers/PeerPool.js';

let server: SignalingServer;
let peers: Peer[] = [];

beforeAll(async () => {
  server = await createSignalingServer({ port: 0 });
  peers = await startPeers(2);
});

// @roamhq/wrtc 0.10 can crash (SIGSEGV) in native code when connections close at the same instant
// (see the README): a crashed peer process is replaced before the next test, so one crash fails
// one test, not every test after it.
beforeEach(async () => {
  if (peers.every((peer) => peer.isAlive)) return;
  await stopPeers(peers);
  peers = await startPeers(2);
});

afterAll(async () => {
  await stopPeers(peers);
  await server.close();
});

it.each([
  { transport: 'WebSocket', url: () => server.wsUrl, password: undefined },
  { transport: 'HTTP', url: () => server.httpUrl, password: 's3cret' },
  { transport: 'HTTP', url: () => server.httpUrl, password: undefined },
  { transport: 'WebSocket', url: () => server.wsUrl, password: 's3cret' },
])(
  'edits made in one RootStore reach the other one’s record over $transport signalling',
  async ({ url, password }) => {
    const [ana, bo] = peers as [Peer, Peer];
    const room = uniqueRoom('store');
    const join = { signaling: [url()], ...(password ? { password } : {}) };
    await Promise.all([
      ana.request({ command: 'storeJoin', room, user: 1, ...join }),
      bo.request({ command: 'storeJoin', room, user: 2, ...join }),
    ]);
    // Both edit different fields at the same time; each ends up with the other's.
    await Promise.all([
      ana.request({ command: 'storeEdit', room, fields: { title: 'Title typed by Ana' } }),
      bo.request({ command: 'storeEdit', room, fields: { excerpt: 'Excerpt typed by Bo' } }),
    ]);
    await bo.request({
      command: 'storeWaitFor',
      room,
      field: 'title',
      length: 'Title typed by Ana'.length,
      timeoutMs: 20_000,
    });
    await ana.request({
      command: 'storeWaitFor',
      room,
      field: 'excerpt',
      length: 'Excerpt typed by Bo'.length,
      timeoutMs: 20_000,
    });
    expect(peers.every((peer) => peer.isAlive)).toBe(true);
  },
);
