/**
 * The page of the cross-tab cache test (test/e2e/crossTabCache.e2e.ts): a store with
 * `crossTab: crossTabCache()` on the site this page is served from, and a few calls the test makes
 * through `window.tab`. Bundled by esbuild for the browser when the test starts.
 */
import { RestTransport, RootStore } from '../../../src/index.js';
import { crossTabCache } from '../../../src/tabs/index.js';

const store = new RootStore({
  transport: new RestTransport({ root: `${location.origin}/wp-json`, retry: false }),
  crossTab: crossTabCache(),
});
const posts = store.collection('postType', 'post');

/** What the test calls in this tab. */
const tab = {
  /** GETs post `id` and shows its list (one request each). */
  async open(id: number): Promise<void> {
    await posts.fetch(id);
    await posts.query({ include: [id] }).fetch();
  },
  /** The title of post `id` as this tab shows it (edits over the saved copy), and in its list. */
  titles(id: number): { record: unknown; list: unknown } {
    const record = posts.peek(id)?.edited as { title?: unknown } | undefined;
    const listed = posts.query({ include: [id] }).records?.[0]?.edited as { title?: unknown } | undefined;
    return { record: record?.title, list: listed?.title };
  },
  /** Saves post `id` with `title`. */
  async save(id: number, title: string): Promise<void> {
    const post = posts.record(id);
    post.edit({ title });
    await post.save({ throwOnError: true });
  },
  /** The first ignored message's error, if any. */
  error(): { name: string; code: string; message: string } | undefined {
    const error = store.crossTabError;
    return error === undefined ? undefined : { name: error.name, code: error.code, message: error.message };
  },
  /** Whether the store is linked to the other tabs. */
  linked(): boolean {
    return store.crossTab !== undefined;
  },
};
(window as unknown as { tab: typeof tab }).tab = tab;
document.body.dataset['ready'] = 'true';
