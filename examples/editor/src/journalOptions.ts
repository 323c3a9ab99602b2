/**
 * The store options that keep the demo from losing work: a journal of unsaved edits, save
 * conflict detection, and saves that wait out an outage.
 *
 * @module
 */
import { indexedDbJournal, localStorageJournal, type RootStoreOptions } from 'wp-entities';

/**
 * `journal`, `conflicts: 'detect'` and `offlineWrites: 'wait'`. On the in-browser mock site, which lives in the tab's
 * sessionStorage, the journal lives there too (a reload keeps both, a new tab starts afresh); on a
 * real site it is IndexedDB, one database per site.
 */
export function neverLoseWorkOptions(
  isMockSite: boolean,
): Pick<RootStoreOptions, 'journal' | 'conflicts' | 'offlineWrites'> {
  return {
    journal: isMockSite
      ? localStorageJournal({ storage: sessionStorage, key: 'wp-entities-demo:journal' })
      : indexedDbJournal({ name: `wp-entities-journal:${window.location.host}` }),
    conflicts: 'detect',
    offlineWrites: 'wait',
  };
}
