/**
 * A journal in IndexedDB: one object store, one row per record, so a write touches only the
 * records that changed. The browser default; Node tests use fake-indexeddb.
 *
 * @module
 */
import { JournalError } from '../../core/errors.js';
import {
  readJournalEntry,
  journalFailure,
  type Journal,
  type JournalEntry,
  type JournalUpdate,
} from '../../stores/journal/Journal.js';

/** Options of {@link indexedDbJournal}. */
export interface IndexedDbJournalOptions {
  /** The database name; one per site when several sites share an origin. @default 'wp-entities-journal' */
  name?: string;
  /** The IndexedDB factory. @default globalThis.indexedDB */
  indexedDB?: IDBFactory;
}

const STORE = 'entries';
const VERSION = 1;

/**
 * A journal in the IndexedDB database `options.name`. The database is opened on the first read or
 * write (never by the constructor) and kept open. A failure (quota, private mode, a blocked
 * upgrade) rejects with a {@link JournalError}.
 */
export function indexedDbJournal(options: IndexedDbJournalOptions = {}): Journal {
  const name = options.name ?? 'wp-entities-journal';
  let opening: Promise<IDBDatabase> | undefined;

  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      if (factory === undefined) {
        reject(new JournalError('IndexedDB is not available here.'));
        return;
      }
      const request = factory.open(name, VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading the database: let it, and open again on the next call.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
      request.onblocked = () => reject(new Error('the database is blocked by another tab'));
    }).catch((error: unknown) => {
      opening = undefined;
      throw journalFailure(`open the IndexedDB journal '${name}'`, error);
    });
    return opening;
  };

  return {
    label: `indexedDB ${name}`,
    async read() {
      const db = await open();
      try {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(STORE, 'readonly').objectStore(STORE).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
        // Rows of another shape (written by something else) are skipped, never fatal.
        return values.map(readJournalEntry).filter((entry) => entry !== undefined);
      } catch (error) {
        throw journalFailure(`read the IndexedDB journal '${name}'`, error);
      }
    },
    async write(update: JournalUpdate) {
      const db = await open();
      try {
        await new Promise<void>((resolve, reject) => {
          const transaction = db.transaction(STORE, 'readwrite');
          const store = transaction.objectStore(STORE);
          for (const key of update.remove) store.delete(key);
          for (const entry of update.put) store.put(plain(entry), entry.key);
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
          transaction.onabort = () => reject(transaction.error ?? new Error('write aborted'));
        });
      } catch (error) {
        throw journalFailure(`write the IndexedDB journal '${name}'`, error);
      }
    },
  };
}

/** The entry as plain data: edits may hold values structured clone refuses (a MobX proxy). */
function plain(entry: JournalEntry): JournalEntry {
  return JSON.parse(JSON.stringify(entry)) as JournalEntry;
}
