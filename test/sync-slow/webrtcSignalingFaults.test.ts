/**
 * The signalling server dies (port refused) or hangs (connections accepted, never answered: lib0
 * sits in "connecting" and y-webrtc sends into it) while two peers are still joining (0–400 ms
 * after they start), with and without a password, over WebSocket and HTTP signalling (alternating), with real
 * WebRTC peer processes. Nothing may escape the library as an unhandled rejection or an uncaught
 * exception (y-webrtc sends on a reconnecting socket, and gets answers for connections that closed),
 * and once the server is back the peers must find each other and sync.
 * `SIGNALING_FAULT_TRIALS` sets the trials per fault and password (default 50, so 200 in all);
 * trials run in `SIGNALING_FAULT_LANES` (default 3) pairs of peers at once, each behind its own proxy.
 *
 * @roamhq/wrtc 0.10 (the Node WebRTC binding; browsers are not affected) can die of SIGSEGV when a
 * data channel sends at the instant its other end closes (scripts/sync/wrtcSendCloseRace.mjs), and
 * a join cut short by the fault closes half-made connections at such instants. A peer process that
 * dies of a signal is not an escaped error (nothing reached JavaScript): the lane is counted,
 * replaced and its trial run again, and the crashes must stay rare (at most 1 in 25 trials).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignalingServer, type SignalingServer } from 'wp-entities/sync/server';
import { FaultProxy } from './helpers/FaultProxy.js';
import { leaveOneByOne, startPeers, stopPeers, uniqueRoom, type Peer } from './helpers/PeerPool.js';

const TRIALS = Number(process.env.SIGNALING_FAULT_TRIALS ?? 50);
const LANES = Number(process.env.SIGNALING_FAULT_LANES ?? 3);
const SYNC_TIMEOUT_MS = 20_000;
/** The binding's crashes allowed per fault and password: 1 in 25 trials. */
const MAX_CRASHES = Math.max(1, Math.floor(TRIALS / 25));

let server: SignalingServer;
interface Lane {
  peers: [Peer, Peer];
  proxy: FaultProxy;
}
let lanes: Lane[] = [];

beforeAll(async () => {
  server = await createSignalingServer({ port: 0 });
  const port = Number(new URL(server.wsUrl).port);
  lanes = await Promise.all(
    Array.from({ length: LANES }, async () => ({
      peers: (await startPeers(2)) as [Peer, Peer],
      proxy: await FaultProxy.start(port),
    })),
  );
});

afterAll(async () => {
  await Promise.all(lanes.map((lane) => Promise.all([stopPeers(lane.peers), lane.proxy.close()])));
  await server.close();
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number): number => low + Math.floor(Math.random() * (high - low + 1));

interface TrialResult {
  faultAfterMs: number;
  recoveredMs: number;
  droppedReported: boolean;
}

/** One trial on one lane: join together, fault the server mid-join, bring it back, check both sync. */
async function trial(
  lane: Lane,
  fault: 'kill' | 'hang',
  password: string | undefined,
  index: number,
): Promise<TrialResult> {
  const [alice, bob] = lane.peers;
  const url = index % 2 === 0 ? lane.proxy.wsUrl : lane.proxy.httpUrl;
  const room = uniqueRoom(`fault-${fault}`);
  const join = { room, signaling: [url], ...(password ? { password } : {}) };
  const faultAfterMs = between(0, 400);
  const faulted = sleep(faultAfterMs).then(() => (fault === 'kill' ? lane.proxy.kill() : lane.proxy.hang()));
  await Promise.all([alice.request({ command: 'join', ...join }), bob.request({ command: 'join', ...join })]);
  await faulted;
  await sleep(between(200, 800));
  await lane.proxy.restore();
  const restoredAtMs = Date.now();
  await alice.request({ command: 'set', room, key: 'alice', value: index });
  await bob.request({ command: 'set', room, key: 'bob', value: index });
  await Promise.all(
    [alice, bob].map((peer) =>
      peer.request({
        command: 'waitFor',
        room,
        fields: { alice: index, bob: index },
        timeoutMs: SYNC_TIMEOUT_MS,
      }),
    ),
  );
  const recoveredMs = Date.now() - restoredAtMs;
  const states = await Promise.all([alice.state(room), bob.state(room)]);
  // One after the other: simultaneous leaves are the binding's known crash (see PeerPool).
  await leaveOneByOne([alice, bob], room);
  return {
    faultAfterMs,
    recoveredMs,
    droppedReported: states.some((state) => state.errors.some((error) => error.code === 'connection-failed')),
  };
}

describe.each([
  { fault: 'kill' as const, password: undefined },
  { fault: 'kill' as const, password: 's3cret' },
  { fault: 'hang' as const, password: undefined },
  { fault: 'hang' as const, password: 's3cret' },
])('signalling server $fault 0–400 ms into a join, password $password', ({ fault, password }) => {
  it(
    `${TRIALS} trials: nothing escapes as an unhandled rejection or exception, and the peers sync once the server is back`,
    { timeout: 60_000 + TRIALS * 30_000 },
    async () => {
      const results: TrialResult[] = [];
      const escaped: string[] = [];
      const crashes: string[] = [];
      const collectEscaped = async (peers: Peer[]): Promise<void> => {
        for (const peer of peers)
          if (peer.isAlive) escaped.push(...(await peer.request<string[]>({ command: 'escapedErrors' })));
      };
      let next = 0;
      await Promise.all(
        lanes.map(async (lane) => {
          while (next < TRIALS) {
            const index = next++;
            for (;;) {
              try {
                results.push(await trial(lane, fault, password, index));
                break;
              } catch (error) {
                const dead = lane.peers.filter((peer) => peer.exitSignal !== null);
                // Only a native crash is replaced; any other failure is the test's failure.
                if (dead.length === 0 || crashes.length >= MAX_CRASHES) throw error;
                crashes.push(`trial ${index}: ${dead.map((peer) => peer.exitSignal).join(', ')}`);
                await collectEscaped(lane.peers);
                await stopPeers(lane.peers);
                lane.peers = (await startPeers(2)) as [Peer, Peer];
              }
            }
          }
        }),
      );
      await Promise.all(lanes.map((lane) => collectEscaped(lane.peers)));
      const recovery = results.map((result) => result.recoveredMs).sort((a, b) => a - b);
      console.log(
        `${fault}, password ${password ? 'yes' : 'no'}: peer processes replaced after a native crash: ${crashes.length}` +
          (crashes.length ? ` (${crashes.join('; ')})` : ''),
      );
      console.log(
        `${fault}, password ${password ? 'yes' : 'no'}: ${results.length} trials, all synced after the server came back ` +
          `(median ${recovery[Math.floor(recovery.length / 2)]} ms, slowest ${recovery.at(-1)} ms); ` +
          `${results.filter((result) => result.droppedReported).length} reported a connection-failed SyncError; escaped errors: ${escaped.length}`,
      );
      expect(results).toHaveLength(TRIALS);
      expect(escaped).toEqual([]);
      for (const lane of lanes) for (const peer of lane.peers) expect(peer.isAlive).toBe(true);
    },
  );
});
