/**
 * The @wordpress/core-data sides of the permissions benchmark: 6.30.0 (from bench/core-data, its
 * own install) and 8.1.0 (the library's devDependency, which the parity test reads too), each in
 * its own process: `node --import tsx bench/permissions/coreData.mjs <6.30|8.1> <6.7|6.1> <rounds>
 * [name|entity]`. A list of 100 posts through `getEntityRecords`, then `canUser('update', …)` for
 * each: by REST base (`'posts', id`, the only form 6.30 has) or as `{ kind, name, id }` (the form
 * 8.1 fills from the list's targetHints).
 *
 * Plain JavaScript, as bench/core-data/theirs.mjs: the library's type check never needs it.
 *
 * @module
 */
/* global Request, setImmediate */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { installDom } from '../scenarios/dom.ts';
import { ensureCoreDataInstalled } from '../scenarios/coreDataInstall.ts';
import { benchSite, countsOf, POSTS } from './site.ts';

const release = process.argv[2] ?? '8.1';
const wordpress = process.argv[3] ?? '6.7';
const rounds = Number(process.argv[4] ?? 5);
const form = process.argv[5] ?? (release === '6.30' ? 'name' : 'entity');

// block-editor, which core-data imports, reads `window` while loading.
installDom();
if (release === '6.30') ensureCoreDataInstalled();
const from =
  release === '6.30'
    ? fileURLToPath(new URL('../core-data/package.json', import.meta.url))
    : fileURLToPath(new URL('../../package.json', import.meta.url));
const require = createRequire(from);
const apiFetch = require('@wordpress/api-fetch').default;
const { createRegistry } = require('@wordpress/data');
const { store: coreStore } = require('@wordpress/core-data');
const version = require('@wordpress/core-data/package.json').version;

/** The site of the round in progress. */
let mock;

apiFetch.setFetchHandler(async (options) => {
  const path = options.url ?? options.path;
  const url = path.startsWith('http') ? path : `${mock.restRoot}${path}`;
  const body = options.data === undefined ? options.body : JSON.stringify(options.data);
  const response = await mock.handle(
    new Request(url, {
      method: options.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...(options.headers ?? {}) },
      ...(body === undefined ? {} : { body }),
    }),
  );
  if (options.parse === false) return response;
  const text = await response.text();
  const data = text === '' ? null : JSON.parse(text);
  if (response.status >= 400) throw data;
  return data;
});

/** Waits until every resolver the work started has finished (@wordpress/data starts them in a timeout). */
async function settle(registry) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const select = registry.select(coreStore);
  while (select.hasResolvingSelectors()) await new Promise((resolve) => setImmediate(resolve));
}

async function once() {
  mock = benchSite(wordpress);
  const registry = createRegistry();
  registry.register(coreStore);
  const resolve = registry.resolveSelect(coreStore);
  const start = performance.now();
  const posts = await resolve.getEntityRecords('postType', 'post', { per_page: POSTS });
  const ids = posts.map((post) => post.id);
  const answers = await Promise.all(
    ids.map((id) =>
      form === 'entity'
        ? resolve.canUser('update', { kind: 'postType', name: 'post', id })
        : resolve.canUser('update', 'posts', id),
    ),
  );
  const ms = performance.now() - start;
  await settle(registry);
  return { counts: countsOf(mock), ms, answers };
}

const ms = [];
let last;
// The first round warms up the JIT; it is not counted.
for (let round = -1; round < rounds; round++) {
  last = await once();
  if (round >= 0) ms.push(last.ms);
}
console.log(
  JSON.stringify({
    side: `core-data ${version} (${form === 'entity' ? '{ kind, name, id }' : "'posts', id"})`,
    wordpress,
    counts: last.counts,
    ms,
    answers: last.answers,
  }),
);
