/**
 * The journal of unsaved edits: the storage seam and its four storages.
 *
 * @module
 */
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
