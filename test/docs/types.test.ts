/**
 * Keeps docs/types.md true: every line of its TypeScript examples is a line of the script the
 * typegen suites compile against a generated file (test/helpers/typegenCheck.ts), and every option
 * its commands use is one the bin knows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runTypegen } from '../../src/typegen/cli.js';
import { TYPED_SCRIPT } from '../helpers/typegenCheck.js';

const doc = readFileSync(new URL('../../docs/types.md', import.meta.url), 'utf8');
const blocks = (language: string): string[] =>
  [...doc.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1] ?? '');

describe('docs/types.md', () => {
  it('shows only code the typegen suites compile', () => {
    const compiled = new Set(TYPED_SCRIPT.split('\n').map((line) => line.trim()));
    const examples = blocks('ts');
    expect(examples.length).toBeGreaterThan(0);
    const missing = examples
      .flatMap((block) => block.split('\n').map((line) => line.trim()))
      .filter((line) => line !== '' && !compiled.has(line));
    expect(missing).toEqual([]);
  });

  it('uses only options the bin knows', async () => {
    const usage: string[] = [];
    await runTypegen(['--help'], { out: (line) => usage.push(line), err: () => undefined });
    const options = new Set(blocks('sh').flatMap((block) => block.match(/--[a-z-]+/g) ?? []));
    expect(options.size).toBeGreaterThan(0);
    for (const option of options) expect(usage.join('\n')).toContain(option);
  });
});
