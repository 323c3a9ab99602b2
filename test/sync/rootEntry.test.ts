import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Value imports and re-exports; `import type` / `export type` vanish from the built JavaScript.
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function sourceOf(specifier: string, from: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return undefined;
}

/** Every bare package and every source file the entry loads at run time. */
function runtimeGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] as string;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const next = sourceOf(specifier, file);
      if (next !== undefined) visit(next);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the package root without sync', () => {
  it('loads no Yjs and no file of src/sync', () => {
    const { files, packages } = runtimeGraph(resolve(root, 'src/index.ts'));
    expect(files.size).toBeGreaterThan(20);
    expect([...files].filter((file) => file.includes('/src/sync/'))).toEqual([]);
    expect(
      [...packages].filter((name) => /^(yjs|y-protocols|y-indexeddb|y-webrtc|lib0)(\/|$)/.test(name)),
    ).toEqual([]);
  });

  it('while wp-entities/sync does load them', () => {
    const { packages } = runtimeGraph(resolve(root, 'src/sync/index.ts'));
    expect(packages.has('yjs')).toBe(true);
  });
});
