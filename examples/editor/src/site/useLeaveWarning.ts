import { useEffect } from 'react';
import type { RootStore } from 'wp-entities';

/** Set once the person has confirmed an action that reloads the page: no second prompt. */
let isLeaveConfirmed = false;

/** Asks the browser to confirm leaving or reloading the page while the store has unsaved edits. */
export function useLeaveWarning(store: RootStore): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isLeaveConfirmed || store.dirtyRecords.length === 0) return;
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
  const count = store.dirtyRecords.length;
  if (count === 0) return true;
  isLeaveConfirmed = window.confirm(
    `${action} reloads the editor: ${count} unsaved ${count === 1 ? 'change' : 'changes'} will be lost. Continue?`,
  );
  return isLeaveConfirmed;
}
