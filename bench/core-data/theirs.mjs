/**
 * The core-data side of `npm run bench:compare`: every scenario of `bench/scenarios/definitions.ts`
 * written the way an editor uses @wordpress/core-data 6.30.0 — a `@wordpress/data` registry with
 * core-data's store, resolvers behind `getEntityRecords`, `editEntityRecord`, `undo`/`redo`,
 * `__experimentalGetDirtyEntityRecords`, `__experimentalBatch` with `saveEditedEntityRecord`, and
 * `useSelect` in React 18 (the React its `@wordpress/element` pins).
 *
 * The same scenarios run on core-data 8.1.0 (the block editor's current data layer, the library's
 * devDependency, with React 19 from the library's own node_modules) when `BENCH_CORE_DATA=8.1` is
 * set before this module loads (bench/scenarioProcess.ts does): the two releases each need their own
 * process.
 *
 * Plain JavaScript on purpose: it lives beside its own node_modules, which is installed on first use,
 * so the library's type check never needs it. The runner imports it only after a DOM exists
 * (block-editor, imported by core-data, reads `window` when it loads).
 *
 * @module
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { EDITOR_FIELDS, fieldText, titleWatcher } from '../scenarios/editorFields.ts';
import { distinctQuery, titleOf } from '../scenarios/fixtures.ts';
import { median } from '../stats.ts';

/** Which release: 6.30 from bench/core-data's own install, or 8.1 from the library's devDependencies. */
const release = process.env.BENCH_CORE_DATA === '8.1' ? '8.1' : '6.30';
const require = createRequire(
  release === '8.1' ? new URL('../../package.json', import.meta.url) : import.meta.url,
);
const version = require('@wordpress/core-data/package.json').version;
const apiFetch = require('@wordpress/api-fetch').default;
const { createRegistry, RegistryProvider, useSelect } = require('@wordpress/data');
const { store: coreStore, useEntityProp } = require('@wordpress/core-data');
const React = require('react');
const { flushSync } = require('react-dom');
const { createRoot } = require('react-dom/client');

/** @typedef {import('../scenarios/definitions.ts').RunContext} RunContext */
/** @typedef {import('../scenarios/definitions.ts').Figures} Figures */

const KIND = 'postType';
const NAME = 'post';

/** The server of the run in progress; the fetch handler below talks to it. */
let server;

/**
 * Every apiFetch call ends here, after apiFetch's own middlewares (locale, namespace, HTTP/1
 * method override, fetch-all). A `parse: false` caller gets a Response-like object, as from
 * `window.fetch`; others get the parsed body, or a rejection with the WordPress error body.
 */
apiFetch.setFetchHandler((options) => {
  const body = options.data ?? (typeof options.body === 'string' ? JSON.parse(options.body) : undefined);
  const response = server.handle({
    method: options.method,
    url: options.url ?? options.path,
    body,
    headers: options.headers,
  });
  // The body arrives as text; parsing it is the client's work, as `response.json()` in a browser.
  const data = response.text === '' ? null : JSON.parse(response.text);
  if (response.status >= 400) {
    return Promise.reject(data);
  }
  if (options.parse === false) {
    return Promise.resolve({
      ok: true,
      status: response.status,
      headers: response.headers,
      json: () => Promise.resolve(data),
    });
  }
  return Promise.resolve(data);
});

function newRegistry() {
  const registry = createRegistry();
  registry.register(coreStore);
  return registry;
}

/**
 * Loads the post type configs the only public way: a first resolved read (one page of one post,
 * `page` 1 unless given, which caches that post).
 */
async function loadPostConfig(registry, page = 1) {
  await registry.resolveSelect(coreStore).getEntityRecords(KIND, NAME, { per_page: 1, page });
}

/** Fetches `count` posts in pages of 100 through the resolvers. */
async function fetchPages(registry, count) {
  const resolve = registry.resolveSelect(coreStore);
  for (let page = 1; page <= Math.ceil(count / 100); page++) {
    await resolve.getEntityRecords(KIND, NAME, { per_page: 100, page });
  }
}

/**
 * Waits until every resolution the work started has finished: @wordpress/data starts resolvers in a
 * `setTimeout`, so their cost lands after the selector call returned.
 */
async function settle(registry) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const select = registry.select(coreStore);
  while (select.hasResolvingSelectors()) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * core-data's memoized selectors (rememo) are module-level and keep the state they last saw, so the
 * previous run's whole store stays reachable until a selector runs on another state. Running the
 * read path once on a tiny registry lets that state go before the heap is measured.
 */
async function releaseModuleCaches() {
  const registry = newRegistry();
  const resolve = registry.resolveSelect(coreStore);
  const select = registry.select(coreStore);
  for (const record of await resolve.getEntityRecords(KIND, NAME, { per_page: 1, page: 1 })) {
    select.getEntityRecord(KIND, NAME, record.id);
    select.getEntityRecordEdits(KIND, NAME, record.id);
    select.hasEditsForEntityRecord(KIND, NAME, record.id);
  }
  await settle(registry);
}

/**
 * `per_page: -1` of `count` posts (every post of the site) through the resolver, each title read once.
 * @param {RunContext} context
 * @param {number} count
 */
async function fetchEvery(context, count) {
  const registry = newRegistry();
  await loadPostConfig(registry);
  context.server.resetCounters();
  const resolve = registry.resolveSelect(coreStore);
  let read = 0;
  const clientMs = await context.measure(async () => {
    for (const record of await resolve.getEntityRecords(KIND, NAME, { per_page: -1 })) {
      if (record.title.raw) read++;
    }
    await settle(registry);
  });
  expect(read === count, `read ${read} posts, expected ${count}`);
  return { clientMs, requests: context.server.requests };
}

/**
 * A `per_page: -1` list of `count` posts resolved, then `getEntityRecords` selected `listReads`
 * times from a plain script (`registry.select`, no `useSelect`).
 * @param {RunContext} context
 * @param {number} count
 */
async function readListOutsideReactions(context, count) {
  const { listReads } = context.sizes;
  const registry = newRegistry();
  const query = { per_page: -1 };
  const resolved = await registry.resolveSelect(coreStore).getEntityRecords(KIND, NAME, query);
  await settle(registry);
  expect(resolved.length === count, `the list has ${resolved.length} posts, expected ${count}`);
  const select = registry.select(coreStore);
  let total = 0;
  // Three passes, as on our side: right after the list resolved, again, and with the query looked
  // up on each read (a selector call always does: the same figure as the pass before, measured alike).
  const read = () => {
    for (let i = 0; i < listReads; i++) total += select.getEntityRecords(KIND, NAME, query)?.length ?? 0;
  };
  const resolvedReadsMs = await context.measure(read);
  const readsMs = await context.measure(read);
  const lookupReadsMs = await context.measure(read);
  expect(total === 3 * listReads * count, `read ${total} items, expected ${3 * listReads * count}`);
  const first = resolved[0];
  const dispatch = registry.dispatch(coreStore);
  const changedMs = [];
  for (let i = 0; i < context.sizes.listChanges; i++) {
    dispatch.receiveEntityRecords(KIND, NAME, [
      { ...first, title: { raw: `Changed ${i}`, rendered: `Changed ${i}` } },
    ]);
    const start = performance.now();
    const title = select.getEntityRecords(KIND, NAME, query)?.[0]?.title.raw;
    changedMs.push(performance.now() - start);
    expect(title === `Changed ${i}`, `a read after the change saw ${title}`);
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

function expect(condition, message) {
  if (!condition) throw new Error(`core-data: ${message}`);
}

/** @type {Record<string, (context: RunContext) => Promise<Figures>>} */
const scenarios = {
  async 'receive-read'(context) {
    const { receivePosts, receivePage } = context.sizes;
    const pages = receivePosts / receivePage;
    await releaseModuleCaches();
    context.server.resetCounters();
    const heapBefore = context.heapMB();
    let registry;
    let read = 0;
    const clientMs = await context.measure(async () => {
      registry = newRegistry();
      const resolve = registry.resolveSelect(coreStore);
      for (let page = 1; page <= pages; page++) {
        await resolve.getEntityRecords(KIND, NAME, { per_page: receivePage, page });
      }
      const select = registry.select(coreStore);
      for (let page = 1; page <= pages; page++) {
        for (const record of select.getEntityRecords(KIND, NAME, { per_page: receivePage, page })) {
          const persisted = select.getEntityRecord(KIND, NAME, record.id);
          const edits = select.getEntityRecordEdits(KIND, NAME, record.id);
          if (persisted.title.raw && !edits && !select.hasEditsForEntityRecord(KIND, NAME, record.id)) read++;
        }
      }
      await settle(registry);
    });
    const heapMB = context.heapMB() - heapBefore;
    expect(read === receivePosts, `read ${read} records, expected ${receivePosts}`);
    expect(registry.select(coreStore).getEntityRecord(KIND, NAME, 1).id === 1, 'lost the store');
    return { clientMs, heapMB, requests: context.server.requests };
  },

  async 'receive-pages'(context) {
    const { receivePosts, receivePage } = context.sizes;
    const pages = receivePosts / receivePage;
    await releaseModuleCaches();
    context.server.resetCounters();
    let registry;
    const clientMs = await context.measure(async () => {
      registry = newRegistry();
      const resolve = registry.resolveSelect(coreStore);
      for (let page = 1; page <= pages; page++) {
        await resolve.getEntityRecords(KIND, NAME, { per_page: receivePage, page });
      }
    });
    await settle(registry);
    const last = registry.select(coreStore).getEntityRecord(KIND, NAME, receivePosts);
    expect(last?.id === receivePosts, `post ${receivePosts} was not received`);
    return { clientMs, requests: context.server.requests };
  },

  async 'edit-churn'(context) {
    const { churnEdits } = context.sizes;
    const registry = newRegistry();
    await loadPostConfig(registry);
    const dispatch = registry.dispatch(coreStore);
    const editMs = await context.measure(() => {
      for (let i = 0; i < churnEdits; i++) dispatch.editEntityRecord(KIND, NAME, 1, { title: `Title ${i}` });
    });
    const undoMs = await context.measure(() => {
      for (let i = 0; i < churnEdits; i++) dispatch.undo();
    });
    const select = registry.select(coreStore);
    expect(
      select.getEditedEntityRecord(KIND, NAME, 1).title === titleOf(1),
      'undo did not restore the title',
    );
    const redoMs = await context.measure(() => {
      for (let i = 0; i < churnEdits; i++) dispatch.redo();
    });
    expect(
      select.getEditedEntityRecord(KIND, NAME, 1).title === `Title ${churnEdits - 1}`,
      'redo did not reapply',
    );
    return { totalMs: editMs + undoMs + redoMs, editMs, undoMs, redoMs };
  },

  async 'dirty-list'(context) {
    const { dirtyRecords, dirtyReads } = context.sizes;
    const registry = newRegistry();
    await fetchPages(registry, dirtyRecords);
    const dispatch = registry.dispatch(coreStore);
    const select = registry.select(coreStore);
    const editMs = await context.measure(() => {
      for (let id = 1; id <= dirtyRecords; id++)
        dispatch.editEntityRecord(KIND, NAME, id, { title: `Edited ${id}` });
    });
    let length = 0;
    const readMs = await context.measure(() => {
      for (let i = 0; i < dirtyReads; i++) length = select.__experimentalGetDirtyEntityRecords().length;
    });
    expect(length === dirtyRecords, `dirty list has ${length} records, expected ${dirtyRecords}`);
    return { readMs, editMs };
  },

  async queries(context) {
    const { queries, queryPage } = context.sizes;
    const registry = newRegistry();
    await loadPostConfig(registry);
    context.server.resetCounters();
    const resolve = registry.resolveSelect(coreStore);
    const slices = [];
    let found = 0;
    // Slices of 100 queries (fewer when the growth table runs fewer), timed one by one.
    const sliceSize = Math.min(100, queries);
    for (let slice = 0; slice < queries / sliceSize; slice++) {
      slices.push(
        await context.measure(async () => {
          for (let q = slice * sliceSize; q < (slice + 1) * sliceSize; q++) {
            found += (
              await resolve.getEntityRecords(
                KIND,
                NAME,
                distinctQuery(q, queryPage, context.sizes.queryPosts),
              )
            ).length;
          }
        }),
      );
    }
    expect(found === queries * queryPage, `found ${found} posts, expected ${queries * queryPage}`);
    return {
      clientMs: slices.reduce((a, b) => a + b, 0),
      lastToFirst: slices[slices.length - 1] / slices[0],
      requests: context.server.requests,
    };
  },

  async 'batch-save'(context) {
    const { batchRecords } = context.sizes;
    const registry = newRegistry();
    await fetchPages(registry, batchRecords);
    const dispatch = registry.dispatch(coreStore);
    const select = registry.select(coreStore);
    for (let id = 1; id <= batchRecords; id++)
      dispatch.editEntityRecord(KIND, NAME, id, { title: `Saved ${id}` });
    context.server.resetCounters();
    let results = [];
    const clientMs = await context.measure(async () => {
      results = await dispatch.__experimentalBatch(
        Array.from(
          { length: batchRecords },
          (_, i) =>
            ({ saveEditedEntityRecord }) =>
              saveEditedEntityRecord(KIND, NAME, i + 1),
        ),
      );
    });
    expect(results.filter((record) => record?.id).length === batchRecords, 'not every record was saved');
    expect(select.__experimentalGetDirtyEntityRecords().length === 0, 'records stayed dirty after the save');
    expect(
      select.getEntityRecord(KIND, NAME, batchRecords).title.raw === `Saved ${batchRecords}`,
      'the saved title is missing',
    );
    return { clientMs, requests: context.server.requests };
  },

  async 'react-list'(context) {
    const { reactRows, reactEdits } = context.sizes;
    const registry = newRegistry();
    await loadPostConfig(registry);
    context.server.resetCounters();
    const query = { per_page: -1 };
    const counts = { selectorRuns: 0, rowRenders: 0 };
    const h = React.createElement;

    function Row({ id }) {
      const title = useSelect(
        (select) => {
          counts.selectorRuns++;
          return select(coreStore).getEditedEntityRecord(KIND, NAME, id).title;
        },
        [id],
      );
      counts.rowRenders++;
      return h('li', { 'data-id': id }, title);
    }

    function List() {
      const ids = useSelect((select) => {
        counts.selectorRuns++;
        return (
          select(coreStore)
            .getEntityRecords(KIND, NAME, query)
            ?.map((record) => record.id) ?? null
        );
      }, []);
      return h('ul', null, ids ? ids.map((id) => h(Row, { key: id, id })) : null);
    }

    const container = context.container();
    const root = createRoot(container);
    const rowsMs = await context.measure(async () => {
      root.render(h(RegistryProvider, { value: registry }, h(List)));
      while (container.getElementsByTagName('li').length < reactRows) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    // The rows are on screen; the resolutions their selectors started still run (and re-run every
    // row's selector on each of their state changes) before the page is idle.
    const settleMs = await context.measure(() => settle(registry));
    const target = Math.ceil(reactRows / 2);
    const row = container.querySelector(`li[data-id="${target}"]`);
    const dispatch = registry.dispatch(coreStore);
    const before = { ...counts };
    const totalMs = await context.measure(() => {
      for (let i = 0; i < reactEdits; i++) {
        flushSync(() => dispatch.editEntityRecord(KIND, NAME, target, { title: `Row edit ${i}` }));
      }
    });
    expect(row.textContent === `Row edit ${reactEdits - 1}`, `the row shows "${row.textContent}"`);
    root.unmount();
    container.remove();
    return {
      editMs: totalMs / reactEdits,
      derivationsPerEdit: (counts.selectorRuns - before.selectorRuns) / reactEdits,
      rowRendersPerEdit: (counts.rowRenders - before.rowRenders) / reactEdits,
      mountMs: rowsMs + settleMs,
      rowsMs,
      requests: context.server.requests,
    };
  },

  'fetch-all': (context) => fetchEvery(context, context.sizes.fetchAllPosts),

  async 'react-editor'(context) {
    const { editorEdits, editorFields } = context.sizes;
    const registry = newRegistry();
    // The second post's page: the configs load, and the post the screen shows (1) stays uncached, as
    // on our side; its fields' selectors start its request.
    await loadPostConfig(registry, 2);
    const counts = { renders: 0 };
    const h = React.createElement;
    const fields = EDITOR_FIELDS.slice(0, editorFields);

    function Field({ field }) {
      counts.renders++;
      const [value] = useEntityProp(KIND, NAME, field, 1);
      return h('output', { 'data-field': field }, fieldText(value));
    }

    const container = context.container();
    const title = () => container.querySelector('output[data-field="title"]');
    const screen = h(
      RegistryProvider,
      { value: registry },
      fields.map((field) => h(Field, { key: field, field })),
    );
    /** Renders the screen into a new root, waits until the title shows and the resolutions settle. */
    const mount = async () => {
      const root = createRoot(container);
      const titleShows = titleWatcher(container);
      root.render(screen);
      while (!titleShows()) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await settle(registry);
      return root;
    };
    let root;
    const mountMs = await context.measure(async () => {
      root = await mount();
    });
    const mountRenders = counts.renders;
    // Not measured: let React run the mount's passive effects, where useSelect subscribes to the
    // store. A createRoot render flushes them in a later task, and an edit sent before that reaches
    // no component (the title then stays as received: seen once on a loaded machine).
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    const dispatch = registry.dispatch(coreStore);
    const rendersBefore = counts.renders;
    const totalMs = await context.measure(() => {
      for (let i = 0; i < editorEdits; i++) {
        flushSync(() => dispatch.editEntityRecord(KIND, NAME, 1, { title: `Edit ${i}` }));
      }
    });
    expect(title()?.textContent === `Edit ${editorEdits - 1}`, `the title shows "${title()?.textContent}"`);
    const rendersPerEdit = (counts.renders - rendersBefore) / editorEdits;
    root.unmount();
    // The same screen again, now on a cached post: the render work alone, no request.
    let warmMountCpuMs = 0;
    const rendersBeforeWarmMount = counts.renders;
    const warmMountMs = await context.measure(async () => {
      const cpuStart = process.cpuUsage();
      root = await mount();
      const cpu = process.cpuUsage(cpuStart);
      warmMountCpuMs = (cpu.user + cpu.system) / 1000;
    });
    const warmMountRenders = counts.renders - rendersBeforeWarmMount;
    root.unmount();
    container.remove();
    return {
      mountMs,
      warmMountMs,
      warmMountCpuMs,
      editMs: totalMs / editorEdits,
      rendersPerEdit,
      mountRenders,
      warmMountRenders,
    };
  },

  'fetch-all-10k': (context) => fetchEvery(context, context.sizes.fetchAllLargePosts),

  'list-reads-1k': (context) => readListOutsideReactions(context, context.sizes.listReadSmallPosts),

  'list-reads-10k': (context) => readListOutsideReactions(context, context.sizes.listReadLargePosts),
};

/** @type {import('../scenarios/definitions.ts').BenchSide} */
export const side = {
  name: `core-data ${version}`,
  run(scenario, context) {
    server = context.server;
    const run = scenarios[scenario];
    if (!run) throw new Error(`core-data: no scenario ${scenario}`);
    return run(context);
  },
};
