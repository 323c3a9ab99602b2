/**
 * The soak runs (`npm run test:soak`), random seeds unless replaying:
 * 1. the edit-sequence invariants: 100,000 sequences (`SOAK_RUNS`; `FC_SEED` replays one);
 * 2. the collaboration property (3 to 5 people on a faulty network, `collaboration.ts`): 100,000
 *    runs (`SOAK_SYNC_RUNS`; `SYNC_SEED` replays one; `.ci/run` sets a smaller count to keep CI
 *    within minutes);
 * 3. the two-tab journal and conflict invariants (`twoTabs.ts`): 100,000 sequences
 *    (`SOAK_TAB_RUNS`; `TAB_SEED` replays one; `.ci/run` sets a smaller count too).
 * Each prints the count, the time and the seed; on a counterexample, prints the shrunk case, the
 * error and the command that replays it, and exits with status 1.
 */
import fc from 'fast-check';
import { collaborationProperty } from './collaboration.js';
import { editSequenceProperty } from './editSequences.js';
import { twoTabProperty } from './twoTabs.js';

/** The seed a variable names; a random one when it is unset or empty (`SYNC_SEED=` draws one). */
function seedFrom(variable: string | undefined): number {
  if (variable === undefined || variable.trim() === '') return Date.now() ^ (Math.random() * 0x100000000);
  const seed = Number(variable);
  if (!Number.isInteger(seed)) throw new Error(`A soak seed must be an integer, not "${variable}".`);
  return seed;
}

/** Runs `property` `runs` times from `seed`; prints the outcome; returns false on a counterexample. */
async function soak(
  label: string,
  property: fc.IRawProperty<unknown[]>,
  runs: number,
  seed: number,
  replay: (failedAfter: number) => string,
): Promise<boolean> {
  const started = performance.now();
  const details = await fc.check(property, { numRuns: runs, seed });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${details.numRuns.toLocaleString('en')} runs`);
  console.log(
    `time: ${seconds.toFixed(1)} s (${((seconds * 1e6) / Math.max(1, details.numRuns)).toFixed(0)} µs per run; shared CPU, figures are noisy)`,
  );
  console.log(`seed: ${seed}`);
  if (details.failed) {
    console.log(`counterexample after ${details.numRuns} runs, shrunk ${details.numShrinks} times:`);
    console.log(JSON.stringify(details.counterexample, null, 2));
    console.log(String(details.errorInstance));
    console.log(`replay: ${replay(details.numRuns)}`);
    return false;
  }
  console.log('counterexamples: none');
  return true;
}

/** One soak: its property, and the variables that size, seed and replay it. */
interface SoakPlan {
  readonly label: (steps: number) => string;
  readonly property: (steps: number) => fc.IRawProperty<unknown[]>;
  readonly runsVariable: string;
  readonly stepsVariable: string;
  readonly defaultSteps: number;
  readonly seedVariable: string;
}

const plans: readonly SoakPlan[] = [
  {
    label: (steps) => `edit-sequence soak (sequences of up to ${steps} steps)`,
    property: (steps) => editSequenceProperty(steps) as fc.IRawProperty<unknown[]>,
    runsVariable: 'SOAK_RUNS',
    stepsVariable: 'SOAK_MAX_STEPS',
    defaultSteps: 12,
    seedVariable: 'FC_SEED',
  },
  {
    label: (steps) => `collaboration soak (3-5 people, runs of up to ${steps} steps)`,
    property: (steps) => collaborationProperty(steps) as fc.IRawProperty<unknown[]>,
    runsVariable: 'SOAK_SYNC_RUNS',
    stepsVariable: 'SOAK_SYNC_MAX_STEPS',
    defaultSteps: 16,
    seedVariable: 'SYNC_SEED',
  },
  {
    label: (steps) => `two-tab soak (journal and conflicts, sequences of up to ${steps} steps)`,
    property: (steps) => twoTabProperty(steps) as fc.IRawProperty<unknown[]>,
    runsVariable: 'SOAK_TAB_RUNS',
    stepsVariable: 'SOAK_MAX_TAB_STEPS',
    defaultSteps: 14,
    seedVariable: 'TAB_SEED',
  },
];

let passed = true;
for (const plan of plans) {
  const runs = Number(process.env[plan.runsVariable] ?? 100_000);
  if (runs <= 0) continue;
  const steps = Number(process.env[plan.stepsVariable] ?? plan.defaultSteps);
  const seed = seedFrom(process.env[plan.seedVariable]);
  // The replay runs this soak alone: the others' counts are set to 0.
  const others = plans.filter((other) => other !== plan).map((other) => `${other.runsVariable}=0`);
  const replay = (failedAfter: number): string =>
    `${plan.seedVariable}=${seed} ${plan.runsVariable}=${failedAfter} ${others.join(' ')} npm run test:soak`;
  if (!(await soak(plan.label(steps), plan.property(steps), runs, seed, replay))) passed = false;
}

if (!passed) process.exit(1);
