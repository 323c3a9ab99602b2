import { useEffect } from 'react';
import type { RootStore } from 'wp-entities';

/** Undo: closes the step being typed first, so that Ctrl/Cmd+Z undoes what was just typed. */
export function undo(store: RootStore): void {
  store.history.createUndoLevel();
  store.undo();
}

/** Redo. */
export function redo(store: RootStore): void {
  store.history.createUndoLevel();
  store.redo();
}

/**
 * Ctrl/Cmd+Z undoes and Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes, across every record of the store,
 * even while typing in a field (the browser's own field undo would only know that field).
 */
export function useUndoShortcuts(store: RootStore): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo(store);
        else undo(store);
      } else if (key === 'y' && !event.shiftKey) {
        event.preventDefault();
        redo(store);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
