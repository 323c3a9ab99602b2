/**
 * `npm run bench:typing`: key → paint latency of typing in the example editor, in Chromium, on the
 * production build. A benchmark, not a test: it prints figures and asserts nothing.
 *
 * It builds the editor with Vite (minified, React in production mode), serves it on 127.0.0.1 (a
 * free port), opens the sample post (about 5 KB of block markup, parsed again on every keystroke)
 * and types the same text into its first paragraph block and into a plain `<textarea>` added to the
 * same page. Each keystroke's latency runs from the keydown event's timestamp to the first task
 * after the next animation frame, i.e. after the frame that shows the character was painted.
 *
 * It measures twice: with collaboration on (the demo's default: the shared document, the relay's
 * heartbeat, IndexedDB; alone in the room, as the in-tab mock has no one else) and off
 * (`?collab=off`). Figures are noisy on a shared machine; compare the two fields of one run, not runs.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, mergeConfig, preview } from 'vite';
import { editorConfig } from '../../examples/editor/vite.config.js';
import { generateWorker } from '../../scripts/demo.js';
import { CHROMIUM_PATH, ensureChromium } from '../../test/e2e/browser.js';
import { percentile } from '../stats.js';

/** Keystrokes per field (after the warm-up). */
const KEYSTROKES = Number(process.env.KEYSTROKES ?? 300);
/** Keystrokes typed first and not counted (JIT, first layouts). */
const WARM_UP = 30;
/** Pause between keystrokes: a fast typist (about 100 words a minute). */
const KEY_GAP_MS = 60;
const TEXT = 'the quick brown fox jumps over the lazy dog ';

/** Installs the latency probe on the page: every keydown in a field records its key → paint time. */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(`
    window.__latencies = [];
    document.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__latencies.push(performance.now() - start), 0));
    }, true);
  `);
}

async function measure(page: Page, selector: string): Promise<number[]> {
  await page.locator(selector).click();
  await page.keyboard.press('Control+End');
  await page.evaluate('window.__latencies = []');
  for (let i = 0; i < WARM_UP + KEYSTROKES; i++) {
    if (i === WARM_UP) {
      await page.waitForTimeout(200);
      await page.evaluate('window.__latencies = []');
    }
    await page.keyboard.press(TEXT[i % TEXT.length] === ' ' ? 'Space' : (TEXT[i % TEXT.length] as string));
    await page.waitForTimeout(KEY_GAP_MS);
  }
  await page.waitForTimeout(300);
  return (await page.evaluate('window.__latencies')) as number[];
}

function summary(values: readonly number[]): { median: number; p95: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

/** Opens the sample post at `address` in a new page and types into its first block, then into a plain textarea. */
async function typeInEditorAndTextarea(
  browser: Browser,
  address: string,
): Promise<{ block: ReturnType<typeof summary>; plain: ReturnType<typeof summary> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(address);
    await page
      .locator('table.rows tbody tr')
      .filter({ hasText: 'Notes from the salt marsh' })
      .locator('a')
      .click()
      .catch(async (error: unknown) => {
        const shown = await page.evaluate(() => document.body.innerText.slice(0, 400)).catch(() => '');
        throw new Error(
          `The sample post did not open at ${address}: ${String(error)}\nThe page: ${shown}\nErrors: ${errors.join('; ')}`,
        );
      });
    await page.getByTestId('text-block').first().waitFor();
    // The plain textarea sits on the same page, under the same React app, outside React.
    await page.evaluate(`
      const plain = document.createElement('textarea');
      plain.id = 'plain-textarea';
      plain.setAttribute('aria-label', 'Plain textarea');
      plain.style.cssText = 'position:fixed;bottom:8px;left:8px;width:400px;height:80px;z-index:9';
      document.body.append(plain);
    `);
    await installProbe(page);
    const block = summary(await measure(page, '[data-testid="text-block"] >> nth=0'));
    const plain = summary(await measure(page, '#plain-textarea'));
    return { block, plain };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  ensureChromium();
  generateWorker();
  const outDir = mkdtempSync(join(tmpdir(), 'wp-entities-editor-build-'));
  const config = mergeConfig(editorConfig({}), {
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    preview: { port: 0, strictPort: false },
  });
  await build(config);
  const server = await preview(config);
  const url = server.resolvedUrls?.local[0];
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless'],
  });
  try {
    if (!url) throw new Error('vite preview reported no address.');
    console.log(
      `Typing latency, key → paint, Chromium ${browser.version()}, production build (shared CPU: noisy)`,
    );
    console.log(
      `  ${KEYSTROKES} keystrokes per field, ${KEY_GAP_MS} ms apart, after ${WARM_UP} warm-up keystrokes`,
    );
    // Collaboration on (the shared document, the relay's heartbeat, IndexedDB), then off (?collab=off).
    for (const [label, address] of [
      ['collaboration on', url],
      ['collaboration off', `${url}?collab=off`],
    ] as const) {
      const { block, plain } = await typeInEditorAndTextarea(browser, address);
      console.log(`  ${label}:`);
      console.log(
        `    content editor (paragraph block): median ${block.median.toFixed(1)} ms, p95 ${block.p95.toFixed(1)} ms (n=${block.n})`,
      );
      console.log(
        `    plain textarea, same page:         median ${plain.median.toFixed(1)} ms, p95 ${plain.p95.toFixed(1)} ms (n=${plain.n})`,
      );
      console.log(
        `    ratio content editor / plain textarea: median ${(block.median / plain.median).toFixed(2)}×, p95 ${(block.p95 / plain.p95).toFixed(2)}×`,
      );
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
