/**
 * The edit-sequence invariants (see `editSequences.ts`) over 10,000 random sequences, sized for
 * `npm test`. The seed is fixed ({@link CI_SEED}) so that `npm test` passes or fails the same way on
 * every run and every machine; `npm run test:soak` keeps exploring with random seeds. `FC_SEED`
 * replays another run (a soak's counterexample); `FC_RUNS` changes its size.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { editSequenceProperty } from './editSequences.js';

/** The seed of the CI run; `FC_SEED` overrides it. */
const CI_SEED = 20_261_124;
/** Sequences per CI run. */
const CI_RUNS = Number(process.env.FC_RUNS ?? 10_000);
/** Steps per sequence at most: long enough for undo over saves, short enough for 10,000 runs in seconds. */
const MAX_STEPS = 12;

describe('random edit sequences over 3 posts × 3 fields', () => {
  it('keep hasEdits, dirtyRecords, failed saves, undo/redo and in-flight saves consistent', async () => {
    await fc.assert(editSequenceProperty(MAX_STEPS), {
      numRuns: CI_RUNS,
      seed: process.env.FC_SEED === undefined ? CI_SEED : Number(process.env.FC_SEED),
    });
  }, 120_000);
});
