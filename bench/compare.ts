/**
 * `npm run bench:compare`: runs every scenario of bench/scenarios/definitions.ts on this library, on
 * @wordpress/core-data 6.30.0 and on core-data 8.1.0 (the block editor's current data layer), on the
 * same in-process mock WordPress. Every scenario runs in fresh processes (bench/scenarioProcess.ts),
 * `--processes` per side (default 3), started interleaved — for each batch one process per side, the
 * order rotating — so load that drifts over the run falls on every side alike; each process throws
 * away `--warmup` rounds (default 3) and measures `--rounds` (default 3). Prints per metric the
 * median of every measured round with its spread (min–max), the ratio ours / core-data with the
 * spread of the per-batch ratios (each batch's medians, taken back to back), the target (judged
 * against 6.30, as the issues set them) and the load average during the scenario; writes everything
 * (every round's figures too) to bench/results/compare-<time>.json.
 *
 * Client time counts parsing the answers' JSON, as a browser does; scenarios that receive posts
 * also print the parse floor (a bare `JSON.parse` of the same answers) and each system's time and
 * heap above it. Posts are shaped and sized like WordPress 6.1's `context=edit` answers (about
 * 5.5 KB each, bench/scenarios/fixtures.ts). After the table come the bundle sizes (bench/bundle.ts)
 * and our scaling curves (bench/curves.ts), each in a child process.
 *
 * Last comes the growth table (bench/scenarios/growth.ts): receive, list read, query count and edit
 * churn each at three sizes on every side, with each side's growth exponent (the log-log slope of
 * its cost) and whether ours grows faster than linear where core-data does not.
 *
 * Options: `--rounds N` (default 3), `--warmup N` (default 3), `--processes N` (default 3),
 * `--only id,id` (scenario ids, and no curves, bundle sizes or growth table; `permissions` is the
 * scenario of bench/permissions/run.ts), `--ours-only`, `--no-81` (leave core-data 8.1 out),
 * `--no-curves`, `--no-bundle`, `--no-growth`; `--growth` runs the growth table alone (with
 * `--growth-only id,id` some of its shapes, `--growth-processes N` fresh processes per point and
 * side, default 1); `CURVES=small` for shorter curves.
 *
 * React, react-dom and MobX load their production builds (NODE_ENV=production), as in a shipped
 * editor; MobX reports derivations only in its development build, so our derivations per edit are
 * counted by a child process (bench/scenarios/countDerivations.ts) in development mode.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Figures, MetricSpec } from './scenarios/definitions.js';
import { SCENARIOS, SIZES } from './scenarios/definitions.js';
import type { GrowthShape } from './scenarios/growth.js';
import { GROWTH_SHAPES, LINEAR_SLACK, growthExponent, growthMet } from './scenarios/growth.js';
import type { ProcessResult, SideId } from './scenarioProcess.js';
import { printTable } from './printTable.js';
import { median } from './stats.js';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const rounds = Number(option('rounds') ?? 3);
const warmups = Number(option('warmup') ?? 3);
const processes = Number(option('processes') ?? 3);
const only = option('only')?.split(',');
const oursOnly = process.argv.includes('--ours-only');
const withCurves = !only && !process.argv.includes('--no-curves') && !growthAlone();
const withBundle = !only && !oursOnly && !process.argv.includes('--no-bundle') && !growthAlone();
const withGrowth = growthAlone() || (!only && !process.argv.includes('--no-growth'));
const growthShapes = option('growth-only')?.split(',');
const growthProcesses = Number(option('growth-processes') ?? 1);

/** `--growth`: the growth table alone, no scenario table, bundle sizes, permissions or curves. */
function growthAlone(): boolean {
  return process.argv.includes('--growth');
}

/**
 * A side of the table: which process side runs (`id`) and under what name; `ours-react18` is our
 * side on React 18.2, the React core-data 6.30 runs on (ours otherwise runs on React 19, as 8.1 does),
 * run for the React scenarios only so that they compare with 6.30 on one React.
 */
type SideKey = SideId | 'ours-react18';

interface Side {
  key: SideKey;
  id: SideId;
  name: string;
  /** Extra environment of its processes. */
  env?: Record<string, string>;
  /** Only these scenarios. */
  scenarios?: readonly string[];
}

/** The sides of this run, with the names the table prints. */
const SIDES: readonly Side[] = [
  { key: 'ours', id: 'ours', name: 'wp-entities' },
  ...(oursOnly
    ? []
    : [
        { key: '6.30' as const, id: '6.30' as const, name: 'core-data 6.30.0' },
        ...(process.argv.includes('--no-81')
          ? []
          : [{ key: '8.1' as const, id: '8.1' as const, name: 'core-data 8.1.0' }]),
        {
          key: 'ours-react18' as const,
          id: 'ours' as const,
          name: 'wp-entities on React 18.2',
          env: { BENCH_REACT: '18' },
          scenarios: ['react-list', 'react-editor'],
        },
      ]),
];

/** Every round's figures of one side: metric → values. */
type Series = Record<string, number[]>;

interface ScenarioResult {
  id: string;
  title: string;
  /** side → every measured round of every process. */
  series: Partial<Record<SideKey, Series>>;
  /** side → per process (in batch order), metric → the median of that process's rounds. */
  perProcess: Partial<Record<SideKey, Record<string, number>[]>>;
  errors: Partial<Record<SideKey, string>>;
  /** side → the React version its processes ran on. */
  react: Partial<Record<SideKey, string>>;
  /** The one-minute load average when the scenario started and after each batch. */
  load: number[];
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Runs one scenario on one side in a fresh process; `sizes` lays other scenario sizes over the defaults. */
function runProcess(side: Side, scenario: string, sizes?: Partial<Record<string, number>>): ProcessResult {
  const script = fileURLToPath(new URL('./scenarioProcess.ts', import.meta.url));
  const run = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      script,
      '--side',
      side.id,
      '--scenario',
      scenario,
      '--rounds',
      String(rounds),
      '--warmup',
      String(warmups),
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...side.env,
        ...(sizes ? { BENCH_SIZES: JSON.stringify(sizes) } : {}),
      },
    },
  );
  const last = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as ProcessResult;
  } catch {
    return { series: {}, error: `exit ${String(run.status)}: ${run.stderr.slice(-400).trim()}` };
  }
}

/** Our React list's derivations per edit, counted with MobX's spy in a development-mode child. */
function countOurDerivations(): number | undefined {
  try {
    const script = fileURLToPath(new URL('./scenarios/countDerivations.ts', import.meta.url));
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    const figures = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Figures;
    return figures.derivationsPerEdit;
  } catch (error) {
    console.error(`Counting our derivations failed: ${errorText(error)}`);
    return undefined;
  }
}

const results: ScenarioResult[] = [];
const started = new Date();
console.log(
  `${SIDES.filter((side) => !side.scenarios)
    .map((side) => side.name)
    .join(' vs ')} — ${processes} fresh processes per scenario and side, ` +
    `each ${rounds} measured rounds after ${warmups} warm-up rounds; Node ${process.version}`,
);

for (const spec of SCENARIOS) {
  if (growthAlone() || (only && !only.includes(spec.id))) continue;
  const result: ScenarioResult = {
    id: spec.id,
    title: spec.title,
    series: {},
    perProcess: {},
    errors: {},
    react: {},
    load: [loadavg()[0] ?? 0],
  };
  results.push(result);
  process.stdout.write(`${spec.title} `);
  for (let batch = 0; batch < processes; batch++) {
    // Rotate which side goes first, so that none always starts on a quieter or busier machine.
    const sides = SIDES.filter((side) => !side.scenarios || side.scenarios.includes(spec.id));
    const order = sides.map((_, index) => sides[(index + batch) % sides.length]);
    for (const side of order) {
      if (!side || result.errors[side.key] !== undefined) continue;
      const run = runProcess(side, spec.id);
      if (run.error !== undefined) {
        result.errors[side.key] = run.error;
        continue;
      }
      if (run.react !== undefined) result.react[side.key] = run.react;
      const series = (result.series[side.key] ??= {});
      const medians: Record<string, number> = {};
      for (const [key, values] of Object.entries(run.series)) {
        (series[key] ??= []).push(...values);
        medians[key] = median(values);
      }
      (result.perProcess[side.key] ??= []).push(medians);
    }
    result.load.push(loadavg()[0] ?? 0);
    process.stdout.write('.');
  }
  if (spec.id === 'react-list' && result.errors.ours === undefined && result.series.ours) {
    const derivations = countOurDerivations();
    if (derivations !== undefined) result.series.ours.derivationsPerEdit = [derivations];
  }
  process.stdout.write(
    ` load ${Math.min(...result.load).toFixed(1)}–${Math.max(...result.load).toFixed(1)}\n`,
  );
}

function fmt(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (value === 0) return '0';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  if (Math.abs(value) >= 0.1) return value.toFixed(2);
  return value.toPrecision(2);
}

/** A median with the spread of the values it sums up. */
interface Summary {
  median: number;
  min: number;
  max: number;
}

function summarize(values: readonly number[] | undefined): Summary | undefined {
  if (!values || values.length === 0) return undefined;
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Ours / a core-data release: the ratio of the medians over every round, and the spread of the
 * ratios of each batch's process medians (ours and theirs ran back to back in a batch).
 */
function ratioOf(
  result: ScenarioResult,
  side: SideKey,
  key: string,
  oursKey: SideKey = 'ours',
): Summary | undefined {
  const ours = summarize(result.series[oursKey]?.[key]);
  const theirs = summarize(result.series[side]?.[key]);
  if (!ours || !theirs || theirs.median === 0) return undefined;
  const oursBatches = result.perProcess[oursKey] ?? [];
  const theirBatches = result.perProcess[side] ?? [];
  const paired = oursBatches
    .map((figures, batch) => (figures[key] ?? NaN) / (theirBatches[batch]?.[key] ?? NaN))
    .filter((ratio) => Number.isFinite(ratio));
  const ratio = ours.median / theirs.median;
  return {
    median: ratio,
    min: paired.length ? Math.min(...paired) : ratio,
    max: paired.length ? Math.max(...paired) : ratio,
  };
}

interface Row {
  scenario: string;
  metric: string;
  /** Our median (bench/coreAB.ts reads this field). */
  ours: number | undefined;
  oursSpread: Summary | undefined;
  /** core-data 6.30's median. */
  theirs: number | undefined;
  theirsSpread: Summary | undefined;
  /** ours / core-data 6.30. */
  ratio: number | undefined;
  ratioSpread: Summary | undefined;
  /** core-data 8.1's median. */
  theirs81: number | undefined;
  theirs81Spread: Summary | undefined;
  /** ours / core-data 8.1. */
  ratio81: number | undefined;
  ratio81Spread: Summary | undefined;
  target: string;
  met: boolean | undefined;
  /** One-minute load average over the scenario. */
  load: [number, number];
}

/** Every scenario's last row: CPU time, which a loaded machine inflates far less than wall time. */
const CPU_METRIC: MetricSpec = {
  key: 'cpuMs',
  label: 'CPU time of all measured steps, server excluded',
  unit: 'ms',
};

/** Scenarios whose first measured step is a mount: its CPU time gets a row of its own. */
const CPU_OF_MOUNT: Record<string, MetricSpec> = {
  'react-editor': {
    key: 'cpuFirstMs',
    label: 'CPU time of the mount, server excluded',
    unit: 'ms',
    maxRatio: 1,
  },
};

/** A scenario's rows: its own metrics, then CPU time. */
function metricsOf(spec: { id: string; metrics: readonly MetricSpec[] }): MetricSpec[] {
  const mount = CPU_OF_MOUNT[spec.id];
  return [...spec.metrics, ...(mount ? [mount] : []), CPU_METRIC];
}

const rows: Row[] = [];
for (const result of results) {
  const spec = SCENARIOS.find((s) => s.id === result.id);
  if (!spec) continue;
  for (const metric of metricsOf(spec)) {
    const ours = summarize(result.series.ours?.[metric.key]);
    const theirs = summarize(result.series['6.30']?.[metric.key]);
    const theirs81 = summarize(result.series['8.1']?.[metric.key]);
    const ratio = ratioOf(result, '6.30', metric.key);
    const ratio81 = ratioOf(result, '8.1', metric.key);
    let target = '';
    let met: boolean | undefined;
    // Targets are ratios to 6.30, as the issues set them; 8.1's ratio is shown beside them.
    if (metric.maxRatio !== undefined) {
      target = `≤ ${metric.maxRatio}×`;
      met = ratio === undefined ? undefined : ratio.median <= metric.maxRatio;
    } else if (metric.maxOurs !== undefined) {
      target = `ours ≤ ${metric.maxOurs}`;
      met = ours === undefined ? undefined : ours.median <= metric.maxOurs;
    } else if (metric.sameAsTheirs) {
      target = 'same';
      met = ours === undefined || theirs === undefined ? undefined : ours.median === theirs.median;
    }
    rows.push({
      scenario: result.title,
      metric: `${metric.label}${metric.unit && metric.unit !== 'x' ? ` (${metric.unit})` : ''}`,
      ours: ours?.median,
      oursSpread: ours,
      theirs: theirs?.median,
      theirsSpread: theirs,
      ratio: ratio?.median,
      ratioSpread: ratio,
      theirs81: theirs81?.median,
      theirs81Spread: theirs81,
      ratio81: ratio81?.median,
      ratio81Spread: ratio81,
      target,
      met,
      load: [Math.min(...result.load), Math.max(...result.load)],
    });
  }
}

/** "median (min–max)", or the median alone when every value was the same. */
function withSpread(summary: Summary | undefined, format: (value: number) => string = fmt): string {
  if (!summary) return '—';
  if (summary.min === summary.max) return format(summary.median);
  return `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;
}
const ratioFormat = (value: number): string => value.toPrecision(2);

// Without core-data (--ours-only) only our figures are printed; the targets are ratios to it.
const with630 = SIDES.some((side) => side.id === '6.30');
const with81 = SIDES.some((side) => side.id === '8.1');
const header = [
  'scenario',
  'metric',
  'ours (min–max)',
  ...(with630 ? ['core-data 6.30', 'ours/6.30 (per batch)'] : []),
  ...(with81 ? ['core-data 8.1', 'ours/8.1 (per batch)'] : []),
  ...(with630 ? ['target', 'met'] : []),
  'load',
];
const table = rows.map((row) => [
  row.scenario,
  row.metric,
  withSpread(row.oursSpread),
  ...(with630 ? [withSpread(row.theirsSpread), withSpread(row.ratioSpread, ratioFormat)] : []),
  ...(with81 ? [withSpread(row.theirs81Spread), withSpread(row.ratio81Spread, ratioFormat)] : []),
  ...(with630 ? [row.target, row.met === undefined ? '' : row.met ? 'yes' : 'NO'] : []),
  `${row.load[0].toFixed(1)}–${row.load[1].toFixed(1)}`,
]);
if (rows.length > 0) {
  printTable(header, table, (column) => column >= 2 && column < header.length - (with630 ? 3 : 1));
  console.log(
    '\nSpread: min–max over every measured round (figures) and over the per-batch ratios (ratios); ' +
      'load: the one-minute load average while the scenario ran (the machine has 2 cores).',
  );
}
// The React scenarios again, our side on the React 6.30 runs on: which part of a difference is React's.
const sameReactRows: string[][] = [];
for (const result of results) {
  if (!result.series['ours-react18']) continue;
  const spec = SCENARIOS.find((candidate) => candidate.id === result.id);
  for (const metric of spec ? metricsOf(spec) : []) {
    const ours18 = summarize(result.series['ours-react18']?.[metric.key]);
    if (!ours18 || metric.sameAsTheirs) continue;
    sameReactRows.push([
      result.title,
      `${metric.label}${metric.unit && metric.unit !== 'x' ? ` (${metric.unit})` : ''}`,
      withSpread(summarize(result.series.ours?.[metric.key])),
      withSpread(ours18),
      withSpread(summarize(result.series['6.30']?.[metric.key])),
      withSpread(ratioOf(result, '6.30', metric.key, 'ours-react18'), ratioFormat),
    ]);
  }
}
if (sameReactRows.length > 0) {
  console.log(
    '\nThe React scenarios on one React: our side again on React 18.2, the React core-data 6.30 runs on',
  );
  printTable(
    ['scenario', 'metric', 'ours, React 19', 'ours, React 18', 'core-data 6.30', 'ours React 18 / 6.30'],
    sameReactRows,
    (column) => column >= 2,
  );
}
const reactVersions = new Map<string, string>();
for (const result of results) {
  for (const side of SIDES) {
    const version = result.react[side.key];
    if (version !== undefined) reactVersions.set(side.name, version);
  }
}
if (reactVersions.size > 0) {
  console.log(`React: ${[...reactVersions].map(([name, version]) => `${name} ${version}`).join(', ')}`);
}

for (const result of results) {
  for (const side of SIDES) {
    const error = result.errors[side.key];
    if (error !== undefined) console.log(`${side.name} failed on ${result.id}: ${error}`);
  }
}

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const file = `${resultsDir}compare-${started.toISOString().replace(/[:.]/g, '-')}.json`;
if (results.length > 0)
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        started: started.toISOString(),
        node: process.version,
        rounds,
        warmups,
        processes,
        sizes: SIZES,
        sides: SIDES,
        rows,
        runs: results,
      },
      null,
      2,
    )}\n`,
  );
if (results.length > 0) console.log(`\nWrote ${file}`);

/** Runs another benchmark script in its own process, so its heap and JIT state are its own. */
function runScript(script: string, nodeArgs: string[]): void {
  console.log();
  const path = fileURLToPath(new URL(script, import.meta.url));
  const run = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', path], { stdio: 'inherit' });
  if (run.status !== 0) console.log(`${script} exited with ${String(run.status)}`);
}
if (withBundle) runScript('./bundle.ts', []);
// A list then a permission check per record, against ours, core-data 6.30 and 8.1: each side in its
// own process (the two core-data releases cannot share one).
if (!oursOnly && !growthAlone() && (!only || only.includes('permissions')))
  runScript('./permissions/run.ts', []);
if (withCurves) runScript('./curves.ts', ['--expose-gc', '--max-old-space-size=8192']);

/** One shape of the growth table as measured: side → its cost at each size (the median of every round). */
interface GrowthResult {
  shape: GrowthShape;
  costs: Partial<Record<SideKey, (number | undefined)[]>>;
  errors: Partial<Record<SideKey, string>>;
  /** The one-minute load average before the shape and after each size. */
  load: number[];
}

/** Runs every shape of the growth table on every side (fresh processes, sides interleaved) and prints it. */
function runGrowth(): void {
  const sides = SIDES.filter((side) => !side.scenarios);
  const shapes = GROWTH_SHAPES.filter((shape) => !growthShapes || growthShapes.includes(shape.id));
  // Shapes that share a scenario and size (a list read, unchanged and changed) share its processes.
  const runs = new Map<string, Partial<Record<SideKey, Series>>>();
  const growth: GrowthResult[] = [];
  console.log(
    `\nGrowth: each shape at three sizes, ${growthProcesses} fresh process(es) per point and side, ` +
      `each ${rounds} measured rounds after ${warmups} warm-up rounds`,
  );
  for (const shape of shapes) {
    const result: GrowthResult = { shape, costs: {}, errors: {}, load: [loadavg()[0] ?? 0] };
    growth.push(result);
    process.stdout.write(`${shape.title} `);
    for (const [index, size] of shape.sizes.entries()) {
      const key = `${shape.scenario} ${shape.sizeKey}=${size}`;
      let bySide = runs.get(key);
      if (!bySide) {
        bySide = {};
        runs.set(key, bySide);
        for (let batch = 0; batch < growthProcesses; batch++) {
          const order = sides.map((_, at) => sides[(at + batch + index) % sides.length]);
          for (const side of order) {
            if (!side) continue;
            const run = runProcess(side, shape.scenario, { [shape.sizeKey]: size });
            if (run.error !== undefined) {
              result.errors[side.key] = run.error;
              continue;
            }
            const series = (bySide[side.key] ??= {});
            for (const [metric, values] of Object.entries(run.series))
              (series[metric] ??= []).push(...values);
          }
        }
      }
      for (const side of sides) {
        const values = bySide[side.key]?.[shape.metric];
        (result.costs[side.key] ??= [])[index] = values?.length ? median(values) : undefined;
      }
      result.load.push(loadavg()[0] ?? 0);
      process.stdout.write('.');
    }
    process.stdout.write(
      ` load ${Math.min(...result.load).toFixed(1)}–${Math.max(...result.load).toFixed(1)}\n`,
    );
  }
  const theirSides = sides.filter((side) => side.key !== 'ours');
  const growthRows = growth.map((result) => {
    const { shape } = result;
    const exponent = (key: SideKey): number => growthExponent(shape.sizes, result.costs[key] ?? []);
    const ours = exponent('ours');
    const met = growthMet(
      ours,
      theirSides.map((side) => exponent(side.key)),
    );
    return [
      shape.title,
      `${shape.sizes.map((size) => size.toLocaleString('en')).join(' / ')} ${shape.unit}`,
      shape.costLabel,
      ...sides.flatMap((side) => [
        (result.costs[side.key] ?? []).map((cost) => fmt(cost)).join(' / '),
        fmt(exponent(side.key)),
      ]),
      theirSides.length === 0 ? '' : met === undefined ? '' : met ? 'yes' : 'NO',
      `${Math.min(...result.load).toFixed(1)}–${Math.max(...result.load).toFixed(1)}`,
    ];
  });
  const growthHeader = [
    'shape',
    'sizes',
    'cost',
    ...sides.flatMap((side) => [`${side.name} at each size`, 'exponent']),
    'ours ≤ linear where core-data is',
    'load',
  ];
  printTable(growthHeader, growthRows, (column) => column >= 3 && column < growthHeader.length - 2);
  console.log(
    '\nExponent: the least-squares slope of log cost over log size (1 linear, 0 flat, 2 quadratic); ' +
      `ours meets the rule at or below ${1 + LINEAR_SLACK}, or where every core-data release grows faster still.`,
  );
  for (const result of growth) {
    for (const side of sides) {
      const error = result.errors[side.key];
      if (error !== undefined) console.log(`${side.name} failed on ${result.shape.id}: ${error}`);
    }
  }
  const growthFile = `${resultsDir}growth-${started.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    growthFile,
    `${JSON.stringify({ started: started.toISOString(), node: process.version, rounds, warmups, growthProcesses, sides, growth, runs: Object.fromEntries(runs) }, null, 2)}\n`,
  );
  console.log(`\nWrote ${growthFile}`);
}
if (withGrowth) runGrowth();
