import { observer, useEntityProp, useEntityRecord, useStore } from 'wp-entities/react';
import { ErrorNotice } from './ErrorNotice.js';

/**
 * The site title, editable in place. It lives in the `root/site` singleton (`/wp/v2/settings`),
 * so it is saved like any record: here, or with "Save all". People who may not manage options
 * (authors, editors) cannot read the settings; they see the public site name instead.
 */
export const SiteTitle = observer(function SiteTitle() {
  const store = useStore();
  const settings = useEntityRecord('root', 'site');
  const [title, setTitle] = useEntityProp<{ title: string }, 'title'>('root', 'site', 'title');
  const info = useEntityRecord<{ name: string }>('root', 'base', undefined, {
    enabled: settings.fetchError !== undefined,
  });

  if (settings.fetchError) {
    return <h1 className="site-title site-title-readonly">{info.persisted?.name ?? 'WordPress'}</h1>;
  }
  if (title === undefined) return <h1 className="site-title">…</h1>;
  const record = store.record('root', 'site');
  return (
    <div className="site-title-box">
      <input
        className="site-title"
        aria-label="Site title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onBlur={() => store.history.createUndoLevel()}
      />
      {settings.hasEdits ? (
        <button
          type="button"
          className="small"
          onClick={() => void record.save()}
          disabled={settings.isSaving}
        >
          {settings.isSaving ? 'Saving…' : 'Save title'}
        </button>
      ) : null}
      {settings.saveError ? <ErrorNotice error={settings.saveError} kept="The new title is kept." /> : null}
    </div>
  );
});
