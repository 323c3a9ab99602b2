// @vitest-environment jsdom
/**
 * The block editor's data layer and a `RootStore` co-editing one post through the mock WordPress's
 * `/wp-sync/v1` relay (requests go straight into `mock.handle`, no socket). See
 * `test/helpers/coEditingSuite.ts`; the same suite runs against the real WordPress 6.1 in
 * `test/wordpress/blockEditorPeer.test.ts`.
 */
import { RestTransport } from 'wp-entities';
import { createMockWordPress } from '../../src/testing/index.js';
import { describeCoEditing, STARTING_POST } from '../helpers/coEditingSuite.js';

describeCoEditing('mock WordPress relay', () => {
  const mock = createMockWordPress({
    collaboration: true,
    postMeta: [{ postType: 'post', key: STARTING_POST.metaKey, type: 'string', default: '' }],
  });
  mock.setCurrentRole('administrator');
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    mock.handle(new Request(input, init));
  return Promise.resolve({
    restRoot: mock.restRoot,
    fetch,
    transport: () => new RestTransport({ root: mock.restRoot, fetch, retry: { limit: 0 } }),
    newPost: () =>
      Promise.resolve(
        mock.addPost('post', {
          title: STARTING_POST.title,
          excerpt: STARTING_POST.excerpt,
          content: STARTING_POST.content,
          status: STARTING_POST.status,
          meta: { [STARTING_POST.metaKey]: '' },
        }),
      ),
    storedDocument: (id) => {
      const value = (mock.getPost(id)?.meta as Record<string, unknown> | undefined)?._crdt_document;
      return Promise.resolve(typeof value === 'string' ? value : '');
    },
    close: () => Promise.resolve(),
  });
});
