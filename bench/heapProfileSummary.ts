/**
 * Sums up the window allocation profiles that `BENCH_HEAP_PROFILE_DIR` makes
 * bench/scenarioProcess.ts write: the mean kilobytes allocated per window by package or source
 * file, by function (the allocating frame), and by the nearest frame of this repository's own code
 * (stores/, models/, core/, bench/) on the stack, so that what a side's own code allocates can be
 * told from what the JSON parse or MobX allocates for it.
 *
 * `node --import tsx bench/heapProfileSummary.ts <dir> [--side ours] [--top N]`
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { add, groupOf, printTop, shortUrl } from './profileTotals.js';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** A frame of this repository's own code (not a dependency, not Node's). */
function isOwnFrame(file: string): boolean {
  return /^(stores|models|core|src|bench)\//.test(file);
}

/** A total per window, as printed. */
const FORMAT = (bytes: number): string => (bytes / 1024).toFixed(1).padStart(10);

const dir = process.argv[2];
if (dir === undefined || dir.startsWith('--')) {
  console.error('Usage: bench/heapProfileSummary.ts <dir> [--side ours|6.30|8.1] [--top N]');
  process.exit(2);
}
const side = option('side');
const top = Number(option('top') ?? 30);

const byGroup = new Map<string, number>();
const byFunction = new Map<string, number>();
const byOwnFrame = new Map<string, number>();
let windows = 0;
let total = 0;
/** Bytes whose nearest own frame is the library's (stores/, models/, core/, src/), not the bench's. */
let library = 0;

/** Walks the tree: each node's self size goes to its frame, and to the nearest own frame above it. */
function walk(node: HeapNode, ownFrame: string): void {
  const file = shortUrl(node.callFrame.url);
  const functionName = node.callFrame.functionName || '(anonymous)';
  const frame = `${functionName} ${file}:${node.callFrame.lineNumber + 1}`;
  const nearestOwn = isOwnFrame(file) ? frame : ownFrame;
  if (node.selfSize > 0) {
    add(byGroup, groupOf(file, functionName), node.selfSize);
    add(byFunction, frame, node.selfSize);
    add(byOwnFrame, nearestOwn, node.selfSize);
    total += node.selfSize;
    if (/^(stores|models|core|src)\//.test(nearestOwn.split(' ')[1] ?? '')) library += node.selfSize;
  }
  for (const child of node.children) walk(child, nearestOwn);
}

for (const name of readdirSync(dir).sort()) {
  if (!name.endsWith('.heapprofile') || (side !== undefined && !name.startsWith(`${side}-`))) continue;
  windows++;
  const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { head: HeapNode };
  walk(profile.head, '(no own frame)');
}
if (windows === 0) {
  console.error(`No .heapprofile windows in ${dir}${side === undefined ? '' : ` for side ${side}`}.`);
  process.exit(1);
}
console.log(`${windows} windows, ${(total / 1024 / windows).toFixed(0)} KB allocated per window (means)`);
console.log(
  `${(library / 1024 / windows).toFixed(0)} KB per window under the library's own frames (stores/, models/, core/, src/)`,
);
printTop('\nby package or folder (KB per window)', byGroup, windows, 15, FORMAT);
printTop('\nby allocating function (KB per window)', byFunction, windows, top, FORMAT);
printTop('\nby the nearest frame of our own code (KB per window)', byOwnFrame, windows, top, FORMAT);
