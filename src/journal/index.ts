/**
 * `wp-entities/journal`: the journal of unsaved edits, its storage seam and its four storages.
 * The storages (also exported by the root entry) bring the journal engine a store runs when
 * made; importing this entry registers it too, which a journal of one's own (an object
 * implementing `Journal`) needs:
 *
 * ```ts
 * import 'wp-entities/journal';
 * import { RootStore } from 'wp-entities';
 * const store = new RootStore({ transport, journal: myJournal });
 * ```
 *
 * @packageDocumentation
 */
import { registerJournalEngine } from '../../stores/journal/journalEngine.js';

registerJournalEngine();

export {
  journalKey,
  type Journal,
  type JournalEntry,
  type JournalUpdate,
  type JournalWaitingWrite,
} from '../../stores/journal/Journal.js';
export { memoryJournal, type MemoryJournal, type MemoryJournalOptions } from './memoryJournal.js';
export {
  localStorageJournal,
  type JournalStorageArea,
  type LocalStorageJournalOptions,
} from './localStorageJournal.js';
export { indexedDbJournal, type IndexedDbJournalOptions } from './indexedDbJournal.js';
export { fileJournal } from './fileJournal.js';
