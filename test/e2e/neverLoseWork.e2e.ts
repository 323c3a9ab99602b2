/**
 * Browser tests of the demo's "never lose work" pieces: the journal's restore offer after a reload,
 * and the save-conflict dialog.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import { MOCK_USERS } from '../../src/testing/index.js';
import { check, expectCount, expectText, expectValue, waitUntil, type BrowserTest } from './harness.js';

/** What the demo puts on `window` in mock mode (the parts used here). */
interface MockWindow {
  wpMock?: { restRoot: string; getPost(id: number): { title: string } | undefined };
}

const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

/** Opens the editor of the list row at `index`; resolves to the post id. */
async function openRow(page: Page, index: number): Promise<number> {
  const row = page.locator('table.rows tbody tr').nth(index);
  await row.waitFor();
  const id = Number(await row.getAttribute('data-id'));
  await row.locator('td.col-title a').click();
  await titleField(page).waitFor();
  return id;
}

/** The post's title as the tab's mock WordPress has it saved. */
function savedTitle(page: Page, id: number): Promise<string | undefined> {
  return page.evaluate((postId) => (window as unknown as MockWindow).wpMock?.getPost(postId)?.title, id);
}

export const neverLoseWorkTests: BrowserTest[] = [
  {
    name: 'editing alone, offers to restore unsaved edits after a reload, and restoring brings them back',
    // Alone, the journal is the only copy of unsaved edits, and the user chooses to restore them.
    isSolo: true,
    async run({ page, step }) {
      const id = await openRow(page, 4);
      const before = await titleField(page).inputValue();
      await titleField(page).fill('Typed, then the tab was reloaded');
      // The journal writes within a second; then the page goes away without saving.
      await waitUntil(
        () => page.evaluate(() => sessionStorage.getItem('wp-entities-demo:journal') ?? ''),
        (text) => text.includes('Typed, then the tab was reloaded'),
        () => 'the journal entry in sessionStorage',
      );
      await page.reload();
      await titleField(page).waitFor();
      await expectValue(titleField(page), before, 'the saved title, before restoring');
      const offer = page.getByRole('region', { name: 'Unsaved changes from before' });
      await expectText(offer, 'You have 1 unsaved change', 'the restore offer');
      await expectText(
        offer.getByTestId('restore-entry'),
        `Post ${id} “Typed, then the tab was reloaded”: title`,
        'what the unsaved change is',
      );
      await step('restore offer');
      await offer.getByRole('button', { name: 'Restore 1 unsaved change' }).click();
      await expectValue(titleField(page), 'Typed, then the tab was reloaded', 'the title after restoring');
      await expectText(
        page.getByTestId('restore-done'),
        'Restored unsaved changes to 1 record',
        'the summary',
      );
      await expectCount(offer, 0, 'restore offers after restoring');
      await step('restored');
      await saveButton(page).click();
      await waitUntil(
        () => savedTitle(page, id),
        (title) => title === 'Typed, then the tab was reloaded',
        (last) => `the saved title, got ${String(last)}`,
      );
      await page.reload();
      await titleField(page).waitFor();
      await page.waitForTimeout(500);
      await expectCount(offer, 0, 'restore offers once the edits are saved');
    },
  },
  {
    name: 'with collaboration on, unsaved edits are back after a reload at once, and nothing offers them again',
    async run({ page, step }) {
      const id = await openRow(page, 4);
      await titleField(page).fill('Typed, then the tab was reloaded');
      await waitUntil(
        () => page.evaluate(() => sessionStorage.getItem('wp-entities-demo:journal') ?? ''),
        (text) => text.includes('Typed, then the tab was reloaded'),
        () => 'the journal entry in sessionStorage',
      );
      await page.reload();
      await titleField(page).waitFor();
      // The shared document's local copy brought them back: the journal's copy is not offered.
      await expectValue(titleField(page), 'Typed, then the tab was reloaded', 'the title after the reload');
      await expectText(page.getByTestId('dirty-count'), '1 unsaved change', 'the header count');
      await page.waitForTimeout(500);
      await expectCount(
        page.getByRole('region', { name: 'Unsaved changes from before' }),
        0,
        'restore offers for edits already back',
      );
      await step('edits back');
      await saveButton(page).click();
      await waitUntil(
        () => savedTitle(page, id),
        (title) => title === 'Typed, then the tab was reloaded',
        (last) => `the saved title, got ${String(last)}`,
      );
      await expectText(page.getByTestId('dirty-count'), 'All changes saved', 'the header count after saving');
    },
  },
  {
    name: 'shows the conflict dialog when someone else saved the post meanwhile, and keeps mine',
    async run({ page, step }) {
      const id = await openRow(page, 5);
      await titleField(page).fill('My title');
      // Someone else (the administrator, from elsewhere) saves a new title meanwhile.
      const status = await page.evaluate(
        async ({ postId, authorization }) => {
          const root = (window as unknown as MockWindow).wpMock?.restRoot ?? '';
          const response = await fetch(`${root}/wp/v2/posts/${postId}`, {
            method: 'PUT',
            headers: { Authorization: authorization, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: 'Their title' }),
          });
          return response.status;
        },
        { postId: id, authorization: MOCK_USERS.admin.authorization },
      );
      check(status === 200, `the other save answered ${status}`);
      await saveButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Save conflict' });
      await expectText(dialog, 'was saved by someone else while you edited it', 'the conflict dialog');
      await expectText(dialog.getByTestId('conflict-mine'), 'My title', 'my value');
      await expectText(dialog.getByTestId('conflict-theirs'), 'Their title', 'their value');
      check((await savedTitle(page, id)) === 'Their title', 'nothing of mine was sent');
      await expectValue(titleField(page), 'My title', 'my title is kept in the form');
      await step('conflict dialog');
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await expectCount(dialog, 0, 'conflict dialogs after keeping mine');
      await saveButton(page).click();
      await waitUntil(
        () => savedTitle(page, id),
        (title) => title === 'My title',
        (last) => `the saved title after keeping mine, got ${String(last)}`,
      );
      await step('kept mine');
    },
  },
];
