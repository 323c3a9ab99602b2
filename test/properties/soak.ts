/**
 * The soak run of the edit-sequence invariants: 100,000 random sequences (`SOAK_RUNS` changes it,
 * `FC_SEED` replays one; random otherwise). Prints the count, the time and the seed; on a
 * counterexample, prints the shrunk sequence, the error and the command that replays it, and exits
 * with status 1.
 *
 * Run with `npm run test:soak`.
 */
import fc from 'fast-check';
import { editSequenceProperty } from './editSequences.js';

const runs = Number(process.env.SOAK_RUNS ?? 100_000);
const maxSteps = Number(process.env.SOAK_MAX_STEPS ?? 12);
const seed =
  process.env.FC_SEED === undefined
    ? Date.now() ^ (Math.random() * 0x100000000)
    : Number(process.env.FC_SEED);

const started = performance.now();
const details = await fc.check(editSequenceProperty(maxSteps), { numRuns: runs, seed });
const seconds = (performance.now() - started) / 1000;

console.log(
  `edit-sequence soak: ${details.numRuns.toLocaleString('en')} sequences of up to ${maxSteps} steps`,
);
console.log(
  `time: ${seconds.toFixed(1)} s (${((seconds * 1e6) / Math.max(1, details.numRuns)).toFixed(0)} µs per sequence; shared CPU, figures are noisy)`,
);
console.log(`seed: ${seed}`);
if (details.failed) {
  console.log(`counterexample after ${details.numRuns} sequences, shrunk ${details.numShrinks} times:`);
  console.log(JSON.stringify(details.counterexample, null, 2));
  console.log(String(details.errorInstance));
  console.log(`replay: FC_SEED=${seed} SOAK_RUNS=${details.numRuns} npm run test:soak`);
  process.exit(1);
}
console.log('counterexamples: none');
