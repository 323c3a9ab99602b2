/**
 * Browser test of the editor offline across a reload, on a production build (scripts/builtDemo.ts)
 * on a real site: the build's offline shell opens the page again while the browser is offline, the
 * journal (IndexedDB) keeps the saves that wait, and once the browser is back online they are sent
 * in the order asked, each once.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import { check, expectCount, expectText, waitUntil, type BrowserTest } from './harness.js';
import { indexedDbJournalText, restoreOffer, titleField } from './neverLoseWork.e2e.js';

/** What the test reads of the site the build talks to. */
export interface OfflineSite {
  getPost(id: number): { title: string } | undefined;
  readonly requests: readonly { method: string; path: string }[];
}

/**
 * The saves the site received after the first `since` requests: writes of the posts themselves and
 * batches (the editor's timed autosaves go to `/autosaves` beside a published post, and are not saves).
 */
function savesSince(site: OfflineSite, since: number): string[] {
  return site.requests
    .slice(since)
    .filter((request) => !['GET', 'OPTIONS', 'HEAD'].includes(request.method))
    .filter((request) => /^\/wp\/v2\/posts\/\d+$/.test(request.path) || request.path === '/batch/v1')
    .map((request) => `${request.method} ${request.path}`);
}

/**
 * Opens the editor of the `index`-th published post the signed-in author may edit; resolves to its
 * id. Published: the editor's timed autosave stores an autosave beside it and leaves the post and
 * its unsaved edits alone (an own draft would be updated in place).
 */
async function openOwnPost(page: Page, index: number): Promise<number> {
  await page.getByRole('link', { name: 'Posts', exact: true }).click();
  const row = page
    .locator('table.rows tbody tr')
    .filter({ hasText: 'Ana Author' })
    .filter({ hasText: 'Published' })
    .nth(index);
  await row.waitFor();
  const id = Number(await row.getAttribute('data-id'));
  await row.locator('td.col-title a').click();
  await titleField(page).waitFor();
  return id;
}

/** Resolves once the offline shell's worker is activated (it has kept the build by then). */
async function waitForOfflineShell(page: Page): Promise<void> {
  await waitUntil(
    () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state ?? (registration ? 'installing' : 'not registered');
      }),
    (state) => state === 'activated',
    (last) => `the offline shell's worker: ${String(last)}`,
    30_000,
  );
}

/** From now on, counts the requests of `page` to `path` that got no response; returns the count's getter. */
function countFailedRequests(page: Page, path: string): () => number {
  let failed = 0;
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === path) failed++;
  });
  return () => failed;
}

/** The tests on the built editor; `site` is the WordPress it talks to. */
export function offlineTests(site: OfflineSite): BrowserTest[] {
  return [
    {
      name: 'offline: two saves asked for offline wait across a reload while still offline, and are sent once back online, in order',
      // Alone: the journal, not a shared document, is what keeps the work.
      isSolo: true,
      async run({ page, step }) {
        await waitForOfflineShell(page);
        const first = await openOwnPost(page, 0);
        await titleField(page).fill('First, saved offline');
        const second = await openOwnPost(page, 1);
        await titleField(page).fill('Second, saved offline');
        await expectCount(page.getByTestId('unsaved-item'), 2, 'records in the unsaved panel');
        // "Save all" saves them in the panel's order: the order asked.
        const hrefs = await page
          .getByTestId('unsaved-item')
          .locator('a')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        const asked = hrefs.map((href) => Number(/(\d+)$/.exec(href)?.[1]));
        check(
          asked.length === 2 && asked.includes(first) && asked.includes(second),
          `both posts in the unsaved panel, got ${JSON.stringify(hrefs)}`,
        );
        const since = site.requests.length;
        await page.context().setOffline(true);
        try {
          await page.getByRole('button', { name: 'Save all' }).click();
          await expectCount(page.getByTestId('unsaved-waiting'), 2, 'saves shown as waiting');
          await waitUntil(
            () => indexedDbJournalText(page),
            (text) =>
              text.includes('First, saved offline') &&
              text.includes('Second, saved offline') &&
              (text.match(/"waiting"/g) ?? []).length === 2,
            (last) => `both waiting saves in the IndexedDB journal, got ${String(last).slice(0, 300)}`,
          );
          await step('waiting offline');
          // Still offline: the page comes from the offline shell, the work from the journal.
          const failedTypeReads = countFailedRequests(page, '/wp-json/wp/v2/types');
          await page.reload();
          const offer = restoreOffer(page);
          await expectText(offer, 'You have 2 unsaved changes', 'the restore offer after the offline reload');
          // The post screen's first load of the post types gives up while still offline (one try
          // and the transport's two retries): nothing it started may throw in the page then.
          await waitUntil(
            async () => failedTypeReads(),
            (failed) => failed >= 3,
            (last) => `the post types' load to give up offline, ${String(last)} tries failed`,
          );
          const loaded = await page.evaluate(() => ({
            isOnline: navigator.onLine,
            isShellServed: navigator.serviceWorker.controller !== null,
          }));
          check(
            !loaded.isOnline && loaded.isShellServed,
            `the page was loaded offline by the offline shell, got ${JSON.stringify(loaded)}`,
          );
          check(savesSince(site, since).length === 0, 'nothing was sent while offline');
          await step('reloaded offline');
          // The post screen says it is offline and shows what this device keeps of the post,
          // instead of "Loading…" while its requests retry.
          const postState = page.getByTestId('offline-state');
          await expectText(postState, 'You are offline', 'the post screen after the offline reload');
          await expectText(postState, 'Second, saved offline', 'the unsaved title the journal keeps');
          await expectCount(page.locator('section.editor p.loading'), 0, '"Loading…" on the post screen');
          await step('post screen offline');
          await page.getByRole('link', { name: 'Posts', exact: true }).click();
          const listState = page.getByTestId('offline-state');
          await expectText(
            listState,
            'The list of posts is not stored on this device',
            'the list screen offline',
          );
          await expectCount(
            listState.getByTestId('offline-kept'),
            2,
            'kept changes listed on the list screen',
          );
          await expectText(listState, 'First, saved offline', 'the first unsaved title on the list screen');
          await expectCount(page.locator('p.loading'), 0, '"Loading…" on the list screen');
          await step('list screen offline');
          // Back to the post, as the rest of the test expects.
          await page.goBack();
          await expectText(
            page.getByTestId('offline-state'),
            'This post is not stored',
            'the post screen again',
          );
        } finally {
          await page.context().setOffline(false);
        }
        const offer = restoreOffer(page);
        await offer.getByRole('button', { name: 'Restore 2 unsaved changes' }).click();
        await waitUntil(
          async () => [site.getPost(first)?.title, site.getPost(second)?.title],
          ([firstTitle, secondTitle]) =>
            firstTitle === 'First, saved offline' && secondTitle === 'Second, saved offline',
          (last) => `both titles saved after going back online, got ${JSON.stringify(last)}`,
          30_000,
        );
        await expectText(page.getByTestId('dirty-count'), 'All changes saved', 'the header count');
        const expected = asked.map((id) => `PUT /wp/v2/posts/${id}`);
        const sent = savesSince(site, since);
        check(
          JSON.stringify(sent) === JSON.stringify(expected),
          `each save sent once, in the order asked: expected ${JSON.stringify(expected)}, got ${JSON.stringify(sent)}`,
        );
        await waitUntil(
          () => indexedDbJournalText(page),
          (text) => !text.includes('saved offline'),
          (last) => `the journal emptied once saved, got ${String(last).slice(0, 300)}`,
        );
        await step('sent once back online');
        // A later start offers nothing and sends nothing again.
        await page.reload();
        await titleField(page).waitFor();
        await page.getByRole('link', { name: 'Posts', exact: true }).waitFor();
        await expectCount(restoreOffer(page), 0, 'restore offers after the saves were sent');
        check(
          JSON.stringify(savesSince(site, since)) === JSON.stringify(expected),
          `nothing sent again after the next start, got ${JSON.stringify(savesSince(site, since))}`,
        );
      },
    },
  ];
}
