import { useEffect } from 'react';
import type { EntityRecord, RootStore } from 'wp-entities';

/** Set once the person has confirmed an action that reloads the page: no second prompt. */
let isLeaveConfirmed = false;

/**
 * Someone else has this record open, live, right now: they hold its unsaved edits too (collaborative
 * editing shares them), so closing this window loses nothing.
 */
export function isHeldByOthers(store: RootStore, record: EntityRecord<object>): boolean {
  const sync = store.sync;
  if (sync === undefined || !sync.isJoined(record)) return false;
  return sync.connection(record) === 'connected' && sync.peers(record).length > 0;
}

/** The records with unsaved edits that only this window holds. */
export function onlyHeldHere(store: RootStore): Array<EntityRecord<object>> {
  return store.dirtyRecords.filter((record) => !isHeldByOthers(store, record));
}

/**
 * Asks the browser to confirm leaving or reloading the page while this window holds the only copy
 * of unsaved edits (not when someone else has the record open and holds them too).
 */
export function useLeaveWarning(store: RootStore): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isLeaveConfirmed || onlyHeldHere(store).length === 0) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store]);
}

/** Asks the person to confirm an action that reloads the page when there are unsaved edits. */
export function confirmLosingEdits(store: RootStore, action: string): boolean {
  const count = onlyHeldHere(store).length;
  if (count === 0) return true;
  isLeaveConfirmed = window.confirm(
    `${action} reloads the editor: ${count} unsaved ${count === 1 ? 'change' : 'changes'} will be lost. Continue?`,
  );
  return isLeaveConfirmed;
}
