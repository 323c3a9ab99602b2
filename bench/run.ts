/**
 * Entity cache benchmark (`npm run bench`): receives and reads 10,000 posts in pages of 100 from an
 * in-process transport, then resolves 1,000 distinct queries; then the write path (bench/writes.ts). Prints client time (time spent
 * outside the transport), heap growth and ratios; it asserts nothing.
 *
 * Targets on the reference machine: 10,000 posts under 200 ms and 60 MB of heap growth; 1,000
 * queries under 500 ms, the last 100 no slower than the first 100.
 */
import { performance } from 'node:perf_hooks';
import { RootStore } from '../stores/RootStore.js';
import type { EntityQuery } from '../models/EntityQuery.js';
import type { BatchResult, RawResponse, RequestOptions, Transport } from '../src/transport/types.js';
import { post } from './scenarios/fixtures.js';
import { benchWrites } from './writes.js';

const POSTS = 10_000;
const PAGE = 100;
const QUERIES = 1_000;
const QUERY_PAGE = 10;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with --expose-gc (npm run bench does).');
  process.exit(1);
}

function heapMB(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Serves pre-serialised pages, parsing each answer afresh like a real response; times itself. */
class InProcessTransport implements Transport {
  transportMs = 0;
  requests = 0;
  private readonly pages: string[] = [];
  private readonly queryPages = new Map<string, string>();
  private readonly types = JSON.stringify({
    post: { slug: 'post', name: 'Posts', rest_base: 'posts', rest_namespace: 'wp/v2' },
  });

  constructor() {
    for (let p = 0; p < POSTS / PAGE; p++) {
      this.pages.push(JSON.stringify(Array.from({ length: PAGE }, (_, i) => post(p * PAGE + i + 1))));
    }
    for (let q = 0; q < QUERIES; q++) {
      const ids = Array.from({ length: QUERY_PAGE }, (_, i) => ((q * 37 + i * 101) % POSTS) + 1);
      this.queryPages.set(`term-${q}`, JSON.stringify(ids.map(post)));
    }
  }

  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    const start = performance.now();
    this.requests++;
    const query = options.query ?? {};
    let body: string;
    let total = POSTS;
    if (options.path === '/wp/v2/types') body = this.types;
    else if (typeof query.search === 'string') {
      body = this.queryPages.get(query.search) ?? '[]';
      total = QUERY_PAGE;
    } else body = this.pages[Number(query.page ?? 1) - 1] ?? '[]';
    const data = JSON.parse(body) as T;
    const perPage = Number(query.per_page ?? 10);
    const headers = new Headers({
      'X-WP-Total': String(total),
      'X-WP-TotalPages': String(Math.ceil(total / perPage)),
    });
    this.transportMs += performance.now() - start;
    return Promise.resolve(options.raw ? { data, status: 200, headers } : data);
  }

  fetchAll<T = unknown>(): Promise<T[]> {
    return Promise.reject(new Error('not used by the benchmark'));
  }

  allowedMethods(): Promise<Set<string>> {
    return Promise.reject(new Error('not used by the benchmark'));
  }

  batch(): Promise<BatchResult[]> {
    return Promise.reject(new Error('not used by the benchmark'));
  }
}

function fmt(n: number, digits = 1): string {
  return n.toFixed(digits);
}

async function receiveAndRead(): Promise<void> {
  const transport = new InProcessTransport();
  // The heap of the same data as plain parsed JSON: what any cache must hold at least.
  const before = heapMB();
  const plain = Array.from({ length: POSTS / PAGE }, (_, p) =>
    JSON.parse(JSON.stringify(Array.from({ length: PAGE }, (_, i) => post(p * PAGE + i + 1)))),
  ) as unknown[];
  const plainMB = heapMB() - before;
  plain.length = 0;

  const heapBefore = heapMB();
  const start = performance.now();
  const store = new RootStore({ transport });
  const posts = store.collection('postType', 'post');
  const queries: EntityQuery[] = [];
  for (let page = 1; page <= POSTS / PAGE; page++) {
    queries.push(await posts.query({ per_page: PAGE, page }).fetch());
  }
  let titles = 0;
  let items = 0;
  for (const query of queries) {
    items += query.items?.length ?? 0;
    for (const record of query.records ?? []) {
      if (record.title && record.edited && record.persisted && !record.isDirty) titles++;
    }
  }
  const elapsed = performance.now() - start;
  const clientMs = elapsed - transport.transportMs;
  const heapGrowth = heapMB() - heapBefore;
  if (items !== POSTS || titles !== POSTS)
    throw new Error(`read ${items} items and ${titles} titles, expected ${POSTS}`);

  console.log(
    `receive + read ${POSTS} posts (${POSTS / PAGE} pages of ${PAGE}, ${transport.requests} requests)`,
  );
  console.log(
    `  client time  ${fmt(clientMs)} ms   (target < 200 ms; ratio to target ${fmt(clientMs / 200, 2)})`,
  );
  console.log(
    `  transport    ${fmt(transport.transportMs)} ms (JSON.parse in the in-process transport, not counted)`,
  );
  console.log(
    `  heap growth  ${fmt(heapGrowth)} MB  (target < 60 MB; ratio to target ${fmt(heapGrowth / 60, 2)})`,
  );
  console.log(
    `  plain JSON   ${fmt(plainMB)} MB  (cache overhead ${fmt(heapGrowth / plainMB, 2)}x the parsed data)`,
  );
  // Keep the store alive until the heap was measured.
  if (posts.record(1).id !== 1) throw new Error('lost the store');
}

async function distinctQueries(print = true): Promise<void> {
  const transport = new InProcessTransport();
  const store = new RootStore({ transport });
  const posts = store.collection('postType', 'post');
  await store.entities.load('postType');
  // Every post is cached first (untimed), so each query does the same work: a list of known records.
  for (let page = 1; page <= POSTS / PAGE; page++) await posts.query({ per_page: PAGE, page }).fetch();
  const batchMs: number[] = [];
  let total = 0;
  for (let batch = 0; batch < QUERIES / 100; batch++) {
    const start = performance.now();
    const transportBefore = transport.transportMs;
    for (let q = batch * 100; q < (batch + 1) * 100; q++) {
      const query = await posts.query({ search: `term-${q}`, per_page: QUERY_PAGE }).fetch();
      total += query.items?.length ?? 0;
    }
    batchMs.push(performance.now() - start - (transport.transportMs - transportBefore));
  }
  if (total !== QUERIES * QUERY_PAGE)
    throw new Error(`resolved ${total} items, expected ${QUERIES * QUERY_PAGE}`);
  const clientMs = batchMs.reduce((a, b) => a + b, 0);
  const first = batchMs[0] ?? 0;
  const last = batchMs[batchMs.length - 1] ?? 0;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const half = batchMs.length / 2;
  if (!print) return;
  console.log(`${QUERIES} distinct queries (${QUERY_PAGE} posts each)`);
  console.log(
    `  client time  ${fmt(clientMs)} ms   (target < 500 ms; ratio to target ${fmt(clientMs / 500, 2)})`,
  );
  console.log(`  per 100      ${batchMs.map((ms) => fmt(ms)).join(' | ')} ms`);
  console.log(
    `  last/first   ${fmt(last / first, 2)}  (linear when about 1 or less; single batches are noisy)`,
  );
  // Minor GCs land in some batches and not others; medians of each half show the trend.
  console.log(
    `  median per 100, second half / first half  ${fmt(median(batchMs.slice(half)) / median(batchMs.slice(0, half)), 2)}`,
  );
}

// Warm the JIT once so that the measured runs reflect steady state, as an editor session would.
console.log('--- warm-up run ---');
await receiveAndRead();
console.log('--- measured run ---');
await receiveAndRead();
await distinctQueries(false);
await distinctQueries();
await benchWrites();
