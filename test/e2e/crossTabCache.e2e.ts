/**
 * One cache for the tabs of a site, in Chromium (issue 43): two pages of one browser context on one
 * site, each with a store made with `crossTab: crossTabCache()`, joined by the browser's own
 * `BroadcastChannel`. A save in tab 1 shows in tab 2 with no request from tab 2; junk posted on the
 * channel by another script of the origin changes nothing and is reported once. The site is the
 * test kit's mock WordPress, answered through Playwright's routing at a made-up origin, so no port
 * is opened. Run alone with `npx tsx test/e2e/crossTabCache.e2e.ts`; `npm run test:e2e` runs it too.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext, Page, Request as PlaywrightRequest } from 'playwright-core';
import { createMockWordPress } from '../../src/testing/index.js';
import { cacheChannelName } from '../../stores/crossTab/CrossTabCache.js';
import { ensureChromium, launchChromium } from './browser.js';
import { waitUntil } from './harness.js';

/** The made-up origin the two tabs share: Playwright answers every request to it. */
const ORIGIN = 'http://tabs.wp-entities.test';
const PAGE_ENTRY = fileURLToPath(new URL('./pages/crossTabPage.ts', import.meta.url));

/** One case: `open` gives it two fresh tabs of one context on a fresh site. */
interface CrossTabTest {
  name: string;
  run(tabs: TwoTabs): Promise<void>;
}

interface TwoTabs {
  one: Page;
  two: Page;
  post: number;
  /** Requests tab `page` sent to the site since the call, as a reader of the count. */
  countRequests(page: Page): () => string[];
}

async function pageScript(): Promise<string> {
  const result = await build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    define: { 'process.env.NODE_ENV': '"development"' },
    external: ['node:*'],
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

/** Serves the page, its script and the mock site at {@link ORIGIN} in `context`. */
async function serveSite(
  context: BrowserContext,
  script: string,
): Promise<ReturnType<typeof createMockWordPress>> {
  const site = createMockWordPress({ root: ORIGIN });
  await context.route(`${ORIGIN}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname === '/') {
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><head><title>tab</title></head><body><script type="module" src="/tab.js"></script></body></html>',
      });
      return;
    }
    if (url.pathname === '/tab.js') {
      await route.fulfill({ contentType: 'text/javascript', body: script });
      return;
    }
    const body = request.postDataBuffer();
    const answer = await site.handle(
      new Request(request.url(), {
        method: request.method(),
        headers: request.headers(),
        ...(body === null ? {} : { body: new Uint8Array(body) }),
      }),
    );
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers.entries()),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  return site;
}

async function openTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return page;
}

const titlesOf = (page: Page, id: number) =>
  page.evaluate((postId) => (window as never as TabWindow).tab.titles(postId), id);

interface TabWindow {
  tab: {
    open(id: number): Promise<void>;
    titles(id: number): { record: unknown; list: unknown };
    save(id: number, title: string): Promise<void>;
    error(): { name: string; code: string; message: string } | undefined;
    linked(): boolean;
  };
}

export const crossTabCacheTests: CrossTabTest[] = [
  {
    name: 'one cache: a save in tab 1 shows in tab 2 (record and list) with 0 requests from tab 2',
    async run({ one, two, post, countRequests }) {
      for (const page of [one, two]) {
        if (!(await page.evaluate(() => (window as never as TabWindow).tab.linked())))
          throw new Error('A tab of Chromium has no link to the other tabs: BroadcastChannel was not used.');
        await page.evaluate((id) => (window as never as TabWindow).tab.open(id), post);
      }
      const fromTwo = countRequests(two);
      await one.evaluate((id) => (window as never as TabWindow).tab.save(id, 'Saved in tab 1'), post);
      await waitUntil(
        () => titlesOf(two, post),
        (titles) => titles.record === 'Saved in tab 1' && titles.list === 'Saved in tab 1',
        (last) =>
          `Tab 2 should show tab 1's save in the record and its list; it shows ${JSON.stringify(last)}.`,
      );
      // A little longer, in case anything in tab 2 was about to ask the site.
      await two.waitForTimeout(300);
      if (fromTwo().length !== 0)
        throw new Error(
          `Tab 2 sent ${fromTwo().length} request(s): ${fromTwo().join(', ')}; it should send none.`,
        );
    },
  },
  {
    name: 'one cache: a junk message on the channel changes nothing and is reported once',
    async run({ one, two, post, countRequests }) {
      for (const page of [one, two])
        await page.evaluate((id) => (window as never as TabWindow).tab.open(id), post);
      const before = await titlesOf(two, post);
      const fromTwo = countRequests(two);
      // Another script of the origin, in tab 1, posts on the channel tab 2 listens to.
      const name = cacheChannelName(`${ORIGIN}/wp-json`, undefined);
      await one.evaluate(
        ({ id, name }) => {
          const channel = new BroadcastChannel(name);
          const record = { id, title: { raw: 'Junk', rendered: 'Junk' } };
          channel.postMessage('junk');
          channel.postMessage({
            source: 'wp-entities/cache',
            version: 1,
            type: 'saved',
            kind: 'postType',
            name: 'post',
            record,
            created: 'yes',
          });
          channel.postMessage({
            source: 'wp-entities/cache',
            version: 1,
            type: 'saved',
            kind: 'postType',
            name: 'post',
            record: { ...record, date: new Date() },
            created: false,
          });
          channel.postMessage({
            source: 'wp-entities/cache',
            version: 9,
            type: 'deleted',
            kind: 'postType',
            name: 'post',
            id,
          });
          channel.close();
        },
        { id: post, name },
      );
      const error = await waitUntil(
        () => two.evaluate(() => (window as never as TabWindow).tab.error()),
        (reported) => reported !== undefined,
        () => 'Tab 2 should report the junk message as a SyncError.',
      );
      if (
        error?.name !== 'SyncError' ||
        error.code !== 'cross_tab_message' ||
        !error.message.includes('not a wp-entities cache message')
      )
        throw new Error(
          `Tab 2 reported ${JSON.stringify(error)}; expected the first junk message's SyncError (cross_tab_message).`,
        );
      await two.waitForTimeout(300);
      const after = await titlesOf(two, post);
      if (JSON.stringify(after) !== JSON.stringify(before))
        throw new Error(`The junk changed tab 2: ${JSON.stringify(before)} became ${JSON.stringify(after)}.`);
      const still = await two.evaluate(() => (window as never as TabWindow).tab.error());
      if (JSON.stringify(still) !== JSON.stringify(error))
        throw new Error('Tab 2 reported a second junk message.');
      if (fromTwo().length !== 0)
        throw new Error(`Tab 2 sent ${fromTwo().length} request(s) because of the junk.`);
    },
  },
];

/** Runs `tests` (each on two fresh tabs of `context` and a fresh site); prints each outcome. */
export async function runCrossTabCacheTests(
  context: BrowserContext,
  tests: readonly CrossTabTest[] = crossTabCacheTests,
): Promise<{ passed: number; failed: number }> {
  const script = await pageScript();
  let passed = 0;
  let failed = 0;
  for (const test of tests) {
    const started = Date.now();
    const site = await serveSite(context, script);
    const pages: Page[] = [];
    try {
      const one = await openTab(context);
      pages.push(one);
      const two = await openTab(context);
      pages.push(two);
      const post = site.addPost('post', { title: 'Before', content: 'Body' });
      const countRequests = (page: Page): (() => string[]) => {
        const seen: string[] = [];
        page.on('request', (request: PlaywrightRequest) => {
          if (request.url().startsWith(`${ORIGIN}/wp-json`))
            seen.push(`${request.method()} ${request.url()}`);
        });
        return () => seen;
      };
      await test.run({ one, two, post, countRequests });
      passed++;
      console.log(`  ✓ ${test.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.log(`  ✗ ${test.name}\n    ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      for (const page of pages) await page.close();
      await context.unroute(`${ORIGIN}/**`);
    }
  }
  return { passed, failed };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureChromium();
  const browser = await launchChromium();
  try {
    const { passed, failed } = await runCrossTabCacheTests(browser.context);
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
  } finally {
    await browser.close();
  }
}
