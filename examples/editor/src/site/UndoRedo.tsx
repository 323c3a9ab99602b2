import { observer, useStore } from 'wp-entities/react';
import { redo, undo } from '../text/undoKeys.js';

/** Undo and Redo buttons for the whole store (every record's edits share one history). */
export const UndoRedo = observer(function UndoRedo() {
  const store = useStore();
  const history = store.history;
  return (
    <span className="undo-redo">
      <button
        type="button"
        onClick={() => undo(store)}
        disabled={!history.hasUndo}
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
