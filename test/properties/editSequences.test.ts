/**
 * The edit-sequence invariants (see `editSequences.ts`) over 10,000 random sequences, sized for
 * `npm test`. `npm run test:soak` runs 100,000. `FC_SEED` replays a run; `FC_RUNS` changes its size.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { editSequenceProperty } from './editSequences.js';

/** Sequences per CI run. */
const CI_RUNS = Number(process.env.FC_RUNS ?? 10_000);
/** Steps per sequence at most: long enough for undo over saves, short enough for 10,000 runs in seconds. */
const MAX_STEPS = 12;

describe('random edit sequences over 3 posts × 3 fields', () => {
  it('keep hasEdits, dirtyRecords, failed saves, undo/redo and in-flight saves consistent', async () => {
    await fc.assert(editSequenceProperty(MAX_STEPS), {
      numRuns: CI_RUNS,
      ...(process.env.FC_SEED === undefined ? {} : { seed: Number(process.env.FC_SEED) }),
    });
  }, 120_000);
});
