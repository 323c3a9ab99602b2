/**
 * Browser tests of the demo's "never lose work" pieces: the journal's restore offer after a reload,
 * and the save-conflict dialog.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import { MOCK_USERS } from '../../src/testing/index.js';
import { blocksOf } from '../../examples/editor/src/post/blocks/blockEdits.js';
import { SAMPLE_CONTENT } from '../../examples/editor/src/post/blocks/sampleContent.js';
import type { TextSegment } from '../../examples/editor/src/post/blocks/types.js';
import { join } from 'node:path';
import {
  ARTIFACTS_DIR,
  check,
  expectCount,
  expectText,
  expectValue,
  waitUntil,
  type BrowserTest,
} from './harness.js';

/** What the demo puts on `window` in mock mode (the parts used here). */
interface MockWindow {
  wpMock?: {
    restRoot: string;
    getPost(id: number): { title: string; content: string; status: string } | undefined;
    requests: { method: string; path: string }[];
    failNext(count: number, failure: 'network', filter: { method: string }): void;
  };
}

/** Every journal document of the tab (one per writer), as one text. */
function journalText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const texts: string[] = [];
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index) ?? '';
      if (key.startsWith('wp-entities-demo:journal')) texts.push(sessionStorage.getItem(key) ?? '');
    }
    return texts.join('\n');
  });
}

/** The writes the tab's mock WordPress received since the page was loaded. */
function mockWrites(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as MockWindow).wpMock?.requests ?? [])
      .filter((request) => request.method !== 'GET' && request.method !== 'OPTIONS')
      .map((request) => `${request.method} ${request.path}`),
  );
}

/** The post's save state line. */
export const saveState = (page: Page) => page.getByTestId('save-state');
/** The offer to restore unsaved changes from before the reload. */
export const restoreOffer = (page: Page) => page.getByRole('region', { name: 'Unsaved changes from before' });

/** The post's title field. */
export const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
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

/** A new post typed and reloaded before its first save comes back from the journal, with collaboration on or off. */
function newPostTest(isSolo: boolean): BrowserTest {
  return {
    name: `${isSolo ? 'editing alone' : 'with collaboration on'}, a new post typed and reloaded before its first save is offered, restored, and saved once`,
    isSolo,
    async run({ page, step }) {
      await page.locator('table.rows tbody tr').first().waitFor();
      await page.getByRole('link', { name: 'Add new post' }).click();
      await titleField(page).waitFor();
      await page.keyboard.type('A new post, reloaded');
      await page.getByRole('button', { name: '+ Add paragraph' }).click();
      await page.keyboard.type('Its body, typed before the reload.');
      await waitUntil(
        () => journalText(page),
        (text) =>
          text.includes('A new post, reloaded') && text.includes('Its body, typed before the reload.'),
        () => 'the new post in the journal',
      );
      await page.reload();
      await titleField(page).waitFor();
      const offer = restoreOffer(page);
      await expectText(offer, 'You have 1 unsaved change', 'the restore offer');
      await expectText(
        offer.getByTestId('restore-entry'),
        'New post “A new post, reloaded”: title, content',
        'what the unsaved change is',
      );
      await step('new post offered');
      await offer.getByRole('button', { name: 'Restore 1 unsaved change' }).click();
      await expectValue(titleField(page), 'A new post, reloaded', 'the title after restoring');
      await expectText(
        page.locator('.editor'),
        /Its body, typed before the reload\./,
        'the body after restoring',
      );
      check((await mockWrites(page)).length === 0, 'restoring sends nothing');
      await step('new post restored');
      await page.getByRole('button', { name: 'Save draft', exact: true }).click();
      await waitUntil(
        async () => page.url(),
        (url) => /#\/post\/\d+$/.test(url),
        (url) => `the address of the saved post, got ${String(url)}`,
      );
      const writes = await mockWrites(page);
      check(
        writes.length === 1 && writes[0] === 'POST /wp/v2/posts',
        `one POST makes the post, got ${JSON.stringify(writes)}`,
      );
      const id = Number(/(\d+)$/.exec(page.url())?.[1]);
      const stored = await page.evaluate(
        (postId) => (window as unknown as MockWindow).wpMock?.getPost(postId),
        id,
      );
      check(stored?.title === 'A new post, reloaded', `the saved title, got ${String(stored?.title)}`);
      check(
        (stored?.content ?? '').includes('Its body, typed before the reload.'),
        `the saved body, got ${String(stored?.content)}`,
      );
      await page.reload();
      await titleField(page).waitFor();
      await page.waitForTimeout(500);
      await expectCount(restoreOffer(page), 0, 'restore offers once the new post is saved');
    },
  };
}

export const neverLoseWorkTests: BrowserTest[] = [
  newPostTest(true),
  newPostTest(false),
  {
    name: 'a save asked for while offline says so, waits, and is sent once back online',
    isSolo: true,
    async run({ page, step }) {
      const id = await openRow(page, 3);
      await titleField(page).fill('Saved once the network is back');
      await page.context().setOffline(true);
      try {
        await saveButton(page).click();
        await expectText(saveState(page), "Saved when you're back online", 'the save state while offline');
        await page.waitForTimeout(500);
        check((await mockWrites(page)).length === 0, 'nothing is sent while offline');
        await step('waiting offline');
      } finally {
        await page.context().setOffline(false);
      }
      await expectText(saveState(page), /^Saved$/, 'the save state back online');
      check(
        (await savedTitle(page, id)) === 'Saved once the network is back',
        'the waiting save reached the site',
      );
      const writes = await mockWrites(page);
      check(
        writes.filter((write) => write === `PUT /wp/v2/posts/${id}`).length === 1,
        `sent once, got ${JSON.stringify(writes)}`,
      );
    },
  },
  {
    name: 'a save that cannot reach the site waits across a reload, and is sent once after restoring',
    isSolo: true,
    async run({ page, step }) {
      const id = await openRow(page, 3);
      const before = await savedTitle(page, id);
      await titleField(page).fill('Waited out the outage');
      await page.evaluate(() =>
        (window as unknown as MockWindow).wpMock?.failNext(1000, 'network', { method: 'PUT' }),
      );
      await saveButton(page).click();
      await expectText(
        saveState(page),
        "Saved when you're back online",
        'the save state while the site is down',
      );
      await waitUntil(
        () => journalText(page),
        (text) => text.includes('Waited out the outage') && text.includes('"waiting"'),
        () => 'the waiting save in the journal',
      );
      check((await savedTitle(page, id)) === before, 'nothing reached the site');
      await step('waiting for the site');
      // The page is loaded again; the site answers again.
      await page.reload();
      await titleField(page).waitFor();
      const offer = restoreOffer(page);
      await expectText(offer, 'You have 1 unsaved change', 'the restore offer');
      await offer.getByRole('button', { name: 'Restore 1 unsaved change' }).click();
      await waitUntil(
        () => savedTitle(page, id),
        (title) => title === 'Waited out the outage',
        (last) => `the saved title after restoring, got ${String(last)}`,
      );
      await expectText(saveState(page), /^Saved$/, 'the save state after it was sent');
      const writes = await mockWrites(page);
      check(
        writes.filter((write) => write === `PUT /wp/v2/posts/${id}`).length === 1,
        `sent once, got ${JSON.stringify(writes)}`,
      );
      await step('sent after the reload');
    },
  },

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
        () => journalText(page),
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
        () => journalText(page),
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
      await expectText(dialog, 'Someone saved this post while you were editing', 'the conflict dialog');
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
  {
    name: 'the conflict card: in words, text not markup, headings whole, and a merge of both changes',
    async run({ page, step }) {
      // The post written as blocks (paragraphs with inline HTML, an image, columns, …).
      const row = page
        .locator('table.rows tbody tr')
        .filter({ hasText: 'Notes from the salt marsh' })
        .first();
      await row.waitFor();
      const id = Number(await row.getAttribute('data-id'));
      await row.locator('td.col-title a').click();
      await titleField(page).waitFor();
      const firstBlock = page.getByTestId('text-block').first();
      // The first paragraph's HTML (the merge and the saved content hold its markup).
      const before = (blocksOf(SAMPLE_CONTENT)[0] as TextSegment).text;
      await titleField(page).click();
      await page.keyboard.press('End');
      await page.keyboard.type(' (mine)');
      await firstBlock.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Mine.');
      // Someone else saves the same two fields: a word before the title, a paragraph at the end.
      const status = await page.evaluate(
        async ({ postId, authorization }) => {
          const root = (window as unknown as MockWindow).wpMock?.restRoot ?? '';
          const headers = { Authorization: authorization, 'Content-Type': 'application/json' };
          const answer = await fetch(`${root}/wp/v2/posts/${postId}?context=edit`, { headers });
          const current = (await answer.json()) as { title: { raw: string }; content: { raw: string } };
          const response = await fetch(`${root}/wp/v2/posts/${postId}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({
              title: `(theirs) ${current.title.raw}`,
              content: `${current.content.raw}\n\n<!-- wp:paragraph -->\n<p>Theirs.</p>\n<!-- /wp:paragraph -->`,
            }),
          });
          return response.status;
        },
        { postId: id, authorization: MOCK_USERS.admin.authorization },
      );
      check(status === 200, `the other save answered ${status}`);
      await saveButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Save conflict' });
      await expectText(dialog, 'Someone saved this post while you were editing', 'the card in words');
      await expectText(dialog, 'You both changed the title and the content.', 'the fields in words');
      const cardText = (await dialog.textContent()) ?? '';
      check(!/<!--|<p>|<em>|wp:/.test(cardText), `the card shows markup: ${cardText.slice(0, 300)}`);
      check(
        !cardText.includes('was saved by someone else') && !cardText.includes("'mine'"),
        `the card speaks the library's language: ${cardText.slice(0, 300)}`,
      );
      await expectText(
        dialog.getByTestId('conflict-mine').nth(1),
        'in the field: short',
        'my content as text',
      );
      await expectText(dialog.getByTestId('conflict-mine').nth(1), 'Mine.', 'my change in my content');
      await expectText(dialog.getByTestId('conflict-theirs').nth(1), '[Image]', 'another block, named');
      // Every column heading on one line (none breaks inside a word).
      const headingLines = await dialog.locator('thead th').evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return `${cell.textContent ?? ''}:${tops.size}`;
        }),
      );
      check(
        headingLines.every((entry) => entry.endsWith(':1')),
        `headings on more than one line: ${headingLines.join(', ')}`,
      );
      await dialog.screenshot({ path: join(ARTIFACTS_DIR, 'conflict-card.png') });
      await dialog.getByRole('button', { name: 'Edit the merge' }).click();
      const merge = dialog.getByTestId('conflict-merge');
      const savedTitleNow = (await savedTitle(page, id)) ?? '';
      await expectValue(merge.getByLabel('Title, merged'), `${savedTitleNow} (mine)`, 'the title merge');
      const paragraphs = (await merge.getByLabel('Content, merged').inputValue()).split('\n\n');
      check(
        paragraphs[0] === `${before} Mine.` && paragraphs.at(-1) === 'Theirs.',
        `the content merge has both changes: ${JSON.stringify([paragraphs[0], paragraphs.at(-1)])}`,
      );
      await dialog.screenshot({ path: join(ARTIFACTS_DIR, 'conflict-card-merge.png') });
      await step('edit the merge');
      await merge.getByRole('button', { name: 'Use the merge' }).click();
      await expectCount(dialog, 0, 'conflict dialogs after the merge');
      await saveButton(page).click();
      await waitUntil(
        () => page.evaluate((postId) => (window as unknown as MockWindow).wpMock?.getPost(postId), id),
        (post) =>
          post?.title === `${savedTitleNow} (mine)` &&
          post.content.includes(`<p>${before} Mine.</p>`) &&
          post.content.includes('<p>Theirs.</p>') &&
          post.content.includes('wp-image-42'),
        (last) =>
          `the saved merge: ${JSON.stringify(last?.title)} / ${JSON.stringify(last?.content.slice(0, 300))}`,
      );
    },
  },
];

/** What the journal holds in the tab's IndexedDB (the real-site demo's journal), as one text. */
export function indexedDbJournalText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open(`wp-entities-journal:${location.host}`);
        request.onerror = () => resolve('');
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve('');
            return;
          }
          const all = db.transaction('entries', 'readonly').objectStore('entries').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(all.result));
          };
          all.onerror = () => {
            db.close();
            resolve('');
          };
        };
      }),
  );
}

/** Writes 1 kB to a probe database of the tab's origin: `ok`, or the name of the error. */
function probeWrite(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open('wp-entities-e2e-quota-probe', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('probe');
        request.onerror = () => resolve(request.error?.name ?? 'open failed');
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction('probe', 'readwrite');
          transaction.objectStore('probe').put('x'.repeat(1024), Date.now());
          transaction.oncomplete = () => {
            db.close();
            resolve('ok');
          };
          transaction.onabort = () => {
            db.close();
            resolve(transaction.error?.name ?? 'aborted');
          };
        };
      }),
  );
}

/** Kills the tab's renderer, as a crash would: no pagehide, no last write. */
export async function crashTab(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent('crash', { timeout: 10_000 });
  // The crashed renderer never answers the command itself.
  void session.send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close().catch(() => undefined);
}

/**
 * The IndexedDB journal of the demo on a real site (through the proxy): two tabs on one record,
 * both renderers killed mid-edit, and the next start brings back both tabs' edits.
 */
export function indexedDbJournalTests(site: {
  getPost(id: number): { title: string; excerpt: string } | undefined;
}): BrowserTest[] {
  return [
    {
      name: 'the IndexedDB journal: two tabs on one post killed mid-edit, and the next start brings back both tabs’ edits',
      // Alone: with collaboration on, the shared document's own local copy would bring them back.
      isSolo: true,
      async run({ page, url, step }) {
        // A post of the author the proxy signs in as: one they may edit.
        const row = page.locator('table.rows tbody tr').filter({ hasText: 'Ana Author' }).first();
        await row.waitFor();
        const id = Number(await row.getAttribute('data-id'));
        await row.locator('td.col-title a').click();
        await titleField(page).waitFor();
        const second = await page.context().newPage();
        await second.goto(`${url}#/post/${id}`);
        await titleField(second).waitFor();
        await titleField(page).fill('Title typed in tab 1');
        await second.getByLabel('Excerpt').fill('Excerpt typed in tab 2');
        await waitUntil(
          () => indexedDbJournalText(page),
          (text) => text.includes('Title typed in tab 1') && text.includes('Excerpt typed in tab 2'),
          (last) => `both tabs' edits in the IndexedDB journal, got ${String(last).slice(0, 300)}`,
        );
        await step('two tabs edited');
        await crashTab(second);
        await crashTab(page);
        const next = await page.context().newPage();
        try {
          await next.goto(`${url}#/post/${id}`);
          await titleField(next).waitFor();
          const offer = restoreOffer(next);
          // One entry per tab: both writers' entries of the post, merged when restored.
          await expectText(offer, /Post \d+ “Title typed in tab 1”: title/, 'tab 1’s entry in the offer');
          await expectText(offer, /Post \d+: excerpt/, 'tab 2’s entry in the offer');
          await offer.getByRole('button', { name: /^Restore \d+ unsaved changes$/ }).click();
          await expectValue(titleField(next), 'Title typed in tab 1', 'tab 1’s title after the next start');
          await expectValue(
            next.getByLabel('Excerpt'),
            'Excerpt typed in tab 2',
            'tab 2’s excerpt after the next start',
          );
          // The first tab is gone: the next one is the one to see.
          await next.screenshot({ path: join(ARTIFACTS_DIR, 'the-indexeddb-journal-02-both-back.png') });
          await next.getByRole('button', { name: 'Save', exact: true }).click();
          await expectText(saveState(next), /^Saved$/, 'the save state');
          const stored = site.getPost(id);
          check(
            stored?.title === 'Title typed in tab 1' && stored.excerpt === 'Excerpt typed in tab 2',
            `the site has both tabs' edits, got ${JSON.stringify(stored)}`,
          );
        } finally {
          await next.close();
        }
      },
    },
    {
      name: 'the IndexedDB journal: a write refused for quota is tried again until stored, and after a crash the next start restores it',
      isSolo: true,
      async run({ page, url, step }) {
        // A published post: the timed autosave leaves its unsaved edits alone (an own draft is
        // updated in place, which would take the edits out of the journal).
        const row = page
          .locator('table.rows tbody tr')
          .filter({ hasText: 'Ana Author' })
          .filter({ hasText: 'Published' })
          .nth(2);
        await row.waitFor();
        const id = Number(await row.getAttribute('data-id'));
        await row.locator('td.col-title a').click();
        await titleField(page).waitFor();
        const typed = 'Typed while the storage was full';
        // Chromium's own quota, made smaller than what the origin already stores: every IndexedDB
        // write that adds data fails with QuotaExceededError, as on a full disk. Chromium goes on
        // granting space it counted before for up to 30 s: a probe write shows when it stops.
        const origin = new URL(url).origin;
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
        const journalError = page.getByRole('alert').filter({ hasText: 'Unsaved changes cannot be kept' });
        try {
          await waitUntil(
            () => probeWrite(page),
            (outcome) => outcome === 'QuotaExceededError',
            (last) => `an IndexedDB write refused for quota, got ${String(last)}`,
            60_000,
          );
          await titleField(page).fill(typed);
          await expectText(journalError, /quota|Quota/, 'the journal error naming the quota');
          check(!(await indexedDbJournalText(page)).includes(typed), 'nothing was stored while full');
          await step('quota error');
        } finally {
          // Space again (the override lifted); nobody types any more.
          await cdp.send('Storage.overrideQuotaForOrigin', { origin });
          await cdp.detach().catch(() => undefined);
        }
        // The retry backs off up to 15 s between tries: a generous bound.
        await waitUntil(
          () => indexedDbJournalText(page),
          (text) => text.includes(typed),
          (last) => `the edit stored by a retry, got ${String(last).slice(0, 300)}`,
          40_000,
        );
        await expectCount(journalError, 0, 'journal errors once the edit is stored');
        await step('stored by a retry');
        await crashTab(page);
        const next = await page.context().newPage();
        try {
          await next.goto(`${url}#/post/${id}`);
          await titleField(next).waitFor();
          const offer = restoreOffer(next);
          await expectText(offer, `Post ${id} “${typed}”: title`, 'the entry in the offer');
          await offer.getByRole('button', { name: /^Restore 1 unsaved change$/ }).click();
          await expectValue(titleField(next), typed, 'the title after the next start');
          await next.getByRole('button', { name: 'Save', exact: true }).click();
          await expectText(saveState(next), /^Saved$/, 'the save state');
          check(site.getPost(id)?.title === typed, `the site has the title, got ${site.getPost(id)?.title}`);
        } finally {
          await next.close();
        }
      },
    },
  ];
}
