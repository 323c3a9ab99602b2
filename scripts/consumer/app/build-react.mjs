// A Vite production build (library mode, minified, tree-shaken as an app's bundler does) of a React
// app that imports only the hooks and the provider of `wp-entities/react`, then run: the bundle
// must still register the freshness policy the hooks rely on (`store.freshness`,
// `store.invalidate()`), as an unbundled import does, and a journal storage the journal's engine.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { build } from 'vite';

const root = new URL('./web-react-run/', import.meta.url).pathname;
const outDir = new URL('./dist-web-react-run/', import.meta.url).pathname;
await build({
  root,
  logLevel: 'warn',
  // A production build, as `vite build` makes it for an app.
  mode: 'production',
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    lib: { entry: `${root}main.js`, formats: ['es'], fileName: 'app' },
  },
});
const child = spawnSync(process.execPath, [`${outDir}app.js`], { encoding: 'utf8' });
const output = `${child.stdout}${child.stderr}`;
assert.equal(child.status, 0, `the bundled React app failed:\n${output}`);
assert.match(output, /FRESHNESS_ENGINE_OK/, `the bundled React app lost the freshness policy:\n${output}`);
assert.match(
  output,
  /JOURNAL_ENGINE_OK/,
  `the bundled React app's journal storage brought no engine:\n${output}`,
);
console.log(
  '  vite production bundle of a React app (hooks only) keeps the freshness policy registered, and its memoryJournal() the journal engine',
);
