/**
 * `npm run bench:typing`: key → paint latency of typing in the example editor, in Chromium, on the
 * production build. A benchmark, not a test: it prints figures and asserts nothing.
 *
 * It builds the editor with Vite (minified, React in production mode), serves it on 127.0.0.1 (a
 * free port) against the demo's shared site (as `npm run demo`: collaboration through the site's
 * relay; `BENCH_SITE=tab` for the mock inside the tab), opens the sample post (about 5 KB of block
 * markup) and types the same text into its first paragraph block and into a plain `<textarea>`
 * added to the same page, by turns of a few keystrokes, so that both fields see the same machine
 * load. Each keystroke's latency runs from the keydown event's timestamp to the first task after
 * the next animation frame, i.e. after the frame that shows the character was painted.
 *
 * It measures twice: with collaboration on (the shared document, the relay, IndexedDB; alone in
 * the room) and off (`?collab=off`). Figures are noisy on a shared machine: compare the two fields
 * of one run, and take the median of several runs (the load average is printed).
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, mergeConfig, preview } from 'vite';
import { startSharedSite } from '../../examples/editor/server/sharedSite.js';
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

/** Keystrokes typed into one field before switching to the other (the fields take turns). */
const CHUNK = 15;

/**
 * Installs the latency probe on the page: every keydown records its key → paint time, by field,
 * and where that time went: waiting for the page to take the key (`queued`: another task was
 * running), the key's own events up to the end of its `input` (`handled`), until the next
 * animation frame starts (`frame`), and the whole (`total`); then, not part of the latency, until
 * the task after that one (`settled`): work the page queued behind the frame (a render React
 * scheduled) is done by then, so `settled` shows what it cost. The end of the `input` is where the
 * page let it go: past the window's bubbling listeners, or, for a keystroke the editor takes in
 * at the window's capture phase and stops there (a plain character in a rich-text block), after
 * that listener and its microtasks.
 */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(`
    window.__phases = { block: [], plain: [] };
    window.__field = undefined;
    document.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      const into = window.__field;
      const phases = { queued: performance.now() - start, handled: NaN, frame: NaN, total: NaN, settled: NaN };
      // After the page's handlers (and their microtasks): the window's capture listeners run after
      // the editor's own there (registered before this probe); its bubbling ones, if the input
      // goes on, after everyone else's.
      const handled = () => { phases.handled = performance.now() - start; };
      window.addEventListener('input', handled, true);
      window.addEventListener('input', handled);
      // After the next frame is painted: the first task after the animation frame that shows the key.
      requestAnimationFrame(() => {
        // (An input that never reached the bubbling phase leaves no listener for the next key's.)
        window.removeEventListener('input', handled, true);
        window.removeEventListener('input', handled);
        phases.frame = performance.now() - start;
        setTimeout(() => {
          phases.total = performance.now() - start;
          // The next task: after what the page queued behind the frame.
          setTimeout(() => {
            phases.settled = performance.now() - start;
            if (into) window.__phases[into].push(phases);
          }, 0);
        }, 0);
      });
    }, true);
  `);
}

/** Where a keystroke's latency went (milliseconds from its keydown's timestamp), see {@link installProbe}. */
interface Phases {
  queued: number;
  handled: number;
  frame: number;
  total: number;
  settled: number;
}

type Field = 'block' | 'plain';

/**
 * Types into the editor's block and the plain textarea by turns ({@link CHUNK} keystrokes each),
 * so that both see the same machine load; the first keystroke after each switch (focus moved) and
 * the warm-up are not counted.
 */
async function measure(page: Page, selectors: Record<Field, string>): Promise<Record<Field, Phases[]>> {
  const typed: Record<Field, number> = { block: 0, plain: 0 };
  const focus = async (field: Field) => {
    await page.evaluate('window.__field = undefined');
    await page.locator(selectors[field]).click();
    await page.keyboard.press('Control+End');
    await page.waitForTimeout(100);
  };
  for (const field of ['block', 'plain'] as const) {
    await focus(field);
    for (let i = 0; i < WARM_UP; i++) {
      await page.keyboard.press(keyAt(i));
      await page.waitForTimeout(KEY_GAP_MS);
    }
  }
  await page.waitForTimeout(200);
  await page.evaluate('window.__phases = { block: [], plain: [] }');
  let field: Field = 'block';
  while (typed.block < KEYSTROKES || typed.plain < KEYSTROKES) {
    await focus(field);
    // The switch's own keystroke, not counted.
    await page.keyboard.press(keyAt(typed[field]));
    await page.waitForTimeout(KEY_GAP_MS);
    await page.evaluate(`window.__field = '${field}'`);
    for (let i = 0; i < CHUNK && typed[field] < KEYSTROKES; i++) {
      await page.keyboard.press(keyAt(typed[field]));
      typed[field] += 1;
      await page.waitForTimeout(KEY_GAP_MS);
    }
    field = field === 'block' ? 'plain' : 'block';
  }
  await page.waitForTimeout(300);
  return (await page.evaluate('window.__phases')) as Record<Field, Phases[]>;
}

function keyAt(i: number): string {
  const char = TEXT[i % TEXT.length] as string;
  return char === ' ' ? 'Space' : char;
}

interface Summary {
  median: number;
  p95: number;
  n: number;
  /** The median of each phase (see {@link Phases}). */
  phases: Phases;
}

function summary(keys: readonly Phases[]): Summary {
  const sorted = keys.map((key) => key.total).sort((a, b) => a - b);
  const medianOf = (phase: keyof Phases) =>
    percentile(
      keys.map((key) => key[phase]).filter((ms) => Number.isFinite(ms)),
      50,
    );
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    n: sorted.length,
    phases: {
      queued: medianOf('queued'),
      handled: medianOf('handled'),
      frame: medianOf('frame'),
      total: medianOf('total'),
      settled: medianOf('settled'),
    },
  };
}

/** One line of where a field's keystrokes went (medians, ms since the keydown's timestamp). */
function phasesLine({ phases }: Summary): string {
  return `taken ${phases.queued.toFixed(1)}, input handled ${phases.handled.toFixed(1)}, frame starts ${phases.frame.toFixed(1)}, painted ${phases.total.toFixed(1)}, settled ${phases.settled.toFixed(1)}`;
}

/** Opens the sample post at `address` in a new page and types into its first block and a plain textarea, by turns. */
async function typeInEditorAndTextarea(
  browser: Browser,
  address: string,
): Promise<{ block: Summary; plain: Summary }> {
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
    const latencies = await measure(page, {
      block: '[data-testid="text-block"] >> nth=0',
      plain: '#plain-textarea',
    });
    return { block: summary(latencies.block), plain: summary(latencies.plain) };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  ensureChromium();
  generateWorker();
  // As `npm run demo` starts: one shared site for every window, collaboration through its relay.
  // BENCH_SITE=tab measures on the mock inside the tab (no relay: IndexedDB only).
  const onSharedSite = process.env.BENCH_SITE !== 'tab';
  const sharedSite = onSharedSite ? await startSharedSite() : undefined;
  const outDir = mkdtempSync(join(tmpdir(), 'wp-entities-editor-build-'));
  const config = mergeConfig(editorConfig({}, {}, sharedSite), {
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
      `  ${KEYSTROKES} keystrokes per field, ${KEY_GAP_MS} ms apart, the two fields by turns of ${CHUNK}, after ${WARM_UP} warm-up keystrokes each`,
    );
    console.log(
      `  site: ${onSharedSite ? "the demo's shared site (collaboration through its relay, as npm run demo)" : 'the mock inside the tab (no relay)'}; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    // Collaboration on (the shared document, the relay, IndexedDB), then off (?collab=off).
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
      console.log(`    where it went (medians, ms after keydown): editor ${phasesLine(block)}`);
      console.log(`                                               textarea ${phasesLine(plain)}`);
    }
    console.log(
      `  load average after: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await sharedSite?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
