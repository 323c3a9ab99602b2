/**
 * Browser tests of the block inserter with two people on the demo's shared site: "/" in an empty
 * block opens a searchable list of blocks, Enter turns the block into the one chosen, Escape closes
 * the list and leaves the "/" typed, and the "+" after a block inserts one; the other window sees
 * each new block.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import type { PairTest } from './collaboration.e2e.js';
import { check, expectCount, expectText, expectValue } from './harness.js';

const blockField = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const blockList = (page: Page) => page.getByRole('listbox', { name: 'Blocks' });
const highlighted = (page: Page) => blockList(page).locator('[role="option"][aria-selected="true"]');

/** The tests of the inserter, two people on one post. */
export const inserterTests: PairTest[] = [
  {
    name: 'shared site: "/" in an empty block and the "+" after a block insert blocks, and both windows see them',
    async run({ admin, eddie, step }) {
      // Admin ends the first paragraph with Enter: an empty paragraph, where "/" opens the list.
      const first = admin.getByTestId('text-block').first();
      await first.click();
      await admin.keyboard.press('Control+End');
      await admin.keyboard.press('Enter');
      await expectCount(eddie.getByTestId('text-block'), 2, "Eddie's text blocks after Admin's Enter");
      await admin.keyboard.type('/');
      await expectText(highlighted(admin), /^Paragraph$/, 'the first entry of the "/" list');
      await admin.keyboard.type('quo');
      await expectText(highlighted(admin), /^Quote$/, 'the entry found by "/quo"');
      // The block keeps the focus; the list is its active descendant (for screen readers).
      const aria = await admin.evaluate(() => {
        const field = document.activeElement;
        const active = field?.getAttribute('aria-activedescendant');
        return {
          label: field?.getAttribute('aria-label'),
          expanded: field?.getAttribute('aria-expanded'),
          option: active ? document.getElementById(active)?.textContent : undefined,
        };
      });
      check(
        aria.label === 'Paragraph, block 2' && aria.expanded === 'true' && aria.option === 'Quote',
        `the "/" block holds the focus and points at the highlighted option; got ${JSON.stringify(aria)}`,
      );
      await admin.keyboard.press('Enter');
      await expectCount(blockList(admin), 0, "Admin's list after choosing");
      await admin.keyboard.type('Write what you see.');
      await expectValue(blockField(admin, 'Quote, block 2'), 'Write what you see.', "Admin's new quote");
      await expectValue(
        blockField(eddie, 'Quote, block 2'),
        'Write what you see.',
        "Eddie's copy of the quote",
      );
      await step('"/" made a quote');

      // Eddie uses the "+" after the quote: search, arrow down, Enter.
      await eddie.getByRole('button', { name: 'Add a block after block 2' }).click();
      await eddie.getByRole('combobox', { name: 'Search for a block' }).fill('head');
      await expectText(highlighted(eddie), /^Heading$/, 'the first entry found by "head"');
      await eddie.keyboard.press('ArrowDown');
      await expectText(highlighted(eddie), /^Subheading$/, 'the entry after ArrowDown');
      await eddie.keyboard.press('Enter');
      await expectValue(blockField(eddie, 'Heading 3, block 3'), '', "Eddie's new subheading");
      await expectValue(blockField(admin, 'Heading 3, block 3'), '', "Admin's copy of the subheading");
      await step('"+" made a subheading');

      // Escape closes the "/" list and leaves the "/" typed, in both windows.
      await eddie.keyboard.type('/');
      await expectCount(blockList(eddie), 1, 'Eddie\'s list after "/" in the subheading');
      await eddie.keyboard.press('Escape');
      await expectCount(blockList(eddie), 0, "Eddie's list after Escape");
      await eddie.keyboard.type('2');
      await expectValue(blockField(eddie, 'Heading 3, block 3'), '/2', "Eddie's subheading after Escape");
      await expectValue(blockField(admin, 'Heading 3, block 3'), '/2', "Admin's copy of it");
      await expectCount(blockList(eddie), 0, "Eddie's list stays closed as he types on");
      await step('Escape left the "/" typed');
    },
  },
];
