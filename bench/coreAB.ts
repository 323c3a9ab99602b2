/**
 * `npm run bench:core-ab`: is this tree's records core slower than an older one on any scenario of
 * `npm run bench:compare`? Both cores run today's harness (bench/compare.ts and bench/scenarios/),
 * so the comparison is like for like even though the harness was rewritten after the old core.
 *
 * The old core is `git archive <base>` of models/, stores/, src/ and the files tsx needs, unpacked
 * into a scratch directory with this tree's harness copied in and this tree's node_modules linked.
 * Rounds alternate new, old, old, new… (`--rounds` each, default 5); every round runs
 * `bench/compare.ts --ours-only --processes 1` (one fresh process per scenario) with `--warmup`
 * thrown-away and `--inner` measured passes, and contributes the median of its passes. The table prints, per scenario and metric, the
 * median over rounds of each core, the ratio new/old, each core's spread (min–max over rounds), and
 * the paired ratios: each new round over the old round run right after it, which cancels load that
 * drifts slower than one round. The verdict is `higher` or `lower` only when every paired ratio
 * agrees (with 5 rounds, 1 chance in 32 by luck alone) and `same` when every pair is within 0.5 %; otherwise the
 * difference is within the noise. Everything is also written to bench/results/core-ab-<time>.json.
 *
 * Options: `--base <rev>` (default 7b06d07, the core before issue 12), `--rounds N` (default 5),
 * `--inner N` (default 3), `--warmup N` (default 2), `--only id,id` (scenario ids).
 *
 * @module
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENARIO_IDS } from './scenarios/definitions.js';
import { printTable } from './printTable.js';
import { median } from './stats.js';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const base = option('base') ?? '7b06d07';
const rounds = Number(option('rounds') ?? 5);
const inner = Number(option('inner') ?? 3);
const warmup = Number(option('warmup') ?? 2);
const only = option('only') ?? SCENARIO_IDS.join(',');

const newTree = fileURLToPath(new URL('..', import.meta.url));

/**
 * Files the harness imports from outside the core. When the base predates one of them, this tree's
 * copy is used: they are test helpers, not part of what is measured.
 */
const HARNESS_SUPPORT = ['src/testing/seededRandom.ts'];

/** What a core is made of, as far as the base has it (core/ exists only since issue 23). */
const CORE_PATHS = ['core', 'models', 'stores', 'src', 'package.json', 'tsconfig.json'];

/** Unpacks the base's core into a fresh scratch tree with this tree's harness; returns its path. */
function prepareOldTree(): string {
  const commit = execFileSync('git', ['rev-parse', '--short', `${base}^{commit}`], {
    cwd: newTree,
    encoding: 'utf8',
  }).trim();
  const tree = join(tmpdir(), `wp-entities-core-ab-${commit}`);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const inBase = CORE_PATHS.filter(
    (path) =>
      execFileSync('git', ['ls-tree', '--name-only', commit, path], { cwd: newTree, encoding: 'utf8' }) !==
      '',
  );
  const archive = execFileSync('git', ['archive', commit, ...inBase], {
    cwd: newTree,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  // Before the layers moved (issue 23), errors and transport lived in src/: the harness imports them
  // from core/, so point core/ at the old files (symlinks resolve to one module each).
  if (!inBase.includes('core')) {
    mkdirSync(join(tree, 'core'));
    symlinkSync(join(tree, 'src/transport'), join(tree, 'core/transport'), 'dir');
    symlinkSync(join(tree, 'src/errors.ts'), join(tree, 'core/errors.ts'));
  }
  for (const file of [
    'bench/compare.ts',
    'bench/scenarioProcess.ts',
    'bench/printTable.ts',
    'bench/stats.ts',
  ])
    cpSync(join(newTree, file), join(tree, file));
  cpSync(join(newTree, 'bench/scenarios'), join(tree, 'bench/scenarios'), { recursive: true });
  for (const file of HARNESS_SUPPORT) {
    if (!existsSync(join(tree, file))) cpSync(join(newTree, file), join(tree, file));
  }
  // The same dependency files, so both cores share one MobX and one React build.
  symlinkSync(join(newTree, 'node_modules'), join(tree, 'node_modules'), 'dir');
  return tree;
}

/** metric key → median of that metric over one round's passes, as compare.ts reports it. */
type RoundFigures = Record<string, number>;

interface CompareRow {
  scenario: string;
  metric: string;
  ours?: number;
}

/** One round: one compare.ts process in `tree`; returns its per-metric medians. */
function runRound(tree: string, label: string): RoundFigures {
  const run = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      'bench/compare.ts',
      '--ours-only',
      '--only',
      only,
      // One fresh process per scenario (compare.ts's own rounds are this run's interleaving).
      '--processes',
      '1',
      '--rounds',
      String(inner),
      '--warmup',
      String(warmup),
    ],
    { cwd: tree, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const written = /^Wrote (.+\.json)$/m.exec(run.stdout)?.[1];
  if (run.status !== 0 || written === undefined) {
    throw new Error(`The ${label} round failed (exit ${String(run.status)}):\n${run.stdout}\n${run.stderr}`);
  }
  const report = JSON.parse(readFileSync(written, 'utf8')) as { rows: CompareRow[] };
  unlinkSync(written);
  const figures: RoundFigures = {};
  for (const row of report.rows) {
    if (row.ours !== undefined) figures[`${row.scenario}\u0000${row.metric}`] = row.ours;
  }
  return figures;
}

function fmt(value: number): string {
  if (Number.isNaN(value)) return '—';
  if (value === 0) return '0';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  if (Math.abs(value) >= 0.1) return value.toFixed(2);
  return value.toPrecision(2);
}

const oldTree = prepareOldTree();
console.log(
  `Records core A/B: this tree (new) vs ${base} (old, unpacked in ${oldTree}); ` +
    `${rounds} rounds each, alternating, each the median of ${inner} passes after ${warmup} warm-up passes; ` +
    `Node ${process.version}`,
);

const series: Record<'new' | 'old', RoundFigures[]> = { new: [], old: [] };
for (let round = 0; round < rounds; round++) {
  // new, old, old, new, …: neither core always runs first in its pair, when load tends to differ.
  const order = [
    ['new', newTree],
    ['old', oldTree],
  ] as const;
  for (const [label, tree] of round % 2 === 0 ? order : [...order].reverse()) {
    const started = performance.now();
    series[label].push(runRound(tree, label));
    console.log(
      `round ${round + 1}/${rounds} ${label}: ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}

interface Row {
  scenario: string;
  metric: string;
  oldMedian: number;
  newMedian: number;
  ratio: number;
  oldMin: number;
  oldMax: number;
  newMin: number;
  newMax: number;
  /** new/old of each round pair, in round order. */
  paired: number[];
  verdict: string;
}

const rows: Row[] = [];
for (const key of Object.keys(series.new[0] ?? {})) {
  const newValues = series.new.map((figures) => figures[key] ?? NaN);
  const oldValues = series.old.map((figures) => figures[key] ?? NaN);
  const [scenario = '', metric = ''] = key.split('\u0000');
  const newMedian = median(newValues);
  const oldMedian = median(oldValues);
  const [newMin, newMax, oldMin, oldMax] = [
    Math.min(...newValues),
    Math.max(...newValues),
    Math.min(...oldValues),
    Math.max(...oldValues),
  ] as [number, number, number, number];
  const paired = newValues.map((value, round) => value / (oldValues[round] ?? NaN));
  const verdict =
    newMedian === oldMedian || paired.every((ratio) => Math.abs(ratio - 1) < 0.005)
      ? 'same'
      : paired.every((ratio) => ratio > 1)
        ? 'higher'
        : paired.every((ratio) => ratio < 1)
          ? 'lower'
          : 'within noise';
  rows.push({
    scenario,
    metric,
    oldMedian,
    newMedian,
    ratio: oldMedian === 0 ? (newMedian === 0 ? 1 : Infinity) : newMedian / oldMedian,
    oldMin,
    oldMax,
    newMin,
    newMax,
    paired,
    verdict,
  });
}

const header = [
  'scenario',
  'metric',
  'old',
  'new',
  'new/old',
  'old spread',
  'new spread',
  'paired new/old',
  'verdict',
];
const table = rows.map((row) => [
  row.scenario,
  row.metric,
  fmt(row.oldMedian),
  fmt(row.newMedian),
  row.ratio.toFixed(2),
  `${fmt(row.oldMin)}–${fmt(row.oldMax)}`,
  `${fmt(row.newMin)}–${fmt(row.newMax)}`,
  row.paired.map((ratio) => ratio.toFixed(2)).join(' '),
  row.verdict,
]);
printTable(header, table, (column) => column >= 2 && column <= 7);
console.log('\nhigher/lower: every paired ratio is above/below 1; for times and heap, higher is worse.');

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const file = `${resultsDir}core-ab-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(
  file,
  `${JSON.stringify({ base, rounds, inner, warmup, node: process.version, rows, series }, null, 2)}\n`,
);
console.log(`Wrote ${file}`);
