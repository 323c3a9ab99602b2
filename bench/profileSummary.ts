/**
 * Sums up the window profiles that `BENCH_PROFILE_DIR` makes bench/scenarioProcess.ts write: the
 * mean milliseconds per window by package or source file, then by function (self time), so two
 * runs (two sides, two Reacts, before and after a change) can be put side by side.
 *
 * `node --import tsx bench/profileSummary.ts <dir> [--every N] [--offset K] [--top N]`: with
 * `--every 3 --offset 0`, only windows 1, 4, 7, … (the first measured step of each round, e.g. the
 * fetching mount of `react-editor`, whose rounds measure three steps each).
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { add, groupOf, printTop, shortUrl } from './profileTotals.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

/** A total per window, as printed. */
const FORMAT = (micros: number): string => (micros / 1000).toFixed(3).padStart(9);

const dir = process.argv[2];
if (dir === undefined || dir.startsWith('--')) {
  console.error('Usage: bench/profileSummary.ts <dir> [--every N] [--offset K] [--top N]');
  process.exit(2);
}
const every = option('every', 1);
const offset = option('offset', 0);
const top = option('top', 30);

const byGroup = new Map<string, number>();
const byFunction = new Map<string, number>();
let windows = 0;
let total = 0;
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort();
for (const [index, name] of files.entries()) {
  if (index % every !== offset) continue;
  windows++;
  const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const [i, nodeId] of profile.samples.entries()) {
    const micros = profile.timeDeltas[i] ?? 0;
    const frame = nodes.get(nodeId)?.callFrame;
    if (!frame) continue;
    const file = shortUrl(frame.url);
    const functionName = frame.functionName || '(anonymous)';
    add(byGroup, groupOf(file, functionName), micros);
    add(byFunction, `${functionName} ${file}:${frame.lineNumber + 1}`, micros);
    total += micros;
  }
}
if (windows === 0) {
  console.error(`No .cpuprofile windows in ${dir} for --every ${every} --offset ${offset}.`);
  process.exit(1);
}
console.log(`${windows} windows, ${(total / 1000 / windows).toFixed(3)} ms sampled per window (means)`);
printTop('\nby package or folder (self time, ms per window)', byGroup, windows, 15, FORMAT);
printTop('\nby function (self time, ms per window)', byFunction, windows, top, FORMAT);
