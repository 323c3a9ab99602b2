/**
 * The growth table of `npm run bench:compare`: four shapes of work (receive, list read, query count,
 * edit churn), each run at three sizes by every side, and the growth exponent of each side's cost
 * (the slope of log cost over log size). The rule from issue 45: no shape of ours may grow faster
 * than linear where core-data's does not.
 *
 * Each point is a scenario of {@link SCENARIOS} with one size changed (the runner passes it to
 * `bench/scenarioProcess.ts` as `BENCH_SIZES`), so a point measures exactly what the main table's
 * row of that scenario measures, at another size. Costs are CPU time where the scenario has it (a
 * busy machine inflates it far less than wall time).
 *
 * @module
 */
import type { ScenarioId, Sizes } from './definitions.js';

/** One shape of work, measured at three sizes. */
export interface GrowthShape {
  /** Its id (`--growth-only` takes these). */
  id: string;
  /** What grows, as the table prints it. */
  title: string;
  /** The scenario each point runs. */
  scenario: ScenarioId;
  /** The figure of that scenario that is the cost. */
  metric: string;
  /** What the cost is, as the table prints it. */
  costLabel: string;
  /** The size field the points change. */
  sizeKey: keyof Sizes;
  /** The three sizes, smallest first. */
  sizes: readonly [number, number, number];
  /** How a size is printed (the unit of work). */
  unit: string;
}

/** Every shape of the growth table. */
export const GROWTH_SHAPES: readonly GrowthShape[] = [
  {
    id: 'receive',
    title: 'receive N posts in pages of 100',
    scenario: 'receive-pages',
    metric: 'aboveParseCpuMs',
    costLabel: 'CPU ms above JSON.parse',
    sizeKey: 'receivePosts',
    sizes: [100, 1_000, 10_000],
    unit: 'posts',
  },
  {
    id: 'list-read',
    title: 'read a list of N posts outside a reaction, nothing changed',
    scenario: 'list-reads-10k',
    metric: 'readUs',
    costLabel: 'µs per read',
    sizeKey: 'listReadLargePosts',
    sizes: [100, 1_000, 10_000],
    unit: 'posts',
  },
  {
    id: 'list-read-changed',
    title: 'read a list of N posts after one of them changed',
    scenario: 'list-reads-10k',
    metric: 'changedReadUs',
    costLabel: 'µs per read (median)',
    sizeKey: 'listReadLargePosts',
    sizes: [100, 1_000, 10_000],
    unit: 'posts',
  },
  {
    id: 'queries',
    title: 'N distinct queries of 10 posts',
    scenario: 'queries',
    metric: 'aboveParseCpuMs',
    costLabel: 'CPU ms above JSON.parse',
    sizeKey: 'queries',
    sizes: [30, 100, 300],
    unit: 'queries',
  },
  {
    id: 'edit-churn',
    title: 'N edits of one record, undo all, redo all',
    scenario: 'edit-churn',
    metric: 'cpuMs',
    costLabel: 'CPU ms',
    sizeKey: 'churnEdits',
    sizes: [100, 1_000, 10_000],
    unit: 'edits',
  },
];

/**
 * The growth exponent of `costs` over `sizes`: the least-squares slope of log cost on log size
 * (1 is linear, 0 flat, 2 quadratic). NaN when a cost is missing or not positive.
 */
export function growthExponent(sizes: readonly number[], costs: readonly (number | undefined)[]): number {
  const points: [number, number][] = [];
  for (let i = 0; i < sizes.length; i++) {
    const size = sizes[i];
    const cost = costs[i];
    if (size === undefined || cost === undefined || !(cost > 0) || !(size > 0)) return Number.NaN;
    points.push([Math.log(size), Math.log(cost)]);
  }
  if (points.length < 2) return Number.NaN;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return covariance / variance;
}

/** How far above linear an exponent may be before the shape counts as growing faster (noise, JIT). */
export const LINEAR_SLACK = 0.15;

/**
 * The rule of the table: ours may grow faster than linear only where core-data's does too.
 * `undefined` when an exponent is unknown.
 */
export function growthMet(ours: number, theirs: readonly number[]): boolean | undefined {
  if (Number.isNaN(ours)) return undefined;
  if (ours <= 1 + LINEAR_SLACK) return true;
  const known = theirs.filter((exponent) => !Number.isNaN(exponent));
  if (known.length === 0) return undefined;
  // Superlinear on our side is allowed only where every core-data release grows at least as fast.
  return known.every((exponent) => exponent > 1 + LINEAR_SLACK && ours <= exponent + LINEAR_SLACK);
}
