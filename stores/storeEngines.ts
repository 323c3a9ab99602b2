/**
 * How a store gets its freshness policy, its snapshots and its journal without the package root
 * carrying them: `wp-entities/freshness` (which `wp-entities/react` imports) and `wp-entities/ssr`
 * register their engines here when first imported, as `wp-entities/sync` does (see
 * `syncEngine.ts`); the journal storages register the journal's when they make a journal, and
 * `wp-entities/journal` when imported. A root-only app bundles none of them.
 *
 * @module
 */
import type { Freshness, FreshnessHost, FreshnessOptions } from './Freshness.js';
import type { SnapshotHost, StoreSnapshot } from './storeSnapshot.js';
import type { JournalEngine } from './journal/journalSession.js';

/** Makes a store's freshness policy and starts it; returns the policy and the function that stops it. */
export type FreshnessEngine = (
  store: FreshnessHost,
  options: FreshnessOptions | undefined,
) => { policy: Freshness; stop: () => void };

/** What `store.dehydrate()` and `store.hydrate()` call. */
export interface SnapshotEngine {
  /** The snapshot of `store`'s cache now. */
  dehydrate(store: SnapshotHost): StoreSnapshot;
  /** Checks `snapshot` through and takes it in; `withKinds` false keeps the store's own loaders' configs. */
  hydrate(store: SnapshotHost, snapshot: unknown, withKinds: boolean): void;
}

interface Engines {
  freshness: FreshnessEngine;
  snapshot: SnapshotEngine;
  journal: JournalEngine;
}

// On globalThis under registered symbols, so two copies of the package (a bundle and a test
// alias) still find one engine.
const SLOTS: { readonly [K in keyof Engines]: symbol } = {
  freshness: Symbol.for('wp-entities.freshness-engine'),
  snapshot: Symbol.for('wp-entities.snapshot-engine'),
  journal: Symbol.for('wp-entities.journal-engine'),
};

/** Registers an engine; its entry calls it when it is imported. */
export function registerStoreEngine<K extends keyof Engines>(name: K, engine: Engines[K]): void {
  (globalThis as Record<symbol, unknown>)[SLOTS[name]] = engine;
}

/** The registered engine `name`, if its entry was imported. */
export function registeredStoreEngine<K extends keyof Engines>(name: K): Engines[K] | undefined {
  return (globalThis as Record<symbol, unknown>)[SLOTS[name]] as Engines[K] | undefined;
}
