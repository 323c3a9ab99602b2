import type { KeyboardEvent } from 'react';
import type { RootStore } from 'wp-entities';
import { typingUndoOf } from './typingUndo.js';

/**
 * How many undos and redos this person asked for: a text field whose text changes while it has
 * focus tells its own person's change (the caret goes where the change was) from someone else's
 * (the caret stays put) by whether this count moved.
 */
let ownChanges = 0;

/** How many undos and redos this person asked for so far (see above). */
export function ownChangeCount(): number {
  return ownChanges;
}

/** Undo: closes the step being typed first, so that Ctrl/Cmd+Z undoes what was just typed. */
export function undo(store: RootStore): void {
  typingUndoOf(store).closeStep();
  ownChanges++;
  store.undo();
}

/** Redo. */
export function redo(store: RootStore): void {
  typingUndoOf(store).closeStep();
  ownChanges++;
  store.redo();
}

/**
 * The editor's Ctrl/Cmd+Z (undo) and Shift+Ctrl/Cmd+Z or Ctrl+Y (redo) over the store's history,
 * for the `onKeyDown` of the editor's own fields (the post editor, the site title). Other inputs (the
 * search box, the embed URL) do not get it and keep the browser's own undo: they are not edits of
 * records, and undoing records that are not on screen from there would surprise.
 */
export function handleUndoKeys(store: RootStore, event: KeyboardEvent): void {
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
}
