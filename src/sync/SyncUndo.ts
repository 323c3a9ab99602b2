/**
 * Per-person undo of one shared document: a `Y.UndoManager` that tracks only this person's origin,
 * so undo takes back what this person did and never a peer's change (Yjs only removes this person's
 * insertions and restores what this person deleted).
 *
 * @module
 */
import * as Y from 'yjs';

/** Options of {@link SyncUndo}. */
export interface SyncUndoOptions {
  /** The transaction origin of this person's own edits: the only one tracked. */
  readonly origin: object;
  /**
   * Own edits closer together than this are one undo step, unless {@link SyncUndo.closeStep} is
   * called in between. The store passes `Infinity`: its undo history closes every step itself.
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

  /** Starts tracking `doc`; the origin in `options` is the one this person's edits carry. */
  constructor(doc: Y.Doc, options: SyncUndoOptions) {
    this.manager = new Y.UndoManager(doc, {
      trackedOrigins: new Set([options.origin]),
      captureTimeout: options.captureTimeoutMs ?? 500,
    });
    this.manager.on('stack-item-added', (event) => {
      // Undo and redo push onto the other stack: that is not a new step of this person.
      if (event.origin === this.manager) return;
      for (const listener of this.listeners) listener();
    });
    this.manager.on('stack-item-updated', (event) => {
      if (event.origin === this.manager || event.type !== 'undo') return;
      for (const listener of this.joinListeners) listener();
    });
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

  /** True when there is a step to undo. */
  get canUndo(): boolean {
    return this.manager.undoStack.length > 0;
  }

  /** True when there is a step to redo. */
  get canRedo(): boolean {
    return this.manager.redoStack.length > 0;
  }

  /**
   * Undoes this person's last step; false when there was none. The next own edit opens a new step
   * (Yjs would otherwise add it to the step now on top, the one before the undone one).
   */
  undo(): boolean {
    const result = this.manager.undo() !== null;
    this.manager.stopCapturing();
    return result;
  }

  /** Redoes this person's last undone step; false when there was none. The next own edit opens a new step. */
  redo(): boolean {
    const result = this.manager.redo() !== null;
    this.manager.stopCapturing();
    return result;
  }

  /** Closes the step being captured: the next own edit opens a new one. */
  closeStep(): void {
    this.manager.stopCapturing();
  }

  /** Forgets the redo steps (the global history dropped them after a newer edit elsewhere). */
  dropRedo(): void {
    this.manager.clear(false, true);
  }

  /** Stops tracking and forgets both stacks. */
  destroy(): void {
    this.listeners.clear();
    this.joinListeners.clear();
    this.manager.destroy();
  }
}
