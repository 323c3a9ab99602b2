/**
 * Scaling curves of wp-entities (`npm run bench:compare` runs this in a child process with a larger
 * heap; alone: `node --expose-gc --max-old-space-size=8192 --import tsx bench/curves.ts`). For each
 * size it prints the cost per unit, which must stay flat as the size grows:
 *
 * - receive + read N posts in pages of 100 (N = 1,000 / 10,000 / 100,000): client time above a bare
 *   `JSON.parse` of the same answers, per post, and heap above the parsed answers, per post;
 * - N distinct queries (100 / 1,000 / 10,000; fixtures.distinctQuery): client time above parsing,
 *   per query;
 * - N dirty records (100 / 2,000 / 20,000): editing each once, then reading `store.dirtyRecords`.
 *
 * `CURVES=small` runs the first two sizes of each only. Nothing is asserted.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { RootStore } from '../stores/RootStore.js';
import { distinctQuery } from './scenarios/fixtures.js';
import { MockServer } from './scenarios/server.js';
import { InProcessTransport } from './scenarios/transport.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with --expose-gc (npm run bench:compare does).');
  process.exit(1);
}
const collect = gc;

function heapMB(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Client time of `work`: wall time minus the server's own time. */
async function clientMs(server: MockServer, work: () => Promise<void> | void): Promise<number> {
  const serverBefore = server.serverMs;
  server.recording = true;
  const start = performance.now();
  await work();
  server.recording = false;
  return performance.now() - start - (server.serverMs - serverBefore);
}

/** The logged requests' answers, from a twin server, and a bare parse of them. */
function parseFloor(server: MockServer): { ms: number; heapMB: number } {
  const twin = new MockServer(server.options);
  const bodies = server.log.map((request) => twin.handle(request).text).filter((text) => text !== '');
  server.log.length = 0;
  // The fastest of three passes: a pass slowed by other work can only raise the time above it.
  let ms = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    for (const body of bodies) JSON.parse(body);
    ms = Math.min(ms, performance.now() - start);
  }
  const before = heapMB();
  const parsed = bodies.map((body) => JSON.parse(body) as unknown);
  const grown = heapMB() - before;
  return parsed.length >= 0 ? { ms, heapMB: grown } : { ms, heapMB: 0 };
}

function newStore(server: MockServer): RootStore {
  return new RootStore({ transport: new InProcessTransport(server) });
}

interface Point {
  size: number;
  perUnit: Record<string, number>;
}

async function receive(size: number): Promise<Point> {
  const server = new MockServer({ posts: size });
  const heapBefore = heapMB();
  let store: RootStore | undefined = newStore(server);
  const posts = store.collection('postType', 'post');
  await store.entities.load('postType');
  let read = 0;
  const ms = await clientMs(server, async () => {
    for (let page = 1; page <= size / 100; page++) {
      const query = await posts.query({ per_page: 100, page }).fetch();
      for (const record of query.records ?? []) if (record.persisted && !record.hasEdits) read++;
    }
  });
  const heapGrowth = heapMB() - heapBefore;
  if (read !== size) throw new Error(`read ${read} of ${size} posts`);
  store.dispose();
  store = undefined;
  const floor = parseFloor(server);
  return {
    size,
    perUnit: {
      'µs above parse / post': ((ms - floor.ms) * 1000) / size,
      'µs incl. parse / post': (ms * 1000) / size,
      'KB heap above parsed / post': ((heapGrowth - floor.heapMB) * 1024) / size,
    },
  };
}

async function queries(size: number): Promise<Point> {
  const server = new MockServer({ posts: 10_000 });
  const store = newStore(server);
  const posts = store.collection('postType', 'post');
  await store.entities.load('postType');
  let found = 0;
  const ms = await clientMs(server, async () => {
    for (let q = 0; q < size; q++) {
      found += (await posts.query(distinctQuery(q, 10, 10_000)).fetch()).items?.length ?? 0;
    }
  });
  if (found !== size * 10) throw new Error(`found ${found} posts in ${size} queries`);
  store.dispose();
  const floor = parseFloor(server);
  return {
    size,
    perUnit: {
      'µs above parse / query': ((ms - floor.ms) * 1000) / size,
      'µs incl. parse / query': (ms * 1000) / size,
    },
  };
}

async function dirty(size: number): Promise<Point> {
  const server = new MockServer({ posts: size });
  const store = newStore(server);
  const posts = store.collection<{ id: number; title: unknown }>('postType', 'post');
  for (let page = 1; page <= Math.ceil(size / 100); page++)
    await posts.query({ per_page: 100, page }).fetch();
  const start = performance.now();
  for (let id = 1; id <= size; id++) posts.record(id).edit({ title: `Edited ${id}` });
  const editMs = performance.now() - start;
  const readStart = performance.now();
  const length = store.dirtyRecords.length;
  const firstReadMs = performance.now() - readStart;
  posts.record(1).edit({ title: 'Edited again' });
  const againStart = performance.now();
  const lengthAgain = store.dirtyRecords.length;
  const readAfterEditMs = performance.now() - againStart;
  if (length !== size || lengthAgain !== size) throw new Error(`dirty list has ${length} of ${size}`);
  store.dispose();
  return {
    size,
    perUnit: {
      'µs per edit': (editMs * 1000) / size,
      'µs first dirty-list read / record': (firstReadMs * 1000) / size,
      'µs read after one edit / record': (readAfterEditMs * 1000) / size,
    },
  };
}

const small = process.env.CURVES === 'small';
const curves: [string, (size: number) => Promise<Point>, number[]][] = [
  ['receive + read N posts', receive, [1_000, 10_000, 100_000]],
  ['N distinct queries', queries, [100, 1_000, 10_000]],
  ['N dirty records', dirty, [100, 2_000, 20_000]],
];

function fmt(value: number): string {
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

console.log(`Scaling curves of wp-entities (per unit; flat is good), Node ${process.version}`);
for (const [title, run, sizes] of curves) {
  // One untimed run at the smallest size first, so the first point is not the cold one.
  await run(sizes[0] ?? 100);
  const points: Point[] = [];
  for (const size of small ? sizes.slice(0, 2) : sizes) points.push(await run(size));
  const metrics = Object.keys(points[0]?.perUnit ?? {});
  console.log(`\n${title}`);
  console.log(['N'.padStart(8), ...metrics.map((m) => m.padStart(m.length + 2))].join(''));
  for (const point of points) {
    console.log(
      [
        point.size.toLocaleString('en').padStart(8),
        ...metrics.map((m) => fmt(point.perUnit[m] ?? NaN).padStart(m.length + 2)),
      ].join(''),
    );
  }
  const first = points[0]?.perUnit[metrics[0] ?? ''] ?? NaN;
  const last = points[points.length - 1]?.perUnit[metrics[0] ?? ''] ?? NaN;
  console.log(`  largest / smallest, ${metrics[0] ?? ''}: ${(last / first).toFixed(2)}`);
}
