/**
 * A journal kept in memory: for tests, and for two stores in one process standing in for a page
 * before and after a reload.
 *
 * @module
 */
import { registerJournalEngine } from '../../stores/journal/journalEngine.js';
import {
  applyJournalUpdate,
  type Journal,
  type JournalEntry,
  type JournalUpdate,
} from '../../stores/journal/Journal.js';

/** A {@link Journal} in memory, with what tests want to look at. */
export interface MemoryJournal extends Journal {
  /** The stored entries by key (a copy). */
  readonly entries: ReadonlyMap<string, JournalEntry>;
  /** How many writes succeeded so far. */
  readonly writeCount: number;
  /** Makes every later write reject with `error` (a full disk, private mode); `undefined` heals it. */
  failWritesWith(error: Error | undefined): void;
}

/**
 * Options of {@link memoryJournal}.
 *
 * @inline
 */
export interface MemoryJournalOptions {
  /** Entries the journal starts with. @default [] */
  entries?: readonly JournalEntry[];
}

/**
 * A journal in memory. Entries are copied through JSON on the way in and out, as a real storage
 * would, so a test cannot pass by sharing objects between stores.
 */
export function memoryJournal(options: MemoryJournalOptions = {}): MemoryJournal {
  // A store given this journal runs the journal engine: made here, where a journal is made, so
  // that an app without one bundles none of it.
  registerJournalEngine();
  const stored = new Map<string, JournalEntry>();
  for (const entry of options.entries ?? []) stored.set(entry.key, copy(entry));
  let writeCount = 0;
  let failure: Error | undefined;
  return {
    label: 'memory',
    get entries() {
      return new Map([...stored].map(([key, entry]) => [key, copy(entry)]));
    },
    get writeCount() {
      return writeCount;
    },
    failWritesWith(error) {
      failure = error;
    },
    read() {
      return Promise.resolve([...stored.values()].map(copy));
    },
    write(update: JournalUpdate) {
      if (failure !== undefined) return Promise.reject(failure);
      applyJournalUpdate(stored, { put: update.put.map(copy), remove: update.remove });
      writeCount += 1;
      return Promise.resolve();
    },
  };
}

function copy(entry: JournalEntry): JournalEntry {
  return JSON.parse(JSON.stringify(entry)) as JournalEntry;
}
