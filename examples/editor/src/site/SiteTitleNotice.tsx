import { observer, useStore } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';

/** A failed save of the site title, in the page flow below the header (readable, covering nothing). */
export const SiteTitleNotice = observer(function SiteTitleNotice() {
  const store = useStore();
  const settings = store.record('root', 'site');
  if (!settings.saveError) return null;
  return (
    <div className="site-notice">
      <ErrorNotice
        error={settings.saveError}
        kept="The new site title is kept: save it again when you are ready."
      />
    </div>
  );
});
