/**
 * The server side of the example: one store per request, the page streamed with React's
 * `renderToPipeableStream` (the shell first, each Suspense boundary as its data arrives), and the
 * store's snapshot written after it for the client to hydrate from.
 *
 * @module
 */
import { Writable } from 'node:stream';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToPipeableStream } from 'react-dom/server';
import { RootStore, type Transport } from 'wp-entities';
// store.hydrate() and store.dehydrate() come with this entry.
import 'wp-entities/ssr';
import { App } from './App.js';

/** The id of the script element that carries the snapshot. */
export const SNAPSHOT_ELEMENT_ID = 'wp-entities-snapshot';

/** What {@link renderPage} produced: the body's HTML, streamed piece by piece, and the snapshot. */
export interface RenderedPage {
  /** The pieces React streamed, in order (the shell with fallbacks first, then each boundary). */
  chunks: string[];
  /** The streamed HTML, to go inside the element the client hydrates. */
  html: string;
  /** The snapshot's script element, to go after that element (React hydrates nothing else in it). */
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

/**
 * Renders the page for one request over `transport` (a `RestTransport` to the site). Resolves
 * once everything streamed; `onChunk` sees each piece as it goes out (a real server writes it to
 * the response). The store lives only for this request.
 */
export function renderPage(
  transport: Transport,
  featuredId: number,
  onChunk: (chunk: string) => void = () => undefined,
): Promise<RenderedPage> {
  // Observers render once on the server and subscribe to nothing.
  enableStaticRendering(true);
  const store = new RootStore({ transport });
  const chunks: string[] = [];
  return new Promise<RenderedPage>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const text = chunk.toString('utf8');
        chunks.push(text);
        onChunk(text);
        done();
      },
      final(done) {
        const snapshot = snapshotScript(JSON.stringify(store.dehydrate()));
        store.dispose();
        resolve({ chunks, html: chunks.join(''), snapshot });
        done();
      },
    });
    const stream = renderToPipeableStream(<App store={store} featuredId={featuredId} />, {
      onShellReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}
