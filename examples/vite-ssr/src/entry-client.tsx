/**
 * The client entry: a store hydrated from the snapshot the server wrote, then React hydrating the
 * server's HTML over it. The reads the page makes answer from the snapshot: no request, and the
 * same HTML as the server's, so React finds nothing to fix.
 *
 * @module
 */
import { hydrateRoot } from 'react-dom/client';
import { isSnapshotError, RestTransport, RootStore } from 'wp-entities';
// store.hydrate() comes with this entry.
import 'wp-entities/ssr';
import { App, routeOf } from './App.js';
import { SNAPSHOT_ELEMENT_ID } from './snapshotElement.js';

// The server proxies /wp-json to the site, so the browser talks to its own origin.
const store = new RootStore({
  transport: new RestTransport({ root: `${window.location.origin}/wp-json` }),
  // What the server just fetched counts as fresh for a minute: focusing the tab right after the
  // page loads asks for nothing again.
  freshness: { staleTimeMs: 60_000 },
});
const snapshot = document.getElementById(SNAPSHOT_ELEMENT_ID)?.textContent;
try {
  if (snapshot) store.hydrate(snapshot);
} catch (error) {
  // A refused snapshot (another version, changed on its way) leaves the store empty: the page
  // then loads its data as a client-only page would.
  if (!isSnapshotError(error)) throw error;
  console.warn(error.message);
}
const container = document.getElementById('root');
if (container) hydrateRoot(container, <App store={store} route={routeOf(window.location.pathname)} />);
