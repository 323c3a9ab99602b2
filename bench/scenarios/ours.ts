/**
 * Our side of `npm run bench:compare`: every scenario of {@link SCENARIOS} through the library's
 * public API (RootStore, collection.query().fetch(), record.edit, store.undo / redo,
 * store.dirtyRecords, store.saveDirty) over an {@link InProcessTransport}.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { RootStore } from '../../stores/RootStore.js';
import type { EntityCollection } from '../../stores/EntityCollection.js';
import type { BenchSide, Figures, RunContext, ScenarioId } from './definitions.js';
import { distinctQuery, titleOf } from './fixtures.js';
import { runReactEditor } from './oursEditor.js';
import { runReactList } from './oursReact.js';
import { median } from '../stats.js';
import { InProcessTransport } from './transport.js';

/** A post as the benchmark reads it. */
export interface BenchPost {
  /** The post id. */
  id: number;
  /** `{ raw, rendered }` as received; a string in `edited` and in edits. */
  title: unknown;
  /** Every other field WordPress sends. */
  [field: string]: unknown;
}

/** A fresh store over the run's server, and its post collection. */
export function newStore(context: RunContext): { store: RootStore; posts: EntityCollection<BenchPost> } {
  const store = new RootStore({ transport: new InProcessTransport(context.server) });
  return { store, posts: store.collection<BenchPost>('postType', 'post') };
}

/** Fetches `count` posts in pages of 100. */
async function fetchPages(posts: EntityCollection<BenchPost>, count: number): Promise<void> {
  for (let page = 1; page <= Math.ceil(count / 100); page++) {
    await posts.query({ per_page: 100, page }).fetch();
  }
}

/** `per_page: -1` of `count` posts (every post of the site), each post's title read once. */
async function fetchEvery(context: RunContext, count: number): Promise<Figures> {
  const { store, posts } = newStore(context);
  await store.entities.load('postType');
  context.server.resetCounters();
  let read = 0;
  const clientMs = await context.measure(async () => {
    const query = await posts.query({ per_page: -1 }).fetch();
    for (const item of query.items ?? []) if (rawTitle(item)) read++;
  });
  expect(read === count, `read ${read} posts, expected ${count}`);
  return { clientMs, requests: context.server.requests };
}

/**
 * A `per_page: -1` list of `count` posts, then `query.items` read `listReads` times by a plain
 * script, three ways: right after the list resolved (the first read included), again, and through
 * `posts.query(listQuery)` on every read (the query looked up each time, as a selector call does).
 */
async function readListOutsideReactions(context: RunContext, count: number): Promise<Figures> {
  const { listReads } = context.sizes;
  const { posts } = newStore(context);
  const listQuery = { per_page: -1 };
  const query = await posts.query(listQuery).fetch();
  let total = 0;
  const resolvedReadsMs = await context.measure(() => {
    for (let i = 0; i < listReads; i++) total += query.items?.length ?? 0;
  });
  const readsMs = await context.measure(() => {
    for (let i = 0; i < listReads; i++) total += query.items?.length ?? 0;
  });
  const lookupReadsMs = await context.measure(() => {
    for (let i = 0; i < listReads; i++) total += posts.query(listQuery).items?.length ?? 0;
  });
  expect(total === 3 * listReads * count, `read ${total} items, expected ${3 * listReads * count}`);
  const first = query.items?.[0];
  const changedMs: number[] = [];
  for (let i = 0; i < context.sizes.listChanges; i++) {
    posts.receive({ ...first, title: { raw: `Changed ${i}`, rendered: `Changed ${i}` } } as BenchPost);
    const start = performance.now();
    const title = rawTitle(query.items?.[0]);
    changedMs.push(performance.now() - start);
    expect(title === `Changed ${i}`, `a read after the change saw ${String(title)}`);
  }
  return {
    readsMs,
    readUs: (readsMs * 1000) / listReads,
    resolvedReadUs: (resolvedReadsMs * 1000) / listReads,
    lookupReadUs: (lookupReadsMs * 1000) / listReads,
    // The median read: one collection that lands in one of the timed reads would make a mean
    // of it (seen 300–6,000 µs for reads of 10–40 µs, on both sides).
    changedReadUs: median(changedMs) * 1000,
    changedReadsMs: changedMs.reduce((sum, ms) => sum + ms, 0),
  };
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(`wp-entities: ${message}`);
}

function rawTitle(post: BenchPost | undefined): unknown {
  const title = post?.title;
  return typeof title === 'object' && title !== null && 'raw' in title ? title.raw : undefined;
}

const scenarios: Record<ScenarioId, (context: RunContext) => Promise<Figures>> = {
  async 'receive-read'(context) {
    const { receivePosts, receivePage } = context.sizes;
    const pages = receivePosts / receivePage;
    const heapBefore = context.heapMB();
    let store: RootStore | undefined;
    let read = 0;
    const clientMs = await context.measure(async () => {
      const made = newStore(context);
      store = made.store;
      for (let page = 1; page <= pages; page++) {
        await made.posts.query({ per_page: receivePage, page }).fetch();
      }
      for (let page = 1; page <= pages; page++) {
        for (const record of made.posts.query({ per_page: receivePage, page }).records ?? []) {
          if (rawTitle(record.persisted) && Object.keys(record.edits).length === 0 && !record.hasEdits)
            read++;
        }
      }
    });
    const heapMB = context.heapMB() - heapBefore;
    expect(read === receivePosts, `read ${read} records, expected ${receivePosts}`);
    expect(store?.collection('postType', 'post').get(1)?.id === 1, 'lost the store');
    return { clientMs, heapMB, requests: context.server.requests };
  },

  async 'receive-pages'(context) {
    const { receivePosts, receivePage } = context.sizes;
    const pages = receivePosts / receivePage;
    let store: RootStore | undefined;
    const clientMs = await context.measure(async () => {
      const made = newStore(context);
      store = made.store;
      for (let page = 1; page <= pages; page++) {
        await made.posts.query({ per_page: receivePage, page }).fetch();
      }
    });
    const last = store?.collection<BenchPost>('postType', 'post').get(receivePosts);
    expect(last?.id === receivePosts, `post ${receivePosts} was not received`);
    return { clientMs, requests: context.server.requests };
  },

  async 'edit-churn'(context) {
    const { churnEdits } = context.sizes;
    const { store, posts } = newStore(context);
    await posts.query({ per_page: 1 }).fetch();
    const record = posts.record(1);
    const editMs = await context.measure(() => {
      for (let i = 0; i < churnEdits; i++) record.edit({ title: `Title ${i}` });
    });
    const undoMs = await context.measure(() => {
      for (let i = 0; i < churnEdits; i++) store.undo();
    });
    expect(record.edited?.title === titleOf(1), `undo left the title at ${String(record.edited?.title)}`);
    const redoMs = await context.measure(() => {
      for (let i = 0; i < churnEdits; i++) store.redo();
    });
    expect(
      record.edited?.title === `Title ${churnEdits - 1}`,
      `redo left the title at ${String(record.edited?.title)}`,
    );
    return { totalMs: editMs + undoMs + redoMs, editMs, undoMs, redoMs };
  },

  async 'dirty-list'(context) {
    const { dirtyRecords, dirtyReads } = context.sizes;
    const { store, posts } = newStore(context);
    await fetchPages(posts, dirtyRecords);
    const editMs = await context.measure(() => {
      for (let id = 1; id <= dirtyRecords; id++) posts.record(id).edit({ title: `Edited ${id}` });
    });
    let length = 0;
    const readMs = await context.measure(() => {
      for (let i = 0; i < dirtyReads; i++) length = store.dirtyRecords.length;
    });
    expect(length === dirtyRecords, `dirty list has ${length} records, expected ${dirtyRecords}`);
    return { readMs, editMs };
  },

  async queries(context) {
    const { queries, queryPage } = context.sizes;
    const { store, posts } = newStore(context);
    await store.entities.load('postType');
    context.server.resetCounters();
    const slices: number[] = [];
    let found = 0;
    // Slices of 100 queries (fewer when the growth table runs fewer), timed one by one.
    const sliceSize = Math.min(100, queries);
    for (let slice = 0; slice < queries / sliceSize; slice++) {
      slices.push(
        await context.measure(async () => {
          for (let q = slice * sliceSize; q < (slice + 1) * sliceSize; q++) {
            const query = await posts.query(distinctQuery(q, queryPage, context.sizes.queryPosts)).fetch();
            found += query.items?.length ?? 0;
          }
        }),
      );
    }
    expect(found === queries * queryPage, `found ${found} posts, expected ${queries * queryPage}`);
    return {
      clientMs: slices.reduce((a, b) => a + b, 0),
      lastToFirst: (slices[slices.length - 1] ?? NaN) / (slices[0] ?? NaN),
      requests: context.server.requests,
    };
  },

  async 'batch-save'(context) {
    const { batchRecords } = context.sizes;
    const { store, posts } = newStore(context);
    await fetchPages(posts, batchRecords);
    for (let id = 1; id <= batchRecords; id++) posts.record(id).edit({ title: `Saved ${id}` });
    context.server.resetCounters();
    let saved = 0;
    const clientMs = await context.measure(async () => {
      const results = await store.saveDirty();
      saved = results.filter((result) => result.ok).length;
    });
    expect(saved === batchRecords, `saved ${saved} records, expected ${batchRecords}`);
    expect(store.dirtyRecords.length === 0, 'records stayed dirty after the save');
    expect(
      rawTitle(posts.record(batchRecords).persisted) === `Saved ${batchRecords}`,
      'the saved title is missing',
    );
    return { clientMs, requests: context.server.requests };
  },

  'react-list': (context) => runReactList(context, { countDerivations: false }),

  'fetch-all': (context) => fetchEvery(context, context.sizes.fetchAllPosts),

  'react-editor': (context) => runReactEditor(context),

  'fetch-all-10k': (context) => fetchEvery(context, context.sizes.fetchAllLargePosts),

  'list-reads-1k': (context) => readListOutsideReactions(context, context.sizes.listReadSmallPosts),

  'list-reads-10k': (context) => readListOutsideReactions(context, context.sizes.listReadLargePosts),
};

/** This library, as the benchmark drives it. */
export const side: BenchSide = {
  name: 'wp-entities',
  run(scenario, context) {
    return scenarios[scenario](context);
  },
};
