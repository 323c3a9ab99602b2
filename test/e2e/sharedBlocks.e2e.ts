/**
 * Browser tests of the blocks view (`?codec=blocks`: the store joins posts with a block codec and
 * the editor types through `sync.blocks` / `sync.editBlock`): two people typing in different
 * blocks at once on the demo's shared site, each seeing the other's words and caret, nothing lost,
 * and the save holding both.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import { MOCK_USERS } from '../../src/testing/index.js';
import type { PairTest } from './collaboration.e2e.js';
import { check, expectCount, expectText, fieldValue, waitUntil } from './harness.js';

const blocksView = (page: Page) => page.getByTestId('shared-blocks');
const textBlock = (page: Page, index: number) =>
  blocksView(page).locator('[data-testid="text-block"]').nth(index);
const caretsIn = (page: Page, index: number) =>
  blocksView(page).locator('.text-block-box').nth(index).locator('[data-testid="remote-caret"]');

/** Opens post 1 again in the blocks view (the pair starts on it without the codec). */
async function openBlocksView(page: Page, url: string, login: string): Promise<void> {
  await page.goto(`${url}?user=${login}&presenceTimeoutMs=3000&codec=blocks#/post/1`);
  await blocksView(page).waitFor({ timeout: 30_000 });
  await expectText(page.getByTestId('connection-status'), 'Live · 1 other person', `${login}'s connection`);
}

/** Post 1's content as the shared site has it, read over HTTP as the admin. */
async function savedContent(url: string): Promise<string> {
  const response = await fetch(new URL('wp-json/wp/v2/posts/1?context=edit', url), {
    headers: { authorization: MOCK_USERS.admin.authorization },
  });
  check(response.ok, `reading post 1 from the shared site answered HTTP ${response.status}`);
  return ((await response.json()) as { content: { raw: string } }).content.raw;
}

/** Waits until the text block at `index` of `page` reads `expected`. */
async function expectBlock(page: Page, index: number, expected: string, what: string): Promise<void> {
  await waitUntil(
    () => fieldValue(textBlock(page, index)),
    (value) => value === expected,
    (last) => `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(last)}`,
  );
}

/** The tests of two people in the blocks view. */
export const sharedBlocksTests: PairTest[] = [
  {
    name: 'blocks view: two people typing in different blocks at once see each other’s words and carets, and the save holds both',
    async run({ url, admin, eddie, step }) {
      await openBlocksView(admin, url, 'admin');
      await openBlocksView(eddie, url, 'editor');
      const original = await fieldValue(textBlock(admin, 0));
      // Admin starts a second paragraph (Enter: a change of structure, written once).
      await textBlock(admin, 0).click();
      await admin.keyboard.press('Control+End');
      await admin.keyboard.press('Enter');
      await expectCount(blocksView(eddie).locator('[data-testid="text-block"]'), 2, "Eddie's blocks");
      await textBlock(eddie, 0).click();
      await eddie.keyboard.press('Control+End');
      // Both type at once, each in a block of their own: keystrokes are the blocks' own changes.
      const adminWords = 'Admin writes the second paragraph.';
      const eddieWords = ' Eddie adds to the first.';
      await Promise.all([
        admin.keyboard.type(adminWords, { delay: 45 }),
        eddie.keyboard.type(eddieWords, { delay: 45 }),
      ]);
      for (const [page, who] of [
        [admin, 'Admin'],
        [eddie, 'Eddie'],
      ] as const) {
        await expectBlock(page, 0, original + eddieWords, `${who}'s first block`);
        await expectBlock(page, 1, adminWords, `${who}'s second block`);
      }
      // Each sees the other's caret in the block the other is in, and in no other.
      await expectText(caretsIn(eddie, 1), 'Admin', "Admin's caret in Eddie's second block");
      await expectCount(caretsIn(eddie, 0), 0, "Admin's caret in Eddie's first block");
      await expectText(caretsIn(admin, 0), 'Eddie Editor', "Eddie's caret in Admin's first block");
      await expectCount(caretsIn(admin, 1), 0, "Eddie's caret in Admin's second block");
      await step('two people in two blocks');
      // The save serializes the blocks once: the site's content holds both people's words.
      await admin.keyboard.press('Control+S');
      await waitUntil(
        () => savedContent(url),
        (content) => content.includes(original + eddieWords) && content.includes(`<p>${adminWords}</p>`),
        (last) => `the saved content holds both people's words: ${JSON.stringify(last)}`,
      );
      await step('saved');
    },
  },
];
