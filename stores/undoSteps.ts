/**
 * What an undo step is, and where steps begin and end: every rule that decides a step boundary, for the store's own
 * history and for the undo stacks it delegates to (collaborative sync's per-person
 * `Y.UndoManager`). `UndoHistory`, the journal restore, `SyncManager` and `SyncUndo` ask here, so a
 * change of what makes a step is made in this file alone.
 *
 * The rules:
 * - Only this person's own edits make steps: a `local` edit without `undoIgnore`
 *   ({@link makesUndoStep}). Peer, server, undo, discard and deferred edits make none.
 * - A journal restore is one step of its own, which the restore records after it wrote the
 *   record ({@link isStepOfItsOwn}); one that changed nothing makes none.
 * - A cached edit (typing, `isCached`) joins the step being typed; a normal edit opens a step
 *   ({@link delegatedCloseCause} says which for a delegated record).
 * - A delegated stack's step being typed stays open for a new edit of the same record within the
 *   capture timeout of its last change ({@link joinsOpenStep}); another record's step in between
 *   always closes it, so the global order holds.
 *
 * @module
 */
import type { EditOrigin } from '../models/editCommit.js';
import type { UndoChanges } from '../models/editPipeline.js';
import type { EntityRecord } from '../models/EntityRecord.js';
import type { UndoTarget } from '../models/RecordHost.js';

/** The changes of one step to one record. */
export interface UndoEntry<R extends UndoTarget = EntityRecord<object>> {
  /** The record the changes apply to. */
  readonly record: R;
  /** Per field, the edited value before (`from`, applied by undo) and after (`to`, applied by redo). */
  readonly changes: UndoChanges;
}

/** One undo level; it may touch several records. */
export type UndoStep<R extends UndoTarget = EntityRecord<object>> = readonly UndoEntry<R>[];

/** How long a delegated stack's step stays open for the next edit of its record (`sync.undoCaptureTimeoutMs`). */
export const DEFAULT_UNDO_CAPTURE_TIMEOUT_MS = 500;

/**
 * Why a delegated stack's open step is being closed: `'edit'`, a new plain edit of the same record
 * (it may still join a step changed less than the capture timeout ago); `'order'`, another step came
 * in between (always closes).
 */
export type CloseCause = 'edit' | 'order';

/** The part of an edit event the rules read. */
export interface StepEdit {
  /** Where the edit came from. */
  readonly origin: EditOrigin;
  /** The caller asked for no undo step. */
  readonly undoIgnore: boolean;
}

/** True for an edit that makes (or grows) an undo step: this person's `local` edit without `undoIgnore`. */
export function makesUndoStep(edit: StepEdit): boolean {
  return edit.origin === 'local' && !edit.undoIgnore;
}

/**
 * True for an edit that is an undo step of its own, recorded by its writer after the write (a
 * journal restore): a delegated stack closes its open step first, so the edit does not join it.
 */
export function isStepOfItsOwn(edit: StepEdit): boolean {
  return edit.origin === 'restore';
}

/** Where a delegated record's new edit stands against the newest step of the history. */
export interface DelegatedEditPlace {
  /** The edit is cached (typing in progress). */
  readonly isCached: boolean;
  /** The newest step of the history is this record's delegate's step. */
  readonly isAfterOwnStep: boolean;
  /** The history holds cached edits of other records not yet joined to a step. */
  readonly hasPending: boolean;
}

/**
 * Whether a delegated record's edit asks its delegate to close the step it is capturing, and why:
 * `undefined` when a cached edit continues the record's own newest step (it joins it); `'edit'`
 * for a normal edit right after the record's own step (the delegate may still let it join, see
 * {@link joinsOpenStep}); `'order'` when another step, or pending cached edits, came in between.
 */
export function delegatedCloseCause(place: DelegatedEditPlace): CloseCause | undefined {
  const continuesOwnStep = place.isAfterOwnStep && !place.hasPending;
  if (place.isCached && continuesOwnStep) return undefined;
  return continuesOwnStep ? 'edit' : 'order';
}

/** The state of a delegated stack's open step, for {@link joinsOpenStep}. */
export interface OpenStep {
  /** The stack is capturing a step (an own change since the last close, undo or redo). */
  readonly isCapturing: boolean;
  /** Milliseconds since the last own change. */
  readonly sinceLastChangeMs: number;
  /** The capture timeout, in milliseconds. */
  readonly captureTimeoutMs: number;
}

/**
 * True when a delegated stack keeps its open step for the edit being made instead of closing it:
 * only for cause `'edit'`, while it captures, within the capture timeout of its last change.
 */
export function joinsOpenStep(cause: CloseCause, step: OpenStep): boolean {
  return cause === 'edit' && step.isCapturing && step.sinceLastChangeMs < step.captureTimeoutMs;
}
