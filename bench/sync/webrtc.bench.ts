/**
 * WebRTC part of `npm run bench:sync`: two Node processes (@roamhq/wrtc), raw Yjs on
 * webrtcProvider, through our signalling server (WebSocket and HTTP, with and without password).
 * - first sync: from B's join until B holds A's whole post-shaped document (~5.5 KB, like a
 *   WordPress post in context=edit), decoding included;
 * - keystroke round trip: A types one character into the shared text, B sees it and answers with
 *   the new length in a map field, A sees the answer. p50/p95 over sequential keystrokes.
 * Then the same through two RootStores in collaborative mode on the same kind of connection
 * (edit → edit funnel → binding → Y.Doc → WebRTC → binding → the other record's observable edits,
 * answered by a MobX reaction there), as a ratio to raw Yjs.
 * Rooms are left open and each setup gets fresh peer processes: @roamhq/wrtc 0.10.0 can crash
 * (SIGSEGV) when both ends close a connection at about the same time.
 * Machine shared with other jobs: figures are noisy; compare runs on the same machine only.
 */
import { createSignalingServer } from '../../src/sync/server/signalingServer.js';
import { startPeers, stopPeers, uniqueRoom, type Peer } from '../../test/sync-slow/helpers/PeerPool.js';
import { percentile } from '../stats.js';

const KEYSTROKES = Number(process.env.KEYSTROKES ?? 300);
const FIRST_SYNC_RUNS = 3;

/** A post's edit-context fields, as a ~5.5 KB document: mostly block markup in `content`. */
function postShapedContent(): { fields: Record<string, unknown>; content: string } {
  const paragraph =
    '<!-- wp:paragraph -->\n<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>\n<!-- /wp:paragraph -->\n\n';
  return {
    fields: {
      title: 'Collaborative editing in WordPress',
      excerpt: 'A short summary of the post used in archives and feeds.',
      status: 'draft',
      slug: 'collaborative-editing-in-wordpress',
      categories: [1, 7, 12],
      tags: [3, 5],
      meta: { footnotes: '', _wp_page_template: '' },
    },
    content: paragraph.repeat(Math.ceil(4600 / paragraph.length)),
  };
}

const server = await createSignalingServer({ port: 0 });
/** A fresh pair of peer processes for each setup, so no setup inherits another's rooms. */
let alice!: Peer;
let bob!: Peer;
async function freshPeers(): Promise<void> {
  if (alice as Peer | undefined) await stopPeers([alice, bob]);
  [alice, bob] = (await startPeers(2)) as [Peer, Peer];
}
const post = postShapedContent();
const documentBytes = JSON.stringify(post).length;
console.log(
  `two Node processes over real WebRTC; document ${documentBytes} bytes of JSON; ${KEYSTROKES} keystrokes`,
);
console.log('layer      transport   password  first sync ms (runs)  keystroke round trip p50 / p95 ms');
const SETUPS = (): { label: string; url: string; password: string | undefined }[] => [
  { label: 'WebSocket', url: server.wsUrl, password: undefined },
  { label: 'WebSocket', url: server.wsUrl, password: 's3cret' },
  { label: 'HTTP', url: server.httpUrl, password: undefined },
  { label: 'HTTP', url: server.httpUrl, password: 's3cret' },
];
function row(
  layer: string,
  label: string,
  password: string | undefined,
  firstSyncs: number[],
  durations: number[],
): string {
  const runs = firstSyncs.map((ms) => ms.toFixed(0)).join(', ');
  return `${layer.padEnd(10)} ${label.padEnd(11)} ${(password ? 'yes' : 'no').padEnd(9)} ${runs.padEnd(21)} ${percentile(durations, 50).toFixed(2)} / ${percentile(durations, 95).toFixed(2)}`;
}
const raw = new Map<string, { firstSync: number; p50: number; p95: number }>();

try {
  for (const { label, url, password } of SETUPS()) {
    await freshPeers();
    const join = password ? { signaling: [url], password } : { signaling: [url] };
    const firstSyncs: number[] = [];
    let room = '';
    for (let run = 0; run < FIRST_SYNC_RUNS; run++) {
      room = uniqueRoom('bench');
      await alice.request({ command: 'join', room, ...join });
      for (const [key, value] of Object.entries(post.fields))
        await alice.request({ command: 'set', room, key, value });
      await alice.request({ command: 'type', room, text: post.content });
      // Alice is settled in the room (signalling connected) before Bob arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await bob.request({ command: 'join', room, ...join });
      const { sinceJoinMs } = await bob.request<{ sinceJoinMs: number }>({
        command: 'waitFor',
        room,
        fields: { status: 'draft' },
        contentLength: post.content.length,
        timeoutMs: 30_000,
      });
      firstSyncs.push(sinceJoinMs);
    }
    await bob.request({ command: 'echo', room });
    await alice.request({ command: 'keystrokes', room, count: 20 }); // warm-up
    const durations = await alice.request<number[]>({ command: 'keystrokes', room, count: KEYSTROKES });
    raw.set(`${label}/${password ?? ''}`, {
      firstSync: percentile(firstSyncs, 50),
      p50: percentile(durations, 50),
      p95: percentile(durations, 95),
    });
    console.log(row('raw Yjs', label, password, firstSyncs, durations));
  }
  for (const { label, url, password } of SETUPS()) {
    await freshPeers();
    const join = password ? { signaling: [url], password } : { signaling: [url] };
    const firstSyncs: number[] = [];
    let room = '';
    for (let run = 0; run < FIRST_SYNC_RUNS; run++) {
      room = uniqueRoom('bench-store');
      await alice.request({ command: 'storeJoin', room, user: 1, ...join });
      await alice.request({
        command: 'storeEdit',
        room,
        fields: { title: 'Collaborative editing in WordPress', content: post.content },
      });
      // Alice is settled in the room (signalling connected) before Bob arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await bob.request({ command: 'storeJoin', room, user: 2, ...join });
      const { sinceJoinMs } = await bob.request<{ sinceJoinMs: number }>({
        command: 'storeWaitFor',
        room,
        field: 'content',
        length: post.content.length,
        timeoutMs: 30_000,
      });
      firstSyncs.push(sinceJoinMs);
    }
    await bob.request({ command: 'storeEcho', room });
    await alice.request({ command: 'storeKeystrokes', room, count: 20 }); // warm-up
    const durations = await alice.request<number[]>({ command: 'storeKeystrokes', room, count: KEYSTROKES });
    const base = raw.get(`${label}/${password ?? ''}`)!;
    const ratio = (ours: number, theirs: number): string => `${(ours / theirs).toFixed(2)}×`;
    console.log(
      `${row('RootStore', label, password, firstSyncs, durations)}   vs raw: first sync ${ratio(percentile(firstSyncs, 50), base.firstSync)}, ` +
        `p50 ${ratio(percentile(durations, 50), base.p50)}, p95 ${ratio(percentile(durations, 95), base.p95)} (target ≤ 1.5×)`,
    );
  }
} finally {
  if (alice as Peer | undefined) await stopPeers([alice, bob]);
  await server.close();
}
