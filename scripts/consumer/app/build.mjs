// A Vite production build of a tiny app that imports only the root entry: the bundle must hold
// no msw, no test kit and no sync code. A control app that imports the test kit is built too, and
// must be caught, so the check is known to work. Prints the app's minified and gzipped size.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** Modules a root-only app must not contain, by what they are. */
const forbidden = {
  msw: /\/node_modules\/(msw|@mswjs)\//,
  'test kit': /\/node_modules\/wp-entities\/dist\/src\/testing\//,
  'sync code':
    /\/node_modules\/(wp-entities\/dist\/src\/sync\/|yjs\/|y-protocols\/|y-webrtc\/|y-indexeddb\/|lib0\/|@hocuspocus\/)/,
};

/** Builds `folder` and returns its JS chunks. */
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

const control = found(await buildApp('web-control'));
assert.ok(
  control.msw && control['test kit'],
  `the check missed msw or the test kit in the control app: ${JSON.stringify(control)}`,
);

const chunks = await buildApp('web');
const hits = found(chunks);
assert.deepEqual(hits, {}, `the root-only app bundles what it must not: ${JSON.stringify(hits, null, 2)}`);
const code = chunks.map((chunk) => chunk.code).join('');
const bytes = Buffer.byteLength(code);
const gzipped = gzipSync(code).length;
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `  vite build of a root-only app: ${chunks.length} chunk(s), ${chunks.flatMap((c) => c.moduleIds).length} modules, ` +
    `${kB(bytes)} minified, ${kB(gzipped)} gzipped; no msw, test kit or sync code (the control app's were caught)`,
);
console.log(`BUNDLE_SIZE ${JSON.stringify({ minifiedBytes: bytes, gzippedBytes: gzipped })}`);
