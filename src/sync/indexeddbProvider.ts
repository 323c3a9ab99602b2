/**
 * `indexeddbProvider()`: keeps each room's shared document in the browser's IndexedDB (y-indexeddb,
 * one database per room), so unsaved shared edits are back after a reload before any peer connects.
 * y-indexeddb compacts the stored updates into one after 500, with a 1 s debounce.
 *
 * @module
 */
import { IndexeddbPersistence } from 'y-indexeddb';
import { SyncError } from '../../core/errors.js';
import type { ProviderFactory, RoomProvider } from './provider.js';

/** Options of {@link indexeddbProvider}. */
export interface IndexeddbProviderOptions {
  /**
   * Prepended to the room name to make the database name, so two apps on one origin keep apart.
   * @default 'wp-entities:'
   */
  prefix?: string | undefined;
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
  return (context): RoomProvider => {
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
        await persistence.destroy();
      },
    };
  };
}
