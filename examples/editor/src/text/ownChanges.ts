/**
 * Counts the changes this person makes to the text by other means than typing into it (undo and
 * redo from the keyboard), so a text field whose text changes while it has focus can tell its own
 * person's change (the caret goes where the change was) from someone else's (the caret stays put).
 *
 * @module
 */

let count = 0;

/** Called before an undo or redo this person asked for. */
export function noteOwnChange(): void {
  count++;
}

/** How many own changes were noted so far. */
export function ownChangeCount(): number {
  return count;
}
