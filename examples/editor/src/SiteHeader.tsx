import { observer, useStore } from 'wp-entities/react';
import { CurrentUser } from './CurrentUser.js';
import { SiteTitle } from './SiteTitle.js';
import { UndoRedo } from './UndoRedo.js';

/** The top bar: the editable site title, undo/redo, the unsaved-changes count and the current user. */
export const SiteHeader = observer(function SiteHeader() {
  const store = useStore();
  const dirty = store.dirtyRecords.length;
  return (
    <header className="site-header">
      <span className="logo" aria-hidden="true">
        W
      </span>
      <SiteTitle />
      <span className="spacer" />
      <UndoRedo />
      <a
        className={dirty > 0 ? 'dirty-count is-dirty' : 'dirty-count'}
        href="#unsaved"
        data-testid="dirty-count"
      >
        {dirty === 0 ? 'All changes saved' : `${dirty} unsaved ${dirty === 1 ? 'change' : 'changes'}`}
      </a>
      <CurrentUser />
    </header>
  );
});
