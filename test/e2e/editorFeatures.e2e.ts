/**
 * Browser tests of the editor's writing features and of the fixes of issue 18: blocks, new posts,
 * the trash, revisions, undo, leave warnings, layout, and axe on every screen.
 *
 * @module
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { blocksOf, updateBlock } from '../../examples/editor/src/post/blocks/blockEdits.js';
import { SAMPLE_CONTENT } from '../../examples/editor/src/post/blocks/sampleContent.js';
import { expectAccessible } from './axe.js';
import {
  ARTIFACTS_DIR,
  check,
  expectCount,
  expectText,
  expectValue,
  fieldValue,
  waitUntil,
  type BrowserTest,
} from './harness.js';

/** The demo's post built from SAMPLE_CONTENT. */
const MARSH_TITLE = 'Notes from the salt marsh';

interface StoredPost {
  id: number;
  title: string;
  content: string;
  status: string;
  type: string;
  parent: number;
}

interface MockWindow {
  wpMock?: {
    getPost(id: number): StoredPost | undefined;
    requests: ReadonlyArray<{ method: string; path: string; body: unknown; status: number | undefined }>;
    clearRequests(): void;
  };
}

const rows = (page: Page) => page.locator('table.rows tbody tr');
const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const saveState = (page: Page) => page.getByTestId('save-state');
const dirtyCount = (page: Page) => page.getByTestId('dirty-count');
const blockField = (page: Page, index: number) => page.getByTestId('text-block').nth(index);
const saveButton = (page: Page) => page.getByRole('button', { name: /^Save( draft)?$/ });

function storedPost(page: Page, id: number): Promise<StoredPost | undefined> {
  return page.evaluate((postId) => (window as unknown as MockWindow).wpMock?.getPost(postId), id);
}

function currentId(page: Page): number {
  return Number(/#\/(?:post|page)\/(\d+)/.exec(page.url())?.[1]);
}

async function openMarsh(page: Page): Promise<number> {
  await rows(page).filter({ hasText: MARSH_TITLE }).locator('td.col-title a').click();
  await expectValue(titleField(page), MARSH_TITLE, 'the title of the sample post');
  return currentId(page);
}

/** The WCAG contrast ratio of two CSS `rgb()` colours. */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const linear = (channel: number) => {
      const s = channel / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [a, b] = [luminance(foreground), luminance(background)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
}

export const featureTests: BrowserTest[] = [
  {
    name: 'adds a new post: nothing is a change until typed, the first save makes a draft and gives it an address',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      await page.getByRole('link', { name: 'Add new post' }).click();
      await titleField(page).waitFor();
      check(
        await titleField(page).evaluate((element) => element === document.activeElement),
        'the title field has focus on a new post',
      );
      await expectText(dirtyCount(page), 'All changes saved', 'an untouched new post is not a change');
      await expectAccessible(page, 'new post');
      await page.keyboard.type('A post written in the browser');
      // A new post starts with an empty paragraph; Enter in the title goes to it.
      await page.keyboard.press('Enter');
      await page.keyboard.type('Its first paragraph.');
      await expectText(dirtyCount(page), '1 unsaved change', 'the new post is unsaved');
      await step('new post typed');
      await saveButton(page).click();
      await waitUntil(
        async () => page.url(),
        (url) => /#\/post\/\d+$/.test(url),
        (url) => `the address of the saved post, got ${String(url)}`,
      );
      await expectText(saveState(page), /^Saved$/, 'the save state');
      const stored = await storedPost(page, currentId(page));
      check(stored?.status === 'draft', `the new post is a draft, got ${stored?.status}`);
      check(
        stored?.content === '<!-- wp:paragraph -->\n<p>Its first paragraph.</p>\n<!-- /wp:paragraph -->',
        `the content is one paragraph block, got ${JSON.stringify(stored?.content)}`,
      );
      await step('new post saved');
      await page.getByRole('link', { name: '‹ All posts' }).click();
      await page.getByLabel('Status filter').selectOption('draft');
      await expectText(rows(page).first(), 'A post written in the browser', 'the new draft in the list');
    },
  },
  {
    name: 'edits blocks and saves them back with every untouched block byte-identical',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      const id = await openMarsh(page);
      await expectCount(page.getByTestId('block-card'), 6, 'blocks kept as cards');
      await expectAccessible(page, 'post editor with blocks');
      await step('blocks');
      const first = blockField(page, 0);
      await first.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Edited.');
      // The heading becomes level 3 (its tools show while it has focus).
      await blockField(page, 1).focus();
      await page.getByLabel('Heading level of block 2').selectOption('3');
      await saveButton(page).click();
      await expectText(saveState(page), /^Saved$/, 'the save state');
      await expectText(page.getByTestId('save-announcer'), /^Saved$/, 'the live region announcing the save');
      const stored = await storedPost(page, id);
      const paragraph = blocksOf(SAMPLE_CONTENT)[0] as { text: string };
      let expected = updateBlock(SAMPLE_CONTENT, 0, { type: 'paragraph', text: `${paragraph.text} Edited.` });
      expected = updateBlock(expected, 1, { type: 'heading', text: 'What to pack', level: 3 });
      check(
        stored?.content === expected,
        'the stored content is the original with only the two edited blocks changed',
      );
      check(
        stored.content.includes(
          '<!-- wp:image {"id":42,"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large">',
        ),
        'the image block is byte-identical',
      );
      await step('saved');
      // Add, move and remove: the structure round-trips too.
      await page.getByRole('button', { name: '+ Add paragraph' }).click();
      await page.keyboard.type('Closing line');
      const count = await page.getByTestId('text-block').count();
      await page
        .getByRole('button', { name: `Remove block ${await page.locator('.block').count()}` })
        .click();
      await expectCount(page.getByTestId('text-block'), count - 1, 'text blocks after removing the new one');
      // Back to the saved content: nothing left to save.
      await expectText(saveState(page), /^Saved$/, 'the save state after add and remove');
      check(
        (await storedPost(page, id))?.content === expected,
        'adding then removing a block leaves the content as it was',
      );
    },
  },
  {
    name: 'trashes a post, shows it as trashed with Restore, restores it and deletes another for good',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      const id = Number(await rows(page).nth(4).getAttribute('data-id'));
      await rows(page).nth(4).locator('td.col-title a').click();
      await titleField(page).waitFor();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, move to trash' }).click();
      await rows(page).first().waitFor();
      // Its address now shows it as trashed, not "Loading" and not "Published".
      await page.evaluate((hash) => (window.location.hash = hash), `#/post/${id}`);
      await expectText(page.getByTestId('trashed-post'), 'is in the trash', 'the trashed view');
      await expectAccessible(page, 'trashed post');
      await step('trashed post');
      await page.getByRole('link', { name: '‹ All posts' }).click();
      await page.getByRole('link', { name: 'Trash', exact: true }).click();
      await expectCount(
        page.locator(`table.rows tbody tr[data-id="${id}"]`),
        1,
        'the post in the trash list',
      );
      await expectAccessible(page, 'trash');
      await step('trash list');
      await page
        .locator(`table.rows tbody tr[data-id="${id}"]`)
        .getByRole('button', { name: /^Restore/ })
        .click();
      await expectCount(
        page.locator(`table.rows tbody tr[data-id="${id}"]`),
        0,
        'the restored post leaves the trash',
      );
      check((await storedPost(page, id))?.status === 'draft', 'the restored post is a draft');
      // Trash another one and delete it permanently from the trash (the confirm is accepted).
      await page.getByRole('link', { name: '‹ All posts' }).click();
      await rows(page).first().waitFor();
      const other = Number(await rows(page).nth(5).getAttribute('data-id'));
      // Open that post by its id: the list may refresh (the restored draft comes back) in between.
      await page.locator(`table.rows tbody tr[data-id="${other}"] td.col-title a`).click();
      await page.waitForURL(new RegExp(`#/post/${other}$`));
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, move to trash' }).click();
      await rows(page).first().waitFor();
      await page.getByRole('link', { name: 'Trash', exact: true }).click();
      await page
        .locator(`table.rows tbody tr[data-id="${other}"]`)
        .getByRole('button', { name: /permanently/ })
        .click();
      await expectCount(
        page.locator(`table.rows tbody tr[data-id="${other}"]`),
        0,
        'the deleted post leaves the trash',
      );
      check((await storedPost(page, other)) === undefined, 'the post is gone from the site');
      await step('deleted for good');
    },
  },
  {
    name: 'compares a revision side by side and restores it with its block markup exactly',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      const id = await openMarsh(page);
      // Save twice: the first revision holds the sample content with a changed first paragraph.
      await blockField(page, 0).click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Version two.');
      await saveButton(page).click();
      await expectText(saveState(page), /^Saved$/, 'the first save');
      const versionTwo = (await storedPost(page, id))?.content ?? '';
      await blockField(page, 2).focus();
      await page.getByRole('button', { name: 'Remove block 3' }).click();
      await saveButton(page).click();
      await expectText(saveState(page), /^Saved$/, 'the second save');
      check((await storedPost(page, id))?.content !== versionTwo, 'the second save changed the content');
      await expectCount(page.getByTestId('revision'), 2, 'revisions listed');
      await expectText(
        page.getByTestId('revision').first(),
        'by Admin',
        'a revision is labelled with its author',
      );
      await page
        .getByTestId('revision')
        .nth(0)
        .getByRole('button', { name: /^Compare/ })
        .click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('button', { name: 'Restore this revision' }).waitFor();
      await expectAccessible(page, 'revision compare');
      await step('compare');
      await page.keyboard.press('Escape');
      await expectCount(page.getByRole('dialog'), 0, 'dialogs after Escape');
      // The older revision (the second in the list, newest first) is version two.
      await page
        .getByTestId('revision')
        .nth(1)
        .getByRole('button', { name: /^Compare/ })
        .click();
      await expectText(page.getByRole('dialog'), 'A thermos', 'the removed list in the revision column');
      await page.getByRole('button', { name: 'Restore this revision' }).click();
      await saveButton(page).click();
      await expectText(saveState(page), /^Saved$/, 'the save of the restored revision');
      const restored = (await storedPost(page, id))?.content;
      check(
        restored === versionTwo,
        `the restored content is the revision's markup exactly, got ${JSON.stringify(restored?.slice(0, 120))}`,
      );
      await step('restored');
    },
  },
  {
    name: 'undo steps by word and by pause, keeps the caret where the change was, and stays out of other inputs',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      await openMarsh(page);
      const first = blockField(page, 0);
      const original = await fieldValue(first);
      await first.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' one two three');
      await page.keyboard.press('Control+z');
      await expectValue(first, `${original} one two `, 'one Ctrl+Z removes the last word');
      await page.keyboard.press('Control+z');
      await expectValue(first, `${original} one `, 'the next removes the word before');
      // A pause closes a step: "abc", a pause, "def": Ctrl+Z leaves "abc".
      await page.keyboard.type('abc');
      await page.waitForTimeout(1300);
      await page.keyboard.type('def');
      await page.keyboard.press('Control+z');
      await expectValue(first, `${original} one abc`, 'Ctrl+Z after a pause removes only what followed it');
      // The caret stays where the change was: type in the middle of the title, undo.
      const title = titleField(page);
      await title.click();
      await page.keyboard.press('Home');
      for (let i = 0; i < 'Notes '.length; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.type('big ');
      await expectValue(title, 'Notes big from the salt marsh', 'the title with a word typed in the middle');
      await page.keyboard.press('Control+z');
      await expectValue(title, MARSH_TITLE, 'the title after undo');
      const caret = await title.evaluate((element) => (element as HTMLInputElement).selectionStart);
      check(
        caret === 'Notes '.length,
        `the caret stays after "Notes " (6), not at the end; got ${String(caret)}`,
      );
      await step('undone by word');
      // Ctrl+Z in the search box does not undo the post's edits.
      await page.getByRole('link', { name: '‹ All posts' }).click();
      await expectText(dirtyCount(page), '1 unsaved change', 'the post is still unsaved');
      const search = page.getByLabel('Search');
      await search.click();
      await page.keyboard.type('zz');
      await page.keyboard.press('Control+z');
      await expectText(
        dirtyCount(page),
        '1 unsaved change',
        'Ctrl+Z in the search box leaves the post edits alone',
      );
      // The site title: quick typing is one step, not one per character.
      const siteTitle = page.getByLabel('Site title');
      await siteTitle.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('abc');
      await page.keyboard.press('Control+z');
      await expectValue(siteTitle, 'Field Notes', 'one Ctrl+Z removes the typed site-title word');
    },
  },
  {
    name: 'warns before leaving with unsaved edits, and confirms before switching user or resetting',
    async run({ page, step }) {
      // Recorded only: the harness accepts every dialog. (A synthetic beforeunload event would not do:
      // msw's worker takes it as the tab closing and stops answering.)
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => dialogs.push(`${dialog.type()}: ${dialog.message()}`));
      await rows(page).first().waitFor();
      await page.reload();
      await rows(page).first().waitFor();
      check(dialogs.length === 0, `no prompt when nothing is unsaved, got ${JSON.stringify(dialogs)}`);
      await openMarsh(page);
      await titleField(page).click();
      await page.keyboard.type(' (draft)');
      await step('unsaved');
      await page.getByLabel('Signed in as').selectOption('author');
      await waitUntil(
        async () => dialogs,
        (list) =>
          list.some((text) => text.startsWith('confirm:') && text.includes('1 unsaved change will be lost')),
        (list) => `a confirm before switching user, got ${JSON.stringify(list)}`,
      );
      // Accepted: the editor reloads as the author, without a second prompt.
      await expectText(page.locator('.current-user'), 'Ana Author', 'signed in as the author');
      check(
        !dialogs.some((text) => text.startsWith('beforeunload')),
        `no second prompt, got ${JSON.stringify(dialogs)}`,
      );
      // Unsaved edits, then a reload: the browser's leave prompt.
      await page.getByRole('link', { name: 'Posts', exact: true }).click();
      await rows(page).first().locator('td.col-title a').click();
      await titleField(page).click();
      await page.keyboard.type(' more');
      await expectText(dirtyCount(page), '1 unsaved change', 'the unsaved edit');
      await page.reload();
      await waitUntil(
        async () => dialogs,
        (list) => list.some((text) => text.startsWith('beforeunload')),
        (list) => `a beforeunload prompt on reload with unsaved edits, got ${JSON.stringify(list)}`,
      );
    },
  },
  {
    name: 'readable site-title error below the header, the unsaved button, the fail-once label, view on site, author totals, empty lists',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      // Site-title save error: readable and in the flow.
      await page.getByRole('button', { name: 'Make the next save fail' }).click();
      await expectText(
        page.getByRole('button', { name: 'The next save will fail' }),
        'will fail',
        'the armed label',
      );
      const siteTitle = page.getByLabel('Site title');
      await siteTitle.fill('Field Notes Weekly');
      await page.getByRole('button', { name: 'Save title' }).click();
      const notice = page.locator('.site-notice .notice-error');
      await expectText(notice, 'The site had a problem', 'the site-title error');
      // Read in the page, computed here (functions passed to the page must stay plain).
      const colours = await notice.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.color, style.backgroundColor];
      });
      const contrast = contrastRatio(colours[0] ?? '', colours[1] ?? '');
      check(contrast >= 4.5, `the error text has a contrast of at least 4.5:1, got ${contrast.toFixed(2)}`);
      const noticeBox = await notice.boundingBox();
      const headBox = await page.locator('.list-head').boundingBox();
      check(
        noticeBox !== null && headBox !== null && noticeBox.y + noticeBox.height <= headBox.y,
        'the error sits above the page content and covers nothing',
      );
      await expectText(
        page.getByRole('button', { name: 'Make the next save fail' }),
        'Make the next save fail',
        'the label after the failed save',
      );
      await step('site title error');
      // The unsaved button focuses the panel and keeps the address.
      const before = page.url();
      await dirtyCount(page).click();
      check(page.url() === before, `the address stays ${before}, got ${page.url()}`);
      check(
        await page.locator('#unsaved').evaluate((element) => element.contains(document.activeElement)),
        'focus moves to the unsaved-changes panel',
      );
      // View on site opens a preview dialog, not the editor again; Escape closes it.
      await openMarsh(page);
      await page.getByRole('button', { name: 'View on site' }).click();
      await expectText(page.getByRole('dialog'), 'Preview: Notes from the salt marsh', 'the preview dialog');
      await expectAccessible(page, 'preview dialog', 'iframe.preview-frame');
      await page.keyboard.press('Escape');
      await expectCount(page.getByRole('dialog'), 0, 'dialogs after Escape');
      check(
        await page
          .getByRole('button', { name: 'View on site' })
          .evaluate((element) => element === document.activeElement),
        'focus returns to the button that opened the dialog',
      );
      // Empty list: no "Page 1 of 0".
      await page.getByRole('link', { name: '‹ All posts' }).click();
      await page.getByLabel('Search').fill('no post has this text');
      await expectText(page.locator('.empty'), 'No posts found.', 'the empty list');
      check((await page.getByText(/Page \d+ of 0/).count()) === 0, 'no "Page 1 of 0"');
      await expectAccessible(page, 'empty list');
      // An author's list counts what it shows.
      await page.getByLabel('Signed in as').selectOption('author');
      await expectText(page.locator('.current-user'), 'Ana Author', 'signed in as the author');
      await rows(page).first().waitFor();
      const total = Number(
        /\d+/.exec(await expectText(page.getByTestId('totals'), /^\d+ items?$/, 'the total'))?.[0],
      );
      const shown = await rows(page).count();
      check(total === shown, `an author's list counts the ${shown} rows it shows, got ${total}`);
      await expectAccessible(page, 'author list');
      await step('author list');
    },
  },
  {
    name: 'the data inspector shows the cache, queries, dirty records, the undo stack and the last requests',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      await openMarsh(page);
      await titleField(page).click();
      // A click lands mid-title when the title is wider than half the field: type at its end.
      await page.keyboard.press('End');
      await page.keyboard.type(' x');
      // The tab title names the post and marks it unsaved.
      await waitUntil(
        () => page.title(),
        (title) => title.startsWith('● Notes from the salt') && title.endsWith('example editor'),
        (title) => `the tab title with an unsaved marker, got ${JSON.stringify(title)}`,
      );
      await page.getByRole('button', { name: 'Inspector' }).click();
      const inspector = page.getByTestId('data-inspector');
      await expectText(inspector.getByTestId('inspector-dirty'), 'postType/post/', 'the dirty record');
      await expectText(inspector.getByTestId('inspector-dirty'), 'title', 'its edited field');
      await expectText(inspector.getByTestId('inspector-undo'), 'title', 'the undo step');
      // With collaboration on, the shared document keeps the steps of a synced post: each still
      // names what it changed (an empty entry was listed before).
      await waitUntil(
        () => inspector.getByTestId('inspector-undo').locator('li').allTextContents(),
        (items) => items.length > 0 && items.every((text) => /: title$/.test(text.trim())),
        (items) => `every undo entry names its record and field, got ${JSON.stringify(items)}`,
      );
      await expectText(inspector.getByTestId('inspector-queries'), 'postType/post?', 'a posts query');
      await expectText(inspector.getByTestId('inspector-requests'), '/wp/v2/posts', 'a logged request');
      await expectText(inspector.getByTestId('inspector-requests'), ' ms', 'request timing');
      await expectAccessible(page, 'data inspector');
      await step('inspector');
    },
  },
  {
    name: 'every other screen passes axe, and works at 800 px wide with long titles cut',
    async run({ page, step }) {
      await rows(page).first().waitFor();
      await expectAccessible(page, 'post list');
      await screenshot(page, 'screen-1280-post-list');
      for (const name of ['Pages', 'Templates', 'Styles', 'Embed'] as const) {
        await page.getByRole('link', { name, exact: true }).click();
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForTimeout(300);
        await expectAccessible(page, name.toLowerCase());
        await screenshot(page, `screen-1280-${name.toLowerCase()}`);
      }
      // A read-only post (an author opening the administrator's post) is checked in the author test.
      await page.getByRole('link', { name: 'Posts', exact: true }).click();
      await openMarsh(page);
      await screenshot(page, 'screen-1280-editor');
      // A very long title, then the narrow window.
      await titleField(page).fill('A very long title '.repeat(12).trim());
      await page.getByRole('link', { name: '‹ All posts' }).click();
      await rows(page).first().waitFor();
      await page.setViewportSize({ width: 800, height: 900 });
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 0, `no horizontal scrolling at 800 px, overflowed by ${overflow}px`);
      const cut = await rows(page)
        .filter({ hasText: 'A very long title' })
        .locator('.truncate')
        .evaluate(
          (element) =>
            element.scrollWidth > element.clientWidth && element.getBoundingClientRect().height < 30,
        );
      check(cut, 'the long title is cut to one line');
      await expectAccessible(page, 'post list at 800 px');
      await screenshot(page, 'screen-800-post-list');
      await rows(page).filter({ hasText: 'A very long title' }).locator('td.col-title a').click();
      await titleField(page).waitFor();
      const editorOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      check(
        editorOverflow <= 0,
        `no horizontal scrolling in the editor at 800 px, overflowed by ${editorOverflow}px`,
      );
      await expectAccessible(page, 'editor at 800 px');
      await screenshot(page, 'screen-800-editor');
      await step('narrow');
    },
  },
];
