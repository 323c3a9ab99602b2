/**
 * The collaboration property (see `collaboration.ts`) over 1,000 random runs of 3 to 5 people,
 * sized for `npm test`, on a fixed seed ({@link CI_SEED}) so it passes or fails the same way
 * everywhere; `npm run test:soak` runs 100,000 on random seeds. `FC_SEED` replays another seed,
 * `FC_RUNS` changes the count.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { collaborationProperty } from './collaboration.js';

/** The seed of the CI run; `FC_SEED` overrides it. */
const CI_SEED = 20_261_127;
/** Runs per CI run. */
const CI_RUNS = Number(process.env.FC_RUNS ?? 1_000);
/** Steps per run at most. */
const MAX_STEPS = 16;

describe('3 to 5 people editing one post on a faulty network', () => {
  it("lose no one's characters, converge, and each is dirty by exactly what differs from their saved copy", async () => {
    await fc.assert(collaborationProperty(MAX_STEPS), {
      numRuns: CI_RUNS,
      seed: process.env.FC_SEED === undefined ? CI_SEED : Number(process.env.FC_SEED),
    });
  }, 300_000);
});
