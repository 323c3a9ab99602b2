import { observer, useStore } from 'wp-entities/react';
import { describeAuthors } from '../collaboration/changeAuthors.js';
import { CurrentUser } from './CurrentUser.js';
import { SiteTitle } from './SiteTitle.js';
import { UndoRedo } from './UndoRedo.js';

/** Moves focus to the unsaved-changes panel (without changing the address, which is the router's). */
function showUnsavedPanel(): void {
  const panel = document.getElementById('unsaved');
  panel?.scrollIntoView({ block: 'nearest' });
  panel?.focus();
}

/**
 * The top bar: the editable site title, undo/redo, the unsaved-changes count (and whose they are,
 * when not all this person's), the inspector toggle and the user.
 */
export const SiteHeader = observer(function SiteHeader({
  isInspecting,
  onToggleInspector,
}: {
  isInspecting: boolean;
  onToggleInspector(): void;
}) {
  const store = useStore();
  const dirtyRecords = store.dirtyRecords;
  const dirty = dirtyRecords.length;
  const whose = dirty === 0 ? undefined : describeAuthors(dirtyRecords);
  return (
    <header className="site-header">
      <span className="logo" aria-hidden="true">
        W
      </span>
      <SiteTitle />
      <span className="spacer" />
      <UndoRedo />
      <button
        type="button"
        className={dirty > 0 ? 'dirty-count is-dirty' : 'dirty-count'}
        onClick={showUnsavedPanel}
        data-testid="dirty-count"
      >
        {dirty === 0 ? 'All changes saved' : `${dirty} unsaved ${dirty === 1 ? 'change' : 'changes'}`}
        {whose === undefined ? null : <span data-testid="dirty-authors"> — {whose}</span>}
      </button>
      <button type="button" aria-pressed={isInspecting} onClick={onToggleInspector}>
        Inspector
      </button>
      <CurrentUser />
    </header>
  );
});
