// Imports every entry of the installed package's `exports` map from plain Node ESM, as a user's
// script would, and checks each one gives something. Entries are read from the installed
// package.json so a newly added entry is checked without editing this file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(require.resolve('wp-entities/package.json'), 'utf8'));

/** What each known entry must export; an entry not listed here must still export something. */
const expected = {
  '.': ['RootStore', 'RestTransport', 'EntityRecord', 'RestError'],
  './react': ['StoreProvider', 'useEntityRecord', 'observer'],
  './testing': ['createMockWordPress'],
  './sync': ['webrtcProvider', 'indexeddbProvider'],
  './freshness': ['Freshness'],
  './ssr': ['SNAPSHOT_VERSION'],
  './devtools': ['DataInspector'],
  './tabs': ['crossTabCache'],
  './journal': ['indexedDbJournal', 'memoryJournal'],
};

const entries = Object.keys(manifest.exports).filter((entry) => !entry.endsWith('.json'));
for (const entry of entries) {
  const specifier = entry === '.' ? 'wp-entities' : `wp-entities/${entry.slice(2)}`;
  const module = await import(specifier);
  const names = Object.keys(module);
  assert.ok(names.length > 0, `${specifier} exports nothing`);
  for (const name of expected[entry] ?? []) {
    assert.ok(module[name] !== undefined, `${specifier} does not export ${name}`);
  }
  console.log(`  import ${specifier}: ${names.length} exports`);
}

// Bins: each one is installed, executable, and starts with a node shebang.
for (const [name, target] of Object.entries(
  typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {}),
)) {
  // A bin's file is not an export of the package: read it from the installed package's folder.
  const file = new URL(`./node_modules/wp-entities/${target.replace(/^\.\//, '')}`, import.meta.url);
  assert.match(readFileSync(file, 'utf8'), /^#!\/usr\/bin\/env node/, `bin ${name} has no node shebang`);
  const link = readFileSync(new URL(`./node_modules/.bin/${name}`, import.meta.url), 'utf8');
  assert.ok(link.length > 0, `bin ${name} is not linked in node_modules/.bin`);
  console.log(`  bin ${name}: ${target}`);
}
