/**
 * The permissions scenario of `npm run bench:compare` (alone: `npx tsx bench/permissions/run.ts
 * [--rounds N]`): a list of 100 posts, then `canUser('update', …)` for each, against a mock
 * WordPress 6.7 (records carry `targetHints`) and 6.1 (they do not). Sides: wp-entities,
 * @wordpress/core-data 6.30.0 (by REST base, its only form) and 8.1.0 (as `{ kind, name, id }`,
 * the form it fills from the list, and by REST base). Each side runs in its own process (the two
 * core-data releases cannot share one); it prints requests, OPTIONS and the median wall time of
 * its rounds (the in-process mock's answers included: the same for every side), and the run
 * checks that every side gave the same answers.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { printTable } from '../printTable.js';
import { median } from '../stats.js';
import type { BenchWordPress, SideResult } from './site.js';

const roundsIndex = process.argv.indexOf('--rounds');
const rounds = roundsIndex === -1 ? 5 : Number(process.argv[roundsIndex + 1]);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface SideRun {
  script: string;
  args: string[];
}

const SIDES: readonly SideRun[] = [
  { script: 'bench/permissions/ours.ts', args: [] },
  { script: 'bench/permissions/coreData.mjs', args: ['6.30'] },
  { script: 'bench/permissions/coreData.mjs', args: ['8.1'] },
];

/** Runs one side in its own process; its last line of output is its JSON result. */
function runSide(side: SideRun, wordpress: BenchWordPress, form?: string): SideResult | Error {
  const args = ['--import', 'tsx', side.script, ...side.args, wordpress, String(rounds)];
  if (form !== undefined) args.push(form);
  const run = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as SideResult;
  } catch {
    return new Error(
      `${side.script} ${side.args.join(' ')} exited with ${String(run.status)}: ${run.stderr.slice(-500)}`,
    );
  }
}

const results: SideResult[] = [];
const failures: string[] = [];
console.log(
  `\nPermissions: a list of 100 posts, then canUser('update', …) for each (${rounds} rounds, median)`,
);
for (const wordpress of ['6.7', '6.1'] as const) {
  const runs: [SideRun, string | undefined][] = [
    [SIDES[0] as SideRun, undefined],
    [SIDES[1] as SideRun, undefined],
    [SIDES[2] as SideRun, 'entity'],
    [SIDES[2] as SideRun, 'name'],
  ];
  for (const [side, form] of runs) {
    const result = runSide(side, wordpress, form);
    if (result instanceof Error) failures.push(result.message);
    else results.push(result);
  }
}

const rows: string[][] = [];
for (const wordpress of ['6.7', '6.1'] as const) {
  const ofSite = results.filter((result) => result.wordpress === wordpress);
  const ours = ofSite.find((result) => result.side === 'wp-entities');
  for (const result of ofSite) {
    const ms = median(result.ms);
    const oursMs = ours === undefined ? Number.NaN : median(ours.ms);
    const agrees = ours === undefined || JSON.stringify(result.answers) === JSON.stringify(ours.answers);
    if (!agrees) failures.push(`${result.side} on ${wordpress} answered differently from wp-entities`);
    rows.push([
      `WordPress ${wordpress}`,
      result.side,
      String(result.counts.requests),
      String(result.counts.options),
      ms.toFixed(1),
      result === ours ? '' : (oursMs / ms).toPrecision(2),
      `${result.answers.filter((answer) => answer === true).length}/${result.answers.length}${agrees ? '' : ' DIFFERS'}`,
    ]);
  }
}
printTable(
  ['site', 'side', 'requests', 'OPTIONS', 'ms (median)', 'ours/theirs ms', 'may update'],
  rows,
  (column) => column >= 2 && column <= 5,
);
for (const failure of failures) console.log(`FAILED: ${failure}`);
if (failures.length > 0) process.exitCode = 1;
