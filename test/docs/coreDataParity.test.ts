/**
 * docs/core-data-8.1-parity.md against the installed @wordpress/core-data: one row per export of
 * each area, no row for an export that is gone, and every row says what does the same here or
 * why nothing needs to.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listCoreDataExports, PARITY_AREAS, type ParityArea } from '../helpers/coreData81Exports.js';

const DOC = 'docs/core-data-8.1-parity.md';

const HEADINGS: Readonly<Record<string, ParityArea>> = {
  Selectors: 'selectors',
  'Private selectors': 'private-selectors',
  Actions: 'actions',
  'Private actions': 'private-actions',
  Resolvers: 'resolvers',
  'Module exports': 'module',
  'Private APIs': 'private-apis',
};

interface Row {
  readonly name: string;
  readonly ours: string;
}

/** The rows of each area's table: the first cell's code span, and the second cell. */
function readRows(markdown: string): Map<ParityArea, Row[]> {
  const rows = new Map<ParityArea, Row[]>();
  let area: ParityArea | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      area = HEADINGS[heading[1]?.trim() ?? ''];
      if (area !== undefined) rows.set(area, []);
      continue;
    }
    if (area === undefined || !line.startsWith('|')) continue;
    // Cells are padded to the column's width (prettier aligns the tables).
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (name !== undefined) rows.get(area)?.push({ name, ours: cells[2] ?? '' });
  }
  return rows;
}

const exports = listCoreDataExports();
const rows = readRows(readFileSync(DOC, 'utf8'));

describe(`${DOC} covers @wordpress/core-data ${exports.version}`, () => {
  it('is checked against 8.1', () => {
    expect(exports.version).toBe('8.1.0');
    for (const area of PARITY_AREAS) expect(rows.has(area), `a "## " section for ${area}`).toBe(true);
  });

  for (const area of PARITY_AREAS) {
    describe(area, () => {
      const documented = rows.get(area) ?? [];
      it.each([...exports.names[area]])('%s has a row', (name) => {
        expect(documented.map((row) => row.name)).toContain(name);
      });

      it('has no row for an export 8.1 does not have, and no name twice', () => {
        const names = documented.map((row) => row.name);
        expect(names.filter((name) => !exports.names[area].includes(name))).toEqual([]);
        expect(new Set(names).size).toBe(names.length);
      });

      it('says for every row what does the same, or why nothing needs to', () => {
        for (const row of documented) {
          expect(row.ours.startsWith('`') || row.ours.startsWith('not applicable, because '), row.name).toBe(
            true,
          );
        }
      });
    });
  }
});
