/**
 * The two places where wp-entities reads or changes `Y.UndoManager` internals, kept together so a
 * Yjs upgrade is checked in one place: `test/sync/yjsUndoInternals.test.ts` pins each behaviour
 * relied on here (and the Yjs version it was checked with), and fails when one changes.
 *
 * What public Yjs API cannot do, and why these exist:
 *
 * - **Capturing typing** ({@link captureInsertionsInPlace}). The options (`captureTransaction`,
 *   `trackedOrigins`, `deleteFilter`, `captureTimeout`) choose *which* transactions a step takes,
 *   not *how*: for each one the manager builds the transaction's insertions as a new delete set and
 *   merges it and the deletions into two new delete sets of the step, and the events
 *   (`stack-item-added`, `-updated`, `-popped`) fire after that work. A keystroke that continues a
 *   step needs only the step's last range lengthened, which this does instead. It relies on: the
 *   manager's `afterTransactionHandler` being the listener it registered on the document's
 *   `afterTransaction`; a stack item's `insertions.clients` holding `{ clock, len }` ranges per
 *   client, in clock order; the fields `lastChange`, `captureTimeout`, `undoing`, `redoing`,
 *   `scope`, `trackedOrigins`, `undoStack`, `redoStack`; the manager's `captureTransaction`
 *   option kept as a method; and the `stack-item-updated` event's payload.
 * - **Whether undo would change anything** ({@link changesSomething}, {@link hasEffectiveItem}).
 *   Yjs skips a step whose insertions others all deleted (or whose map values were set again by
 *   someone else) when it pops it; public API tells only after undoing (`undo()` returns `null`),
 *   which changes the document. This follows Yjs's own rules (`popStackItem`, `redoItem`) and
 *   relies on: `Item.redone` linking an item to the copy an undo or redo brought back;
 *   `doc.store.clients` holding each client's structs in clock order; `Y.findIndexSS`,
 *   `Y.getItem`, `Y.isDeleted`; a map entry's newer value being to its `right`.
 *
 * @module
 */
import * as Y from 'yjs';

/*
 * Capturing typing: a cheaper way for a `Y.UndoManager` to capture typing.
 *
 * For each tracked transaction, the undo manager builds the transaction's insertions as a new
 * delete set, then merges it and the transaction's deletions into two new delete sets for the step
 * being captured. A keystroke allocates all of that to say one thing: the step's range of this
 * person's characters grew by one (`bench/sync/undoInternals.ts` measures the difference).
 *
 * A transaction that only inserts, made here (so only this document's client id wrote it), and
 * joins the step being captured right after that step's last insertion, needs only that range made
 * longer. That is all {@link captureInsertionsInPlace} does for it; every other transaction (an
 * undo or a redo, a deletion, a new step, anything the manager would not track) goes to the undo
 * manager's own handler, unchanged.
 *
 * Changing the step's last range in place is what Yjs does itself: merging delete sets joins
 * adjacent ranges by lengthening the left one. The range lengthened here belongs only to the step.
 */

/** One range of a delete set: `len` clocks of one client from `clock` (Yjs's `DeleteItem`). */
interface ClockRange {
  readonly clock: number;
  len: number;
}

/**
 * Lets `manager` capture a pure insertion that continues its current step by lengthening the
 * step's last range, instead of merging new delete sets. Call it right after making the manager,
 * before anything else listens to `afterTransaction` (its handler keeps its place among the
 * document's listeners). Returns the function that stops it (call it before `manager.destroy()`).
 */
export function captureInsertionsInPlace(manager: Y.UndoManager, doc: Y.Doc): () => void {
  const ownHandler = manager.afterTransactionHandler;
  const handler = (transaction: Y.Transaction): void => {
    if (!lengthenStep(manager, doc, transaction)) ownHandler(transaction);
  };
  doc.off('afterTransaction', ownHandler);
  doc.on('afterTransaction', handler);
  return () => doc.off('afterTransaction', handler);
}

/**
 * Records `transaction` in the step being captured when it is a pure insertion that continues it
 * (see above), as the undo manager's own handler would have; false when it is not.
 */
function lengthenStep(manager: Y.UndoManager, doc: Y.Doc, transaction: Y.Transaction): boolean {
  if (!transaction.local || manager.undoing || manager.redoing) return false;
  if (!manager.trackedOrigins.has(transaction.origin)) return false;
  // Anything deleted must be kept alive for undo and merged into the step: the manager's work.
  if (transaction.deleteSet.clients.size > 0) return false;
  // The manager would clear the redo stack first: only when there is none is nothing else to do.
  if (manager.redoStack.length > 0) return false;
  if (manager.scope.length !== 1 || manager.scope[0] !== doc) return false;
  const step = manager.undoStack[manager.undoStack.length - 1];
  const now = Date.now();
  if (step === undefined || manager.lastChange <= 0 || now - manager.lastChange >= manager.captureTimeout) {
    return false;
  }
  if (!manager.captureTransaction(transaction)) return false;
  // A transaction made here writes structs of this client only: its insertions are one range.
  const client = doc.clientID;
  const start = transaction.beforeState.get(client) ?? 0;
  const end = transaction.afterState.get(client) ?? 0;
  if (end <= start) return false;
  const ranges = step.insertions.clients.get(client) as ClockRange[] | undefined;
  const last = ranges?.[ranges.length - 1];
  if (last === undefined || last.clock + last.len !== start) return false;
  last.len += end - start;
  manager.lastChange = now;
  manager.emit('stack-item-updated', [
    {
      stackItem: step,
      origin: transaction.origin,
      type: 'undo',
      changedParentTypes: transaction.changedParentTypes,
    },
    manager,
  ]);
  return true;
}

/*
 * Liveness: whether undoing (or redoing) a `Y.UndoManager` stack item would change anything. Yjs
 * skips such items when it pops them (the person's insertions were all deleted by others since,
 * or the key they set was set again by someone else), so a stack that holds only those has
 * nothing to undo, and `store.history.hasUndo` must say so.
 *
 * The rules follow Yjs's own (`popStackItem`, `redoItem`): an item changes something when one of
 * its insertions is still there, or one of its deletions can be brought back (a character always
 * can; a map value only when nobody set that key after it).
 */

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
