/**
 * A journal in IndexedDB: one object store, one row per record, so a write touches only the
 * records that changed. The browser default; Node tests use fake-indexeddb.
 *
 * @module
 */
import { registerJournalEngine } from '../../stores/journal/journalEngine.js';
import { ArgumentError, JournalError } from '../../core/errors.js';
import {
  readJournalEntry,
  journalDamage,
  journalFailure,
  type Journal,
  type JournalEntry,
  type JournalUpdate,
} from '../../stores/journal/Journal.js';

/**
 * Options of {@link indexedDbJournal}.
 *
 * @inline
 */
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
 * upgrade) rejects with a {@link JournalError}. Rows that are not entries are skipped, left as they
 * are, and reported to the read's `onDamage`.
 * @throws ArgumentError when `options.indexedDB` is given without an `open` method.
 */
export function indexedDbJournal(options: IndexedDbJournalOptions = {}): Journal {
  // A store given this journal runs the journal engine: made here, where a journal is made, so
  // that an app without one bundles none of it.
  registerJournalEngine();
  const name = options.name ?? 'wp-entities-journal';
  if (
    options.indexedDB !== undefined &&
    typeof (options.indexedDB as Partial<IDBFactory>).open !== 'function'
  ) {
    throw new ArgumentError(
      'indexedDbJournal({ indexedDB }): the factory lacks open (a function); pass an IDBFactory.',
    );
  }
  const label = `indexedDB ${name}`;
  let opening: Promise<IDBDatabase> | undefined;

  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      if (factory === undefined) {
        reject(new JournalError('IndexedDB is not available here.', { storage: label }));
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
      throw journalFailure(`open the IndexedDB journal '${name}'`, error, label);
    });
    return opening;
  };

  return {
    label,
    async read(onDamage) {
      const db = await open();
      let rows: { keys: IDBValidKey[]; values: unknown[] };
      try {
        rows = await new Promise((resolve, reject) => {
          const store = db.transaction(STORE, 'readonly').objectStore(STORE);
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve({ keys: keys.result, values: values.result as unknown[] });
          values.onerror = () => reject(values.error ?? new Error('read failed'));
          keys.onerror = () => reject(keys.error ?? new Error('read failed'));
        });
      } catch (error) {
        throw journalFailure(`read the IndexedDB journal '${name}'`, error, label);
      }
      // Rows of another shape are skipped, never fatal, and left where they are: the report says so.
      const entries: JournalEntry[] = [];
      const unreadable: string[] = [];
      rows.values.forEach((value, index) => {
        const entry = readJournalEntry(value);
        if (entry !== undefined) entries.push(entry);
        else unreadable.push(String(rows.keys[index] ?? '?'));
      });
      if (unreadable.length > 0) {
        onDamage?.(
          journalDamage(
            label,
            { unreadable, isCutShort: false },
            { damagedCopy: `its rows, left untouched in the object store '${STORE}'` },
          ),
        );
      }
      return entries;
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
        throw journalFailure(`write the IndexedDB journal '${name}'`, error, label);
      }
    },
  };
}

/** The entry as plain data: edits may hold values structured clone refuses (a MobX proxy). */
function plain(entry: JournalEntry): JournalEntry {
  return JSON.parse(JSON.stringify(entry)) as JournalEntry;
}
