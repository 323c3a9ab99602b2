// A Vite production build (library mode, minified, tree-shaken as an app's bundler does) of an app
// that uses `wp-entities/sync`, then run: the bundle must still build a store with sync on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { build } from 'vite';

const root = new URL('./web-sync/', import.meta.url).pathname;
const outDir = new URL('./dist-web-sync/', import.meta.url).pathname;
await build({
  root,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    lib: { entry: `${root}main.js`, formats: ['es'], fileName: 'app' },
  },
});
const child = spawnSync(process.execPath, [`${outDir}app.js`], { encoding: 'utf8' });
const output = `${child.stdout}${child.stderr}`;
assert.equal(child.status, 0, `the bundled sync app failed:\n${output}`);
assert.match(output, /SYNC_ENGINE_OK/, `the bundled sync app has no sync engine:\n${output}`);
console.log('  vite production bundle of an app using wp-entities/sync builds a synced store');
