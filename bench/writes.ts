/**
 * Write-path benchmarks (part of `npm run bench`): edit churn with undo and redo on one record,
 * the dirty list over 2,000 edited records, and a batch save of 500 records. Prints client time
 * (time outside the in-process server) and the request counts; it asserts nothing.
 *
 * Targets on the reference machine: edit churn under 35 ms; editing 2,000 records under 50 ms and
 * an unchanged `dirtyRecords` read under 25 µs; the batch save under 140 ms of client time with
 * 1 OPTIONS + 20 POSTs.
 */
import { performance } from 'node:perf_hooks';
import { RestTransport } from '../src/transport/RestTransport.js';
import { RootStore } from '../stores/RootStore.js';

const CHURN_EDITS = 2_000;
const DIRTY_RECORDS = 2_000;
const DIRTY_READS = 100;
const BATCH_RECORDS = 500;
const BATCH_MAX_ITEMS = 25;
const ROOT = 'http://bench.test/wp-json';

const TYPES = {
  post: { slug: 'post', name: 'Posts', rest_base: 'posts', rest_namespace: 'wp/v2' },
};

/** A post as WordPress 6.1 sends it in the edit context (without `_links`). */
function post(id: number, title = `Post number ${id}`): Record<string, unknown> {
  return {
    id,
    date: '2024-01-01T00:00:00',
    slug: `post-${id}`,
    status: 'publish',
    type: 'post',
    title: { raw: title, rendered: title },
    content: {
      raw: `<p>Body of post ${id}.</p>`,
      rendered: `<p>Body of post ${id}.</p>\n`,
      protected: false,
    },
    excerpt: { raw: '', rendered: '', protected: false },
    author: 1,
    meta: { footnotes: '' },
    categories: [1],
    tags: [],
  };
}

interface BatchItem {
  path: string;
  method?: string;
  body?: Record<string, unknown>;
}

/** An in-process WordPress behind a real `RestTransport`: types, `/batch/v1`; it times itself. */
class BenchServer {
  serverMs = 0;
  readonly counts = new Map<string, number>();

  readonly fetch = (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const start = performance.now();
    const request = input instanceof Request ? input : new Request(input, init);
    return request.text().then((text) => {
      const url = new URL(request.url);
      const route = url.pathname.replace('/wp-json', '');
      const method = request.headers.get('X-HTTP-Method-Override') ?? request.method;
      const key = `${method} ${route}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      const response = this.answer(method, route, text);
      this.serverMs += performance.now() - start;
      return response;
    });
  };

  private answer(method: string, route: string, text: string): Response {
    if (route === '/wp/v2/types') return Response.json(TYPES);
    if (route === '/batch/v1' && method === 'OPTIONS') {
      return Response.json({
        namespace: '',
        methods: ['POST'],
        endpoints: [{ methods: ['POST'], args: { requests: { type: 'array', maxItems: BATCH_MAX_ITEMS } } }],
      });
    }
    if (route === '/batch/v1' && method === 'POST') {
      const batch = JSON.parse(text) as { requests: BatchItem[] };
      const responses = batch.requests.map((item) => {
        const id = Number(item.path.split('/').pop());
        const title = typeof item.body?.title === 'string' ? item.body.title : undefined;
        return { status: 200, headers: {}, body: post(id, title) };
      });
      return Response.json({ responses }, { status: 207 });
    }
    return Response.json(
      { code: 'rest_no_route', message: 'No route.', data: { status: 404 } },
      { status: 404 },
    );
  }
}

async function newStore(): Promise<{ store: RootStore; server: BenchServer }> {
  const server = new BenchServer();
  const store = new RootStore({
    transport: new RestTransport({ root: ROOT, fetch: server.fetch, retry: false }),
  });
  await store.entities.load('postType');
  return { store, server };
}

/** Collects garbage left by earlier scenarios, so a major GC does not land inside a timed section. */
function settleHeap(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

function fmt(n: number, digits = 1): string {
  return n.toFixed(digits);
}

async function editChurn(print: boolean): Promise<void> {
  const { store } = await newStore();
  const posts = store.collection('postType', 'post');
  posts.receive(post(1));
  const record = posts.record(1);
  settleHeap();
  const start = performance.now();
  for (let i = 0; i < CHURN_EDITS; i++) record.edit({ title: `Title ${i}` });
  const edited = performance.now();
  let undone = 0;
  while (store.undo()) undone++;
  const clean = !record.isDirty;
  const undoEnd = performance.now();
  let redone = 0;
  while (store.redo()) redone++;
  const end = performance.now();
  if (
    undone !== CHURN_EDITS ||
    redone !== CHURN_EDITS ||
    !clean ||
    record.edited?.title !== `Title ${CHURN_EDITS - 1}`
  ) {
    throw new Error(`edit churn: ${undone} undos, ${redone} redos, clean after undo: ${clean}`);
  }
  if (!print) return;
  console.log(`edit churn: ${CHURN_EDITS} single-field edits on one record, then undo all and redo all`);
  console.log(
    `  client time  ${fmt(end - start)} ms   (target < 35 ms; ratio to target ${fmt((end - start) / 35, 2)})`,
  );
  console.log(
    `  edits ${fmt(edited - start)} ms | undo ${fmt(undoEnd - edited)} ms | redo ${fmt(end - undoEnd)} ms`,
  );
}

async function dirtyList(print: boolean): Promise<void> {
  const { store } = await newStore();
  const posts = store.collection('postType', 'post');
  posts.receive(Array.from({ length: DIRTY_RECORDS }, (_, index) => post(index + 1)));
  const records = Array.from({ length: DIRTY_RECORDS }, (_, index) => posts.record(index + 1));
  settleHeap();
  const start = performance.now();
  for (const record of records) record.edit({ title: `Edited ${String(record.id)}` });
  const editMs = performance.now() - start;
  const firstStart = performance.now();
  const first = store.dirtyRecords;
  const firstMs = performance.now() - firstStart;
  const readStart = performance.now();
  let same = 0;
  for (let i = 0; i < DIRTY_READS; i++) if (store.dirtyRecords === first) same++;
  const readUs = ((performance.now() - readStart) * 1000) / DIRTY_READS;
  if (first.length !== DIRTY_RECORDS || same !== DIRTY_READS) {
    throw new Error(`dirty list: ${first.length} dirty, ${same} identical reads`);
  }
  if (!print) return;
  console.log(
    `dirty list: edit one field on each of ${DIRTY_RECORDS} records, then read store.dirtyRecords ${DIRTY_READS} times`,
  );
  console.log(`  editing      ${fmt(editMs)} ms   (target < 50 ms; ratio to target ${fmt(editMs / 50, 2)})`);
  console.log(
    `  first read   ${fmt(firstMs * 1000, 0)} µs (builds the list from the index of edited records)`,
  );
  console.log(
    `  later reads  ${fmt(readUs, 2)} µs each (target < 25 µs; ratio to target ${fmt(readUs / 25, 2)})`,
  );
}

async function batchSave(print: boolean): Promise<void> {
  const { store, server } = await newStore();
  const posts = store.collection('postType', 'post');
  posts.receive(Array.from({ length: BATCH_RECORDS }, (_, index) => post(index + 1)));
  for (let id = 1; id <= BATCH_RECORDS; id++) posts.record(id).edit({ title: `Saved ${id}` });
  server.counts.clear();
  settleHeap();
  const serverBefore = server.serverMs;
  const start = performance.now();
  const results = await store.saveDirty();
  const clientMs = performance.now() - start - (server.serverMs - serverBefore);
  const failed = results.filter((result) => !result.ok).length;
  if (results.length !== BATCH_RECORDS || failed > 0 || store.dirtyRecords.length > 0) {
    throw new Error(
      `batch save: ${results.length} results, ${failed} failed, ${store.dirtyRecords.length} still dirty`,
    );
  }
  if (!print) return;
  const options = server.counts.get('OPTIONS /batch/v1') ?? 0;
  const postsSent = server.counts.get('POST /batch/v1') ?? 0;
  console.log(
    `batch save: ${BATCH_RECORDS} edited records through store.saveDirty() (server maxItems ${BATCH_MAX_ITEMS})`,
  );
  console.log(
    `  client time  ${fmt(clientMs)} ms   (target < 140 ms; ratio to target ${fmt(clientMs / 140, 2)})`,
  );
  console.log(`  requests     ${options} OPTIONS + ${postsSent} POST /batch/v1 (target 1 + 20)`);
}

/** Runs the write-path scenarios once to warm up, then once measured, printing figures. */
export async function benchWrites(): Promise<void> {
  await editChurn(false);
  await dirtyList(false);
  await batchSave(false);
  await editChurn(true);
  await dirtyList(true);
  await batchSave(true);
}
