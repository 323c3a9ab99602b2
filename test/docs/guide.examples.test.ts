/**
 * Keeps docs/guide.md and its tests together: every TypeScript example of the guide must appear,
 * line for line (indentation aside, import lines apart), in one of the guide's test files, and
 * every package its examples import must be imported there too.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

const guide = read('../../docs/guide.md');
const tests = [read('./guide.test.ts'), read('./guide.setup.test.ts'), read('./guide.react.test.tsx')];

/** The code lines that matter: trimmed, without blank lines and without import statements. */
function codeLines(source: string): string[] {
  const lines: string[] = [];
  let inImport = false;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    // A multi-line import runs until the line naming its module.
    if (inImport || line.startsWith('import ')) {
      inImport = !/from '[^']+';$|^import '[^']+';$/.test(line);
      continue;
    }
    if (line !== '') lines.push(line);
  }
  return lines;
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let i = 0; i < needle.length; i++) if (haystack[start + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
}

const examples = [...guide.matchAll(/```(ts|tsx)\n([\s\S]*?)```/g)].map((match, index) => ({
  index: index + 1,
  code: match[2] ?? '',
}));
const testLines = tests.map(codeLines);
const testImports = new Set(
  tests.flatMap((source) => [...source.matchAll(/from '([^']+)';/g)].map((m) => m[1])),
);

describe('docs/guide.md', () => {
  it('has examples', () => {
    expect(examples.length).toBeGreaterThan(20);
  });

  it.each(examples)('runs example $index in a test, word for word', ({ code }) => {
    const lines = codeLines(code);
    expect(
      testLines.some((source) => containsRun(source, lines)),
      code,
    ).toBe(true);
  });

  it.each(examples)('imports the packages of example $index in the tests', ({ code }) => {
    for (const [, module] of code.matchAll(/from '([^']+)';/g)) expect(testImports).toContain(module);
  });
});
