/**
 * Browser tests of one person with several tabs (pages of one browser context) on the demo's
 * shared site, with a collaborator in another context: the tabs share one connection to the
 * relay (`SyncOptions.tabs`, on by default), the collaborator sees one person and knows whose a
 * change from any of the tabs is, closing or crashing the leader mid-typing hands over with every
 * keystroke delivered once, and junk on the tabs' channel changes nothing.
 *
 * @module
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { PairTest } from './collaboration.e2e.js';
import { check, expectText, expectValue, waitUntil } from './harness.js';
import { crashTab } from './neverLoseWork.e2e.js';

const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const connectionStatus = (page: Page) => page.getByTestId('connection-status');
const RELAY = '/wp-sync/v1/updates';
/** How long each request count runs. */
const WINDOW_MS = 40_000;
/** Settling time after a tab opens (its join and presence travel once) before a count starts. */
const SETTLE_MS = 3000;
/** The most a hand-over may take, from the leader's close to the collaborator's screen. */
const MAX_HAND_OVER_MS = 2000;

/** Figures the tests measured, printed after the results. */
export const sharedTabsFigures: string[] = [];

/** Counts the relay requests of every page of `context`. */
function countRelayRequests(context: BrowserContext): { count(): number; stop(): void } {
  let count = 0;
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes(RELAY)) count++;
  };
  context.on('request', onRequest);
  return { count: () => count, stop: () => context.off('request', onRequest) };
}

/** Requests to the relay from `context` in {@link WINDOW_MS}, as requests per hour. */
async function requestsPerHour(context: BrowserContext, page: Page): Promise<number> {
  await page.waitForTimeout(SETTLE_MS);
  const counter = countRelayRequests(context);
  await page.waitForTimeout(WINDOW_MS);
  counter.stop();
  return Math.round((counter.count() * 3_600_000) / WINDOW_MS);
}

/** Opens post 1 as Admin in another tab of Admin's browser. */
async function openTab(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${url}?user=admin&presenceTimeoutMs=3000#/post/1`);
  await titleField(page).waitFor({ timeout: 30_000 });
  await expectText(connectionStatus(page), 'Live · 1 other person', 'a new tab’s connection status');
  return page;
}

/** The name of the tabs' channel for Admin (user 1) on this site, as `SyncManager` names it. */
function channelName(page: Page): string {
  return `wp-entities:sync-v2:${new URL(page.url()).host}/wp-json:1`;
}

export const sharedTabsTests: PairTest[] = [
  {
    name: 'tabs: three tabs of one person make the requests of one, and the collaborator sees one person',
    async run({ url, admin, eddie, adminContext, step }) {
      const one = await requestsPerHour(adminContext, admin);
      const second = await openTab(adminContext, url);
      const two = await requestsPerHour(adminContext, admin);
      const third = await openTab(adminContext, url);
      const three = await requestsPerHour(adminContext, admin);
      sharedTabsFigures.push(
        `relay requests per hour of one person with a collaborator (demo settings): 1 tab ${one}, 2 tabs ${two}, 3 tabs ${three}`,
      );
      await step('three tabs');
      check(three <= one * 1.1, `3 tabs made ${three} requests/h against ${one} for one tab`);
      check(two <= one * 1.1, `2 tabs made ${two} requests/h against ${one} for one tab`);
      // Eddie sees one person however many tabs Admin has.
      await expectText(connectionStatus(eddie), 'Live · 1 other person', "Eddie's connection status");
      // And every tab edits the one document.
      await titleField(third).click();
      await third.keyboard.press('End');
      await third.keyboard.type(' (tab 3)');
      await expectValue(titleField(eddie), `${await titleField(third).inputValue()}`, "Eddie's title");
      await expectValue(titleField(second), await titleField(third).inputValue(), "tab 2's title");
      await expectValue(titleField(admin), await titleField(third).inputValue(), "tab 1's title");
      // Tab 3 is not the leader: its changes carry its own Yjs client id, which Admin's one
      // presence lists beside the leader's, so Eddie's header still knows whose they are.
      await expectText(eddie.getByTestId('dirty-count'), "1 unsaved change — Admin's", "Eddie's header");
      check(
        (await connectionStatus(eddie).textContent())?.includes('1 other person') === true,
        'Eddie still sees one person after the typing',
      );
    },
  },
  {
    name: 'tabs: closing the leader tab mid-typing hands over within 2 s, every keystroke delivered once',
    async run({ url, admin, eddie, adminContext, step }) {
      // The first tab leads (it was alone when it asked for the lock).
      const second = await openTab(adminContext, url);
      const third = await openTab(adminContext, url);
      const start = await titleField(eddie).inputValue();
      await titleField(second).click();
      await second.keyboard.press('End');
      await second.keyboard.type('abc', { delay: 30 });
      await admin.close({ runBeforeUnload: false });
      const closedAt = Date.now();
      await second.keyboard.type('X');
      await waitUntil(
        () => titleField(eddie).inputValue(),
        (value) => value.endsWith('abcX'),
        (last) => `Eddie's title after the leader closed: ${JSON.stringify(last)}`,
        10_000,
      );
      const handOverMs = Date.now() - closedAt;
      sharedTabsFigures.push(
        `the leader tab closed mid-typing: the next keystroke on the collaborator's screen after ${handOverMs} ms`,
      );
      check(handOverMs <= MAX_HAND_OVER_MS, `the hand-over took ${handOverMs} ms`);
      await second.keyboard.type('defgh', { delay: 40 });
      await titleField(third).click();
      await third.keyboard.press('End');
      await third.keyboard.type('123', { delay: 40 });
      const expected = `${start}abcXdefgh123`;
      await expectValue(titleField(eddie), expected, "Eddie's title: every keystroke once, in order");
      await expectValue(titleField(second), expected, "tab 2's title");
      await expectValue(titleField(third), expected, "tab 3's title");
      await step('handed over');
      await expectText(connectionStatus(eddie), 'Live · 1 other person', "Eddie's connection status");
    },
  },
  {
    name: 'tabs: a leader tab that crashes mid-typing hands over within 2 s, every keystroke delivered once',
    async run({ url, admin, eddie, adminContext, step }) {
      const second = await openTab(adminContext, url);
      const start = await titleField(eddie).inputValue();
      await titleField(admin).click();
      await admin.keyboard.press('End');
      await admin.keyboard.type('L', { delay: 30 });
      await titleField(second).click();
      await second.keyboard.press('End');
      await expectValue(titleField(second), `${start}L`, "tab 2's title before the crash");
      await second.keyboard.type('ab', { delay: 30 });
      // The renderer dies: no pagehide, no goodbye; only the lock's release tells the other tab.
      await crashTab(admin);
      const crashedAt = Date.now();
      await second.keyboard.type('Y');
      await waitUntil(
        () => titleField(eddie).inputValue(),
        (value) => value.endsWith('abY'),
        (last) => `Eddie's title after the leader crashed: ${JSON.stringify(last)}`,
        10_000,
      );
      const handOverMs = Date.now() - crashedAt;
      sharedTabsFigures.push(
        `the leader tab crashed mid-typing: the next keystroke on the collaborator's screen after ${handOverMs} ms`,
      );
      check(handOverMs <= MAX_HAND_OVER_MS, `the hand-over took ${handOverMs} ms`);
      await second.keyboard.type('cd', { delay: 40 });
      await expectValue(titleField(eddie), `${start}LabYcd`, "Eddie's title: every keystroke once, in order");
      await step('handed over after a crash');
      // The crashed tab's entry goes with the relay's presence timeout; then one person again.
      await expectText(connectionStatus(eddie), 'Live · 1 other person', "Eddie's connection status");
    },
  },
  {
    name: 'tabs: junk posted on the tabs’ channel changes nothing',
    async run({ url, admin, eddie, adminContext, step }) {
      const second = await openTab(adminContext, url);
      const name = channelName(admin);
      // The channel carries the library's traffic under this name (else the junk would prove nothing).
      const heard = await second.evaluate(async (channelName) => {
        const channel = new BroadcastChannel(channelName);
        const seen = await new Promise<boolean>((resolve) => {
          channel.onmessage = (event: MessageEvent) =>
            resolve((event.data as { wpe?: unknown } | null)?.wpe === 'wp-entities/sync-tabs');
          setTimeout(() => resolve(false), 20_000);
        });
        channel.close();
        return seen;
      }, name);
      check(heard, `no wp-entities message heard on ${name}`);
      const before = await titleField(eddie).inputValue();
      await second.evaluate((channelName) => {
        const channel = new BroadcastChannel(channelName);
        const mark = { wpe: 'wp-entities/sync-tabs', v: 2, from: 'intruder' };
        const room = '127.0.0.1/postType/post/1';
        for (const junk of [
          'hello',
          { t: 'update', room, update: new Uint8Array([1, 2, 3]) },
          { ...mark, t: 'update', room, update: new Uint8Array([255, 255, 255, 255, 1]) },
          { ...mark, t: 'push', room, update: new Uint8Array([9, 9, 9]) },
          { ...mark, t: 'presence', room, state: { user: { id: 'x' } }, activeAt: Date.now(), visible: true },
          { ...mark, t: 'status', room, status: 'hacked' },
          { ...mark, t: 'writers', room, clientIds: Array.from({ length: 100 }, (_, index) => index) },
          { ...mark, t: 'leader', to: 42 },
        ])
          channel.postMessage(junk);
        channel.close();
      }, name);
      await admin.waitForTimeout(2000);
      for (const [who, page] of [
        ['Admin tab 1', admin],
        ['Admin tab 2', second],
        ['Eddie', eddie],
      ] as const) {
        check((await titleField(page).inputValue()) === before, `${who}'s title changed after the junk`);
        await expectText(connectionStatus(page), 'Live · 1 other person', `${who}'s connection status`);
      }
      // The tabs still work together.
      await titleField(second).click();
      await second.keyboard.press('End');
      await second.keyboard.type(' ok');
      await expectValue(titleField(eddie), `${before} ok`, "Eddie's title after tab 2 typed");
      await step('junk ignored');
    },
  },
];
