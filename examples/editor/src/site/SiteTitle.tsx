import { useEffect } from 'react';
import { observer, useEntityRecord, useStore } from 'wp-entities/react';
import { useChangeAuthors } from '../collaboration/changeAuthors.js';
import { TextField } from '../text/TextField.js';
import { useTypingUndo } from '../text/typingUndo.js';
import { handleUndoKeys } from '../text/undoKeys.js';

/**
 * The site title: editable in place for people who may manage options, the public site name for
 * everyone else. Which one is asked first (`OPTIONS /wp/v2/settings`, one request that answers
 * with its `Allow` header), so the editor never asks for settings, nor joins their shared room,
 * on behalf of a user WordPress would refuse (authors and editors: a 403 in the console on every
 * load).
 */
export const SiteTitle = observer(function SiteTitle() {
  const store = useStore();
  useEffect(() => {
    void store.permissions.canUser('read', 'settings');
  }, [store]);
  const mayRead = store.permissions.get('read', 'settings');
  if (mayRead === undefined) return <span className="site-title">…</span>;
  return mayRead ? <EditableSiteTitle /> : <SiteName />;
});

/** The public site name (`GET /wp-json/`), which every visitor may read. */
const SiteName = observer(function SiteName() {
  const info = useEntityRecord<{ name: string }>('root', 'base');
  return <span className="site-title site-title-readonly">{info.persisted?.name ?? 'WordPress'}</span>;
});

/**
 * The site title, editable in place. It lives in the `root/site` singleton (`/wp/v2/settings`),
 * so it is saved like any record: here, or with "Save all". Typing makes one undo step per word,
 * as in the post editor. A failed save shows below the header (SiteTitleNotice), not over the page.
 */
const EditableSiteTitle = observer(function EditableSiteTitle() {
  const store = useStore();
  const typing = useTypingUndo(store);
  const settings = useEntityRecord<{ title: string }>('root', 'site');
  useChangeAuthors(settings.record);

  if (settings.fetchError) return <SiteName />;
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
