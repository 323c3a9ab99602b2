/**
 * How `new RootStore({ sync })` gets a sync manager without the package root importing Yjs:
 * `wp-entities/sync` registers its builder here when first imported, and `sync.providers` can only
 * come from that entry, so whoever passes `sync` has loaded it. An app without sync bundles no sync code.
 *
 * @module
 */

/** What `RootStore` keeps of a sync manager: `dispose`, which `store.dispose()` calls. */
export interface SyncManagerHandle {
  /** Ends every room, provider, timer and listener. */
  dispose(): void;
}

/** Builds a store's sync manager from its `sync` options. */
export type SyncEngine = (store: object, options: object) => SyncManagerHandle;

// On globalThis under a registered symbol, so two copies of the package (a bundle and a test
// alias) still find one engine.
const SLOT = Symbol.for('wp-entities.sync-engine');

interface EngineSlot {
  [SLOT]?: SyncEngine;
}

/** Registers the sync engine; `wp-entities/sync` calls it when it is imported. */
export function registerSyncEngine(engine: SyncEngine): void {
  (globalThis as EngineSlot)[SLOT] = engine;
}

/** The registered sync engine, if `wp-entities/sync` was imported. */
export function registeredSyncEngine(): SyncEngine | undefined {
  return (globalThis as EngineSlot)[SLOT];
}
