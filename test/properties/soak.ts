/**
 * The soak runs of the property invariants: 100,000 random edit sequences and 100,000 random
 * two-tab sequences (`SOAK_RUNS` and `SOAK_TAB_RUNS` change them, `FC_SEED` replays one; random
 * otherwise). Prints the counts, the times and the seed; on a counterexample, prints the shrunk
 * sequence, the error and the command that replays it, and exits with status 1.
 *
 * Run with `npm run test:soak`.
 */
import fc from 'fast-check';
import { editSequenceProperty } from './editSequences.js';
import { twoTabProperty } from './twoTabs.js';

const runs = Number(process.env.SOAK_RUNS ?? 100_000);
const tabRuns = Number(process.env.SOAK_TAB_RUNS ?? 100_000);
const maxSteps = Number(process.env.SOAK_MAX_STEPS ?? 12);
const maxTabSteps = Number(process.env.SOAK_MAX_TAB_STEPS ?? 14);
const seed =
  process.env.FC_SEED === undefined
    ? Date.now() ^ (Math.random() * 0x100000000)
    : Number(process.env.FC_SEED);

async function soak<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<[T]>,
  numRuns: number,
  steps: number,
  replay: string,
): Promise<void> {
  if (numRuns <= 0) return;
  const started = performance.now();
  const details = await fc.check(property, { numRuns, seed });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${name}: ${details.numRuns.toLocaleString('en')} sequences of up to ${steps} steps`);
  console.log(
    `time: ${seconds.toFixed(1)} s (${((seconds * 1e6) / Math.max(1, details.numRuns)).toFixed(0)} µs per sequence; shared CPU, figures are noisy)`,
  );
  console.log(`seed: ${seed}`);
  if (details.failed) {
    console.log(`counterexample after ${details.numRuns} sequences, shrunk ${details.numShrinks} times:`);
    console.log(JSON.stringify(details.counterexample, null, 2));
    console.log(String(details.errorInstance));
    console.log(`replay: FC_SEED=${seed} ${replay}=${details.numRuns} npm run test:soak`);
    process.exit(1);
  }
  console.log('counterexamples: none');
}

await soak('edit-sequence soak', editSequenceProperty(maxSteps), runs, maxSteps, 'SOAK_TAB_RUNS=0 SOAK_RUNS');
await soak('two-tab soak', twoTabProperty(maxTabSteps), tabRuns, maxTabSteps, 'SOAK_RUNS=0 SOAK_TAB_RUNS');
