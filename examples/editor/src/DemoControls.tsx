import { useState } from 'react';
import type { DemoLogin, DemoSite } from './demoSite.js';

export type { DemoSite } from './demoSite.js';

const LOGINS: Array<{ login: DemoLogin; label: string }> = [
  { login: 'admin', label: 'Admin (administrator)' },
  { login: 'editor', label: 'Eddie Editor (editor)' },
  { login: 'author', label: 'Ana Author (author)' },
];

/** Controls of the mock site: who you are, a failure on demand, and a reset. */
export function DemoControls({ demo }: { demo: DemoSite }) {
  const [isArmed, setArmed] = useState(false);
  return (
    <section className="panel demo" aria-label="Demo site">
      <h3>Demo site</h3>
      <p className="muted">A mock WordPress runs in this tab. Saved changes last until the tab is closed.</p>
      <label>
        Signed in as{' '}
        <select
          aria-label="Signed in as"
          value={demo.login}
          onChange={(event) => demo.signInAs(event.target.value as DemoLogin)}
        >
          {LOGINS.map(({ login, label }) => (
            <option key={login} value={login}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        onClick={() => {
          demo.failNextSave();
          setArmed(true);
        }}
      >
        {isArmed ? 'The next save will fail' : 'Make the next save fail'}
      </button>
      <button type="button" className="link" onClick={() => demo.resetData()}>
        Reset demo data
      </button>
    </section>
  );
}
