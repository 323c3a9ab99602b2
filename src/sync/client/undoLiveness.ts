/**
 * Whether undoing (or redoing) a `Y.UndoManager` stack item would change anything. Yjs skips such
 * items when it pops them (the person's insertions were all deleted by others since, or the key
 * they set was set again by someone else), so a stack that holds only those has nothing to undo,
 * and `store.history.hasUndo` must say so.
 *
 * The rules follow Yjs's own (`popStackItem`, `redoItem`): an item changes something when one of
 * its insertions is still there, or one of its deletions can be brought back (a character always
 * can; a map value only when nobody set that key after it).
 *
 * @module
 */
import * as Y from 'yjs';

/** Yjs's delete set (not exported under its own name). */
type DeleteSet = Y.Snapshot['ds'];

/** A stack item of `Y.UndoManager` (its two delete sets). */
interface StackItemLike {
  readonly insertions: DeleteSet;
  readonly deletions: DeleteSet;
}

/** The item now standing for `item` (an undo or redo brings back a copy, linked by `redone`). */
function current(doc: Y.Doc, item: Y.Item): Y.Item {
  let result = item;
  for (let guard = 0; result.redone !== null && guard < 1000; guard++) {
    const next = Y.getItem(doc.store, result.redone);
    if (!(next instanceof Y.Item)) break;
    result = next;
  }
  return result;
}

/** Calls `visit` with every item in `set` until it returns true; returns whether one did. */
function someItem(doc: Y.Doc, set: DeleteSet, visit: (item: Y.Item) => boolean): boolean {
  for (const [client, ranges] of set.clients) {
    const structs = doc.store.clients.get(client);
    if (structs === undefined) continue;
    for (const range of ranges) {
      const end = range.clock + range.len;
      let index = Y.findIndexSS(structs, range.clock);
      for (; index < structs.length; index++) {
        const struct = structs[index] as Y.Item | Y.GC;
        if (struct.id.clock >= end) break;
        if (struct instanceof Y.Item && visit(struct)) return true;
      }
    }
  }
  return false;
}

/** True when undoing `stackItem` in `doc` would change something. */
export function changesSomething(doc: Y.Doc, stackItem: StackItemLike): boolean {
  const insertionAlive = someItem(doc, stackItem.insertions, (item) => !current(doc, item).deleted);
  if (insertionAlive) return true;
  return someItem(doc, stackItem.deletions, (item) => {
    if (Y.isDeleted(stackItem.insertions, item.id)) return false;
    if (item.parentSub === null) return true;
    // A map value comes back only when every value set after it is this step's own.
    let right = item.right;
    while (right !== null && (Y.isDeleted(stackItem.insertions, right.id) || right.redone !== null)) {
      right = right.right;
    }
    return right === null;
  });
}

/** True when some item of `stack` would change something when undone (or redone). */
export function hasEffectiveItem(doc: Y.Doc, stack: readonly StackItemLike[]): boolean {
  for (let i = stack.length - 1; i >= 0; i--)
    if (changesSomething(doc, stack[i] as StackItemLike)) return true;
  return false;
}
