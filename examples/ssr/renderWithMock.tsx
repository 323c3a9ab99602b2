/**
 * Runs the server side of the example once against the test kit's mock WordPress and prints the
 * page as JSON (`{ featuredId, chunks, html, snapshot }`): `npx tsx examples/ssr/renderWithMock.tsx`.
 * The SSR test hydrates what it prints, in a page of its own, as a browser would.
 *
 * @module
 */
import { setupServer } from 'msw/node';
import { RestTransport } from 'wp-entities';
import { createMockWordPress } from 'wp-entities/testing';
import { renderPage } from './server.js';

const wordpress = createMockWordPress();
const server = setupServer(...wordpress.handlers);
server.listen({ onUnhandledRequest: 'error' });
try {
  const featuredId = wordpress.addPost('post', { title: 'Rendered on the server', content: 'Body' });
  const page = await renderPage(new RestTransport({ root: wordpress.restRoot, retry: false }), featuredId);
  process.stdout.write(JSON.stringify({ featuredId, ...page }));
} finally {
  server.close();
}
