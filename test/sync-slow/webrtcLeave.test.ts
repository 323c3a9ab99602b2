/**
 * Join/leave cycles of two peer processes over real WebRTC (@roamhq/wrtc), both leaving at the
 * same instant, side by side with plain y-webrtc on the same machine in the same run. @roamhq/wrtc
 * 0.10 can die of SIGSEGV when a data channel sends at the instant its other end closes (see
 * scripts/sync/wrtcSendCloseRace.mjs); webrtcProvider's leave (goodbye, quiet, close) must not
 * crash more often than plain y-webrtc, which sends its goodbye while both ends close.
 * `WEBRTC_LEAVE_CYCLES` sets the cycles per side (default 60; the full run is 500).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignalingServer, type SignalingServer } from 'wp-entities/sync/server';
import { startPeers, stopPeers, uniqueRoom, type Peer } from './helpers/PeerPool.js';

const CYCLES = Number(process.env.WEBRTC_LEAVE_CYCLES ?? 60);
/** Plain y-webrtc sometimes never connects when both join at once; a cycle waits this long for sync. */
const SYNC_TIMEOUT_MS = 5000;

let server: SignalingServer;
beforeAll(async () => {
  server = await createSignalingServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

interface CycleTally {
  crashes: number;
  neverSynced: number;
  escapedErrors: number;
}

/** Runs the cycles on one pair of peer processes; a crashed process is counted and replaced. */
async function runCycles(plain: boolean): Promise<CycleTally> {
  let pair = (await startPeers(2, { plain })) as [Peer, Peer];
  const tally: CycleTally = { crashes: 0, neverSynced: 0, escapedErrors: 0 };
  const collectEscaped = async (peers: Peer[]): Promise<void> => {
    for (const peer of peers) {
      if (!peer.isAlive) continue;
      tally.escapedErrors += (await peer.request<string[]>({ command: 'escapedErrors' })).length;
    }
  };
  try {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const room = uniqueRoom(plain ? 'leave-plain' : 'leave');
      const [alice, bob] = pair;
      try {
        // 100 ms apart: plain y-webrtc's glare handling often never connects simultaneous joins,
        // and a pair that never connected cannot crash on leave.
        await alice.request({ command: 'join', room, signaling: [server.wsUrl] });
        await new Promise((resolve) => setTimeout(resolve, 100));
        await bob.request({ command: 'join', room, signaling: [server.wsUrl] });
        await alice.request({ command: 'set', room, key: 'alice', value: cycle });
        await bob.request({ command: 'set', room, key: 'bob', value: cycle });
        const synced = await Promise.all(
          pair.map((peer) =>
            peer
              .request({
                command: 'waitFor',
                room,
                fields: { alice: cycle, bob: cycle },
                timeoutMs: SYNC_TIMEOUT_MS,
              })
              .then(
                () => true,
                () => false,
              ),
          ),
        );
        if (!synced.every(Boolean)) tally.neverSynced += 1;
        // Both leave at the same instant: the case that crashes the native module.
        await Promise.all(pair.map((peer) => peer.request({ command: 'leave', room })));
        await new Promise((resolve) => setTimeout(resolve, 200));
      } catch {
        // A request to a process that died; counted below.
      }
      if (pair.every((peer) => peer.isAlive)) continue;
      for (const peer of pair) {
        if (peer.isAlive) continue;
        tally.crashes += 1;
        console.log(
          `${plain ? 'plain y-webrtc' : 'webrtcProvider'}: cycle ${cycle}, a peer died (${peer.exitSignal ?? peer.exitCode})`,
        );
      }
      await collectEscaped(pair);
      await stopPeers(pair);
      pair = (await startPeers(2, { plain })) as [Peer, Peer];
    }
    await collectEscaped(pair);
  } finally {
    await stopPeers(pair);
  }
  return tally;
}

it(
  `${CYCLES} join/leave cycles of two peer processes: webrtcProvider crashes on leave no more often than plain y-webrtc, and nothing escapes`,
  { timeout: 120_000 + CYCLES * 2 * 8_000 },
  async () => {
    const ours = await runCycles(false);
    const plain = await runCycles(true);
    const line = (label: string, tally: CycleTally): string =>
      `${label}: ${tally.crashes} crashed peer processes in ${CYCLES} cycles (${((tally.crashes / (CYCLES * 2)) * 100).toFixed(1)} % of leaves), ` +
      `${tally.neverSynced} cycles never synced, ${tally.escapedErrors} escaped errors`;
    console.log(`${line('webrtcProvider', ours)}\n${line('plain y-webrtc', plain)}`);
    expect(ours.escapedErrors).toBe(0);
    expect(ours.neverSynced).toBe(0);
    expect(ours.crashes).toBeLessThanOrEqual(plain.crashes);
  },
);
