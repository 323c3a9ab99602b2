/**
 * One process of `npm run bench:compare`: runs one scenario on one side, `--warmup` thrown-away
 * rounds then `--rounds` measured ones, and prints every measured round's figures as one JSON line
 * (its last line of output): `{ "series": { metric: [values] }, "error"?: text }`.
 *
 * `node --expose-gc --import tsx bench/scenarioProcess.ts --side ours|6.30|8.1 --scenario <id>
 * [--rounds N] [--warmup N]`. With `BENCH_PROFILE_DIR=<dir>` set, the V8 CPU profiler runs through
 * the measured rounds (not the warm-ups), and the samples of each measured window (not the setup)
 * are written to that directory as one `.cpuprofile` per window (for Chrome DevTools, or to sum up
 * in a script, e.g. `bench/profileSummary.ts`): how the fixes of issue 29 were found. With
 * `BENCH_HEAP_PROFILE_DIR=<dir>` instead, each measured window's allocations are sampled into one
 * `.heapprofile` (summed up by `bench/heapProfileSummary.ts`: bytes per window under the library's
 * own frames, against the parse's and the server's). The runner (bench/compare.ts) starts a fresh one per scenario and side,
 * so no scenario runs on a heap or JIT state another left behind, and the two core-data releases
 * (which cannot share one process: each brings its own `@wordpress/data`) each get their own.
 *
 * Every run also reports `cpuMs`: this process's CPU time (user + system) in all of the run's measured
 * steps, minus the server's, and `cpuFirstMs`, the same of its first measured step: figures that other processes on a busy machine do not inflate the way
 * they inflate wall time.
 *
 * Client time counts parsing the answers' JSON, as a browser does; scenarios that receive posts also
 * report the parse floor (a bare `JSON.parse` of the same answers) and the side's time and heap above
 * it. Every run reports `gcMs`, the collections' pauses in its client time (measured windows minus
 * the server's answers, from V8's GC observer), and scenarios with a parse floor
 * `aboveParseWithoutGcMs`: the time above the floor with every pause left out of both, the side's
 * and the floor's. At 2,000 posts most of `aboveParseMs` is the young-generation collection of the
 * parsed posts that every side keeps, and whether it lands in the client's window, in the server's
 * subtracted time or after the window changes from round to round; the split shows which part of a
 * difference is the side's own work. (Tried for issue 29 and not kept: ending every window and a
 * "parse and keep the answers" floor in a forced young-generation collection. It moved neither
 * side's ratio, and the floor's kept answers grew the old generation the next rounds ran on.)
 *
 * @module
 */
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import type {
  BenchSide,
  Figures,
  RunContext,
  ScenarioId,
  ScenarioSpec,
  Sizes,
} from './scenarios/definitions.js';

process.env.NODE_ENV = 'production';

/** The sides a process can run: this library, or one of the two core-data releases. */
export const SIDE_IDS = ['ours', '6.30', '8.1'] as const;

/** One side's id. */
export type SideId = (typeof SIDE_IDS)[number];

/** What one process prints as its last line. */
export interface ProcessResult {
  /** Every measured round's figures: metric → values, in round order. */
  series: Record<string, number[]>;
  /** The first error the side threw (the rounds after it are not run). */
  error?: string;
  /** The version of React the side's scenarios ran on (ours: 19 unless `BENCH_REACT=18`). */
  react?: string;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with --expose-gc: node --expose-gc --import tsx bench/scenarioProcess.ts …');
  process.exit(1);
}
const collect = gc;
const minorCollect = (): void => (gc as (options: { type: 'minor' }) => void)({ type: 'minor' });

const sideId = option('side') as SideId | undefined;
const scenarioId = option('scenario') as ScenarioId | undefined;
const rounds = Number(option('rounds') ?? 3);
const warmups = Number(option('warmup') ?? 3);
if (!sideId || !SIDE_IDS.includes(sideId) || !scenarioId) {
  console.error(
    `Usage: bench/scenarioProcess.ts --side ${SIDE_IDS.join('|')} --scenario <id> [--rounds N] [--warmup N]`,
  );
  process.exit(2);
}

// `BENCH_REACT=18`: our side on core-data 6.30's React 18.2 instead of React 19 (bench/scenarios/react18.ts).
if (process.env.BENCH_REACT === '18' && sideId === 'ours') {
  (await import('./scenarios/react18.js')).useReact18();
}

// Everything below loads React, MobX and the WordPress packages: after NODE_ENV and the DOM.
const { installDom, newContainer } = await import('./scenarios/dom.js');
installDom();
const { SCENARIOS, SIZES } = await import('./scenarios/definitions.js');
const { MockServer } = await import('./scenarios/server.js');

/** Loads the side: ours, or core-data's scenarios (bench/core-data/theirs.mjs) bound to one release. */
async function loadSide(id: SideId): Promise<BenchSide> {
  if (id === 'ours') return (await import('./scenarios/ours.js')).side;
  if (id === '6.30') {
    const { ensureCoreDataInstalled } = await import('./scenarios/coreDataInstall.js');
    ensureCoreDataInstalled();
  }
  // theirs.mjs picks its release from this variable when it loads.
  process.env.BENCH_CORE_DATA = id;
  const module = (await import(new URL('./core-data/theirs.mjs', import.meta.url).href)) as {
    side: BenchSide;
  };
  return module.side;
}

function heapMB(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** A stretch of time in the `performance.now()` clock (ms). */
interface Span {
  start: number;
  end: number;
}

/** One pass of the parse floor: its span, and this process's CPU time (user + system, ms) in it. */
interface ParsePass extends Span {
  cpuMs: number;
}

/**
 * Three passes of a bare `JSON.parse` of every body, results dropped. The runner takes the fastest
 * as the floor, so a pass slowed by other work on the machine does not lower the systems' time
 * above it (it can only raise it).
 */
function parsePasses(bodies: readonly string[]): ParsePass[] {
  const passes: ParsePass[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    for (const body of bodies) JSON.parse(body);
    const end = performance.now();
    const cpu = process.cpuUsage(cpuStart);
    passes.push({ start, end, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
  return passes;
}

/** A collection's pause: when it started and how long it took (ms, `performance.now()` clock). */
interface GcPause {
  start: number;
  duration: number;
}

/**
 * Every collection's pause in this process, as V8 reports them (after the fact, on a later task:
 * read them once the loop has turned).
 */
const gcPauses: GcPause[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push({ start: entry.startTime, duration: entry.duration });
}).observe({ entryTypes: ['gc'] });

/** Milliseconds of the collections that started inside `span` and inside none of `except`. */
function gcMsIn(span: Span, except: readonly Span[] = []): number {
  let total = 0;
  for (const pause of gcPauses) {
    if (pause.start < span.start || pause.start >= span.end) continue;
    if (except.some((other) => pause.start >= other.start && pause.start < other.end)) continue;
    total += pause.duration;
  }
  return total;
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

/** Profiles measured windows when `BENCH_PROFILE_DIR` is set; `undefined` otherwise. */
const profileDir = process.env.BENCH_PROFILE_DIR;
let profiler: Session | undefined;
if (profileDir !== undefined) {
  mkdirSync(profileDir, { recursive: true });
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
}

/**
 * Samples what each measured window allocates when `BENCH_HEAP_PROFILE_DIR` is set (instead of the
 * CPU profile): V8's sampling heap profiler, keeping the samples of objects that young- and
 * old-generation collections freed, so a profile counts every byte allocated in the window, not
 * only what survives it. Allocation, not time, is what it measures, so starting and stopping it
 * around each window costs the figure nothing.
 */
const heapProfileDir = process.env.BENCH_HEAP_PROFILE_DIR;
let heapProfiler: Session | undefined;
let heapWindows = 0;
if (heapProfileDir !== undefined) {
  mkdirSync(heapProfileDir, { recursive: true });
  heapProfiler = new Session();
  heapProfiler.connect();
  await heapProfiler.post('HeapProfiler.enable');
}

/** Runs `work` under the sampling heap profiler and writes its allocations as one `.heapprofile`. */
async function heapProfiled(session: Session, work: () => Promise<void> | void): Promise<void> {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  try {
    await work();
  } finally {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    heapWindows++;
    const name = `${sideId}-${scenarioId}-${String(heapWindows).padStart(3, '0')}.heapprofile`;
    writeFileSync(join(heapProfileDir ?? '.', name), JSON.stringify(profile));
  }
}

/** A measured window of a profiled round, in the profiler's clock (monotonic, microseconds). */
interface ProfileWindow {
  start: number;
  end: number;
}
const profileWindows: ProfileWindow[] = [];

/** Now in the clock of V8's profile timestamps (both are the monotonic clock). */
function profileClockUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Runs `work`, noting its window when this round is profiled. The profiler runs once across all the
 * measured rounds and is cut into windows afterwards ({@link writeWindowProfiles}): starting and
 * stopping it around each window cost more than a mount of a few milliseconds it was to show.
 */
async function profiled(isProfiled: boolean, work: () => Promise<void> | void): Promise<void> {
  if (heapProfiler && isProfiled) {
    await heapProfiled(heapProfiler, work);
    return;
  }
  if (!profiler || !isProfiled) {
    await work();
    return;
  }
  const start = profileClockUs();
  try {
    await work();
  } finally {
    profileWindows.push({ start, end: profileClockUs() });
  }
}

/** The shape of a V8 CPU profile, as far as cutting it into windows needs. */
interface CpuProfile {
  nodes: unknown[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Writes one `.cpuprofile` per measured window: the samples of `profile` that fall inside it. */
function writeWindowProfiles(profile: CpuProfile): void {
  const times: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((time += delta));
  for (const [index, window] of profileWindows.entries()) {
    const samples: number[] = [];
    const timeDeltas: number[] = [];
    let previous = window.start;
    for (let i = 0; i < times.length; i++) {
      const at = times[i] as number;
      if (at < window.start || at > window.end) continue;
      samples.push(profile.samples[i] as number);
      timeDeltas.push(at - previous);
      previous = at;
    }
    const slice: CpuProfile = {
      nodes: profile.nodes,
      startTime: window.start,
      endTime: window.end,
      samples,
      timeDeltas,
    };
    const name = `${sideId}-${scenarioId}-${String(index + 1).padStart(3, '0')}.cpuprofile`;
    writeFileSync(join(profileDir ?? '.', name), JSON.stringify(slice));
  }
}

/** One run of one scenario on one side, on a fresh server. */
async function runOnce(
  side: BenchSide,
  spec: ScenarioSpec,
  sizes: Sizes,
  isProfiled = false,
): Promise<Figures> {
  const server = new MockServer({
    posts: spec.posts(sizes),
    batchMaxItems: sizes.batchMaxItems,
    searchSize: sizes.queryPage,
  });
  // CPU time of this process in the measured steps, the server's excluded: unlike wall time, other
  // processes on a loaded machine do not add to it.
  let cpuMs = 0;
  let cpuFirstMs: number | undefined;
  const windows: Span[] = [];
  const context: RunContext = {
    server,
    sizes,
    heapMB,
    container: newContainer,
    async measure(work) {
      const serverBefore = server.serverMs;
      const serverCpuBefore = server.serverCpuMs;
      server.recording = true;
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      try {
        await profiled(isProfiled, work);
      } finally {
        server.recording = false;
      }
      const elapsed = performance.now() - start - (server.serverMs - serverBefore);
      windows.push({ start, end: performance.now() });
      const cpu = process.cpuUsage(cpuStart);
      const stepCpuMs = (cpu.user + cpu.system) / 1000 - (server.serverCpuMs - serverCpuBefore);
      cpuFirstMs ??= stepCpuMs;
      cpuMs += stepCpuMs;
      return elapsed;
    },
  };
  const figures = await side.run(spec.id, context);
  figures.cpuMs = cpuMs;
  if (cpuFirstMs !== undefined) figures.cpuFirstMs = cpuFirstMs;
  // Let timers the run left behind fire now, not inside the next run's measurement (and the GC
  // observer hear of the windows' collections).
  await new Promise((resolve) => setTimeout(resolve, 20));
  // The collections in the client's time: in a measured window, outside the server's answers.
  figures.gcMs = windows.reduce((total, window) => total + gcMsIn(window, server.spans), 0);
  if (spec.parseFloor) {
    // What a bare JSON.parse of the same answers costs: each system's time above it is its own work.
    const bodies = replayBodies(server);
    const passes = parsePasses(bodies);
    figures.parseMs = Math.min(...passes.map((pass) => pass.end - pass.start));
    if (figures.clientMs !== undefined) figures.aboveParseMs = figures.clientMs - figures.parseMs;
    // The same in CPU time (the floor's fastest pass, in CPU), which other processes on a loaded
    // machine do not inflate the way they inflate wall time.
    figures.aboveParseCpuMs = cpuMs - Math.min(...passes.map((pass) => pass.cpuMs));
    await new Promise((resolve) => setTimeout(resolve, 1));
    // The same with every collection left out, of the floor's passes and of the side's time alike.
    const parseWithoutGcMs = Math.min(...passes.map((pass) => pass.end - pass.start - gcMsIn(pass)));
    if (figures.clientMs !== undefined) {
      figures.aboveParseWithoutGcMs = figures.clientMs - figures.gcMs - parseWithoutGcMs;
    }
    if (figures.heapMB !== undefined) {
      figures.parsedHeapMB = parsedHeapMB(bodies);
      figures.heapAboveMB = figures.heapMB - figures.parsedHeapMB;
    }
  }
  return figures;
}

/** The React the side runs on: core-data 6.30's own (bench/core-data), else the one `react` resolves to here. */
async function reactVersion(id: SideId): Promise<string> {
  if (id === '6.30') {
    const { createRequire } = await import('node:module');
    const require = createRequire(new URL('./core-data/package.json', import.meta.url));
    return (require('react') as { version: string }).version;
  }
  return ((await import('react')) as { version: string }).version;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The scenario sizes, with `BENCH_SIZES` (a JSON object of {@link Sizes} fields) laid over them:
 * how `bench:compare`'s growth table runs one scenario at several sizes.
 */
const sizes: Sizes = { ...SIZES, ...(JSON.parse(process.env.BENCH_SIZES ?? '{}') as Partial<Sizes>) };

const spec = SCENARIOS.find((candidate) => candidate.id === scenarioId);
const result: ProcessResult = { series: {} };
if (!spec) {
  result.error = `no scenario ${scenarioId}`;
} else {
  try {
    const side = await loadSide(sideId);
    result.react = await reactVersion(sideId);
    for (let round = -warmups; round < rounds; round++) {
      if (round === 0) await profiler?.post('Profiler.start');
      // Only a minor collection first: a full one (`gc()`) makes V8 drop optimised code and
      // feedback, so every run would start cold, which no editor session does. Scenarios that
      // measure heap do their own full collections.
      minorCollect();
      const figures = await runOnce(side, spec, sizes, round >= 0);
      if (round < 0) continue;
      for (const [key, value] of Object.entries(figures)) (result.series[key] ??= []).push(value);
    }
    if (profiler) writeWindowProfiles((await profiler.post('Profiler.stop')).profile as CpuProfile);
  } catch (error) {
    result.error = errorText(error);
  }
}
console.log(JSON.stringify(result));
// React roots, timers and the DOM may keep the loop alive; the result is out.
process.exit(0);
