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

function seedFrom(variable: string | undefined): number {
  return variable === undefined ? Date.now() ^ (Math.random() * 0x100000000) : Number(variable);
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

const maxSteps = Number(process.env.SOAK_MAX_STEPS ?? 12);
const editRuns = Number(process.env.SOAK_RUNS ?? 100_000);
const editSeed = seedFrom(process.env.FC_SEED);
const editsPassed =
  editRuns <= 0 ||
  (await soak(
    `edit-sequence soak (sequences of up to ${maxSteps} steps)`,
    editSequenceProperty(maxSteps) as fc.IRawProperty<unknown[]>,
    editRuns,
    editSeed,
    (runs) => `FC_SEED=${editSeed} SOAK_RUNS=${runs} SOAK_SYNC_RUNS=0 SOAK_TAB_RUNS=0 npm run test:soak`,
  ));

const syncRuns = Number(process.env.SOAK_SYNC_RUNS ?? 100_000);
const syncSteps = Number(process.env.SOAK_SYNC_MAX_STEPS ?? 16);
const syncSeed = seedFrom(process.env.SYNC_SEED);
const syncPassed =
  syncRuns <= 0 ||
  (await soak(
    `collaboration soak (3-5 people, runs of up to ${syncSteps} steps)`,
    collaborationProperty(syncSteps) as fc.IRawProperty<unknown[]>,
    syncRuns,
    syncSeed,
    (runs) => `SYNC_SEED=${syncSeed} SOAK_SYNC_RUNS=${runs} SOAK_RUNS=0 SOAK_TAB_RUNS=0 npm run test:soak`,
  ));

const tabRuns = Number(process.env.SOAK_TAB_RUNS ?? 100_000);
const tabSteps = Number(process.env.SOAK_MAX_TAB_STEPS ?? 14);
const tabSeed = seedFrom(process.env.TAB_SEED);
const tabsPassed =
  tabRuns <= 0 ||
  (await soak(
    `two-tab soak (journal and conflicts, sequences of up to ${tabSteps} steps)`,
    twoTabProperty(tabSteps) as fc.IRawProperty<unknown[]>,
    tabRuns,
    tabSeed,
    (runs) => `TAB_SEED=${tabSeed} SOAK_TAB_RUNS=${runs} SOAK_RUNS=0 SOAK_SYNC_RUNS=0 npm run test:soak`,
  ));

if (!editsPassed || !syncPassed || !tabsPassed) process.exit(1);
