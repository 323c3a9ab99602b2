/**
 * The server entry (`vite build --ssr`): renders one page for one request with a store of its own,
 * waits until every Suspense boundary has its data, and returns the HTML with the store's snapshot
 * for the client to hydrate from.
 *
 * @module
 */
import { Writable } from 'node:stream';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToPipeableStream } from 'react-dom/server';
import { RootStore, type Transport } from 'wp-entities';
// store.dehydrate() comes with this entry.
import 'wp-entities/ssr';
import { App, routeOf } from './App.js';
import { SNAPSHOT_ELEMENT_ID } from './snapshotElement.js';

// Observers render once on the server and subscribe to nothing.
enableStaticRendering(true);

/** One rendered page. */
export interface RenderedPage {
  /** The HTML of the app, for the element the client hydrates. */
  html: string;
  /** The snapshot's script element, for outside that element. */
  snapshot: string;
}

/** A snapshot as text that is safe inside a `<script>` element (no `</script>`, no `<!--`). */
export function snapshotScript(json: string): string {
  const safe = json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SNAPSHOT_ELEMENT_ID}">${safe}</script>`;
}

/** Renders `pathname` over `transport` (a `RestTransport` to the site); the store lives for this request only. */
export function render(pathname: string, transport: Transport): Promise<RenderedPage> {
  const store = new RootStore({ transport });
  return new Promise<RenderedPage>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        const snapshot = snapshotScript(JSON.stringify(store.dehydrate()));
        store.dispose();
        resolve({ html, snapshot });
        done();
      },
    });
    const stream = renderToPipeableStream(<App store={store} route={routeOf(pathname)} />, {
      // All of it at once: a page whose data is all there, as a crawler and the snapshot want it.
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        store.dispose();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}
