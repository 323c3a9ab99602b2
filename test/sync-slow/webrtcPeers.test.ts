/**
 * Real WebRTC between Node processes (@roamhq/wrtc), one peer per process, through our signalling
 * server over WebSocket and over HTTP, with and without a password.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignalingServer, type SignalingServer } from 'wp-entities/sync/server';
import { leaveOneByOne, startPeers, stopPeers, uniqueRoom, type Peer } from './helpers/PeerPool.js';

let server: SignalingServer;
let peers: Peer[] = [];

beforeAll(async () => {
  server = await createSignalingServer({ port: 0 });
  peers = await startPeers(5);
});

// @roamhq/wrtc 0.10 can crash (SIGSEGV) in native code when connections close at the same instant
// (see the README): a crashed peer process is replaced before the next test, so one crash fails
// one test, not every test after it.
beforeEach(async () => {
  if (peers.every((peer) => peer.isAlive)) return;
  await stopPeers(peers);
  peers = await startPeers(5);
});

afterAll(async () => {
  await stopPeers(peers);
  await server.close();
});

const CONVERGE_TIMEOUT_MS = 20_000;

/** Every peer edits at once (a field of its own and a word in the shared text); all must end up equal. */
async function expectConcurrentEditsConverge(group: Peer[], room: string): Promise<void> {
  await Promise.all(
    group.map(async (peer, index) => {
      await peer.request({ command: 'set', room, key: `peer${index}`, value: index });
      await peer.request({ command: 'set', room, key: 'shared', value: `from ${index}` });
      await peer.request({ command: 'type', room, text: `<word${index}>`, at: 0 });
    }),
  );
  const everyone = Object.fromEntries(group.map((_peer, index) => [`peer${index}`, index]));
  const words = group.map((_peer, index) => `<word${index}>`);
  await Promise.all(
    group.map((peer) =>
      peer.request({
        command: 'waitFor',
        room,
        fields: everyone,
        contentIncludes: words,
        timeoutMs: CONVERGE_TIMEOUT_MS,
      }),
    ),
  );
  const states = await Promise.all(group.map((peer) => peer.state(room)));
  for (const state of states) {
    expect(state.fields).toEqual(states[0]!.fields);
    expect(state.content).toBe(states[0]!.content);
    expect(state.escapedErrors).toEqual([]);
  }
  // Last writer wins on a plain field, but everyone agrees on who that was.
  expect(String(states[0]!.fields.shared)).toMatch(/^from \d$/);
}

describe.each([
  { transport: 'WebSocket', url: () => server.wsUrl },
  { transport: 'HTTP', url: () => server.httpUrl },
])('over $transport signalling', ({ url }) => {
  describe.each([{ password: undefined }, { password: 's3cret' }])('password $password', ({ password }) => {
    // One more try: a peer process can crash in the native binding (above) during a join.
    it.each([2, 5])('%i peers converge on concurrent edits', { retry: 1 }, async (count) => {
      const group = peers.slice(0, count);
      const room = uniqueRoom(`converge-${count}`);
      // All join at the same instant: the worst case for y-webrtc's announce/glare handling.
      await Promise.all(
        group.map((peer) =>
          peer.request({ command: 'join', room, signaling: [url()], ...(password ? { password } : {}) }),
        ),
      );
      await expectConcurrentEditsConverge(group, room);
      const states = await Promise.all(group.map((peer) => peer.state(room)));
      for (const state of states) expect(state.statuses.at(-1)?.status).toBe('connected');
      await leaveOneByOne(group, room);
    });
  });
});
