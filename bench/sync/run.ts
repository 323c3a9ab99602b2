/**
 * `npm run bench:sync`: runs every `bench/sync/*.bench.ts` in name order, each in its own Node
 * process (WebRTC and server benchmarks start peers and servers of their own), and prints what they
 * print. `BENCH=name` runs only the files whose name contains it. Nothing is asserted.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = dirname(fileURLToPath(import.meta.url));
const only = process.env.BENCH;
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)))
  .sort();

if (files.length === 0) {
  console.log(only ? `No sync benchmark matches BENCH=${only}.` : 'No sync benchmarks yet.');
}
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(folder, file)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
