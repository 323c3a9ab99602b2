/**
 * HTTP polling collaboration (`/wp-sync/v1/updates`): our `httpPollingProvider` against the block
 * editor's own polling manager (`@wordpress/sync` 1.56.0, run unmodified in Node with a minimal
 * `window`/`document`), both on the same relay:
 *
 * 1. keystroke → other peer: A types into a Y.Text at random gaps (250–1250 ms), the time until B's
 *    document has the character; p50 / p95;
 * 2. requests per hour per person over a quiet minute: alone, and with two others in the room;
 * 3. requests per minute per person while one of two people types.
 *
 * The relay is the mock WordPress served over loopback HTTP. With `BENCH_WORDPRESS=1` the same runs
 * instead against the real WordPress 6.1 of scripts/wordpress (.wordpress/site.json; start it with
 * `scripts/wordpress/up.sh` and run under `flock /work/locks/services.lock`), which serves the
 * relay through plugins/wp-entities-sync. `BENCH_QUIET_MS` (default 60000) sets the quiet window,
 * `BENCH_KEYS` (default 25) the keystrokes. Nothing is asserted.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import type { ProviderContext, RoomProvider } from '../../src/sync/providers/provider.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { seededRandom } from '../../src/testing/seededRandom.js';
import { median, percentile } from '../stats.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 60_000);
const KEYS = Number(process.env.BENCH_KEYS ?? 25);
/** Our provider's send budget, to try others (`BENCH_SEND_INTERVAL_MS`, `BENCH_SEND_BURST`); defaults otherwise. */
const providerOptions = {
  ...(process.env.BENCH_SEND_INTERVAL_MS
    ? { sendIntervalMs: Number(process.env.BENCH_SEND_INTERVAL_MS) }
    : {}),
  ...(process.env.BENCH_SEND_BURST ? { sendBurst: Number(process.env.BENCH_SEND_BURST) } : {}),
};

/** Where the relay is and how to authenticate. */
interface Target {
  label: string;
  restRoot: string;
  authorization: string | undefined;
  newPost(title: string): Promise<number>;
  close(): Promise<void>;
}

/** Sync requests seen per client id (counted at the client, so it works against any server). */
const requestsByClient = new Map<number, number>();
const realFetch = globalThis.fetch.bind(globalThis);
async function countingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.includes('wp-sync')) {
    const text =
      typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.clone().text() : '';
    try {
      const body = JSON.parse(text) as { rooms?: Array<{ client_id?: number }> };
      const first = body.rooms?.[0];
      if (first?.client_id !== undefined) {
        requestsByClient.set(first.client_id, (requestsByClient.get(first.client_id) ?? 0) + 1);
      }
    } catch {
      // Not JSON: not ours to count.
    }
  }
  return realFetch(input, init);
}
// apiFetch calls the global fetch.
globalThis.fetch = countingFetch;

// The block editor's polling manager reads `document` and `window` when it loads.
const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
Object.assign(globalThis, {
  window: { ...listeners, fetch: countingFetch, location: { href: 'http://127.0.0.1/' } },
  document: { ...listeners, visibilityState: 'visible' },
});

interface Peer {
  label: string;
  doc: Y.Doc;
  text: Y.Text;
  clientId: number;
  stop(): void;
}

interface PollingManagerModule {
  pollingManager: {
    registerRoom(options: {
      room: string;
      doc: Y.Doc;
      awareness: Awareness;
      log: () => void;
      onStatusChange: () => void;
    }): void;
    unregisterRoom(room: string, options?: { sendDisconnectSignal?: boolean }): void;
  };
}

let blockEditorInstances = 0;
const pollingManagerFile = pathToFileURL(
  join(repoRoot, 'node_modules/@wordpress/sync/build-module/providers/http-polling/polling-manager.mjs'),
).href;

/** A block-editor peer: its own copy of the polling manager module (it is a singleton per module). */
async function blockEditorPeer(room: string, name: string): Promise<Peer> {
  blockEditorInstances += 1;
  const module = (await import(`${pollingManagerFile}?peer=${blockEditorInstances}`)) as PollingManagerModule;
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  awareness.setLocalState({
    collaboratorInfo: { id: 1, name, slug: name, browserType: 'Node', enteredAt: Date.now() },
    editorState: { selection: { type: 'none' } },
  });
  module.pollingManager.registerRoom({
    room,
    doc,
    awareness,
    log: () => undefined,
    onStatusChange: () => undefined,
  });
  return {
    label: name,
    doc,
    text: doc.getText('t'),
    clientId: doc.clientID,
    stop: () => {
      module.pollingManager.unregisterRoom(room);
      awareness.destroy();
    },
  };
}

/** One of our peers: `httpPollingProvider` on its own transport. */
function ourPeer(target: Target, id: number, name: string): Peer {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  awareness.setLocalState({ user: { id: 1, name, color: '#333' } });
  const transport = new RestTransport({
    root: target.restRoot,
    fetch: countingFetch,
    retry: { limit: 0 },
    ...(target.authorization === undefined ? {} : { headers: { Authorization: target.authorization } }),
  });
  const context: ProviderContext = {
    room: `bench/${id}`,
    entity: { kind: 'postType', name: 'post', id },
    doc,
    awareness,
    transport,
    setStatus: () => undefined,
    reportError: () => undefined,
  };
  const provider: RoomProvider = httpPollingProvider(providerOptions)(context);
  return {
    label: name,
    doc,
    text: doc.getText('t'),
    clientId: doc.clientID,
    stop: () => {
      void provider.destroy();
      awareness.destroy();
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A types KEYS characters at random gaps; the delay until B has each. */
async function keystrokeLatency(
  a: Peer,
  b: Peer,
  seed: number,
): Promise<{ latencies: number[]; perMinute: number }> {
  const random = seededRandom(seed);
  const latencies: number[] = [];
  const before = (requestsByClient.get(a.clientId) ?? 0) + (requestsByClient.get(b.clientId) ?? 0);
  const started = performance.now();
  for (let i = 0; i < KEYS; i++) {
    await sleep(250 + random() * 1000);
    const expected = b.text.length + 1;
    const typedAt = performance.now();
    a.text.insert(a.text.length, 'x');
    const arrived = await new Promise<number>((resolve) => {
      const check = (): void => {
        if (b.text.length >= expected) {
          b.doc.off('update', check);
          clearTimeout(timer);
          resolve(performance.now());
        }
      };
      const timer = setTimeout(() => {
        b.doc.off('update', check);
        resolve(Number.NaN);
      }, 30_000);
      b.doc.on('update', check);
      check();
    });
    latencies.push(arrived - typedAt);
  }
  const minutes = (performance.now() - started) / 60_000;
  const after = (requestsByClient.get(a.clientId) ?? 0) + (requestsByClient.get(b.clientId) ?? 0);
  return { latencies, perMinute: (after - before) / 2 / minutes };
}

function perHour(peers: Peer[], since: Map<number, number>, ms: number): number {
  const total = peers.reduce(
    (sum, peer) => sum + (requestsByClient.get(peer.clientId) ?? 0) - (since.get(peer.clientId) ?? 0),
    0,
  );
  return (total / peers.length) * (3_600_000 / ms);
}

async function mockTarget(): Promise<Target> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const server = await mock.listen();
  return {
    label: 'mock WordPress (loopback HTTP)',
    restRoot: server.root,
    authorization: undefined,
    newPost: (title) => Promise.resolve(mock.addPost('post', { title, status: 'draft' })),
    close: () => server.close(),
  };
}

function wordpressTarget(): Target {
  const site = JSON.parse(readFileSync(join(repoRoot, '.wordpress/site.json'), 'utf8')) as {
    restRoot: string;
    users: { admin: { authorization: string } };
  };
  const authorization = site.users.admin.authorization;
  const created: number[] = [];
  const headers = { 'Content-Type': 'application/json', Authorization: authorization };
  return {
    label: 'WordPress 6.1 + plugins/wp-entities-sync',
    restRoot: site.restRoot,
    authorization,
    newPost: async (title) => {
      const response = await realFetch(`${site.restRoot}/wp/v2/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title, status: 'draft' }),
      });
      const id = ((await response.json()) as { id: number }).id;
      created.push(id);
      return id;
    },
    close: async () => {
      for (const id of created) {
        await realFetch(`${site.restRoot}/wp/v2/posts/${id}?force=true`, { method: 'DELETE', headers });
      }
    },
  };
}

function row(cells: Array<string | number>): string {
  return cells.map((cell, index) => String(cell).padEnd(index === 0 ? 46 : 14)).join('');
}

async function run(target: Target): Promise<void> {
  const apiFetch = (await import('@wordpress/api-fetch')).default as unknown as {
    use(middleware: unknown): void;
    createRootURLMiddleware(root: string): unknown;
  };
  apiFetch.use(apiFetch.createRootURLMiddleware(`${target.restRoot}/`));
  if (target.authorization !== undefined) {
    const authorization = target.authorization;
    apiFetch.use((options: { headers?: Record<string, string> }, next: (o: unknown) => unknown) =>
      next({ ...options, headers: { ...options.headers, Authorization: authorization } }),
    );
  }
  console.log(`\n-- ${target.label}`);

  // 1. Keystroke → other peer (two people, one typing).
  const beRoom = await target.newPost('bench: block editor typing');
  const beA = await blockEditorPeer(`postType/post:${beRoom}`, 'be-a');
  const beB = await blockEditorPeer(`postType/post:${beRoom}`, 'be-b');
  const ourRoom = await target.newPost('bench: wp-entities typing');
  const ourA = ourPeer(target, ourRoom, 'ours-a');
  const ourB = ourPeer(target, ourRoom, 'ours-b');
  await sleep(6000); // both pairs see each other and reach their steady state
  const be = await keystrokeLatency(beA, beB, 7);
  const ours = await keystrokeLatency(ourA, ourB, 7);
  for (const peer of [beA, beB, ourA, ourB]) peer.stop();
  const fmt = (ms: number): string => (Number.isNaN(ms) ? 'lost' : `${Math.round(ms)} ms`);
  console.log(row(['keystroke → other peer', 'p50', 'p95', 'req/min/person']));
  console.log(
    row([
      '  block editor (@wordpress/sync 1.56.0)',
      fmt(median(be.latencies)),
      fmt(percentile(be.latencies, 95)),
      be.perMinute.toFixed(1),
    ]),
  );
  console.log(
    row([
      '  httpPollingProvider',
      fmt(median(ours.latencies)),
      fmt(percentile(ours.latencies, 95)),
      ours.perMinute.toFixed(1),
    ]),
  );
  console.log(
    row([
      '  ratio (block editor / ours)',
      (median(be.latencies) / median(ours.latencies)).toFixed(1) + '×',
      (percentile(be.latencies, 95) / percentile(ours.latencies, 95)).toFixed(1) + '×',
      '',
    ]),
  );

  // 2. A quiet minute: alone, and three people in a room.
  const soloBe = [
    await blockEditorPeer(`postType/post:${await target.newPost('bench: be solo')}`, 'be-solo'),
  ];
  const soloOurs = [ourPeer(target, await target.newPost('bench: ours solo'), 'ours-solo')];
  const trioBeRoom = `postType/post:${await target.newPost('bench: be trio')}`;
  const trioBe = [
    await blockEditorPeer(trioBeRoom, 'be-1'),
    await blockEditorPeer(trioBeRoom, 'be-2'),
    await blockEditorPeer(trioBeRoom, 'be-3'),
  ];
  const trioOursId = await target.newPost('bench: ours trio');
  const trioOurs = [
    ourPeer(target, trioOursId, 'ours-1'),
    ourPeer(target, trioOursId, 'ours-2'),
    ourPeer(target, trioOursId, 'ours-3'),
  ];
  await sleep(6000);
  const since = new Map(requestsByClient);
  await sleep(QUIET_MS);
  console.log(row(['requests per hour per person (quiet)', 'alone', 'with 2 others', '']));
  console.log(
    row([
      '  block editor (@wordpress/sync 1.56.0)',
      Math.round(perHour(soloBe, since, QUIET_MS)),
      Math.round(perHour(trioBe, since, QUIET_MS)),
      '',
    ]),
  );
  console.log(
    row([
      '  httpPollingProvider',
      Math.round(perHour(soloOurs, since, QUIET_MS)),
      Math.round(perHour(trioOurs, since, QUIET_MS)),
      '',
    ]),
  );
  for (const peer of [...soloBe, ...soloOurs, ...trioBe, ...trioOurs]) peer.stop();
  await sleep(200);
}

// One target per process: apiFetch's root-URL middleware is global.
const targets: Target[] = [process.env.BENCH_WORDPRESS === '1' ? wordpressTarget() : await mockTarget()];
console.log(
  `HTTP polling sync: ${KEYS} keystrokes at 250–1250 ms gaps; quiet window ${QUIET_MS / 1000} s. ` +
    'Requests counted at the client; one person = one client id.',
);
for (const target of targets) {
  await run(target);
  await target.close();
}
process.exit(0);
