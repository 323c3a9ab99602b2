/**
 * Per-person undo of one shared document: a `Y.UndoManager` that tracks only this person's origin,
 * so undo takes back what this person did and never a peer's change (Yjs only removes this person's
 * insertions and restores what this person deleted).
 *
 * @module
 */
import * as Y from 'yjs';
import {
  DEFAULT_UNDO_CAPTURE_TIMEOUT_MS,
  joinsOpenStep,
  type CloseCause,
} from '../../../stores/undoSteps.js';
import { captureInsertionsInPlace, hasEffectiveItem } from './yjsUndoInternals.js';

/** Options of {@link SyncUndo}. */
export interface SyncUndoOptions {
  /** The transaction origin of this person's own edits: the only one tracked. */
  readonly origin: object;
  /**
   * A new own edit within this time of the previous own change joins its step: {@link
   * SyncUndo.closeStep} with cause `'edit'` keeps capturing then. Typing that continues a step
   * joins it however slow; `0` opens a step at every `closeStep`.
   * @default 500
   */
  readonly captureTimeoutMs?: number | undefined;
}

/** Called when this person's edits open a new undo step. */
export type StepListener = () => void;

/**
 * One document's undo and redo stacks for one person. The store's `UndoHistory` keeps one entry per
 * step in its global order and calls {@link undo}/{@link redo} here when it reaches one.
 */
export class SyncUndo {
  /** The Yjs undo manager (scope: the whole document; tracked: only this person's origin). */
  readonly manager: Y.UndoManager;
  private readonly listeners = new Set<StepListener>();
  private readonly joinListeners = new Set<StepListener>();
  private readonly captureTimeoutMs: number;
  /** `Date.now()` of this person's last change (Date, so that fake timers drive it in tests). */
  private lastOwnChangeMs = -Infinity;
  private isCapturing = false;
  private readonly stopInsertionCapture: () => void;

  /** Starts tracking `doc`; the origin in `options` is the one this person's edits carry. */
  constructor(
    private readonly doc: Y.Doc,
    options: SyncUndoOptions,
  ) {
    this.captureTimeoutMs = options.captureTimeoutMs ?? DEFAULT_UNDO_CAPTURE_TIMEOUT_MS;
    // Yjs never splits a step by time here: slow typing that continues a step stays one step, as
    // for an unsynced record. The capture timeout applies in closeStep, when a new edit begins.
    this.manager = new Y.UndoManager(doc, {
      trackedOrigins: new Set([options.origin]),
      captureTimeout: Number.POSITIVE_INFINITY,
    });
    this.stopInsertionCapture = captureInsertionsInPlace(this.manager, doc);
    this.manager.on('stack-item-added', (event) => {
      // Undo and redo push onto the other stack: that is not a new step of this person.
      if (event.origin === this.manager) return;
      this.noteOwnChange();
      for (const listener of this.listeners) listener();
    });
    this.manager.on('stack-item-updated', (event) => {
      if (event.origin === this.manager || event.type !== 'undo') return;
      this.noteOwnChange();
      for (const listener of this.joinListeners) listener();
    });
  }

  private noteOwnChange(): void {
    this.lastOwnChangeMs = Date.now();
    this.isCapturing = true;
  }

  /** Calls `listener` each time an own edit joins the step being captured; returns the unsubscriber. */
  onJoin(listener: StepListener): () => void {
    this.joinListeners.add(listener);
    return () => this.joinListeners.delete(listener);
  }

  /** Calls `listener` each time an own edit opens a new step; returns the unsubscriber. */
  onStep(listener: StepListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True when this person has an undo or a redo step (whether or not it would change anything). */
  get hasSteps(): boolean {
    return this.manager.undoStack.length > 0 || this.manager.redoStack.length > 0;
  }

  /** True when undo would change something (a step whose work others have all deleted would not). */
  get canUndo(): boolean {
    return hasEffectiveItem(this.doc, this.manager.undoStack);
  }

  /** True when redo would change something. */
  get canRedo(): boolean {
    return hasEffectiveItem(this.doc, this.manager.redoStack);
  }

  /**
   * Undoes this person's last step; false when there was none. The next own edit opens a new step
   * (Yjs would otherwise add it to the step now on top, the one before the undone one).
   */
  undo(): boolean {
    const result = this.manager.undo() !== null;
    this.stopCapturing();
    return result;
  }

  /** Redoes this person's last undone step; false when there was none. The next own edit opens a new step. */
  redo(): boolean {
    const result = this.manager.redo() !== null;
    this.stopCapturing();
    return result;
  }

  /**
   * Closes the step being captured, so the next own edit opens a new one, unless `undoSteps.ts`'s
   * `joinsOpenStep` keeps it open for the edit (cause `'edit'` within the capture timeout). Returns
   * false when the step stays open (the edit will join it).
   */
  closeStep(cause: CloseCause = 'order'): boolean {
    const step = {
      isCapturing: this.isCapturing,
      sinceLastChangeMs: Date.now() - this.lastOwnChangeMs,
      captureTimeoutMs: this.captureTimeoutMs,
    };
    if (joinsOpenStep(cause, step)) return false;
    this.stopCapturing();
    return true;
  }

  private stopCapturing(): void {
    this.manager.stopCapturing();
    this.isCapturing = false;
  }

  /** Forgets the redo steps (the global history dropped them after a newer edit elsewhere). */
  dropRedo(): void {
    this.manager.clear(false, true);
  }

  /** Stops tracking and forgets both stacks. */
  destroy(): void {
    this.listeners.clear();
    this.joinListeners.clear();
    this.stopInsertionCapture();
    this.manager.destroy();
  }
}
