/**
 * Browser tests of writing in blocks as in the block editor: a new post opened by its address (and
 * reloaded) takes typing and starts with an empty paragraph, Enter in the title goes to it, Enter
 * splits a block, Backspace at its start merges it back, and the arrows move between blocks.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import {
  expectCount,
  expectValue,
  fieldValue,
  focusedField,
  waitUntil,
  type BrowserTest,
} from './harness.js';

const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const textBlocks = (page: Page) => page.getByTestId('text-block');

/** The accessible name of the focused element and its caret. */
async function focused(page: Page): Promise<{ label: string; caret: number }> {
  const { label, start } = await focusedField(page);
  return { label, caret: start };
}

async function expectFocus(page: Page, label: string, caret: number, what: string): Promise<void> {
  await waitUntil(
    () => focused(page),
    (now) => now.label === label && now.caret === caret,
    (last) => `${what}: expected the caret at ${caret} in "${label}", got ${JSON.stringify(last)}`,
  );
}

/** The browser tests of block editing (one window, the tab's own mock site). */
export const blockEditingTests: BrowserTest[] = [
  {
    name: 'blocks: a new post opened by its address, and reloaded, takes typing in the title and an empty first paragraph',
    async run({ page, url, step }) {
      await page.goto(new URL('#/post/new', url).toString());
      await page.reload();
      await titleField(page).waitFor({ timeout: 30_000 });
      await expectCount(textBlocks(page), 1, 'paragraphs of a new post');
      await expectValue(textBlocks(page).first(), '', 'the first paragraph of a new post');
      await titleField(page).click();
      await page.keyboard.type('Linked post');
      await expectValue(titleField(page), 'Linked post', 'the title typed after a reload');
      // Enter in the title goes to the first block.
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Paragraph, block 1', 0, 'after Enter in the title');
      await page.keyboard.type('First words.');
      await expectValue(textBlocks(page).first(), 'First words.', 'the first paragraph');
      await expectValue(titleField(page), 'Linked post', 'the title after Enter (no newline, no change)');
      await step('new post typed');
    },
  },
  {
    name: 'blocks: Enter splits a paragraph, the arrows cross between blocks, Backspace at the start merges them',
    async run({ page, url, step }) {
      await page.goto(new URL('#/post/1', url).toString());
      const first = textBlocks(page).first();
      await first.waitFor({ timeout: 30_000 });
      const original = await fieldValue(first);
      await first.click();
      await page.keyboard.press('Control+Home');
      for (let i = 0; i < 'Welcome '.length; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expectCount(textBlocks(page), 2, 'blocks after Enter in the middle');
      await expectValue(textBlocks(page).nth(0), 'Welcome ', 'the first half');
      await expectValue(textBlocks(page).nth(1), original.slice('Welcome '.length), 'the second half');
      await expectFocus(page, 'Paragraph, block 2', 0, 'after the split');
      await step('split');
      await page.keyboard.press('ArrowLeft');
      await expectFocus(page, 'Paragraph, block 1', 'Welcome '.length, 'Left at the start of block 2');
      await page.keyboard.press('ArrowDown');
      await expectFocus(page, 'Paragraph, block 2', 0, 'Down at the end of block 1');
      await page.keyboard.press('Backspace');
      await expectCount(textBlocks(page), 1, 'blocks after Backspace at the start of block 2');
      await expectValue(textBlocks(page).first(), original, 'the merged paragraph');
      await expectFocus(page, 'Paragraph, block 1', 'Welcome '.length, 'after the merge');
      // Up at the start of the first block goes back to the title.
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('ArrowUp');
      await expectFocus(page, 'Title', 'Hello world!'.length, 'Up at the start of the first block');
      await step('merged');
    },
  },
];
