/**
 * Browser tests of the Vite server-rendering example (examples/vite-ssr) in Chromium, against the
 * test kit's mock WordPress: the production build's server renders each page with its data, the
 * client hydrates the store from the page's snapshot and React hydrates the server's HTML. Checked:
 * the data is in the HTML the server sent, no console warning or error (React reports a hydration
 * mismatch there), no request to WordPress from the page, and an edit works after hydration.
 *
 * Runs in `npm run test:e2e`, or alone: `npx tsx test/e2e/viteSsr.e2e.ts`. With `--wordpress`, on
 * the real WordPress 6.1 of scripts/wordpress/ instead (start it first with `WP_PORT=… up.sh`; it
 * reads `.wordpress/site.json`, adds two posts as the admin and deletes them after).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { startViteSsrServer } from '../../examples/vite-ssr/server.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { ensureChromium, launchChromium } from './browser.js';
import { ARTIFACTS_DIR, check, expectText, slug } from './harness.js';

/** What a test gets. */
export interface ViteSsrTestContext {
  /** A fresh tab, nothing loaded yet. */
  page: Page;
  /** The example's address. */
  url: string;
  /** The site it renders. */
  site: SsrSite;
  /** Opens `path` and resolves once React has hydrated it; the page's console and requests are watched from the start. */
  open(path: string): Promise<PageWatch>;
}

/** What a page did since it was opened. */
export interface PageWatch {
  /** Console warnings and errors, and uncaught errors. */
  readonly problems: readonly string[];
  /** Requests the page sent to WordPress (through the server's `/wp-json`), from its first byte on. */
  readonly wordpressRequests: readonly string[];
}

/** One test of the example. */
export interface ViteSsrTest {
  name: string;
  run(t: ViteSsrTestContext): Promise<void>;
}

/** The WordPress the example renders, as the tests see it. */
export interface SsrSite {
  /** The site's address (`http://host`). */
  url: string;
  /** Who the example's server reads as. */
  auth?: { username: string; applicationPassword: string } | undefined;
  /** The id of the post 'First from the server'. */
  firstPostId: number;
  /** The saved title of post `id`. */
  savedTitle(id: number): Promise<string | undefined>;
  /** How many requests the site answered so far, where it can tell (the mock). */
  requestCount(): number | undefined;
  /** Stops what the site needed for the tests (the mock's server, the real site's test posts). */
  close(): Promise<void>;
}

/** The test kit's mock WordPress on a port of its own, with the two posts. */
export async function mockSite(): Promise<SsrSite> {
  const site = createMockWordPress();
  const firstPostId = site.addPost('post', { title: 'First from the server', content: 'One' });
  site.addPost('post', { title: 'Second from the server', content: 'Two' });
  const listening = await site.listen();
  return {
    url: listening.url,
    firstPostId,
    savedTitle: (id) => Promise.resolve(site.getPost(id)?.title),
    requestCount: () => site.requests.length,
    close: () => listening.close(),
  };
}

/** What scripts/wordpress/up.sh writes to `.wordpress/site.json` (the parts read here). */
interface SiteJson {
  url: string;
  users: { admin: { username: string; applicationPassword: string; authorization: string } };
}

/** The real WordPress of scripts/wordpress/ (`.wordpress/site.json`), with two posts published for the tests. */
export async function realSite(siteJsonPath = '.wordpress/site.json'): Promise<SsrSite> {
  const json = JSON.parse(readFileSync(siteJsonPath, 'utf8')) as SiteJson;
  const admin = json.users.admin;
  const url = json.url.replace(/\/+$/, '');
  const call = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ id: number; title: { raw: string } }> => {
    const response = await fetch(`${url}/wp-json${path}`, {
      method,
      headers: { authorization: admin.authorization, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; title: { raw: string } };
  };
  // Published in this order, so both are among the latest ten.
  const second = await call('POST', '/wp/v2/posts', { title: 'Second from the server', status: 'publish' });
  const first = await call('POST', '/wp/v2/posts', { title: 'First from the server', status: 'publish' });
  return {
    url,
    auth: { username: admin.username, applicationPassword: admin.applicationPassword },
    firstPostId: first.id,
    savedTitle: async (id) => (await call('GET', `/wp/v2/posts/${id}?context=edit`)).title.raw,
    requestCount: () => undefined,
    async close() {
      for (const id of [first.id, second.id]) await call('DELETE', `/wp/v2/posts/${id}?force=true`);
    },
  };
}

/** Resolves once `hydrateRoot` has taken the page's root (React marks the container) and the page is idle. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  // Anything hydration or the store would ask for has gone out by then.
  await page.waitForLoadState('networkidle');
}

/** The tests. */
export const viteSsrTests: ViteSsrTest[] = [
  {
    name: 'vite ssr: the post list comes in the server HTML and hydrates with no console warning or error, and no request to WordPress (a focus neither)',
    async run({ page, url, site, open }) {
      const html = await (await fetch(`${url}/`)).text();
      check(html.includes('First from the server'), 'the server HTML holds the post titles');
      check(html.includes('id="wp-entities-snapshot"'), 'the server HTML holds the snapshot');
      const before = site.requestCount();
      const watch = await open('/');
      const after = site.requestCount();
      await expectText(page.locator('h1'), 'Latest posts', 'the hydrated heading');
      await expectText(page.locator('main ul'), 'Second from the server', 'the hydrated list');
      // The client's store counts the server's data as fresh (staleTimeMs): focusing the tab now
      // asks for nothing. A refetch would go out at once; a second is plenty to see one.
      const refetch = page.waitForRequest((request) => request.url().includes('/wp-json'), { timeout: 1000 });
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      check(
        (await refetch.catch(() => undefined)) === undefined,
        'a focus after hydration asked WordPress again',
      );
      check(watch.problems.length === 0, `console warnings or errors: ${watch.problems.join(' | ')}`);
      check(
        watch.wordpressRequests.length === 0,
        `requests to WordPress from the page: ${watch.wordpressRequests.join(', ')}`,
      );
      // The server's own reads for this page, nothing from the page itself.
      if (before !== undefined && after !== undefined) {
        check(after > before, 'the server read the site to render the page');
      }
    },
  },
  {
    name: 'vite ssr: a post page hydrates and its title edits the record, with no request to WordPress',
    async run({ page, site, open }) {
      const watch = await open(`/posts/${site.firstPostId}`);
      await expectText(page.getByRole('status'), 'Saved', 'the state before the edit');
      await page.getByLabel('Title').fill('Edited in the browser');
      await expectText(page.locator('h1'), 'Edited in the browser', 'the heading after the edit');
      await expectText(page.getByRole('status'), 'Unsaved changes', 'the state after the edit');
      check(watch.problems.length === 0, `console warnings or errors: ${watch.problems.join(' | ')}`);
      check(
        watch.wordpressRequests.length === 0,
        `requests to WordPress from the page: ${watch.wordpressRequests.join(', ')}`,
      );
      check(
        (await site.savedTitle(site.firstPostId)) === 'First from the server',
        'nothing was saved to the site',
      );
    },
  },
];

/** Builds and starts the example on `makeSite()` (the mock by default), runs `tests` in `context`, stops both. */
export async function runViteSsrTests(
  context: BrowserContext,
  tests: readonly ViteSsrTest[] = viteSsrTests,
  makeSite: () => Promise<SsrSite> = mockSite,
): Promise<{ passed: number; failed: number }> {
  const site = await makeSite();
  let passed = 0;
  let failed = 0;
  try {
    const app = await startViteSsrServer({ url: site.url, auth: site.auth });
    console.log(
      `The Vite server-rendering example (built in ${app.buildMs} ms) at ${app.url}, on ${site.url}`,
    );
    try {
      for (const test of tests) {
        const started = Date.now();
        const page = await context.newPage();
        const open = async (path: string): Promise<PageWatch> => {
          const problems: string[] = [];
          const wordpressRequests: string[] = [];
          page.on('console', (message) => {
            if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
          });
          page.on('pageerror', (error) => problems.push(error.message));
          // From the start: the page needs nothing from WordPress, during hydration or after it.
          page.on('request', (request) => {
            if (new URL(request.url()).pathname.startsWith('/wp-json')) {
              wordpressRequests.push(`${request.method()} ${request.url()}`);
            }
          });
          await page.goto(`${app.url}${path}`);
          await hydrated(page);
          return { problems, wordpressRequests };
        };
        try {
          await test.run({ page, url: app.url, site, open });
          passed++;
          console.log(`  ✓ ${test.name} (${Date.now() - started} ms)`);
        } catch (error) {
          failed++;
          await page
            .screenshot({ path: join(ARTIFACTS_DIR, `${slug(test.name)}-failure.png`) })
            .catch(() => undefined);
          console.log(`  ✗ ${test.name}\n    ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await page.close();
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await site.close();
  }
  return { passed, failed };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureChromium();
  const browser = await launchChromium();
  try {
    const onWordPress = process.argv.includes('--wordpress');
    const { passed, failed } = await runViteSsrTests(
      browser.context,
      viteSsrTests,
      onWordPress ? () => realSite() : mockSite,
    );
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
  } finally {
    await browser.close();
  }
}
