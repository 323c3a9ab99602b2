import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The package manifest as users get it: what must hold for an install to give them one MobX, one
 * React and one Yjs, and every entry point with its types. `npm run test:consumer` checks the packed
 * result; these are the fast checks of package.json itself.
 */
const root = new URL('../../', import.meta.url).pathname;

interface Manifest {
  name: string;
  sideEffects: boolean | string[];
  exports: Record<string, string | { types: string; default: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

/** Folders of shipped code: what tsconfig.build.json compiles, and bins if they live apart. */
const SHIPPED = ['core', 'src', 'models', 'stores', 'bin'];

/** Every .ts/.tsx/.js file under `dir` (none when it does not exist). */
function sourceFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|m?js)$/.test(name) ? [path] : [];
  });
}

/** The npm package a bare import specifier names (`msw/node` → `msw`, `@a/b/c` → `@a/b`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Packages the shipped code imports, each with one file as evidence. */
function importedPackages(): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)'([^'./][^']*)'/g;
  for (const file of SHIPPED.flatMap(sourceFiles)) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(pattern)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const name = packageOf(specifier);
      if (name !== manifest.name && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}

describe('package.json', () => {
  it('declares every package the shipped code imports, as a dependency or a peer', () => {
    const undeclared = [...importedPackages()]
      .filter(([name]) => !(name in manifest.dependencies) && !(name in manifest.peerDependencies))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(undeclared).toEqual([]);
  });

  it('declares nothing the shipped code does not import', () => {
    const imported = importedPackages();
    // y-webrtc and y-indexeddb are the sync providers' libraries (API.md, wp-entities/sync).
    const planned = new Set(['y-webrtc', 'y-indexeddb', 'react-dom']);
    // A `@types/x` dependency serves the published declarations of code that imports `x`
    // (wp-entities/sync/server's types name `ws`'s), so a TypeScript user needs it installed.
    const typesOfImported = (name: string): boolean =>
      name.startsWith('@types/') && imported.has(name.slice('@types/'.length));
    const unused = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)].filter(
      (name) => !imported.has(name) && !planned.has(name) && !typesOfImported(name),
    );
    expect(unused).toEqual([]);
  });

  it('makes the libraries an app shares peers, never dependencies', () => {
    for (const shared of ['mobx', 'mobx-react-lite', 'react', 'react-dom', 'yjs', 'msw']) {
      expect(manifest.peerDependencies, shared).toHaveProperty(shared);
      expect(manifest.dependencies, shared).not.toHaveProperty(shared);
    }
  });

  it('makes every peer optional except mobx, which the root entry needs', () => {
    const required = Object.keys(manifest.peerDependencies).filter(
      (name) => manifest.peerDependenciesMeta[name]?.optional !== true,
    );
    expect(required).toEqual(['mobx']);
  });

  it('tests with every peer: each is an exact devDependency within its peer range', () => {
    for (const [name, range] of Object.entries(manifest.peerDependencies)) {
      const floors = range.split('||').map((part) => part.trim().replace(/^\^/, ''));
      const dev = manifest.devDependencies[name] ?? '';
      const majorOf = (version: string): string => version.split('.')[0] ?? '';
      expect(dev, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(floors.map(majorOf), `${name} ${dev} within ${range}`).toContain(majorOf(dev));
    }
  });

  it('uses caret ranges for runtime dependencies and exact versions for devDependencies', () => {
    for (const [name, range] of Object.entries(manifest.dependencies)) expect(range, name).toMatch(/^\^\d/);
    for (const [name, version] of Object.entries(manifest.devDependencies)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('marks only the entries that register an engine as having a side effect on import (sync, freshness, ssr, journal)', () => {
    // The built entry for users; its source for builds made from this repository's sources (the
    // example editor's production build aliases the package to them).
    expect(manifest.sideEffects).toEqual([
      './dist/src/sync/index.js',
      './src/sync/index.ts',
      './dist/src/freshness/index.js',
      './src/freshness/index.ts',
      './dist/src/ssr/index.js',
      './src/ssr/index.ts',
      './dist/src/journal/index.js',
      './src/journal/index.ts',
    ]);
    const source = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    expect(source('src/sync/index.ts')).toMatch(/^registerSyncEngine\(/m);
    expect(source('src/freshness/index.ts')).toMatch(/^registerStoreEngine\('freshness'/m);
    expect(source('src/ssr/index.ts')).toMatch(/^registerStoreEngine\('snapshot'/m);
    expect(source('src/journal/index.ts')).toMatch(/^registerJournalEngine\(\)/m);
  });

  it('gives every entry point types, built from a source file that exists', () => {
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (entry === './package.json') continue;
      expect(target, entry).toMatchObject({
        types: expect.stringMatching(/\.d\.ts$/),
        default: expect.stringMatching(/\.js$/),
      });
      if (typeof target === 'string') continue;
      // dist/<path>.js is compiled from <path>.ts or <path>.tsx (tsconfig.build.json's rootDir is the repo).
      const source = target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '');
      const exists = ['.ts', '.tsx'].some((ext) => {
        try {
          return statSync(join(root, source + ext)).isFile();
        } catch {
          return false;
        }
      });
      expect(exists, `${entry}: ${source}.ts`).toBe(true);
      expect(target.types, entry).toBe(target.default.replace(/\.js$/, '.d.ts'));
    }
  });
});
