import { observer, useStore } from 'wp-entities/react';
import { redo, undo } from './useUndoShortcuts.js';

/** Undo and Redo buttons for the whole store (every record's edits share one history). */
export const UndoRedo = observer(function UndoRedo() {
  const store = useStore();
  const history = store.history;
  // A step still being typed (not yet closed) can be undone too.
  const canUndo = history.hasUndo || history.pending.length > 0;
  return (
    <span className="undo-redo">
      <button
        type="button"
        onClick={() => undo(store)}
        disabled={!canUndo}
        title="Undo (Ctrl/Cmd+Z)"
        aria-label="Undo"
      >
        ↶ Undo
      </button>
      <button
        type="button"
        onClick={() => redo(store)}
        disabled={!history.hasRedo}
        title="Redo (Shift+Ctrl/Cmd+Z)"
        aria-label="Redo"
      >
        ↷ Redo
      </button>
    </span>
  );
});
