/**
 * The client side of the example: a new store hydrated from the snapshot the server wrote, then
 * React hydrating the server's HTML over it. The same reads answer from the snapshot, so the
 * first render asks the site for nothing and matches the server's HTML.
 *
 * @module
 */
import { hydrateRoot, type Root } from 'react-dom/client';
import { isSnapshotError, RootStore, type Transport } from 'wp-entities';
// store.hydrate() and store.dehydrate() come with this entry.
import 'wp-entities/ssr';
import { App } from './App.js';
import { SNAPSHOT_ELEMENT_ID } from './server.js';

/** Hydrates `container` (the server's HTML) with a store over `transport`; returns the root and the store. */
export function hydratePage(
  container: Element,
  transport: Transport,
  featuredId: number,
  onRecoverableError?: (error: unknown) => void,
): { root: Root; store: RootStore } {
  const store = new RootStore({ transport });
  const snapshot = document.getElementById(SNAPSHOT_ELEMENT_ID)?.textContent;
  try {
    if (snapshot) store.hydrate(snapshot);
  } catch (error) {
    // A refused snapshot (another version, changed on its way) leaves the store empty: the page
    // then loads its data as a client-only page would.
    if (!isSnapshotError(error)) throw error;
    console.warn(error.message);
  }
  const root = hydrateRoot(
    container,
    <App store={store} featuredId={featuredId} />,
    onRecoverableError === undefined ? {} : { onRecoverableError },
  );
  return { root, store };
}
