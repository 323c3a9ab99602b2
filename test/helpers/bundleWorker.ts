/**
 * Bundles a TypeScript worker-thread script into one CommonJS file. Worker threads of Node 20 do
 * not take `--import tsx`, and loading through tsx costs each of 50 workers over a second of
 * compiling on a busy machine; one bundle starts in a fraction of that.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

/** Bundles `entry` (a path) and resolves the path of the bundle, in a new temporary folder. */
export async function bundleWorker(entry: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'wp-entities-worker-'));
  const outfile = join(folder, basename(entry).replace(/\.ts$/, '.cjs'));
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    // ws's optional native speed-ups; it works without them.
    external: ['bufferutil', 'utf-8-validate'],
    logLevel: 'warning',
  });
  return outfile;
}
