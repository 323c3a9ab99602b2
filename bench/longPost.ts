/**
 * The long post side by side (issue 45): `npm run bench:long-post`. A 1,000-block post of real
 * block markup (`bench/sync/fixtures/postMarkup.ts`: paragraphs with links and emphasis, headings,
 * lists, images, embeds; ~230 KB) whose stored document (`_crdt_document`) holds a history of
 * 10,000 edits, opened and typed in by wp-entities and by the block editor's own data layer
 * (`@wordpress/core-data` 8.1 + `@wordpress/sync` 1.56), each through the same `wp-sync/v1` relay
 * of the mock WordPress, with the same bare Yjs client as the other person in the room.
 *
 * Each side runs in a fresh Node + jsdom process (`bench/longPost/side.ts`), sides interleaved,
 * `--rounds N` each (default 3); the table shows the medians and ours ÷ theirs. The fixture is made
 * once (`bench/results/longPost-fixture.json`; `--fresh` makes it again): the block editor stores
 * the post's first document, then a `RootStore` makes the 10,000 edits through the blocks view and
 * saves, so both sides open a document neither made alone.
 *
 * Rows: open (fetch, parse, join, hydrate the stored document, the blocks readable); the other
 * person has the post (the time until the bare client holds it, polling included); a keystroke in
 * block 902 (from the call to the change in the shared document: the library's work); the same
 * keystroke at the other person (polling intervals included: both poll every second with
 * someone in the room); bytes of `update` rows per keystroke; a save (wall time and CPU time); the
 * shared document's size after typing (Yjs V2 state); the stored `_crdt_document` before (the
 * fixture) and after the save (each side's compaction); JS heap kept by the open post; RSS.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printTable } from './printTable.js';
import type { SideFigures } from './longPost/side.js';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const rounds = Number(option('rounds') ?? 3);
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const fixture = `${resultsDir}longPost-fixture.json`;
const side = fileURLToPath(new URL('./longPost/side.ts', import.meta.url));
const nodeArgs = ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', side];

if (!existsSync(fixture) || process.argv.includes('--fresh')) {
  console.log('Making the fixture (1,000 blocks, 10,000 edits) ...');
  execFileSync(process.execPath, [...nodeArgs, '--make-fixture', fixture], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const SIDES = ['ours', 'core81'] as const;
type SideName = (typeof SIDES)[number];
const runs: Record<SideName, SideFigures[]> = { ours: [], core81: [] };
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 === 0 ? SIDES : [...SIDES].reverse()) {
    const output = execFileSync(process.execPath, [...nodeArgs, '--side', name, '--fixture', fixture], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = output.split('\n').find((each) => each.startsWith('RESULT '));
    if (line === undefined) throw new Error(`The ${name} process printed no result:\n${output.slice(-2000)}`);
    runs[name].push(JSON.parse(line.slice('RESULT '.length)) as SideFigures);
    process.stdout.write(`round ${round + 1}/${rounds} ${name} done\n`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const ROWS: { key: keyof SideFigures; label: string; unit: string; digits: number }[] = [
  { key: 'openMs', label: 'open (fetch, parse, join, hydrate)', unit: 'ms', digits: 0 },
  { key: 'joinedMs', label: 'the other person has the post', unit: 'ms', digits: 0 },
  { key: 'keystrokeMs', label: 'keystroke in block 902: edit to shared doc, p50', unit: 'ms', digits: 2 },
  { key: 'keystrokeP95Ms', label: 'keystroke in block 902: edit to shared doc, p95', unit: 'ms', digits: 2 },
  { key: 'deliveredMs', label: 'keystroke at the other person (1 s polls), p50', unit: 'ms', digits: 0 },
  { key: 'wireBytesPerKeystroke', label: 'bytes of update rows per keystroke', unit: 'B', digits: 1 },
  { key: 'saveMs', label: 'save (wall)', unit: 'ms', digits: 0 },
  { key: 'saveCpuMs', label: 'save (CPU)', unit: 'ms', digits: 0 },
  { key: 'sharedDocBytes', label: 'shared document after typing (V2)', unit: 'KB', digits: 1 },
  {
    key: 'storedBefore',
    label: 'stored _crdt_document before (fixture), base64',
    unit: 'K chars',
    digits: 1,
  },
  { key: 'storedAfter', label: 'stored _crdt_document after the save, base64', unit: 'K chars', digits: 1 },
  { key: 'heapPerPostMB', label: 'JS heap kept by the open post', unit: 'MB', digits: 1 },
  { key: 'rssMB', label: 'RSS at the end', unit: 'MB', digits: 0 },
];

const rows = ROWS.map(({ key, label, unit, digits }) => {
  const scale = unit === 'KB' || unit === 'K chars' ? 1 / 1024 : 1;
  const ours = median(runs.ours.map((run) => run[key] * scale));
  const theirs = median(runs.core81.map((run) => run[key] * scale));
  const each = (name: SideName): string =>
    runs[name].map((run) => (run[key] * scale).toFixed(digits)).join(' / ');
  return [
    label,
    unit,
    ours.toFixed(digits),
    theirs.toFixed(digits),
    theirs === 0 ? '—' : (ours / theirs).toFixed(3),
    each('ours'),
    each('core81'),
  ];
});
console.log(
  `\nLong post: ${rounds} fresh processes per side, Node ${process.version}, medians (ratio ours ÷ core-data 8.1 + sync 1.56)\n`,
);
printTable(
  ['figure', 'unit', 'wp-entities', 'core-data 8.1', 'ratio', 'each run (ours)', 'each run (core-data)'],
  rows,
  (column) => column >= 2 && column <= 4,
);
const file = `${resultsDir}longPost-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, `${JSON.stringify({ node: process.version, rounds, runs }, null, 2)}\n`);
console.log(`\nWrote ${file}`);
