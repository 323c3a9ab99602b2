/**
 * The browser tests of the example editor on the mock WordPress: what a person does, step by step.
 *
 * @module
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { MockWordPress } from '../../src/testing/index.js';
import { check, expectCount, expectText, expectValue, waitUntil, type BrowserTest } from './harness.js';

/** Where the README screenshot is written. */
export const README_SCREENSHOT = join(process.cwd(), 'docs', 'editor.png');

interface LoggedRequest {
  method: string;
  path: string;
  body: unknown;
  status: number | undefined;
}

/** What the demo puts on `window` in mock mode. */
interface MockWindow {
  wpMock?: {
    requests: readonly LoggedRequest[];
    clearRequests(): void;
    hold(filter: { method: string; path: string }): { release(): void };
  };
}

const rows = (page: Page) => page.locator('table.rows tbody tr');
const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const saveState = (page: Page) => page.getByTestId('save-state');
const dirtyCount = (page: Page) => page.getByTestId('dirty-count');

/** Opens the editor of a post by its address (`#/post/1`). */
async function openPost(page: Page, id: number): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/post/${id}`);
  await titleField(page).waitFor();
}

/** Opens the list of `type` and waits for its rows. */
async function openList(page: Page, type: 'posts' | 'pages'): Promise<void> {
  await page.getByRole('link', { name: type === 'posts' ? 'Posts' : 'Pages', exact: true }).click();
  await rows(page).first().waitFor();
}

/** Opens the editor of the list row at `index`; resolves to the record id. */
async function openRow(page: Page, index: number): Promise<number> {
  const row = rows(page).nth(index);
  const id = Number(await row.getAttribute('data-id'));
  await row.locator('td.col-title a').click();
  await titleField(page).waitFor();
  return id;
}

/** The requests the mock WordPress of the tab has seen. */
function mockRequests(page: Page): Promise<LoggedRequest[]> {
  return page.evaluate(() =>
    ((window as unknown as MockWindow).wpMock?.requests ?? []).map((r) => ({
      method: r.method,
      path: r.path,
      body: r.body,
      status: r.status,
    })),
  );
}

export const tests: BrowserTest[] = [
  {
    name: 'opens the post list with totals, filters by status and searches',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      await expectText(page.getByTestId('totals'), /^\d+ items$/, 'the total from X-WP-Total');
      await expectCount(rows(page), 10, 'rows on the first page');
      await step('post list');
      await page.getByLabel('Status filter').selectOption('draft');
      await expectText(rows(page).first(), 'Draft', 'the first draft row');
      const statuses = await rows(page).locator('td:nth-child(3)').allTextContents();
      check(
        statuses.length > 0 && statuses.every((s) => s === 'Draft'),
        `only drafts are listed, got ${statuses.join(', ')}`,
      );
      await step('drafts only');
      await page.getByLabel('Status filter').selectOption('all');
      await page.getByLabel('Search').fill('Hello');
      await expectCount(rows(page), 1, 'rows matching "Hello"');
      await expectText(rows(page).first(), 'Hello world!', 'the search result');
      await step('search');
    },
  },
  {
    name: 'edits a title, shows it dirty, and undoes and redoes it with the keyboard',
    async run({ page, step }) {
      await openPost(page, 1);
      await expectValue(titleField(page), 'Hello world!', 'the title field');
      await step('post open');
      await titleField(page).fill('Hello, editor!');
      await expectText(saveState(page), 'Unsaved changes', 'the save state');
      await expectText(dirtyCount(page), '1 unsaved change', 'the header count');
      await step('edited and dirty');
      await page.keyboard.press('Control+z');
      await expectValue(titleField(page), 'Hello world!', 'the title after Ctrl+Z');
      await expectText(saveState(page), 'Saved', 'the save state after undo');
      await step('undone');
      await page.keyboard.press('Control+Shift+z');
      await expectValue(titleField(page), 'Hello, editor!', 'the title after Shift+Ctrl+Z');
      await expectText(saveState(page), 'Unsaved changes', 'the save state after redo');
      await step('redone');
    },
  },
  {
    name: 'editing alone, autosaves a dirty post after 10 seconds and offers to restore the autosave after a reload',
    // Alone, a reload shows the saved post: the autosave is what the prompt offers back.
    isSolo: true,
    async run({ page, step }) {
      await openRow(page, 3);
      const id = Number(/#\/post\/(\d+)/.exec(page.url())?.[1]);
      // The page's timers run on a fake clock from here: no real ten-second wait.
      await page.clock.install();
      await titleField(page).fill('Typed, then left alone');
      await page.evaluate(() => (window as unknown as MockWindow).wpMock?.clearRequests());
      // Hold the autosave in flight, to see the editor say so.
      await page.evaluate((path) => {
        const w = window as unknown as MockWindow & { heldAutosave?: { release(): void } | undefined };
        w.heldAutosave = w.wpMock?.hold({ method: 'POST', path });
      }, `/wp/v2/posts/${id}/autosaves`);
      await page.clock.runFor(10_500);
      await expectText(saveState(page), 'Autosaving…', 'the save state while autosaving');
      await step('autosaving');
      await page.evaluate(() =>
        (window as unknown as { heldAutosave?: { release(): void } }).heldAutosave?.release(),
      );
      await waitUntil(
        () => mockRequests(page),
        (log) =>
          log.some(
            (r) => r.method === 'POST' && r.path === `/wp/v2/posts/${id}/autosaves` && r.status === 200,
          ),
        (log) => `an autosave request, got ${(log ?? []).map((r) => `${r.method} ${r.path}`).join(', ')}`,
      );
      await expectText(saveState(page), 'Unsaved changes', 'the save state after the autosave');
      await step('autosaved');
      await page.clock.resume();
      await page.reload();
      await titleField(page).waitFor();
      await expectText(
        page.getByTestId('autosave-notice'),
        'more recent than the version below',
        'the autosave prompt',
      );
      check(
        (await titleField(page).inputValue()) !== 'Typed, then left alone',
        'the reload shows the saved post',
      );
      await step('autosave prompt');
      await page.getByRole('button', { name: 'Restore the autosave' }).click();
      await expectValue(titleField(page), 'Typed, then left alone', 'the title after restoring the autosave');
      await expectText(saveState(page), 'Unsaved changes', 'the restored autosave is an unsaved edit');
      await step('autosave restored');
    },
  },
  {
    name: 'with collaboration on, an autosave of the edits a reload brought back is not offered again, even while typing on',
    async run({ page, step }) {
      await openRow(page, 3);
      const id = Number(/#\/post\/(\d+)/.exec(page.url())?.[1]);
      await page.clock.install();
      await titleField(page).fill('Typed, then left alone');
      await page.evaluate(() => (window as unknown as MockWindow).wpMock?.clearRequests());
      await page.clock.runFor(10_500);
      await waitUntil(
        () => mockRequests(page),
        (log) =>
          log.some(
            (r) => r.method === 'POST' && r.path === `/wp/v2/posts/${id}/autosaves` && r.status === 200,
          ),
        (log) => `an autosave request, got ${(log ?? []).map((r) => `${r.method} ${r.path}`).join(', ')}`,
      );
      await page.clock.resume();
      await page.reload();
      await titleField(page).waitFor();
      // The shared document's local copy is back: the same text as the autosave, so no prompt.
      await expectValue(titleField(page), 'Typed, then left alone', 'the title after the reload');
      await page.waitForTimeout(1000);
      await expectCount(page.getByTestId('autosave-notice'), 0, 'autosave prompts');
      await titleField(page).press('End');
      await page.keyboard.type(' and more');
      await page.waitForTimeout(500);
      await expectCount(page.getByTestId('autosave-notice'), 0, 'autosave prompts after typing on');
      await expectText(saveState(page), 'Unsaved changes', 'the save state');
      await step('edits back, no prompt');
    },
  },
  {
    name: 'saves a post and still shows the change after a reload',
    async run({ page, step }) {
      await openRow(page, 1);
      await titleField(page).fill('A title that survives a reload');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectText(saveState(page), /^Saved$/, 'the save state after saving');
      await expectText(dirtyCount(page), 'All changes saved', 'the header count after saving');
      await step('saved');
      await page.reload();
      await expectValue(titleField(page), 'A title that survives a reload', 'the title after a reload');
      await step('after reload');
      await openList(page, 'posts');
      await expectText(rows(page).nth(1), 'A title that survives a reload', 'the list row after a reload');
    },
  },
  {
    name: 'a failed save shows the error and keeps the text',
    async run({ page, step }) {
      await openRow(page, 2);
      await page.getByRole('button', { name: 'Make the next save fail' }).click();
      await titleField(page).fill('This text must not be lost');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectText(
        page.getByRole('alert').first(),
        'The site had a problem (error 500)',
        'the error message',
      );
      await expectText(page.getByRole('alert').first(), 'nothing was lost', 'the reassurance');
      await expectValue(titleField(page), 'This text must not be lost', 'the title after the failure');
      await expectText(saveState(page), 'Unsaved changes', 'the save state after the failure');
      await step('save failed');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectText(saveState(page), /^Saved$/, 'the save state after retrying');
      await expectCount(page.getByRole('alert'), 0, 'error messages after a successful retry');
      await step('retry saved');
    },
  },
  {
    name: '"Save all" saves two posts and a page in one batch request',
    async run({ page, step }) {
      await openRow(page, 1);
      await titleField(page).fill('Batch: first post');
      await openList(page, 'posts');
      await openRow(page, 2);
      await titleField(page).fill('Batch: second post');
      await openList(page, 'pages');
      await openRow(page, 0);
      await titleField(page).fill('Batch: a page');
      await expectCount(page.getByTestId('unsaved-item'), 3, 'records in the unsaved panel');
      await step('three unsaved records');
      await page.evaluate(() => (window as unknown as MockWindow).wpMock?.clearRequests());
      await page.getByRole('button', { name: 'Save all' }).click();
      await expectText(page.locator('.unsaved .summary'), 'Saved 3 changes.', 'the Save all summary');
      await expectText(dirtyCount(page), 'All changes saved', 'the header count');
      await step('all saved');
      const writes = (await mockRequests(page)).filter((r) => !['GET', 'OPTIONS', 'HEAD'].includes(r.method));
      check(
        writes.length === 1,
        `one write request, got ${writes.map((w) => `${w.method} ${w.path}`).join(', ')}`,
      );
      const [batch] = writes;
      check(
        batch?.method === 'POST' && batch.path === '/batch/v1',
        `the write is POST /batch/v1, got ${batch?.method} ${batch?.path}`,
      );
      const inner = (batch.body as { requests?: unknown[] } | undefined)?.requests ?? [];
      check(inner.length === 3, `the batch holds 3 requests, got ${inner.length}`);
    },
  },
  {
    name: 'an author sees no Delete on a post of someone else, and sees it on their own',
    async run({ page, step }) {
      await page.getByLabel('Signed in as').selectOption('author');
      await expectText(page.locator('.current-user'), 'Ana Author', 'the signed-in user');
      await rows(page).first().waitFor();
      // An author's "All" lists their own posts; everyone's published posts are one filter away.
      await page.getByLabel('Status filter').selectOption('publish');
      await expectText(
        rows(page).filter({ hasText: 'Admin' }).first(),
        'Admin',
        'a published post of the administrator',
      );
      const others = rows(page).filter({ hasText: 'Admin' }).first();
      await others.locator('td.col-title a').click();
      await expectText(
        page.getByTestId('read-only-post'),
        'You can read this post but not edit it.',
        'the read-only notice',
      );
      await expectCount(
        page.getByRole('button', { name: 'Delete', exact: true }),
        0,
        'Delete buttons on an admin post',
      );
      await step('no delete on admin post');
      await openList(page, 'posts');
      await rows(page).filter({ hasText: 'Ana Author' }).first().locator('td.col-title a').click();
      await titleField(page).waitFor();
      await expectCount(
        page.getByRole('button', { name: 'Delete', exact: true }),
        1,
        'Delete buttons on an own post',
      );
      await step('delete on own post');
    },
  },
  {
    name: 'deletes a post after a confirmation, and the list no longer has it',
    async run({ page, step }) {
      const total = Number(
        /\d+/.exec(await expectText(page.getByTestId('totals'), /^\d+ items$/, 'the total'))?.[0],
      );
      const id = await openRow(page, 0);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectText(page.getByRole('alertdialog'), 'to the trash?', 'the confirmation');
      await step('confirm delete');
      await page.getByRole('button', { name: 'Yes, move to trash' }).click();
      await rows(page).first().waitFor();
      await expectText(page.getByTestId('totals'), `${total - 1} items`, 'the total after deleting');
      await expectCount(page.locator(`table.rows tbody tr[data-id="${id}"]`), 0, 'rows of the deleted post');
      await step('deleted');
    },
  },
  {
    name: 'edits the site title in the header and keeps it after a reload',
    async run({ page, step }) {
      const field = page.getByLabel('Site title');
      await expectValue(field, 'Field Notes', 'the site title');
      await field.fill('Field Notes Daily');
      await expectText(dirtyCount(page), '1 unsaved change', 'the header count');
      await expectText(page.getByTestId('unsaved-item'), 'Site title', 'the unsaved panel');
      await step('site title edited');
      await page.getByRole('button', { name: 'Save title' }).click();
      await expectText(dirtyCount(page), 'All changes saved', 'the header count after saving');
      await page.reload();
      await expectValue(page.getByLabel('Site title'), 'Field Notes Daily', 'the site title after a reload');
      await step('site title after reload');
    },
  },
  {
    name: 'shows an embed preview, and the plain link when there is none',
    async run({ page, step }) {
      await page.getByRole('link', { name: 'Embed', exact: true }).click();
      await page.getByLabel('Embed URL').fill('https://wordpress.org/news/');
      await page.getByRole('button', { name: 'Embed', exact: true }).click();
      await expectText(page.getByTestId('embed-preview'), 'WordPress.org', 'the preview caption');
      await step('embed preview');
      await page.getByLabel('Embed URL').fill('https://example.com/not-embeddable');
      await page.getByRole('button', { name: 'Embed', exact: true }).click();
      await expectText(
        page.getByTestId('embed-fallback'),
        'https://example.com/not-embeddable',
        'the fallback link',
      );
      await step('embed fallback');
    },
  },
  {
    name: 'lists the templates and shows the global styles palette',
    async run({ page, step }) {
      await page.getByRole('link', { name: 'Templates', exact: true }).click();
      await expectText(
        page.getByRole('region', { name: 'Templates' }).locator('tbody').first(),
        'single',
        'the template list',
      );
      await step('templates');
      await page.getByRole('link', { name: 'Styles', exact: true }).click();
      await expectText(page.locator('.styles'), 'Active theme:', 'the active theme');
      await expectText(page.locator('.styles'), 'Brand Blue', 'the site palette');
      await step('styles');
    },
  },
  {
    name: 'takes the README screenshot of the editor',
    async run({ page }) {
      await rows(page).filter({ hasText: 'Notes from the salt marsh' }).locator('td.col-title a').click();
      await expectValue(titleField(page), 'Notes from the salt marsh', 'the title field');
      await page.getByLabel('Site title').fill('Field Notes, edited');
      await titleField(page).fill('Notes from the salt marsh, at dawn');
      const paragraph = page.getByTestId('text-block').first();
      await paragraph.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Edited in the example editor.');
      await expectText(dirtyCount(page), '2 unsaved changes', 'the header count');
      await page.screenshot({ path: README_SCREENSHOT });
    },
  },
];

/**
 * The same editor on a WordPress reached through the dev server's proxy (here the mock's Node HTTP
 * server standing in for a real site): the proxy adds the author's application password, the page
 * itself sends no credentials.
 */
export function proxyTests(site: MockWordPress): BrowserTest[] {
  return [
    {
      name: 'runs on a WordPress site through the dev server proxy, signed in on the server side',
      async run({ page, step }) {
        await expectText(page.locator('.current-user'), 'Ana Author', 'the user the proxy signs in as');
        check(
          (await page.getByRole('region', { name: 'Demo site' }).count()) === 0,
          'no demo controls on a real site',
        );
        await rows(page).first().waitFor();
        await rows(page).filter({ hasText: 'Ana Author' }).first().locator('td.col-title a').click();
        await titleField(page).waitFor();
        const id = Number(/#\/post\/(\d+)/.exec(page.url())?.[1]);
        await titleField(page).fill('Saved through the proxy');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expectText(saveState(page), /^Saved$/, 'the save state');
        await step('saved through the proxy');
        check(
          site.getPost(id)?.title === 'Saved through the proxy',
          `the site stored the new title of post ${id}`,
        );
        const writes = site.requests.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS');
        check(
          writes.length > 0 && writes.every((r) => r.userId === 3),
          'every write acted as the author (user 3)',
        );
      },
    },
  ];
}
