/**
 * A journal in `localStorage`: one JSON document per writer (a tab, a session), so two tabs never
 * write the same item and one tab's write cannot lose another's entries. Synchronous underneath,
 * so a write made while the page is being hidden still lands.
 *
 * @module
 */
import { registerJournalEngine } from '../../stores/journal/journalEngine.js';
import { ArgumentError, JournalError } from '../../core/errors.js';
import {
  applyJournalUpdate,
  journalDamage,
  journalFailure,
  parseJournalDocument,
  serializeJournalDocument,
  writerOfKey,
  type Journal,
  type JournalEntry,
  type JournalUpdate,
} from '../../stores/journal/Journal.js';

/** The part of the Web Storage API the journal uses. */
export interface JournalStorageArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** How many items the area holds (the journal lists its writers' items with {@link key}). */
  readonly length: number;
  /** The name of the item at `index`, `null` past the end. */
  key(index: number): string | null;
}

/**
 * Options of {@link localStorageJournal}.
 *
 * @inline
 */
export interface LocalStorageJournalOptions {
  /**
   * The prefix of the journal's items (`{key}:{writer}`; `{key}` itself holds entries written
   * before entries had writers); one per site when several sites share an origin.
   * @default 'wp-entities-journal'
   */
  key?: string;
  /** The storage area. @default globalThis.localStorage */
  storage?: JournalStorageArea;
}

/** The suffix of the item a damaged document is moved to, so that nothing in it is overwritten. */
const DAMAGED_SUFFIX = ':damaged';

/**
 * A journal in `localStorage` under `options.key`. A full storage (quota) or a browser that refuses
 * storage (private mode) makes the write reject with a {@link JournalError}; the store shows it
 * as `store.journalError`, tries again, and editing goes on. A damaged item (torn, or not written
 * by the journal) is read for every entry it still holds; its text is copied aside
 * (`{item}:damaged`) as soon as it is read, and the read reports a {@link JournalError} naming the
 * entries lost and that copy.
 * @throws ArgumentError when `options.storage` lacks part of the storage API the journal uses.
 */
export function localStorageJournal(options: LocalStorageJournalOptions = {}): Journal {
  // A store given this journal runs the journal engine: made here, where a journal is made, so
  // that an app without one bundles none of it.
  registerJournalEngine();
  const prefix = options.key ?? 'wp-entities-journal';
  if (options.storage !== undefined) requireStorageArea(options.storage, 'localStorageJournal({ storage })');
  const label = `localStorage ${prefix}`;
  const area = (): JournalStorageArea => {
    const storage = options.storage ?? (globalThis as { localStorage?: JournalStorageArea }).localStorage;
    if (storage === undefined)
      throw new JournalError('localStorage is not available here.', { storage: label });
    return storage;
  };
  const itemOf = (writer: string) => (writer === '' ? prefix : `${prefix}:${writer}`);
  const isJournalItem = (name: string) =>
    name === prefix || (name.startsWith(`${prefix}:`) && !name.endsWith(DAMAGED_SUFFIX));

  /**
   * The entries of one item. A damaged one is copied aside first (never overwritten without a
   * copy: a failed copy fails a rewrite) and, on a read, reported to `onDamage`.
   */
  const readItem = (
    storage: JournalStorageArea,
    item: string,
    onDamage: ((error: JournalError) => void) | undefined,
  ) => {
    const text = storage.getItem(item);
    const parsed = parseJournalDocument(text);
    if (!parsed.isDamaged || text === null) return parsed.entries;
    const copy = `${item}${DAMAGED_SUFFIX}`;
    try {
      if (storage.getItem(copy) !== text) storage.setItem(copy, text);
    } catch (error) {
      if (onDamage === undefined) throw error;
      onDamage(
        journalDamage(label, parsed, { damagedAt: `localStorage item '${item}'`, copyFailure: error }),
      );
      return parsed.entries;
    }
    onDamage?.(journalDamage(label, parsed, { damagedCopy: `localStorage item '${copy}'` }));
    return parsed.entries;
  };

  return {
    label,
    read(onDamage) {
      try {
        const storage = area();
        const items: string[] = [];
        for (let index = 0; index < storage.length; index++) {
          const name = storage.key(index);
          if (name !== null && isJournalItem(name)) items.push(name);
        }
        const entries: JournalEntry[] = [];
        // A damaged item without a listener still has its copy made, so nothing goes unkept.
        const report = onDamage ?? (() => undefined);
        for (const item of items) entries.push(...readItem(storage, item, report).values());
        return Promise.resolve(entries);
      } catch (error) {
        return Promise.reject(journalFailure(`read the journal from localStorage '${prefix}'`, error, label));
      }
    },
    write(update: JournalUpdate) {
      try {
        const storage = area();
        // Each writer's entries live in its own item: group the update by writer.
        const byWriter = new Map<string, { put: JournalEntry[]; remove: string[] }>();
        const group = (writer: string) => {
          let part = byWriter.get(writer);
          if (part === undefined) byWriter.set(writer, (part = { put: [], remove: [] }));
          return part;
        };
        // Puts first: a failure between two items leaves an entry twice (merged on read), never none.
        for (const entry of update.put) group(entry.writer).put.push(entry);
        for (const key of update.remove) group(writerOfKey(key)).remove.push(key);
        for (const [writer, part] of byWriter) {
          const item = itemOf(writer);
          const entries = readItem(storage, item, undefined);
          applyJournalUpdate(entries, part);
          if (entries.size === 0) storage.removeItem(item);
          else storage.setItem(item, serializeJournalDocument(entries));
        }
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(journalFailure(`write the journal to localStorage '${prefix}'`, error, label));
      }
    },
  };
}

/** The members of the Web Storage API the journal calls, and what each must be. */
const STORAGE_MEMBERS: readonly [keyof JournalStorageArea, 'function' | 'number'][] = [
  ['getItem', 'function'],
  ['setItem', 'function'],
  ['removeItem', 'function'],
  ['key', 'function'],
  ['length', 'number'],
];

/**
 * Refuses a storage area the journal could not list or write (a plain object with `getItem` and
 * `setItem` only would read as empty forever), naming each missing member.
 */
function requireStorageArea(storage: unknown, where: string): asserts storage is JournalStorageArea {
  if (typeof storage !== 'object' || storage === null) {
    throw new ArgumentError(
      `${where}: the storage must be a Storage object (localStorage), got ${typeof storage}.`,
    );
  }
  const area = storage as Record<string, unknown>;
  const missing = STORAGE_MEMBERS.filter(([member, type]) => typeof area[member] !== type).map(
    ([member, type]) => `${member} (a ${type})`,
  );
  if (missing.length > 0) {
    throw new ArgumentError(
      `${where}: the storage lacks ${missing.join(', ')}; the journal lists its items with length and key(index), so pass a whole Storage (localStorage) or an object with all of getItem, setItem, removeItem, key and length.`,
    );
  }
}
