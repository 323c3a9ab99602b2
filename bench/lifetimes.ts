/**
 * `npm run bench:lifetimes`: does a store give back everything when disposed? Runs CYCLES
 * (default 100) of: new store → fetch 1,000 realistic posts (about 5.5 KB each in context=edit,
 * parsed from JSON text as a real response would be) → edit 100 → save 10 → dispose. Every 10
 * cycles it forces garbage collection and prints the heap; at the end it prints the growth per
 * cycle (a least-squares slope over those samples, so one noisy sample does not decide it).
 *
 * A script, not a test: it prints figures and asserts nothing about time. `CYCLES=20` shortens it.
 *
 * @module
 */
import { PostTypeConfig } from '../models/EntityConfig.js';
import type { Query, RawResponse, RequestOptions, Transport } from '../core/transport/types.js';
import { RootStore } from '../stores/RootStore.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error(
    'Run with --expose-gc: node --expose-gc --import tsx bench/lifetimes.ts (npm run bench:lifetimes does).',
  );
  process.exit(1);
}
const collect = gc;

const CYCLES = Number(process.env.CYCLES ?? 100);
const POSTS = 1000;
const PAGE = 100;
const EDITS = 100;
const SAVES = 10;
const SITE = 'http://example.test';

const PARAGRAPH =
  'WordPress posts carry their blocks as HTML comments in content.raw and the rendered HTML next to it; ' +
  'an editor keeps both, so each paragraph is stored twice in context=edit.';

/** A post as WordPress 6.1 sends it in context=edit, with `_links`: about 5.5 KB of JSON. */
function realisticPost(id: number): Record<string, unknown> {
  const date = new Date(Date.UTC(2024, 0, 1) + id * 60_000).toISOString().slice(0, 19);
  const paragraphs = Array.from({ length: 8 }, (_, index) => `${PARAGRAPH} (${id}.${index})`);
  const link = (rel: string, href: string) => [rel, [{ href, embeddable: true }]] as const;
  return {
    id,
    date,
    date_gmt: date,
    guid: { rendered: `${SITE}/?p=${id}`, raw: `${SITE}/?p=${id}` },
    modified: date,
    modified_gmt: date,
    password: '',
    slug: `post-${id}`,
    status: 'publish',
    type: 'post',
    link: `${SITE}/post-${id}/`,
    title: { raw: `Post number ${id}`, rendered: `Post number ${id}` },
    content: {
      raw: paragraphs.map((p) => `<!-- wp:paragraph -->\n<p>${p}</p>\n<!-- /wp:paragraph -->`).join('\n\n'),
      rendered: paragraphs.map((p) => `\n<p>${p}</p>\n`).join('\n'),
      protected: false,
      block_version: 1,
    },
    excerpt: { raw: '', rendered: `<p>${PARAGRAPH.slice(0, 150)} [&hellip;]</p>\n`, protected: false },
    author: 1 + (id % 5),
    featured_media: 0,
    comment_status: 'open',
    ping_status: 'open',
    sticky: false,
    template: '',
    format: 'standard',
    meta: { footnotes: '' },
    categories: [1 + (id % 7)],
    tags: [2 + (id % 3)],
    permalink_template: `${SITE}/%postname%/`,
    generated_slug: `post-${id}`,
    _links: Object.fromEntries([
      link('self', `${SITE}/wp-json/wp/v2/posts/${id}`),
      link('collection', `${SITE}/wp-json/wp/v2/posts`),
      link('about', `${SITE}/wp-json/wp/v2/types/post`),
      link('author', `${SITE}/wp-json/wp/v2/users/${1 + (id % 5)}`),
      link('replies', `${SITE}/wp-json/wp/v2/comments?post=${id}`),
      link('version-history', `${SITE}/wp-json/wp/v2/posts/${id}/revisions`),
      link('wp:attachment', `${SITE}/wp-json/wp/v2/media?parent=${id}`),
      link('wp:term', `${SITE}/wp-json/wp/v2/categories?post=${id}`),
      link('wp:action-publish', `${SITE}/wp-json/wp/v2/posts/${id}`),
      link('wp:action-unfiltered-html', `${SITE}/wp-json/wp/v2/posts/${id}`),
      link('wp:action-sticky', `${SITE}/wp-json/wp/v2/posts/${id}`),
      link('wp:action-assign-author', `${SITE}/wp-json/wp/v2/posts/${id}`),
      link('curies', 'https://api.w.org/{rel}'),
    ]),
  };
}

/** Each page as JSON text, made once: the cycles parse it, as a client parses a response body. */
const pages = Array.from({ length: POSTS / PAGE }, (_, index) =>
  JSON.stringify(Array.from({ length: PAGE }, (_, offset) => realisticPost(index * PAGE + offset + 1))),
);
const postBytes = pages.reduce((sum, page) => sum + page.length, 0) / POSTS;

/** Answers the post list and post updates from the prepared pages; no network. */
class InMemoryWordPress implements Transport {
  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    const method = options.method ?? 'GET';
    const query: Query = options.query ?? {};
    if (method === 'GET' && options.path === '/wp/v2/posts') {
      const page = Number(query.page ?? 1);
      const data = JSON.parse(pages[page - 1] ?? '[]') as T;
      const headers = new Headers({ 'X-WP-Total': String(POSTS), 'X-WP-TotalPages': String(pages.length) });
      return Promise.resolve(options.raw === true ? { data, status: 200, headers } : data);
    }
    const match = /^\/wp\/v2\/posts\/(\d+)$/.exec(options.path);
    if (method === 'PUT' && match) {
      const body = options.body as Record<string, unknown>;
      const saved: Record<string, unknown> = realisticPost(Number(match[1]));
      for (const [key, value] of Object.entries(body)) {
        saved[key] = typeof value === 'string' && key === 'title' ? { raw: value, rendered: value } : value;
      }
      return Promise.resolve(JSON.parse(JSON.stringify(saved)) as T);
    }
    return Promise.reject(new Error(`lifetimes bench: no route for ${method} ${options.path}`));
  }
  fetchAll<T = unknown>(): Promise<T[]> {
    return Promise.reject(new Error('lifetimes bench: fetchAll is not used'));
  }
  allowedMethods(): Promise<Set<string>> {
    return Promise.resolve(new Set(['GET', 'POST', 'PUT', 'DELETE']));
  }
  batch(): Promise<never> {
    return Promise.reject(new Error('lifetimes bench: batch is not used'));
  }
}

const transport = new InMemoryWordPress();

async function cycle(round: number): Promise<void> {
  const store = new RootStore({ transport });
  store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', label: 'Posts' }));
  const posts = store.collection('postType', 'post');
  for (let page = 1; page <= pages.length; page++) await posts.query({ per_page: PAGE, page }).fetch();
  for (let id = 1; id <= EDITS; id++) posts.record(id).edit({ title: `Edited ${round}.${id}` });
  for (let id = 1; id <= SAVES; id++) await posts.record(id).save({ throwOnError: true });
  if (store.dirtyRecords.length !== EDITS - SAVES) throw new Error('lifetimes bench: the saves did not land');
  store.dispose();
}

function heapMB(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

console.log(
  `lifetimes: ${CYCLES} cycles of new store → fetch ${POSTS} posts (${(postBytes / 1024).toFixed(1)} KB of JSON each) → edit ${EDITS} → save ${SAVES} → dispose; Node ${process.version}`,
);
const start = heapMB();
const samples: [number, number][] = [[0, start]];
console.log(`cycle    0  heap ${start.toFixed(1)} MB`);
const started = performance.now();
for (let round = 1; round <= CYCLES; round++) {
  await cycle(round);
  if (round % 10 === 0 || round === CYCLES) {
    // A WeakRef's target (a store's eviction sweep holds its store weakly) stays alive until the
    // current task ends, and these cycles run in one task: end it, as an app's next event would.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const heap = heapMB();
    samples.push([round, heap]);
    console.log(`cycle ${String(round).padStart(4)}  heap ${heap.toFixed(1)} MB`);
  }
}
const elapsedMs = performance.now() - started;
// The first cycles warm up code and caches; the slope is taken from cycle 10 on when there are enough samples.
const steady = samples.length > 3 ? samples.slice(1) : samples;
const growthKB = slope(steady) * 1024;
const last = samples[samples.length - 1] as [number, number];
console.log(
  `growth per cycle: ${growthKB.toFixed(1)} KB (least squares over cycles ${steady[0]?.[0] ?? 0}–${last[0]}); ` +
    `heap ${start.toFixed(1)} → ${last[1].toFixed(1)} MB; ${(elapsedMs / CYCLES).toFixed(0)} ms per cycle (shared CPU: noisy)`,
);
