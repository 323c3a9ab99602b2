/**
 * The mock WordPress as a co-editing target (`coEditingSuite.ts`, `coEditingOpenOrders.ts`): its
 * `/wp-sync/v1` relay and `_crdt_document`, requests straight into `mock.handle` (no socket).
 */
import { RestTransport } from 'wp-entities';
import { createMockWordPress } from '../../src/testing/index.js';
import { STARTING_POST, type CoEditingTarget } from './coEditingSuite.js';

/** A mock WordPress with collaboration on and the suite's meta key, as a {@link CoEditingTarget}. */
export function mockCoEditingTarget(): Promise<CoEditingTarget> {
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
    transport: (through = fetch) =>
      new RestTransport({ root: mock.restRoot, fetch: through, retry: { limit: 0 } }),
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
}
