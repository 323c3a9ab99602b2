import { useEffect, useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { typingUndoOf } from '../text/typingUndo.js';
import { gmtTime, textOf } from '../ui/format.js';
import type { EditorPost } from '../app/types.js';

const FIELDS = ['title', 'excerpt', 'content'] as const;

/**
 * WordPress's prompt when the current user has an autosave of this post that is newer than the
 * saved post and differs from what is on screen: restore it (as edits, so it can be undone) or not.
 * What is on screen includes unsaved edits: with collaboration on, the shared document's local copy
 * brings them back after a reload, and an autosave of those same edits then has nothing to add.
 * An autosave that differs from unsaved edits on screen is offered with words that say so.
 */
export const AutosaveNotice = observer(function AutosaveNotice({
  record,
}: {
  record: EntityRecord<EditorPost>;
}) {
  const store = useStore();
  const [isDismissed, setDismissed] = useState(false);
  useEffect(() => {
    record.fetchAutosaves().catch(() => undefined);
  }, [record]);

  const user = store.users.current;
  const autosave = user ? record.autosaveOf(user.id) : undefined;
  const isNewer =
    autosave !== undefined &&
    record.persisted !== undefined &&
    gmtTime(autosave.modified_gmt ?? autosave.date_gmt) > gmtTime(record.persisted.modified_gmt);
  // The edited post only when there is a newer autosave to compare it with (or once dismissed,
  // never): read always, every keystroke would re-render the notice.
  const post = isNewer && !isDismissed ? record.edited : undefined;
  const differs =
    autosave !== undefined &&
    post !== undefined &&
    FIELDS.some((field) => textOf(autosave[field]) !== textOf(post[field]));
  const isOnScreen = isNewer && !differs;
  useEffect(() => {
    // Already on screen: settled for this visit, so typing on does not bring the prompt up.
    if (isOnScreen) setDismissed(true);
  }, [isOnScreen]);
  if (isDismissed || !autosave || !isNewer || !differs) return null;

  const restore = () => {
    const edits: Partial<EditorPost> = {};
    for (const field of FIELDS) edits[field] = textOf(autosave[field]);
    typingUndoOf(store).closeStep();
    record.edit(edits);
    setDismissed(true);
  };
  return (
    <div className="notice notice-warning" role="status" data-testid="autosave-notice">
      <span>
        {record.hasEdits
          ? 'There is an autosave of this post that differs from the unsaved changes below.'
          : 'There is an autosave of this post that is more recent than the version below.'}
      </span>
      <button type="button" onClick={restore}>
        Restore the autosave
      </button>
      <button type="button" className="link" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
});
