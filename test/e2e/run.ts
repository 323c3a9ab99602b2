/**
 * `npm run test:e2e`: starts the demo (the example editor on the in-browser mock WordPress, and on
 * the demo's shared mock for the tests of two people), drives
 * it with Debian's Chromium through playwright-core, keeps a screenshot of every step in
 * test-results/e2e/, writes docs/editor.png, prints `N passed, N failed` and exits non-zero on a
 * failure.
 *
 * @module
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { startDemo } from '../../scripts/demo.js';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import { ensureChromium, launchChromium } from './browser.js';
import { axeChecked } from './axe.js';
import { blockEditingTests } from './blockEditing.e2e.js';
import { collaborationFigures, pairTests, runPairTests } from './collaboration.e2e.js';
import { proxyTests, README_SCREENSHOT, tests } from './editor.e2e.js';
import { featureTests } from './editorFeatures.e2e.js';
import { firstLoadTests } from './firstLoad.e2e.js';
import { ARTIFACTS_DIR, runTests } from './harness.js';
import { indexedDbJournalTests, neverLoseWorkTests } from './neverLoseWork.e2e.js';
import { sharedEditingTests } from './sharedEditing.e2e.js';
import { sharedBlocksTests } from './sharedBlocks.e2e.js';
import { sharedTabsFigures, sharedTabsTests } from './sharedTabs.e2e.js';
import { inserterTests } from './inserter.e2e.js';
import { richTextPairTests, richTextTests } from './richText.e2e.js';
import { offlineTests } from './offline.e2e.js';
import { reactTests } from './react.e2e.js';
import { crossTabCacheTests, runCrossTabCacheTests } from './crossTabCache.e2e.js';
import { runViteSsrTests, viteSsrTests } from './viteSsr.e2e.js';
import { startBuiltDemo } from '../../scripts/builtDemo.js';

/** Runs the tests whose name contains any of the arguments (`run.ts "Save all" "shared site:"`); all without one. */
function selected<T extends { name: string }>(list: T[]): T[] {
  const only = process.argv.slice(2);
  return only.length > 0 ? list.filter((test) => only.some((part) => test.name.includes(part))) : list;
}

async function main(): Promise<number> {
  ensureChromium();
  rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  mkdirSync(dirname(README_SCREENSHOT), { recursive: true });
  const browser = await launchChromium();
  let passed = 0;
  let failed = 0;
  try {
    const demo = await startDemo({ port: 0, quiet: true, watch: false, site: 'tab' });
    try {
      console.log(`The example editor on the in-browser mock WordPress, at ${demo.url}`);
      // With collaboration on, as the demo starts; the few tests about editing alone say so
      // (`isSolo`) and get `?collab=off`.
      const result = await runTests(
        browser.context,
        demo.url,
        selected([
          ...tests,
          ...featureTests,
          ...neverLoseWorkTests,
          ...blockEditingTests,
          ...richTextTests,
          ...reactTests,
        ]),
      );
      passed += result.passed;
      failed += result.failed;
    } finally {
      await demo.close();
    }

    // One person, two tabs of one context: one cache (its own page and mock site, no demo).
    const crossTab = selected(crossTabCacheTests);
    if (crossTab.length > 0) {
      console.log('One cache for two tabs of one browser (crossTab: crossTabCache())');
      const result = await runCrossTabCacheTests(browser.context, crossTab);
      passed += result.passed;
      failed += result.failed;
    }

    // The Vite server-rendering example (examples/vite-ssr): its production build on a mock site.
    const viteSsr = selected(viteSsrTests);
    if (viteSsr.length > 0) {
      const result = await runViteSsrTests(browser.context, viteSsr);
      passed += result.passed;
      failed += result.failed;
    }

    // Two people on one post, each in their own browser context, on the demo's shared site.
    const pairs = selected([
      ...pairTests,
      ...sharedEditingTests,
      ...sharedBlocksTests,
      ...inserterTests,
      ...richTextPairTests,
      ...firstLoadTests,
      ...sharedTabsTests,
    ]);
    if (pairs.length > 0) {
      const shared = await startDemo({ port: 0, quiet: true, watch: false });
      try {
        console.log(`The example editor on the demo's shared mock WordPress, at ${shared.url}`);
        const collaboration = await runPairTests(shared.url, pairs);
        passed += collaboration.passed;
        failed += collaboration.failed;
        for (const figure of [...collaborationFigures, ...sharedTabsFigures]) console.log(`    ${figure}`);
      } finally {
        await shared.close();
      }
    }

    const site = createMockWordPress({ currentUser: null });
    const server = await site.listen();
    const proxied = await startDemo({
      port: 0,
      quiet: true,
      watch: false,
      wordpress: {
        url: server.url,
        user: MOCK_USERS.author.username,
        appPassword: MOCK_USERS.author.appPassword,
      },
    });
    try {
      console.log(`The example editor on a WordPress at ${server.url}, through the proxy at ${proxied.url}`);
      // Collaboration on here too: a save through the proxy with sync, journal and conflict
      // detection together ends "Saved".
      const result = await runTests(
        browser.context,
        proxied.url,
        selected([...proxyTests(site), ...indexedDbJournalTests(site)]),
      );
      passed += result.passed;
      failed += result.failed;

      // Offline across a reload: a production build (the offline shell is a build's) on the same site.
      const offline = selected(offlineTests(site));
      if (offline.length > 0) {
        const built = await startBuiltDemo({
          url: server.url,
          user: MOCK_USERS.author.username,
          appPassword: MOCK_USERS.author.appPassword,
        });
        try {
          console.log(
            `The example editor built for production (in ${built.buildMs} ms), on the WordPress at ${server.url}, at ${built.url}`,
          );
          const builtResult = await runTests(browser.context, built.url, offline);
          passed += builtResult.passed;
          failed += builtResult.failed;
        } finally {
          await built.close();
        }
      }
    } finally {
      await proxied.close();
      await server.close();
    }
  } finally {
    await browser.close();
  }
  if (axeChecked.length > 0) {
    const minor = axeChecked.reduce((sum, entry) => sum + entry.minor, 0);
    console.log(
      `\naxe: ${axeChecked.length} screens checked, no serious or critical violations allowed; ${minor} minor or moderate finding(s)`,
    );
  }
  console.log(`\n${passed} passed, ${failed} failed (screenshots in ${ARTIFACTS_DIR})`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('\n0 passed, 1 failed (the browser tests could not run)');
    process.exit(1);
  },
);
