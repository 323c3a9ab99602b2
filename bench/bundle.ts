/**
 * Bundle sizes (`npm run bench:compare` prints them; alone: `npx tsx bench/bundle.ts`): what an app
 * ships when it imports the library's root entry, bundled with its dependencies by esbuild for the
 * browser, minified, then gzipped; and the same for `@wordpress/core-data` with `@wordpress/data`
 * (from bench/core-data, installed on first use). React and react-dom are left out of both: the app
 * has them anyway. It also checks that the root entry pulls in no sync code, no test kit and no msw.
 *
 * @module
 */
import { build, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CORE_DATA_DIR, ensureCoreDataInstalled } from './scenarios/coreDataInstall.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Inputs the root entry must never pull in. */
const FORBIDDEN = [/src\/sync\//, /src\/testing\//, /node_modules\/msw\//, /node_modules\/yjs\//, /y-webrtc/];

interface BundleSize {
  name: string;
  minifiedKB: number;
  gzippedKB: number;
  inputs: string[];
}

async function bundle(name: string, entry: string, resolveDir: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: entry, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    // fileJournal loads node:fs only when a Node script uses it; a browser build leaves it out.
    external: ['react', 'react-dom', 'react/jsx-runtime', 'node:*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const meta: Metafile = result.metafile;
  return {
    name,
    minifiedKB: code.byteLength / 1024,
    gzippedKB: gzipSync(code, { level: 9 }).byteLength / 1024,
    inputs: Object.keys(meta.inputs),
  };
}

ensureCoreDataInstalled();
const ours = await bundle(
  'wp-entities (root entry)',
  `export * from ${JSON.stringify(join(ROOT, 'src/index.ts'))};`,
  ROOT,
);
// core-data's package sits in bench/core-data; a file there resolves it like an app would.

// An entry in bench/core-data resolves core-data from its node_modules, as an app's own file would.
const theirs = await bundle(
  '@wordpress/core-data 6.30 + @wordpress/data',
  "export * from '@wordpress/core-data'; export { createRegistry, RegistryProvider, useSelect } from '@wordpress/data';",
  CORE_DATA_DIR,
);

console.log('Bundle size (esbuild, browser ESM, minified; React and react-dom left out)');
for (const size of [ours, theirs]) {
  console.log(
    `  ${size.name.padEnd(46)} ${size.minifiedKB.toFixed(1).padStart(8)} KB min  ${size.gzippedKB
      .toFixed(1)
      .padStart(7)} KB gzip  (${size.inputs.length} modules)`,
  );
}
console.log(`  ratio, gzipped: ${(ours.gzippedKB / theirs.gzippedKB).toFixed(3)}`);
const leaked = ours.inputs.filter((input) => FORBIDDEN.some((pattern) => pattern.test(input)));
if (leaked.length > 0) {
  console.log(`  The root entry pulls in code it must not: ${leaked.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log('  The root entry pulls in no sync code, no test kit and no msw.');
}
