/**
 * The store options that keep the demo from losing work: a journal of unsaved edits, save
 * conflict detection, and saves that wait out an outage.
 *
 * @module
 */
import { indexedDbJournal, localStorageJournal, type RootStoreOptions } from 'wp-entities';

/**
 * `journal`, `conflicts: 'detect'` and `offlineWrites: 'wait'`. On the demo's mock sites the journal lives in the tab's
 * sessionStorage (a reload keeps it, a new tab starts afresh), under the site's session so that a
 * reset site does not offer to restore work made on the old one; on a real site it is IndexedDB,
 * one database per site.
 */
export function neverLoseWorkOptions(
  demo: { readonly kind: 'shared' | 'tab'; readonly sessionId: string } | undefined,
): Pick<RootStoreOptions, 'journal' | 'conflicts' | 'offlineWrites'> {
  return {
    journal: demo
      ? localStorageJournal({
          storage: sessionStorage,
          // The tab's own site keeps its historical key: its session is in sessionStorage already.
          key:
            demo.kind === 'tab' ? 'wp-entities-demo:journal' : `wp-entities-demo:journal:${demo.sessionId}`,
        })
      : indexedDbJournal({ name: `wp-entities-journal:${window.location.host}` }),
    conflicts: 'detect',
    offlineWrites: 'wait',
  };
}
