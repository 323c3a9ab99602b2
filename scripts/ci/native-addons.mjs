// Loads every native addon (`*.node`) installed in node_modules and runs esbuild's platform binary,
// so a Node release that cannot load one of them fails here with the addon's name rather than as
// a puzzling error deep in a test run. Run with the Node under test first on PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const require = createRequire(join(root, 'package.json'));

/** Every `*.node` file under `dir`, depth first. */
function addonsIn(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...addonsIn(path));
    else if (entry.isFile() && entry.name.endsWith('.node')) found.push(path);
  }
  return found;
}

let failed = 0;
for (const addon of addonsIn(join(root, 'node_modules'))) {
  const name = addon.slice(root.length);
  try {
    require(addon);
    console.log(`  loads ${name}`);
  } catch (error) {
    failed += 1;
    console.error(`  FAILS ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const esbuild = join(root, 'node_modules', '.bin', 'esbuild');
if (existsSync(esbuild)) {
  try {
    console.log(`  runs esbuild ${execFileSync(esbuild, ['--version'], { encoding: 'utf8' }).trim()}`);
  } catch (error) {
    failed += 1;
    console.error(`  FAILS esbuild: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(`native addons on node ${process.version}: ${failed === 0 ? 'all load' : `${failed} failed`}`);
process.exitCode = failed === 0 ? 0 : 1;
