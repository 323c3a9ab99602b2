/**
 * A journal in `localStorage`: one JSON document under one key. Synchronous underneath, so a write
 * made while the page is being hidden still lands.
 *
 * @module
 */
import { JournalError } from '../../core/errors.js';
import {
  applyJournalUpdate,
  parseJournalDocument,
  serializeJournalDocument,
  type Journal,
  type JournalUpdate,
  journalFailure,
} from '../../stores/journal/Journal.js';

/** The part of the Web Storage API the journal uses. */
export interface JournalStorageArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Options of {@link localStorageJournal}. */
export interface LocalStorageJournalOptions {
  /** The storage key of the document; one per site when several sites share an origin. @default 'wp-entities-journal' */
  key?: string;
  /** The storage area. @default globalThis.localStorage */
  storage?: JournalStorageArea;
}

/**
 * A journal in `localStorage` under `options.key`. A full storage (quota) or a browser that refuses
 * storage (private mode) makes the write reject with a {@link JournalError}; the store shows it
 * as `store.journalError` and editing goes on.
 */
export function localStorageJournal(options: LocalStorageJournalOptions = {}): Journal {
  const key = options.key ?? 'wp-entities-journal';
  const area = (): JournalStorageArea => {
    const storage = options.storage ?? (globalThis as { localStorage?: JournalStorageArea }).localStorage;
    if (storage === undefined) throw new JournalError('localStorage is not available here.');
    return storage;
  };
  return {
    label: `localStorage ${key}`,
    read() {
      try {
        return Promise.resolve([...parseJournalDocument(area().getItem(key)).values()]);
      } catch (error) {
        return Promise.reject(journalFailure(`read the journal from localStorage '${key}'`, error));
      }
    },
    write(update: JournalUpdate) {
      try {
        const storage = area();
        const entries = parseJournalDocument(storage.getItem(key));
        applyJournalUpdate(entries, update);
        if (entries.size === 0) storage.removeItem(key);
        else storage.setItem(key, serializeJournalDocument(entries));
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(journalFailure(`write the journal to localStorage '${key}'`, error));
      }
    },
  };
}
