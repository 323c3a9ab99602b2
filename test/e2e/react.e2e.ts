/**
 * The React conventions in Chromium (issue 42): the post list's windowed list of 10,000 posts,
 * refetch of what is shown when the window regains focus or the network comes back, and the data
 * inspector's sync rooms from the keyboard.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { check, expectText, waitUntil, type BrowserTest } from './harness.js';

/** How many posts the windowed-list test asks the demo's mock to add (`?posts=N`). */
const GENERATED = 10_000;

interface MockWindow {
  wpMock?: {
    requests: ReadonlyArray<{ method: string; path: string; status: number | undefined }>;
    clearRequests(): void;
  };
}

/** GETs of the posts list (and of single posts) the in-tab mock answered since the last clear. */
function postGets(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      ((window as MockWindow).wpMock?.requests ?? []).filter(
        (request) => request.method === 'GET' && request.path.startsWith('/wp/v2/posts'),
      ).length,
  );
}

const windowed = (page: Page) => page.getByTestId('windowed-list');
const mountedRows = (page: Page) => windowed(page).locator('tbody tr[data-id]');

/** `url` with `?posts=N` (the demo adds N generated posts), on the post list. */
function withPosts(url: string, count: number): string {
  const address = new URL(url);
  address.searchParams.set('posts', String(count));
  address.hash = '#/posts';
  return address.toString();
}

export const reactTests: BrowserTest[] = [
  {
    name: 'the post list scrolls 10,000 posts in one windowed list: only the rows in view are mounted',
    async run({ page, url, step }) {
      await page.goto(withPosts(url, GENERATED));
      await page.locator('table.rows tbody tr').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'One scrolling list' }).click();
      const totals = await expectText(
        page.getByTestId('windowed-totals'),
        /^\d+ items, 100 loaded$/,
        'totals',
      );
      const total = Number(/^\d+/.exec(totals)?.[0]);
      check(total >= GENERATED, `the list counts every post, got ${total}`);
      const viewport = await windowed(page).evaluate((element) => element.clientHeight);
      // Rows in view plus the overscan either side; a list that mounted every loaded row has 100.
      const mostRows = Math.ceil(viewport / 40) + 2 * 8 + 1;
      const mounted = await mountedRows(page).count();
      check(mounted > 0 && mounted <= mostRows, `${mounted} rows mounted, at most ${mostRows} expected`);
      // The scrollbar spans the whole list: its height is every row's.
      const scrollHeight = await windowed(page).evaluate((element) => element.scrollHeight);
      check(scrollHeight >= total * 40, `the scroll height ${scrollHeight} spans ${total} rows`);
      await step('windowed-top');

      // Scroll on, a screen at a time, to row ~1,000: pages load as the window nears their end.
      await windowed(page).focus();
      const frames: number[] = [];
      for (let screen = 0; screen < 40; screen++) {
        // Measured in the page: from the scroll to the frame after the one that drew its rows.
        frames.push(
          await windowed(page).evaluate(async (element) => {
            const started = performance.now();
            element.scrollTop += element.clientHeight;
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return Math.round(performance.now() - started);
          }),
        );
        const count = await mountedRows(page).count();
        check(
          count <= mostRows,
          `after scrolling ${screen + 1} screens, ${count} rows mounted (at most ${mostRows})`,
        );
      }
      const firstIndex = await windowed(page).evaluate((element) => Math.floor(element.scrollTop / 40));
      check(firstIndex > 500, `scrolled to row ${firstIndex}`);
      // The rows in view are real posts, not placeholders, once their page has come.
      await waitUntil(
        () => windowed(page).locator('tbody tr.is-pending').count(),
        (pending) => pending === 0,
        (pending) => `rows still loading at row ${firstIndex}: ${pending}`,
        20_000,
      );
      await expectText(mountedRows(page).first(), /Generated post \d+/, 'a generated post in view');
      frames.sort((a, b) => a - b);
      console.log(
        `    windowed list: ${total} posts, ${mostRows} rows at most mounted; a screen's scroll to its second frame ${frames[Math.floor(frames.length / 2)]} ms (median), ${frames[frames.length - 1]} ms (slowest)`,
      );
      await expectAccessible(page, 'windowed post list');
      await step('windowed-scrolled');
    },
  },
  {
    name: 'what is shown is asked for again when the window regains focus and when the network comes back',
    isSolo: true,
    async run({ page, step }) {
      await page.locator('table.rows tbody tr').first().waitFor();
      // Nothing refetches by itself while the page sits there.
      await page.evaluate(() => (window as MockWindow).wpMock?.clearRequests());
      await page.waitForTimeout(500);
      check((await postGets(page)) === 0, 'no request while nothing happens');
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await waitUntil(
        () => postGets(page),
        (gets) => gets >= 1,
        (gets) => `a focus asks for the shown list again, got ${gets} GETs`,
      );
      await page.evaluate(() => (window as MockWindow).wpMock?.clearRequests());
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitUntil(
        () => postGets(page),
        (gets) => gets >= 1,
        (gets) => `coming back online asks for the shown list again, got ${gets} GETs`,
      );
      await step('refetched');
    },
  },
  {
    name: 'the data inspector shows the open sync room, and works from the keyboard',
    async run({ page, step }) {
      await page.locator('table.rows tbody tr').first().waitFor();
      await page.locator('table.rows tbody tr td.col-title a').first().click();
      await page.getByLabel('Title', { exact: true }).waitFor();
      const opener = page.getByRole('button', { name: 'Inspector' });
      await opener.focus();
      await page.keyboard.press('Enter');
      const inspector = page.getByTestId('data-inspector');
      await waitUntil(
        () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
        (label) => label === 'Close the data inspector',
        (label) => `focus on the close button when the inspector opens, got ${JSON.stringify(label)}`,
      );
      await expectText(inspector.getByTestId('inspector-sync'), /postType\/post\/\d+/, 'the open room');
      await expectText(inspector.getByTestId('inspector-sync'), /connect/, 'its connection');
      await expectAccessible(page, 'data inspector with sync rooms');
      await step('inspector-sync');
      await page.keyboard.press('Escape');
      await waitUntil(
        () => inspector.count(),
        (count) => count === 0,
        () => 'Escape closes the inspector',
      );
    },
  },
];
