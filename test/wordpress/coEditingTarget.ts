/**
 * The real WordPress 6.1 with plugins/wp-entities-sync as a co-editing target
 * (`coEditingSuite.ts`, `coEditingOpenOrders.ts`): its `/wp-sync/v1` relay, `_crdt_document` and
 * the test meta key of scripts/wordpress/lib/test-meta.php, both sides as the administrator with
 * an application password.
 */
import { RestTransport } from 'wp-entities';
import { STARTING_POST, type CoEditingTarget } from '../helpers/coEditingSuite.js';
import { wordpressSite } from './site.js';

/** The site of `test/wordpress/` as a {@link CoEditingTarget}. */
export function wordpressCoEditingTarget(): Promise<CoEditingTarget> {
  const site = wordpressSite();
  const authorization = site.users.admin.authorization;
  // Node's own fetch (jsdom's window has none); the block editor's requests go through it too.
  const fetch = globalThis.fetch.bind(globalThis);
  const created: number[] = [];
  const headers = { 'Content-Type': 'application/json', Authorization: authorization };
  return Promise.resolve({
    restRoot: site.restRoot,
    fetch,
    authorization,
    transport: (through = fetch) =>
      new RestTransport({
        root: site.restRoot,
        fetch: through,
        retry: { limit: 0 },
        auth: {
          username: site.users.admin.username,
          applicationPassword: site.users.admin.applicationPassword,
        },
      }),
    async newPost() {
      const response = await fetch(`${site.restRoot}/wp/v2/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: STARTING_POST.title,
          excerpt: STARTING_POST.excerpt,
          content: STARTING_POST.content,
          status: STARTING_POST.status,
        }),
      });
      if (response.status !== 201) throw new Error(`Creating the post answered ${response.status}.`);
      const id = ((await response.json()) as { id: number }).id;
      created.push(id);
      return id;
    },
    async storedDocument(id) {
      const response = await fetch(`${site.restRoot}/wp/v2/posts/${id}?context=edit&_fields=meta`, {
        headers,
      });
      const body = (await response.json()) as { meta?: Record<string, unknown> };
      const value = body.meta?._crdt_document;
      return typeof value === 'string' ? value : '';
    },
    async close() {
      for (const id of created) {
        await fetch(`${site.restRoot}/wp/v2/posts/${id}?force=true`, { method: 'DELETE', headers });
      }
    },
  });
}
