#!/usr/bin/env node
/**
 * Minimal reproduction of the @roamhq/wrtc 0.10.0 crash behind "peers die of SIGSEGV on leave":
 * no y-webrtc, no simple-peer, no signalling server; two RTCPeerConnections in one process,
 * connected directly, one data channel. Then one side keeps sending while the other side closes.
 * The sender's `RTCDataChannel::Send` reads the native channel pointer that the signalling thread
 * clears when the channel reaches `closed` (remote close), so a send at that instant dereferences
 * a pointer that is gone: SIGSEGV in `node_webrtc::RTCDataChannel::Send`.
 *
 *   node scripts/sync/wrtcSendCloseRace.mjs [runs=20] [pairs per run=20]
 *
 * Each run is a child process doing `pairs` connect/send-while-closing rounds; the parent prints how
 * many children died of a signal. The same rounds with the sends stopped before the close
 * (`QUIET=1`) do not crash: that is the order webrtcProvider leaves in (LEAVE_GRACE_MS).
 */
import { spawnSync } from 'node:child_process';
import { setImmediate } from 'node:timers';
import { fileURLToPath } from 'node:url';

const quiet = process.env.QUIET === '1';

async function connectedPair(wrtc) {
  const a = new wrtc.RTCPeerConnection({ iceServers: [] });
  const b = new wrtc.RTCPeerConnection({ iceServers: [] });
  a.onicecandidate = ({ candidate }) => candidate && b.addIceCandidate(candidate).catch(() => {});
  b.onicecandidate = ({ candidate }) => candidate && a.addIceCandidate(candidate).catch(() => {});
  const channel = a.createDataChannel('race');
  const remoteChannel = new Promise((resolve) => {
    b.ondatachannel = ({ channel: incoming }) => (incoming.onopen = () => resolve(incoming));
  });
  const opened = new Promise((resolve) => (channel.onopen = resolve));
  await a.setLocalDescription(await a.createOffer());
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription(await b.createAnswer());
  await a.setRemoteDescription(b.localDescription);
  await Promise.all([opened, remoteChannel]);
  return { a, b, channel, remote: await remoteChannel };
}

async function child(pairs) {
  const { default: wrtc } = await import('@roamhq/wrtc');
  const payload = new Uint8Array(1024);
  for (let round = 0; round < pairs; round++) {
    const { a, b, channel, remote } = await connectedPair(wrtc);
    // The other end leaves: closes its channel and its connection.
    remote.close();
    b.close();
    // Meanwhile this end keeps sending, as y-webrtc does with its goodbye and document updates.
    const until = Date.now() + 50;
    while (!quiet && Date.now() < until) {
      try {
        channel.send(payload);
      } catch {
        // "not open" once the close is seen: the JS side of the race, harmless.
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (quiet) await new Promise((resolve) => setTimeout(resolve, 50));
    channel.close();
    a.close();
  }
}

if (process.argv[2] === 'child') {
  await child(Number(process.argv[3]));
  process.exit(0);
} else {
  const runs = Number(process.argv[2] ?? 20);
  const pairs = Number(process.argv[3] ?? 20);
  let crashed = 0;
  for (let run = 0; run < runs; run++) {
    const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'child', String(pairs)], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: process.env,
    });
    if (result.signal) {
      crashed += 1;
      console.log(`run ${run}: died of ${result.signal}`);
    }
  }
  console.log(
    `${crashed} of ${runs} processes crashed (${runs * pairs} rounds, ${quiet ? 'sends stopped before the close' : 'sending while the other end closes'})`,
  );
  process.exit(0);
}
