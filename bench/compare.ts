/**
 * `npm run bench:compare`: runs every scenario of bench/scenarios/definitions.ts on this library and
 * on @wordpress/core-data 6.30.0, in one process, on the same in-process mock WordPress. Each
 * scenario runs `--warmup` rounds per system that are thrown away, then `--rounds` measured rounds
 * alternating which system goes first (see measuredRun). Prints medians, the ratio ours / core-data and
 * whether the issue's target is met, and writes everything (every round's figures too) to
 * bench/results/compare-<time>.json.
 *
 * Client time counts parsing the answers' JSON, as a browser does; scenarios that receive posts
 * also print the parse floor (a bare `JSON.parse` of the same answers) and each system's time and
 * heap above it. Posts are shaped and sized like WordPress 6.1's `context=edit` answers (about
 * 5.5 KB each, bench/scenarios/fixtures.ts). After the table come the bundle sizes (bench/bundle.ts)
 * and our scaling curves (bench/curves.ts), each in a child process.
 *
 * Options: `--rounds N` (default 7), `--warmup N` (default 3), `--only id,id` (scenario ids, and no
 * curves or bundle sizes; `permissions` is the scenario of bench/permissions/run.ts), `--ours-only`,
 * `--no-curves`, `--no-bundle`; `CURVES=small` for shorter curves.
 *
 * React, react-dom and MobX load their production builds (NODE_ENV=production), as in a shipped
 * editor; MobX reports derivations only in its development build, so our derivations per edit are
 * counted by a child process (bench/scenarios/countDerivations.ts) in development mode.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchSide, Figures, RunContext, ScenarioSpec, Sizes } from './scenarios/definitions.js';
import { printTable } from './printTable.js';
import { median } from './stats.js';

process.env.NODE_ENV = 'production';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error(
    'Run with --expose-gc: node --expose-gc --import tsx bench/compare.ts (npm run bench:compare does).',
  );
  process.exit(1);
}
const collect = gc;
const minorCollect = (): void => (gc as (options: { type: 'minor' }) => void)({ type: 'minor' });

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const rounds = Number(option('rounds') ?? 7);
const warmups = Number(option('warmup') ?? 3);
const only = option('only')?.split(',');
const oursOnly = process.argv.includes('--ours-only');
const withCurves = !only && !process.argv.includes('--no-curves');
const withBundle = !only && !oursOnly && !process.argv.includes('--no-bundle');

// Everything below loads React, MobX and the WordPress packages: after NODE_ENV and the DOM.
const { installDom, newContainer } = await import('./scenarios/dom.js');
installDom();
const { SCENARIOS, SIZES } = await import('./scenarios/definitions.js');
const { MockServer } = await import('./scenarios/server.js');
const { ensureCoreDataInstalled } = await import('./scenarios/coreDataInstall.js');
const ours = (await import('./scenarios/ours.js')).side;
let theirs: BenchSide | undefined;
if (!oursOnly) {
  ensureCoreDataInstalled();
  const theirsModule = (await import(new URL('./core-data/theirs.mjs', import.meta.url).href)) as {
    side: BenchSide;
  };
  theirs = theirsModule.side;
}

function heapMB(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/**
 * Milliseconds of a bare `JSON.parse` of every body: the fastest of three passes, so a pass slowed by
 * other work on the machine does not lower the systems' time above it (it can only raise it).
 */
function parseMs(bodies: readonly string[]): number {
  let fastest = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    for (const body of bodies) JSON.parse(body);
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/** Heap (MB) that the parsed bodies take, held all at once. */
function parsedHeapMB(bodies: readonly string[]): number {
  const before = heapMB();
  const parsed = bodies.map((body) => JSON.parse(body) as unknown);
  const after = heapMB();
  if (parsed.length !== bodies.length) throw new Error('unreachable');
  return after - before;
}

/**
 * The bodies the run's measured requests were answered with: they are replayed in order on a twin
 * server (same data, same writes), so the run never holds their text while it measures its heap.
 */
function replayBodies(server: InstanceType<typeof MockServer>): string[] {
  const twin = new MockServer(server.options);
  return server.log.map((request) => twin.handle(request).text).filter((text) => text !== '');
}

/** One run of one scenario on one side, on a fresh server. */
async function runOnce(side: BenchSide, spec: ScenarioSpec, sizes: Sizes): Promise<Figures> {
  const server = new MockServer({
    posts: spec.posts(sizes),
    batchMaxItems: sizes.batchMaxItems,
    searchSize: sizes.queryPage,
  });
  const context: RunContext = {
    server,
    sizes,
    heapMB,
    container: newContainer,
    async measure(work) {
      const serverBefore = server.serverMs;
      server.recording = true;
      const start = performance.now();
      try {
        await work();
      } finally {
        server.recording = false;
      }
      return performance.now() - start - (server.serverMs - serverBefore);
    },
  };
  const figures = await side.run(spec.id, context);
  // Let timers the run left behind fire now, not inside the next run's measurement.
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (spec.parseFloor) {
    // What a bare JSON.parse of the same answers costs: each system's time above it is its own work.
    const bodies = replayBodies(server);
    figures.parseMs = parseMs(bodies);
    if (figures.clientMs !== undefined) figures.aboveParseMs = figures.clientMs - figures.parseMs;
    if (figures.heapMB !== undefined) {
      figures.parsedHeapMB = parsedHeapMB(bodies);
      figures.heapAboveMB = figures.heapMB - figures.parsedHeapMB;
    }
  }
  return figures;
}

/**
 * One measured run. Only a minor collection first: a full one (`gc()`) makes V8 drop optimised code
 * and feedback, so every run would start cold, which no editor session does. Scenarios that
 * measure heap do their own full collections.
 */
async function measuredRun(side: BenchSide, spec: ScenarioSpec): Promise<Figures> {
  minorCollect();
  return runOnce(side, spec, SIZES);
}

/** Every round's figures of one side: metric → values. */
type Series = Record<string, number[]>;

interface ScenarioResult {
  id: string;
  title: string;
  ours: Series;
  theirs: Series;
  oursError?: string;
  theirsError?: string;
}

function add(series: Series, figures: Figures): void {
  for (const [key, value] of Object.entries(figures)) (series[key] ??= []).push(value);
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
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
  `wp-entities vs ${theirs?.name ?? '(core-data skipped)'} — ${rounds} rounds after ${warmups} warm-up rounds, Node ${process.version}`,
);

for (const spec of SCENARIOS) {
  if (only && !only.includes(spec.id)) continue;
  const result: ScenarioResult = { id: spec.id, title: spec.title, ours: {}, theirs: {} };
  results.push(result);
  process.stdout.write(`${spec.title} `);
  const sides: [BenchSide, 'ours' | 'theirs'][] = [[ours, 'ours']];
  if (theirs) sides.push([theirs, 'theirs']);
  for (let round = -warmups; round < rounds; round++) {
    // Alternate which system goes first, so that neither always runs on a warmer or fuller heap.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const [side, which] of order) {
      if (result[`${which}Error`] !== undefined) continue;
      try {
        const figures = await measuredRun(side, spec);
        if (round >= 0) add(result[which], figures);
      } catch (error) {
        result[`${which}Error`] = errorText(error);
      }
    }
    process.stdout.write('.');
  }
  if (spec.id === 'react-list' && result.oursError === undefined) {
    const derivations = countOurDerivations();
    if (derivations !== undefined) result.ours.derivationsPerEdit = [derivations];
  }
  process.stdout.write('\n');
}

function fmt(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (value === 0) return '0';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  if (Math.abs(value) >= 0.1) return value.toFixed(2);
  return value.toPrecision(2);
}

interface Row {
  scenario: string;
  metric: string;
  ours: number | undefined;
  theirs: number | undefined;
  ratio: number | undefined;
  target: string;
  met: boolean | undefined;
}

const rows: Row[] = [];
for (const result of results) {
  const spec = SCENARIOS.find((s) => s.id === result.id);
  if (!spec) continue;
  for (const metric of spec.metrics) {
    const oursValues = result.ours[metric.key];
    const theirsValues = result.theirs[metric.key];
    const oursMedian = oursValues ? median(oursValues) : undefined;
    const theirsMedian = theirsValues ? median(theirsValues) : undefined;
    const ratio = oursMedian !== undefined && theirsMedian ? oursMedian / theirsMedian : undefined;
    let target = '';
    let met: boolean | undefined;
    if (metric.maxRatio !== undefined) {
      target = `≤ ${metric.maxRatio}×`;
      met = ratio === undefined ? undefined : ratio <= metric.maxRatio;
    } else if (metric.maxOurs !== undefined) {
      target = `ours ≤ ${metric.maxOurs}`;
      met = oursMedian === undefined ? undefined : oursMedian <= metric.maxOurs;
    } else if (metric.sameAsTheirs) {
      target = 'same';
      met = oursMedian === undefined || theirsMedian === undefined ? undefined : oursMedian === theirsMedian;
    }
    rows.push({
      scenario: result.title,
      metric: `${metric.label}${metric.unit && metric.unit !== 'x' ? ` (${metric.unit})` : ''}`,
      ours: oursMedian,
      theirs: theirsMedian,
      ratio,
      target,
      met,
    });
  }
}

// Without core-data (--ours-only) only our figures are printed; the targets are ratios to it.
const header = theirs
  ? ['scenario', 'metric', 'ours', 'core-data', 'ours/theirs', 'target', 'met']
  : ['scenario', 'metric', 'ours'];
const table = rows.map((row) =>
  [
    row.scenario,
    row.metric,
    fmt(row.ours),
    fmt(row.theirs),
    row.ratio === undefined ? '—' : row.ratio.toPrecision(2),
    row.target,
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
  ].slice(0, header.length),
);
printTable(header, table, (column) => column >= 2);
for (const result of results) {
  if (result.oursError) console.log(`ours failed on ${result.id}: ${result.oursError}`);
  if (result.theirsError) console.log(`core-data failed on ${result.id}: ${result.theirsError}`);
}

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const file = `${resultsDir}compare-${started.toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(
  file,
  `${JSON.stringify(
    {
      started: started.toISOString(),
      node: process.version,
      rounds,
      sizes: SIZES,
      theirs: theirs?.name,
      rows,
      runs: results,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWrote ${file}`);

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
if (!oursOnly && (!only || only.includes('permissions'))) runScript('./permissions/run.ts', []);
if (withCurves) runScript('./curves.ts', ['--expose-gc', '--max-old-space-size=8192']);
