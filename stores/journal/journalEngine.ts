/**
 * The journal as a store engine: what a store with the `journal` option runs (the recorder, its
 * writer lock, `restoreJournal`, `readJournal`, `discardJournal`), kept out of `RootStore` so that
 * a store without a journal, and an app that never makes one, bundles none of it. The journal
 * storages (`memoryJournal()`, `indexedDbJournal()`, ...) register it when they make a journal,
 * and `wp-entities/journal` when it is imported (a journal of one's own), as `wp-entities/freshness`
 * registers its policy (see `storeEngines.ts`).
 *
 * @module
 */
import { registerStoreEngine, registeredStoreEngine } from '../storeEngines.js';
import { JournalRecorder } from './JournalRecorder.js';
import { restoreJournalEntries } from './journalRestore.js';
import type { JournalEngine } from './journalSession.js';
import { holdWriterLock, liveWriters } from './writerLocks.js';

/**
 * Starts a store's journal: notes every edit change (a save or discard removes the entry), writes
 * at once when the page is hidden (it may not come back), and holds the writer's lock so that
 * other tabs do not offer this store's entries while it lives.
 */
export const startJournalSession: JournalEngine = (store, journal, options) => {
  const recorder = new JournalRecorder(journal, options);
  const stopObserving = store.observeEdits((event) => recorder.note(event.record));
  const target = globalThis as {
    addEventListener?: typeof addEventListener;
    removeEventListener?: typeof removeEventListener;
  };
  const onHide = (): void => void recorder.flush();
  target.addEventListener?.('pagehide', onHide);
  const releaseLock = holdWriterLock(recorder.writer);
  return {
    writer: recorder.writer,
    get size() {
      return recorder.size;
    },
    get error() {
      return recorder.error;
    },
    note: (record) => recorder.note(record),
    flush: () => recorder.flush(),
    async readOthers() {
      const [entries, live] = await Promise.all([recorder.read(), liveWriters()]);
      return entries.filter((entry) => entry.writer !== recorder.writer && !live.has(entry.writer));
    },
    discard: (keys) => recorder.discard(keys),
    restore: (entries, restored) => restoreJournalEntries(store, recorder, entries, restored),
    stop() {
      stopObserving();
      target.removeEventListener?.('pagehide', onHide);
      releaseLock();
      void recorder.flush().finally(() => recorder.dispose());
    },
  };
};

/** Registers {@link startJournalSession} as the journal engine every store uses (once is enough; again is harmless). */
export function registerJournalEngine(): void {
  if (registeredStoreEngine('journal') !== startJournalSession)
    registerStoreEngine('journal', startJournalSession);
}
