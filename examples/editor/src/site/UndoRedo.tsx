import { useStore } from 'wp-entities/react';
import { redo, undo } from '../text/undoKeys.js';
import { useIdleValue } from '../ui/useIdleValue.js';

/**
 * Undo and Redo buttons for the whole store (every record's edits share one history). Whether
 * each has a step is read when the page is idle, not in each keystroke's frame (see useIdleValue).
 */
export function UndoRedo() {
  const store = useStore();
  const history = store.history;
  const hasUndo = useIdleValue(() => history.hasUndo);
  const hasRedo = useIdleValue(() => history.hasRedo);
  return (
    <span className="undo-redo">
      <button
        type="button"
        onClick={() => undo(store)}
        disabled={!hasUndo}
        title="Undo (Ctrl/Cmd+Z)"
        aria-label="Undo"
      >
        ↶ Undo
      </button>
      <button
        type="button"
        onClick={() => redo(store)}
        disabled={!hasRedo}
        title="Redo (Shift+Ctrl/Cmd+Z)"
        aria-label="Redo"
      >
        ↷ Redo
      </button>
    </span>
  );
}
