/**
 * The protocol between the store's global undo history and another undo stack that keeps the steps
 * of some records (collaborative sync's per-person `Y.UndoManager`), so one `store.undo()` walks
 * both in one order.
 *
 * The other side, for a delegated record, in this order for each of the person's edits:
 * 1. `history.recordDelegatedEdit(event)` before it writes the edit (the history closes the step
 *    being captured, or lets it grow, by the history's own rules);
 * 2. writes the edit, and tells the history whether its stack opened a new step
 *    (`addDelegatedStep`) or grew the top one (`joinDelegatedStep`).
 * The history calls back `undo`/`redo` when its walk reaches one of the delegate's steps. Nothing
 * depends on the order in which the history and the other side listen to the edit funnel.
 *
 * @module
 */
import type { UndoTarget } from '../models/RecordHost.js';
import type { CloseCause, UndoStep } from './undoSteps.js';

/**
 * A step kept by another undo stack, pushed into the history so one `store.undo()` walks both;
 * that stack applies its changes through `record.applyEdits(…, 'undo')`.
 */
export interface ExternalUndoStep {
  /**
   * Undoes the step in the other stack. `step` is the level as the history lists it. Returns
   * `false` when that changed nothing (the other stack had nothing left that would): the history
   * then forgets the level and goes on to the next one; any other result counts as done.
   */
  undo(step?: UndoStep<UndoTarget>): unknown;
  /** Redoes the step in the other stack; `step` and the result as for {@link undo}. */
  redo(step?: UndoStep<UndoTarget>): unknown;
}

/**
 * Undo and redo kept elsewhere for one record: collaborative sync's per-person `Y.UndoManager`.
 * The history keeps one level per delegated step in its global order and calls back here.
 */
export interface UndoDelegate extends ExternalUndoStep {
  /**
   * Closes the step being captured so the next edit opens a new one. `'order'` (another record's
   * step came in between) must close; `'edit'` (a new plain edit of this record) may keep the step
   * open, e.g. sync's capture timeout, and then returns false.
   */
  closeStep(cause?: CloseCause): boolean | void;
  /** Forgets the delegate's redo steps (the global history dropped them). */
  dropRedo(): void;
  /**
   * True when undoing would change something now (others may have deleted everything this person's
   * steps did). Read by `hasUndo`; the delegate calls `history.delegateChanged()` when it may
   * have changed. Absent: every step counts.
   */
  canUndo?(): boolean;
  /** As {@link canUndo}, for redo. */
  canRedo?(): boolean;
}
