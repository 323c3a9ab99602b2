// Vite production builds, as an app's bundler makes them:
// - a tiny app that imports only the root entry: it must hold no msw, test kit, sync code,
//   freshness, snapshot or devtools code, nor the journal's engine. A control app that imports the test kit is built too,
//   and must be caught, so the check is known to work. Prints its minified and gzipped size
//   (`BUNDLE_SIZE`, what issue 42 compares with the root's size before it).
// - a React app that loads the devtools panel lazily: its entry chunk holds no devtools code, and
//   the devtools are a chunk of their own.
// - one bundle per entry of `exports` (everything it exports, its peers left out), alone and with
//   the root's exports beside it: the entry's size and what it adds to an app that has the root
//   already (`ENTRY_SIZE`). Node-only entries are named, not bundled.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const dist = '/node_modules/wp-entities/dist/';
/** Modules a root-only app must not contain, by what they are. */
const forbidden = {
  msw: /\/node_modules\/(msw|@mswjs)\//,
  'test kit': new RegExp(`${dist}src/testing/`),
  'sync code': new RegExp(
    `(${dist}src/sync/|/node_modules/(yjs|y-protocols|y-webrtc|y-indexeddb|lib0|@hocuspocus)/)`,
  ),
  'freshness code': new RegExp(`${dist}(src/freshness/|stores/Freshness\\.js)`),
  'snapshot code': new RegExp(`${dist}(src/ssr/|stores/storeSnapshot\\.js)`),
  devtools: new RegExp(`${dist}src/devtools/`),
  // The journal's engine comes with a journal storage (or wp-entities/journal), not with the root.
  'journal engine': new RegExp(
    `${dist}(src/journal/|stores/journal/(JournalRecorder|journalRestore|writerLocks|journalEngine)\\.js)`,
  ),
};

const kB = (n) => `${(n / 1024).toFixed(1)} kB`;

/** Builds `folder` (an app with an index.html) and returns its JS chunks. */
async function buildApp(folder) {
  const result = await build({
    root: new URL(`./${folder}/`, import.meta.url).pathname,
    logLevel: 'warn',
    build: { outDir: `../dist-${folder}`, emptyOutDir: true, minify: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  return outputs.filter((item) => item.type === 'chunk');
}

/** Which forbidden kinds of module the chunks contain, each with one module as evidence. */
function found(chunks) {
  const hits = {};
  for (const id of chunks.flatMap((chunk) => chunk.moduleIds)) {
    for (const [kind, pattern] of Object.entries(forbidden)) {
      if (pattern.test(id.replaceAll('\\', '/')) && !hits[kind]) hits[kind] = id;
    }
  }
  return hits;
}

/** Minified and gzipped bytes of `chunks`' code. */
function sizeOf(chunks) {
  const code = chunks.map((chunk) => chunk.code).join('');
  return { minifiedBytes: Buffer.byteLength(code), gzippedBytes: gzipSync(code).length };
}

const control = found(await buildApp('web-control'));
assert.ok(
  control.msw && control['test kit'],
  `the check missed msw or the test kit in the control app: ${JSON.stringify(control)}`,
);

const chunks = await buildApp('web');
const hits = found(chunks);
assert.deepEqual(hits, {}, `the root-only app bundles what it must not: ${JSON.stringify(hits, null, 2)}`);
const root = sizeOf(chunks);
console.log(
  `  vite build of a root-only app: ${chunks.length} chunk(s), ${chunks.flatMap((c) => c.moduleIds).length} modules, ` +
    `${kB(root.minifiedBytes)} minified, ${kB(root.gzippedBytes)} gzipped (MobX included); no msw, test kit, sync, ` +
    `freshness, snapshot, devtools or journal code (the control app's were caught)`,
);
console.log(`BUNDLE_SIZE ${JSON.stringify(root)}`);

// The React app: devtools only behind its dynamic import.
const reactChunks = await buildApp('web-react');
const entryChunks = reactChunks.filter((chunk) => chunk.isEntry);
const inEntry = found(entryChunks).devtools;
assert.equal(inEntry, undefined, `the React app's entry chunk holds devtools code: ${inEntry}`);
const lazyChunks = reactChunks.filter((chunk) => !chunk.isEntry && found([chunk]).devtools);
assert.ok(lazyChunks.length > 0, 'the lazily imported devtools are in no chunk of their own');
const app = sizeOf(entryChunks);
const devtools = sizeOf(lazyChunks);
console.log(
  `  vite build of a React app with a lazy devtools panel: entry ${kB(app.minifiedBytes)} minified ` +
    `(no devtools code), devtools chunk ${kB(devtools.minifiedBytes)} minified, ${kB(devtools.gzippedBytes)} gzipped`,
);

// One bundle per entry: everything it exports, peers external (the app has them anyway).
const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(require.resolve('wp-entities/package.json'), 'utf8'));
const peers = Object.keys(manifest.peerDependencies);
/** Entries that run only in Node (servers, the test kit's Node side): named, not bundled for a browser. */
const nodeOnly = new Set(['./sync/server']);
const entryDir = new URL('./entry-sizes/', import.meta.url).pathname;
mkdirSync(entryDir, { recursive: true });
/** Minified and gzipped bytes of a bundle exporting everything of `specifiers`, peers external. */
async function bundleOf(name, specifiers) {
  const file = `${entryDir}${name}.js`;
  writeFileSync(file, specifiers.map((specifier) => `export * from '${specifier}';\n`).join(''));
  const result = await build({
    root: entryDir,
    logLevel: 'silent',
    build: {
      outDir: `${entryDir}out`,
      emptyOutDir: true,
      minify: true,
      lib: { entry: file, formats: ['es'], fileName: 'entry' },
      rollupOptions: { external: (id) => peers.some((peer) => id === peer || id.startsWith(`${peer}/`)) },
    },
  });
  const output = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  return sizeOf(output.filter((item) => item.type === 'chunk'));
}

const rootAlone = await bundleOf('root', ['wp-entities']);
for (const entry of Object.keys(manifest.exports).filter((key) => !key.endsWith('.json'))) {
  const specifier = entry === '.' ? 'wp-entities' : `wp-entities/${entry.slice(2)}`;
  if (nodeOnly.has(entry)) {
    console.log(`  entry ${specifier}: Node only, not bundled`);
    continue;
  }
  const alone = entry === '.' ? rootAlone : await bundleOf(entry.slice(2).replaceAll('/', '-'), [specifier]);
  const withRoot =
    entry === '.'
      ? rootAlone
      : await bundleOf(`root+${entry.slice(2).replaceAll('/', '-')}`, ['wp-entities', specifier]);
  const added = withRoot.minifiedBytes - rootAlone.minifiedBytes;
  console.log(
    `  entry ${specifier}: ${kB(alone.minifiedBytes)} minified, ${kB(alone.gzippedBytes)} gzipped alone` +
      (entry === '.' ? '' : `; adds ${kB(added)} minified to an app with the root`) +
      ' (all its exports, peers left out)',
  );
  console.log(
    `ENTRY_SIZE ${JSON.stringify({ entry: specifier, ...alone, addedToRootMinifiedBytes: added })}`,
  );
}
