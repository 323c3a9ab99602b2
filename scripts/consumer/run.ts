/**
 * `npm run test:consumer`: tests the package the way a user gets it. Builds and packs it, then, in a
 * fresh temporary project per version set (oldest and newest supported MobX/React), installs the
 * tarball next to the app's own versions and checks:
 * - one copy of every peer (the package brings no MobX, React or Yjs of its own);
 * - plain Node ESM import of every entry in `exports` (and every bin is linked);
 * - a jsdom render where the app's own `observer` re-renders on a record edit (one MobX);
 * - a TypeScript consumer file type-checks with `moduleResolution` `bundler` and `node16`, with
 *   `skipLibCheck: false` so the package's own declarations are checked (the set names the lib);
 * - `npm exec wp-entities-types` writes types from the mock served over HTTP, and they type a
 *   script through the published declarations (a misspelt field fails);
 * - a Vite production build of a root-only app holds no msw, test kit, sync, freshness, snapshot or
 *   devtools code (size printed); a React app's entry chunk holds no devtools when it loads them
 *   lazily; and each browser entry's own bundle size is printed (`ENTRY_SIZE`);
 * - production bundles of an app using `wp-entities/sync`, and of a React app using only hooks, run
 *   in Node: the sync engine and the freshness policy those need survive tree-shaking.
 * Adding an entry point: list it in package.json `exports` (`types` + `default`); the import, type
 * and bundle checks read that map, so they cover it at once (its must-have names go in
 * app/imports.mjs). A new peer dependency needs its oldest version in versionSets.ts.
 * Prints a timing table, exits non-zero when a check fails. `--keep` leaves the projects in place.
 * Uses npm's cache (`--prefer-offline`); needs the npm registry only for what the cache lacks.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { versionSets, type VersionSet } from './versionSets.js';

const repo = new URL('../../', import.meta.url).pathname;
const appTemplate = new URL('./app/', import.meta.url).pathname;

interface Manifest {
  name: string;
  exports: Record<string, unknown>;
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Manifest;

/** Tools the checks run in the app; the repo's own exact versions, so npm's cache has them. */
const TOOLS = ['typescript', 'vite', 'jsdom'] as const;

/** One timed step: its name, seconds, and the error when it failed. */
interface StepResult {
  set: string;
  step: string;
  seconds: number;
  error?: string;
}
const results: StepResult[] = [];

/** Runs a command; returns its output, or throws with the output when it exits non-zero. */
function run(command: string, args: string[], cwd: string): string {
  const child = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${child.stdout ?? ''}${child.stderr ?? ''}`;
  if (child.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${child.status ?? child.signal}\n${output}`);
  }
  return output;
}

/** Times `body` as one step of `set`; a failure is recorded and printed, not thrown. */
function step(set: string, name: string, body: () => string | void): boolean {
  const started = performance.now();
  process.stdout.write(`[${set}] ${name}\n`);
  try {
    const output = body();
    const shown = (output ?? '')
      .split('\n')
      .filter((line) => line.startsWith('  ') || /^(BUNDLE|ENTRY)_SIZE /.test(line));
    if (shown.length > 0) console.log(shown.join('\n'));
    results.push({ set, step: name, seconds: (performance.now() - started) / 1000 });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[${set}] FAILED ${name}\n${message}`);
    results.push({ set, step: name, seconds: (performance.now() - started) / 1000, error: message });
    return false;
  }
}

/** Where each copy of package `name` is installed under `root`'s node_modules. */
function copiesOf(root: string, name: string): string[] {
  const found: string[] = [];
  const walk = (modules: string): void => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const packages = entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((scoped) => `${entry}/${scoped}`)
        : [entry];
      for (const pkg of packages) {
        if (pkg === name) found.push(join(modules, pkg));
        walk(join(modules, pkg, 'node_modules'));
      }
    }
  };
  walk(join(root, 'node_modules'));
  return found;
}

/** A type-only import of every entry in `exports`, so an added entry is type-checked too. */
function entriesSource(): string {
  const specifiers = Object.keys(manifest.exports)
    .filter((entry) => !entry.endsWith('.json'))
    .map((entry) => (entry === '.' ? manifest.name : `${manifest.name}/${entry.slice(2)}`));
  const imports = specifiers.map((specifier, i) => `import type * as entry${i} from '${specifier}';`);
  const tuple = specifiers.map((_, i) => `typeof entry${i}`).join(', ');
  return `${imports.join('\n')}\nexport type Entries = [${tuple}];\n`;
}

function installedVersion(app: string, name: string): string {
  const file = join(app, 'node_modules', name, 'package.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
    : 'missing';
}

function testSet(set: VersionSet, tarball: string, workspace: string): void {
  const app = join(workspace, set.name);
  cpSync(appTemplate, app, { recursive: true });
  writeFileSync(join(app, 'entries.ts'), entriesSource());
  for (const resolution of ['bundler', 'node16']) {
    const file = join(app, `tsconfig.${resolution}.json`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"ESNext"', JSON.stringify(set.typescriptLib)));
  }
  const tools = Object.fromEntries(TOOLS.map((tool) => [tool, manifest.devDependencies[tool]]));
  const packageJson = {
    name: `consumer-${set.name}`,
    private: true,
    type: 'module',
    dependencies: { [manifest.name]: `file:${tarball}`, ...set.packages, ...tools },
  };
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);

  const installed = step(set.name, 'npm install (tarball + app versions)', () => {
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], app);
    const versions = Object.keys(set.packages).map((name) => `${name}@${installedVersion(app, name)}`);
    return `  installed ${versions.join(', ')}`;
  });
  if (!installed) return;

  step(set.name, 'one copy of every peer', () => {
    const duplicated = Object.keys(manifest.peerDependencies)
      .map((peer) => ({ peer, copies: copiesOf(app, peer) }))
      .filter(({ copies }) => copies.length !== 1);
    if (duplicated.length > 0) {
      throw new Error(
        duplicated
          .map(({ peer, copies }) => `${peer}: ${copies.length} copies ${copies.join(', ')}`)
          .join('\n'),
      );
    }
    return `  ${Object.keys(manifest.peerDependencies).join(', ')}: one copy each`;
  });
  step(set.name, 'plain Node ESM import of every entry', () => run(process.execPath, ['imports.mjs'], app));
  step(set.name, 'jsdom render: observer re-renders on a record edit', () =>
    run(process.execPath, ['render.mjs'], app),
  );
  const tsc = join(app, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const resolution of ['bundler', 'node16']) {
    step(set.name, `tsc, moduleResolution ${resolution}`, () => {
      run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], app);
      return `  consumer.tsx and every entry type-check`;
    });
  }
  step(set.name, 'npm exec wp-entities-types, then tsc with the file it wrote', () =>
    run(process.execPath, ['types.mjs'], app),
  );
  step(set.name, 'vite builds: root-only app, React app with lazy devtools, each entry', () =>
    run(process.execPath, ['build.mjs'], app),
  );
  step(set.name, 'vite build of an app using wp-entities/sync, run', () =>
    run(process.execPath, ['build-sync.mjs'], app),
  );
  step(set.name, 'vite build of a React app using the hooks only, run: freshness kept', () =>
    run(process.execPath, ['build-react.mjs'], app),
  );
}

function main(): number {
  const keep = process.argv.includes('--keep');
  const workspace = mkdtempSync(join(tmpdir(), 'wp-entities-consumer-'));
  const started = performance.now();
  try {
    let tarball = '';
    const packed = step('package', 'build and npm pack', () => {
      run('npm', ['run', 'build'], repo);
      run('npm', ['pack', '--ignore-scripts', '--pack-destination', workspace], repo);
      const file = readdirSync(workspace).find((entry) => entry.endsWith('.tgz'));
      if (!file) throw new Error('npm pack wrote no tarball');
      tarball = join(workspace, file);
      return `  ${file}`;
    });
    if (packed) {
      for (const set of versionSets(manifest.peerDependencies)) testSet(set, tarball, workspace);
    }
  } finally {
    if (keep) console.log(`kept ${workspace}`);
    else rmSync(workspace, { recursive: true, force: true });
  }
  console.log('\nstep timings (seconds; the machine is shared, so they are noisy):');
  for (const result of results) {
    console.log(
      `  ${result.error ? 'FAIL' : 'ok  '} ${result.seconds.toFixed(1).padStart(6)}  [${result.set}] ${result.step}`,
    );
  }
  const failed = results.filter((result) => result.error).length;
  console.log(
    `test:consumer: ${results.length - failed} passed, ${failed} failed in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return failed > 0 ? 1 : 0;
}

process.exitCode = main();
