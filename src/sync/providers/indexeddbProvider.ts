/**
 * `indexeddbProvider()`: keeps each room's shared document in the browser's IndexedDB (y-indexeddb,
 * one database per room), so unsaved shared edits are back after a reload before any peer connects.
 * y-indexeddb compacts the stored updates into one after 500, with a 1 s debounce. In a browser the
 * updates of a burst of typing are stored together when the page is next idle (at most
 * {@link STORE_IDLE_TIMEOUT_MS} later, and at once when the page is hidden or the room closes), so
 * a keystroke does not wait for an IndexedDB write before it is painted.
 *
 * @module
 */
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { SyncError } from '../../../core/errors.js';
import type { ProviderContext, ProviderFactory, RoomProvider } from './provider.js';

/** Options of {@link indexeddbProvider}. */
export interface IndexeddbProviderOptions {
  /**
   * Prepended to the room name to make the database name, so two apps on one origin keep apart.
   * @default 'wp-entities:'
   */
  prefix?: string | undefined;
}

/** The longest a document update waits for an idle moment before it is stored. */
export const STORE_IDLE_TIMEOUT_MS = 200;

/** The y-indexeddb internals the batching replaces: its listener that stores each update. */
interface StoringPersistence {
  _storeUpdate(update: Uint8Array, origin: unknown): void;
  /** Set by its `destroy` (the document destroyed first destroys it too): its database is closing. */
  _destroyed?: boolean;
}

/**
 * Replaces y-indexeddb's store-each-update listener by one that stores the updates of a burst
 * merged into one, at the next idle moment; returns the flush (stores what waits, now). Without
 * `requestIdleCallback` (Node) every update is stored at once, as y-indexeddb does.
 */
function storeWhenIdle(persistence: IndexeddbPersistence, doc: Y.Doc): () => void {
  const internals = persistence as unknown as StoringPersistence;
  const store = internals._storeUpdate;
  if (typeof requestIdleCallback !== 'function') return () => undefined;
  let waiting: Uint8Array[] = [];
  let idle: number | undefined;
  const flush = () => {
    if (idle !== undefined) cancelIdleCallback(idle);
    idle = undefined;
    const updates = waiting;
    waiting = [];
    // Closed under it (the document went first): nothing can be stored any more.
    if (updates.length === 0 || internals._destroyed === true) return;
    store(updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates), undefined);
  };
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    // What y-indexeddb itself loaded is stored already.
    if (origin === persistence) return;
    waiting.push(update);
    idle ??= requestIdleCallback(flush, { timeout: STORE_IDLE_TIMEOUT_MS });
  };
  doc.off('update', store);
  doc.on('update', onUpdate);
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    flush();
    doc.off('update', onUpdate);
    removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHide);
  };
}

/** The database name of `room` under `prefix`. */
export function indexeddbNameOf(room: string, prefix = 'wp-entities:'): string {
  return `${prefix}${room}`;
}

/**
 * A provider factory that persists every room in IndexedDB. Its room provider is `local`: it does
 * not count towards `sync.connection()`, and `join` waits for its `whenLoaded`. Without a global
 * `indexedDB` (plain Node: use fake-indexeddb) it records a `SyncError` and persists nothing.
 */
export function indexeddbProvider(options: IndexeddbProviderOptions = {}): ProviderFactory {
  const prefix = options.prefix ?? 'wp-entities:';
  const factory = (context: ProviderContext): RoomProvider => {
    if (typeof indexedDB === 'undefined') {
      context.reportError(
        new SyncError(
          'IndexedDB is not available here: shared edits will not survive a reload.',
          'connection-failed',
        ),
      );
      return { kind: 'local', whenLoaded: Promise.resolve(), destroy: () => undefined };
    }
    const persistence = new IndexeddbPersistence(indexeddbNameOf(context.room, prefix), context.doc);
    const stopBatching = storeWhenIdle(persistence, context.doc);
    let isDestroyed = false;
    // y-indexeddb's whenSynced never settles when the database cannot be opened: race it with
    // the opening, so `join` reports the failure instead of waiting for ever.
    const opening = (persistence as unknown as { _db: Promise<unknown> })._db;
    const failed = opening.then(
      () => new Promise<void>(() => undefined),
      (error: unknown) => {
        context.reportError(
          new SyncError(`IndexedDB could not open room ${context.room}.`, 'connection-failed', {
            cause: error,
          }),
        );
      },
    );
    const whenLoaded = Promise.race([persistence.whenSynced.then(() => undefined), failed]);
    return {
      kind: 'local',
      whenLoaded,
      destroy: async () => {
        if (isDestroyed) return;
        isDestroyed = true;
        stopBatching();
        await persistence.destroy();
      },
    };
  };
  return Object.assign(factory, { isLocal: true });
}
