import { useSyncExternalStore } from 'react';
import { useStore } from 'wp-entities/react';
import type { DemoLogin, DemoSite } from './DemoSite.js';
import { confirmLosingEdits } from '../site/useLeaveWarning.js';

export type { DemoSite } from './DemoSite.js';

const LOGINS: Array<{ login: DemoLogin; label: string }> = [
  { login: 'admin', label: 'Admin (administrator)' },
  { login: 'editor', label: 'Eddie Editor (editor)' },
  { login: 'author', label: 'Ana Author (author)' },
];

/** Controls of the mock site: who you are, a failure on demand, and a reset. */
export function DemoControls({ demo }: { demo: DemoSite }) {
  const store = useStore();
  const isArmed = useSyncExternalStore(demo.subscribe, () => demo.isSaveFailureArmed);
  return (
    <section className="panel demo" aria-labelledby="demo-heading">
      <h2 id="demo-heading" className="panel-heading">
        Demo site
      </h2>
      <p className="muted">
        {demo.kind === 'shared'
          ? 'One mock WordPress for every window, run by npm run demo. Saved changes last until it stops.'
          : 'A mock WordPress runs in this tab. Saved changes last until the tab is closed.'}
      </p>
      <label>
        Signed in as{' '}
        <select
          aria-label="Signed in as"
          value={demo.login}
          onChange={(event) => {
            if (confirmLosingEdits(store, 'Signing in as someone else'))
              demo.signInAs(event.target.value as DemoLogin);
            // Cancelled: the select shows the current user again on the next render.
            else event.target.value = demo.login;
          }}
        >
          {LOGINS.map(({ login, label }) => (
            <option key={login} value={login}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => demo.failNextSave()} disabled={isArmed} aria-pressed={isArmed}>
        {isArmed ? 'The next save will fail' : 'Make the next save fail'}
      </button>
      <button
        type="button"
        className="link"
        onClick={() => {
          if (confirmLosingEdits(store, 'Resetting the demo data')) demo.resetData();
        }}
      >
        Reset demo data
      </button>
    </section>
  );
}
