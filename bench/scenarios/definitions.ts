/**
 * The benchmark scenarios both systems run in `npm run bench:compare`: their sizes, the figures
 * each one reports, and the targets (ours / core-data, same run) from issue 8. A side (ours, or
 * core-data's in `bench/core-data/theirs.mjs`) implements {@link BenchSide}.
 *
 * @module
 */
import type { MockServer } from './server.js';

/** The sizes of the scenarios. */
export const SIZES = {
  /** Posts received and read in `receive-read`. */
  receivePosts: 10_000,
  /** Page size of `receive-read`. */
  receivePage: 100,
  /** Edits on one record in `edit-churn` (then as many undos and redos). */
  churnEdits: 2_000,
  /** Records edited in `dirty-list`. */
  dirtyRecords: 2_000,
  /** Reads of the dirty list in `dirty-list`. */
  dirtyReads: 100,
  /** Distinct queries in `queries` (search, author, status, category, ordering; see fixtures.distinctQuery). */
  queries: 1_000,
  /** Posts each query finds. */
  queryPage: 10,
  /** Posts on the site of the `queries` scenario. */
  queryPosts: 10_000,
  /** Records saved in `batch-save`. */
  batchRecords: 500,
  /** The server's `/batch/v1` maxItems. */
  batchMaxItems: 25,
  /** Rows of the React list. */
  reactRows: 1_000,
  /** Edits of one row in the React list. */
  reactEdits: 100,
  /** Posts of the `per_page: -1` read in `fetch-all`. */
  fetchAllPosts: 2_000,
  /** Posts of the larger `per_page: -1` read in `fetch-all-10k`. */
  fetchAllLargePosts: 10_000,
  /** Reads of one list outside any reaction in `list-reads-*`. */
  listReads: 1_000,
  /** Changes of one listed post, each followed by one timed read, in `list-reads-*`. */
  listChanges: 50,
  /** Posts of the list read in `list-reads-1k`. */
  listReadSmallPosts: 1_000,
  /** Posts of the list read in `list-reads-10k`. */
  listReadLargePosts: 10_000,
  /** Fields of the post the React editor screen shows, one observer each. */
  editorFields: 20,
  /** Edits of one field on the React editor screen. */
  editorEdits: 100,
} as const;

/** The sizes, as a type. */
export type Sizes = { readonly [K in keyof typeof SIZES]: number };

/** The scenario ids, in the order they run. */
export const SCENARIO_IDS = [
  'receive-read',
  'edit-churn',
  'dirty-list',
  'queries',
  'batch-save',
  'react-list',
  'fetch-all',
  'react-editor',
  'fetch-all-10k',
  'list-reads-1k',
  'list-reads-10k',
  'receive-pages',
] as const;

/** One scenario id. */
export type ScenarioId = (typeof SCENARIO_IDS)[number];

/** The figures one run of one scenario reports, by metric name. */
export type Figures = Record<string, number>;

/** What a side gets for one run. */
export interface RunContext {
  /** A fresh mock WordPress for this run, sized for the scenario. */
  server: MockServer;
  /** The scenario sizes. */
  sizes: Sizes;
  /** Heap in use after two full collections, in MB. */
  heapMB(): number;
  /**
   * Runs `work` and returns its client time in ms: wall time minus the time the server spent
   * answering during it.
   */
  measure(work: () => Promise<void> | void): Promise<number>;
  /** A fresh, attached `<div>` of the shared jsdom document (React scenario). */
  container(): HTMLElement;
}

/** One system under test. */
export interface BenchSide {
  /** Its name in the table. */
  name: string;
  /** Runs one scenario once and returns its figures; throws when the result is wrong. */
  run(scenario: ScenarioId, context: RunContext): Promise<Figures>;
}

/** How a metric is judged. */
export interface MetricSpec {
  /** The key in {@link Figures}. */
  key: string;
  /** What the table prints. */
  label: string;
  /** The unit printed after the figures. */
  unit: string;
  /** The highest ratio ours/core-data that meets the target; none for figures shown for information. */
  maxRatio?: number;
  /** The highest value of our figure that meets the target (for counts such as derivations per edit). */
  maxOurs?: number;
  /** Our figure must equal core-data's (request counts). */
  sameAsTheirs?: boolean;
}

/** A scenario as the runner prints it. */
export interface ScenarioSpec {
  /** Its id. */
  id: ScenarioId;
  /** Its title. */
  title: string;
  /** Posts on the mock site during the scenario, for the given sizes. */
  posts(sizes: Sizes): number;
  /** Its metrics, targets first. */
  metrics: MetricSpec[];
  /**
   * The runner adds the parse floor: `parseMs` (a bare `JSON.parse` of the same answers),
   * `aboveParseMs` (client time minus it) and, when the side reports `heapMB`, `parsedHeapMB` (the
   * heap of those answers parsed) and `heapAboveMB`.
   */
  parseFloor?: boolean;
}

/**
 * The `per_page: -1` rows' time above the parse, split: without any collection (the floor's nor
 * the side's), and the collections in the side's client time; and the same in CPU time, which a
 * loaded machine inflates far less than wall time. Shown beside the target row, not
 * instead of it: whether the young-generation collection of the parsed posts (which every side
 * keeps) lands in the client's window, in the server's subtracted time, or after the window changes
 * from round to round, and it is most of that row at 2,000 posts.
 */
const GC_SPLIT: MetricSpec[] = [
  {
    key: 'aboveParseWithoutGcMs',
    label: 'client time above JSON.parse, every GC pause left out (of both)',
    unit: 'ms',
  },
  { key: 'gcMs', label: 'GC pauses in the client time', unit: 'ms' },
  { key: 'aboveParseCpuMs', label: 'CPU time above JSON.parse (server excluded)', unit: 'ms' },
];

/** Every scenario with its metrics and targets. */
export const SCENARIOS: readonly ScenarioSpec[] = [
  {
    id: 'receive-read',
    title: `receive + read ${SIZES.receivePosts.toLocaleString('en')} posts (pages of ${SIZES.receivePage})`,
    posts: (sizes) => sizes.receivePosts,
    parseFloor: true,
    metrics: [
      { key: 'aboveParseMs', label: 'client time above JSON.parse', unit: 'ms', maxRatio: 0.5 },
      { key: 'heapAboveMB', label: 'heap above the parsed JSON', unit: 'MB', maxRatio: 0.5 },
      { key: 'clientMs', label: 'client time, parsing included', unit: 'ms' },
      { key: 'parseMs', label: 'bare JSON.parse of the answers', unit: 'ms' },
      { key: 'heapMB', label: 'heap growth', unit: 'MB' },
      { key: 'parsedHeapMB', label: 'heap of the parsed JSON alone', unit: 'MB' },
      { key: 'requests', label: 'requests', unit: '', sameAsTheirs: true },
    ],
  },
  {
    id: 'edit-churn',
    title: `${SIZES.churnEdits.toLocaleString('en')} edits of one record, undo all, redo all`,
    posts: () => 1,
    metrics: [
      { key: 'totalMs', label: 'edits + undo + redo', unit: 'ms', maxRatio: 0.25 },
      { key: 'editMs', label: 'edits', unit: 'ms' },
      { key: 'undoMs', label: 'undo all', unit: 'ms' },
      { key: 'redoMs', label: 'redo all', unit: 'ms' },
    ],
  },
  {
    id: 'dirty-list',
    title: `edit ${SIZES.dirtyRecords.toLocaleString('en')} records, read the dirty list ${SIZES.dirtyReads} times`,
    posts: (sizes) => sizes.dirtyRecords,
    metrics: [
      { key: 'readMs', label: `${SIZES.dirtyReads} dirty-list reads`, unit: 'ms', maxRatio: 0.01 },
      {
        key: 'editMs',
        label: `edit ${SIZES.dirtyRecords.toLocaleString('en')} records`,
        unit: 'ms',
        maxRatio: 0.1,
      },
    ],
  },
  {
    id: 'queries',
    title: `${SIZES.queries.toLocaleString('en')} distinct queries (filters, ${SIZES.queryPage} posts each)`,
    posts: (sizes) => sizes.queryPosts,
    parseFloor: true,
    metrics: [
      { key: 'aboveParseMs', label: 'client time above JSON.parse', unit: 'ms', maxRatio: 0.1 },
      { key: 'clientMs', label: 'client time, parsing included', unit: 'ms' },
      { key: 'parseMs', label: 'bare JSON.parse of the answers', unit: 'ms' },
      { key: 'lastToFirst', label: 'last 100 / first 100', unit: 'x' },
      { key: 'requests', label: 'requests', unit: '', sameAsTheirs: true },
    ],
  },
  {
    id: 'batch-save',
    title: `batch save of ${SIZES.batchRecords} edited records (server max ${SIZES.batchMaxItems})`,
    posts: (sizes) => sizes.batchRecords,
    metrics: [
      { key: 'clientMs', label: 'client time', unit: 'ms', maxRatio: 0.25 },
      { key: 'requests', label: 'requests', unit: '', sameAsTheirs: true },
    ],
  },
  {
    id: 'react-list',
    title: `React list of ${SIZES.reactRows.toLocaleString('en')} rows, ${SIZES.reactEdits} edits of one row`,
    posts: (sizes) => sizes.reactRows,
    metrics: [
      { key: 'editMs', label: 'time per edit', unit: 'ms', maxRatio: 0.1 },
      { key: 'derivationsPerEdit', label: 'derivations / selector runs per edit', unit: '', maxOurs: 3 },
      { key: 'rowRendersPerEdit', label: 'row renders per edit', unit: '' },
      { key: 'mountMs', label: 'mount and settle', unit: 'ms', maxRatio: 0.05 },
      { key: 'rowsMs', label: 'mount until every row shows', unit: 'ms' },
    ],
  },
  {
    id: 'fetch-all',
    title: `per_page -1 of ${SIZES.fetchAllPosts.toLocaleString('en')} posts`,
    posts: (sizes) => sizes.fetchAllPosts,
    parseFloor: true,
    metrics: [
      { key: 'aboveParseMs', label: 'client time above JSON.parse', unit: 'ms', maxRatio: 0.5 },
      ...GC_SPLIT,
      { key: 'clientMs', label: 'client time, parsing included', unit: 'ms' },
      { key: 'parseMs', label: 'bare JSON.parse of the answers', unit: 'ms' },
      { key: 'requests', label: 'requests', unit: '', sameAsTheirs: true },
    ],
  },
  {
    id: 'react-editor',
    title: `React editor screen: one post, ${SIZES.editorFields} fields, ${SIZES.editorFields} observers`,
    // Two: core-data loads its configs by reading the second, so the first is not cached.
    posts: () => 2,
    metrics: [
      {
        key: 'mountMs',
        label: 'mount until every field shows (the hooks fetch the post)',
        unit: 'ms',
        maxRatio: 1,
      },
      { key: 'warmMountMs', label: 'mount again, the post cached', unit: 'ms', maxRatio: 1 },
      { key: 'warmMountCpuMs', label: 'CPU time of the mount again', unit: 'ms', maxRatio: 1 },
      { key: 'editMs', label: 'time per edit of one field', unit: 'ms' },
      { key: 'rendersPerEdit', label: 'field renders per edit', unit: '' },
      // Sanity checks: both sides render each field twice (empty, then the post) and once again.
      { key: 'mountRenders', label: 'field renders of the mount', unit: '' },
      { key: 'warmMountRenders', label: 'field renders of the mount again', unit: '' },
    ],
  },
  {
    id: 'fetch-all-10k',
    title: `per_page -1 of ${SIZES.fetchAllLargePosts.toLocaleString('en')} posts`,
    posts: (sizes) => sizes.fetchAllLargePosts,
    parseFloor: true,
    metrics: [
      { key: 'aboveParseMs', label: 'client time above JSON.parse', unit: 'ms', maxRatio: 0.5 },
      ...GC_SPLIT,
      { key: 'clientMs', label: 'client time, parsing included', unit: 'ms' },
      { key: 'parseMs', label: 'bare JSON.parse of the answers', unit: 'ms' },
      { key: 'requests', label: 'requests', unit: '', sameAsTheirs: true },
    ],
  },
  listReadScenario('list-reads-1k', (sizes) => sizes.listReadSmallPosts),
  listReadScenario('list-reads-10k', (sizes) => sizes.listReadLargePosts),
  {
    id: 'receive-pages',
    title: `receive ${SIZES.receivePosts.toLocaleString('en')} posts (pages of ${SIZES.receivePage}), nothing read`,
    posts: (sizes) => sizes.receivePosts,
    parseFloor: true,
    metrics: [
      { key: 'aboveParseMs', label: 'client time above JSON.parse', unit: 'ms', maxRatio: 0.5 },
      { key: 'aboveParseCpuMs', label: 'CPU time above JSON.parse (server excluded)', unit: 'ms' },
      { key: 'clientMs', label: 'client time, parsing included', unit: 'ms' },
      { key: 'parseMs', label: 'bare JSON.parse of the answers', unit: 'ms' },
      { key: 'requests', label: 'requests', unit: '', sameAsTheirs: true },
    ],
  },
];

/**
 * `list-reads-*`: a `per_page: -1` list of `posts` posts read {@link SIZES.listReads} times by a
 * plain script (no reaction, no `useSelect`) three times over: right after the list resolved (the
 * first read counted: core-data's resolution reads its selector once, ours works the view out as
 * the answer is stored), again (`readUs`), and with the query looked up on each read (ours through
 * `collection.query(q)`, core-data's selector call as before); then
 * {@link SIZES.listChanges} times one post of the list is received changed and the list read once
 * (only the read is timed): what a script pays when the list did change (the median read, and
 * all of them with the collections that landed in them).
 */
function listReadScenario(id: ScenarioId, posts: (sizes: Sizes) => number): ScenarioSpec {
  return {
    id,
    title: `read a list of ${posts(SIZES).toLocaleString('en')} posts ${SIZES.listReads.toLocaleString('en')} times outside a reaction`,
    posts,
    metrics: [
      { key: 'readUs', label: 'time per read', unit: 'µs', maxRatio: 0.5 },
      {
        key: 'resolvedReadUs',
        label: 'time per read, the first after the list resolved included',
        unit: 'µs',
        maxRatio: 0.5,
      },
      {
        key: 'lookupReadUs',
        label: 'time per read, the query looked up on each read',
        unit: 'µs',
        maxRatio: 0.5,
      },
      { key: 'readsMs', label: `${SIZES.listReads.toLocaleString('en')} reads`, unit: 'ms' },
      {
        key: 'changedReadUs',
        label: 'a read after one post of the list changed (median)',
        unit: 'µs',
        maxRatio: 0.5,
      },
      {
        key: 'changedReadsMs',
        label: `${SIZES.listChanges} such reads, collections included`,
        unit: 'ms',
      },
    ],
  };
}
