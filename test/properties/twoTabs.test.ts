/**
 * The two-tab invariants (see `twoTabs.ts`) over 1,000 random sequences, sized for `npm test`.
 * The seed is fixed so that `npm test` passes or fails the same way everywhere; `npm run test:soak`
 * explores 100,000 with random seeds. `FC_SEED` replays another run; `FC_TAB_RUNS` changes its size.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { twoTabProperty } from './twoTabs.js';

/** The seed of the CI run; `FC_SEED` overrides it. */
// A fixed seed whose 1,000 runs include, among others, a refresh between an edit and its save.
const CI_SEED = 1;
/** Sequences per CI run. */
const CI_RUNS = Number(process.env.FC_TAB_RUNS ?? 1_000);
/** Steps per sequence at most. */
const MAX_STEPS = 14;

describe('random sequences over two tabs on one journal and one server', () => {
  it('bring back every unsaved edit after a crash and a restore, and never save over an unseen change', async () => {
    await fc.assert(twoTabProperty(MAX_STEPS), {
      numRuns: CI_RUNS,
      seed: process.env.FC_SEED === undefined ? CI_SEED : Number(process.env.FC_SEED),
    });
  }, 120_000);
});
