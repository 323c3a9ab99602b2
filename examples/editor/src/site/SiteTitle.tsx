import { observer, useEntityRecord, useStore } from 'wp-entities/react';
import { useChangeAuthors } from '../collaboration/changeAuthors.js';
import { TextField } from '../text/TextField.js';
import { useTypingUndo } from '../text/typingUndo.js';
import { handleUndoKeys } from '../text/undoKeys.js';

/**
 * The site title, editable in place. It lives in the `root/site` singleton (`/wp/v2/settings`),
 * so it is saved like any record: here, or with "Save all". Typing makes one undo step per word,
 * as in the post editor. People who may not manage options (authors, editors) cannot read the
 * settings; they see the public site name instead. A failed save shows below the header
 * (SiteTitleNotice), not over the page.
 */
export const SiteTitle = observer(function SiteTitle() {
  const store = useStore();
  const typing = useTypingUndo(store);
  const settings = useEntityRecord<{ title: string }>('root', 'site');
  useChangeAuthors(settings.record);
  const info = useEntityRecord<{ name: string }>('root', 'base', undefined, {
    enabled: settings.fetchError !== undefined,
  });

  if (settings.fetchError) {
    return <span className="site-title site-title-readonly">{info.persisted?.name ?? 'WordPress'}</span>;
  }
  const title = settings.edited?.title;
  if (title === undefined) return <span className="site-title">…</span>;
  const record = settings.record;
  return (
    <div className="site-title-box">
      <TextField
        label="Site title"
        className="site-title"
        value={title}
        onText={(value) => typing.typeInto(record, 'title', value)}
        onBlur={typing.closeStep}
        onKeyDown={(event) => handleUndoKeys(store, event)}
      />
      {settings.hasEdits ? (
        <button
          type="button"
          className="small"
          onClick={() => {
            typing.closeStep();
            void record.save();
          }}
          disabled={settings.isSaving}
        >
          {settings.isSaving ? 'Saving…' : 'Save title'}
        </button>
      ) : null}
    </div>
  );
});
