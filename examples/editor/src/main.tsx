/**
 * The editor's entry: picks the backend (the in-browser mock WordPress, or a real site behind the
 * dev server's proxy), makes the store, and renders the app.
 *
 * @module
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RestTransport, RootStore } from 'wp-entities';
import { StoreProvider } from 'wp-entities/react';
import { App } from './App.js';
import { colorOf, presenceUser, syncOptions } from './collaboration/collaboration.js';
import type { DemoSite } from './demo/DemoSite.js';
import { describeError } from './ui/describeError.js';
import { loggingFetch } from 'wp-entities/devtools';
import { NeverLoseWork } from './neverLoseWork/NeverLoseWork.js';
import { neverLoseWorkOptions } from './neverLoseWork/journalOptions.js';
import { registerOfflineShell } from './offline/registerOfflineShell.js';

declare global {
  interface Window {
    /** The mock WordPress of the demo, for the console (`wpMock.requests`, `wpMock.failNext(…)`). */
    wpMock?: DemoSite['mock'];
  }
}

/** The demo's mock site: the shared one `npm run demo` serves, or one inside this tab. */
async function startMockSite(): Promise<DemoSite> {
  if (import.meta.env.VITE_WP_BACKEND === 'shared') {
    const { startSharedSite } = await import('./demo/sharedSite.js');
    return startSharedSite();
  }
  const { startTabSite } = await import('./demo/tabSite.js');
  const site = await startTabSite();
  window.wpMock = site.mock;
  return site;
}

async function start(container: HTMLElement): Promise<void> {
  let demo: DemoSite | undefined;
  let restRoot: string;
  if (import.meta.env.VITE_WP_BACKEND === 'proxy') {
    // The dev server forwards /wp-json to the real site and adds the credentials itself.
    restRoot = `${window.location.origin}/wp-json`;
  } else {
    demo = await startMockSite();
    restRoot = demo.restRoot;
  }
  // Collaborative editing: everyone with the same post open shares its unsaved edits and presence.
  const user = demo
    ? { ...demo.user, color: colorOf(demo.user.id) }
    : await presenceUser(restRoot, (input, init) => fetch(input, init));
  const sync = await syncOptions(user, demo ? `wp-entities-demo:${demo.sessionId}:` : undefined);
  // Every request goes through a logging fetch, for the data inspector's request list.
  const store = new RootStore({
    transport: new RestTransport({ root: restRoot, fetch: loggingFetch(restRoot, demo?.fetch) }),
    ...neverLoseWorkOptions(demo),
    ...(sync ? { sync } : {}),
  });
  createRoot(container).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App demo={demo} />
        <NeverLoseWork />
      </StoreProvider>
    </StrictMode>,
  );
}

registerOfflineShell();

const container = document.getElementById('root');
if (container) {
  start(container).catch((error: unknown) => {
    container.textContent = `The editor could not start: ${describeError(error)}`;
  });
}
