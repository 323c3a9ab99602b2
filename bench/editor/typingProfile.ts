/**
 * `npm run bench:typing-profile`: where a keystroke's time goes in the example editor, for the
 * cuts `bench:typing` asks for. It builds the editor for production but unminified (so functions
 * keep their names), opens the sample post with collaboration on (on the demo's shared site, with
 * its relay, as `bench:typing`), types into its first paragraph
 * block under Chromium's CPU profiler and a `devtools.timeline` trace, and prints the functions
 * with the most self time and the browser's own work (style, layout, paint) per keystroke.
 * A profile, not a test: it prints figures and asserts nothing. `KEEP=1` keeps the build, the
 * trace (`trace.json`) and the CPU profile (`profile.cpuprofile`, for DevTools) in a folder it names.
 *
 * @module
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, mergeConfig, preview } from 'vite';
import { startSharedSite } from '../../examples/editor/server/sharedSite.js';
import { editorConfig } from '../../examples/editor/vite.config.js';
import { generateWorker } from '../../scripts/demo.js';
import { CHROMIUM_PATH, ensureChromium } from '../../test/e2e/browser.js';

const KEYSTROKES = Number(process.env.KEYSTROKES ?? 150);
const KEY_GAP_MS = 60;
const TOP = Number(process.env.TOP ?? 40);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
}

function selfTimes(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame
      ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`
      : '?';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return totals;
}

/** Time in each named function and what it called (a recursive call counted once). */
function inclusiveTimes(profile: CpuProfile): Map<string, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000),
  );
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const walk = (id: number, open: ReadonlySet<string>): number => {
    const node = byId.get(id);
    if (!node) return 0;
    const name = node.callFrame.functionName;
    const named = name !== '' && !name.startsWith('(');
    const inner = named ? new Set([...open, name]) : open;
    let total = self.get(id) ?? 0;
    for (const child of node.children ?? []) total += walk(child, inner);
    if (named && !open.has(name)) totals.set(name, (totals.get(name) ?? 0) + total);
    return total;
  };
  const root = profile.nodes[0];
  if (root) walk(root.id, new Set());
  return totals;
}

async function main(): Promise<void> {
  ensureChromium();
  generateWorker();
  const outDir = mkdtempSync(join(tmpdir(), 'wp-entities-editor-profile-'));
  const traceFile = join(outDir, 'trace.json');
  // As bench:typing: the demo's shared site with its relay (BENCH_SITE=tab: the mock inside the tab).
  const sharedSite = process.env.BENCH_SITE === 'tab' ? undefined : await startSharedSite();
  const config = mergeConfig(editorConfig({}, {}, sharedSite), {
    configFile: false,
    logLevel: 'error',
    build: { outDir: join(outDir, 'site'), emptyOutDir: true, minify: false },
    preview: { port: 0, strictPort: false },
  });
  await build(config);
  const server = await preview(config);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless'],
  });
  try {
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite preview reported no address.');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(process.env.COLLAB === 'off' ? `${url}?collab=off` : url);
    await page
      .locator('table.rows tbody tr')
      .filter({ hasText: 'Notes from the salt marsh' })
      .locator('a')
      .click();
    // TARGET=textarea profiles a plain textarea added to the same page, for comparison.
    await page.evaluate(`
      const plain = document.createElement('textarea');
      plain.id = 'plain-textarea';
      plain.style.cssText = 'position:fixed;bottom:8px;left:8px;width:400px;height:80px;z-index:9';
      document.body.append(plain);
    `);
    const target =
      process.env.TARGET === 'textarea'
        ? page.locator('#plain-textarea')
        : page.getByTestId('text-block').first();
    await target.click();
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 20; i++) await page.keyboard.press('a');
    await page.waitForTimeout(300);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline'] });
    await cdp.send('Profiler.start');
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(i % 7 === 6 ? 'Space' : 'e');
      await page.waitForTimeout(KEY_GAP_MS);
    }
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    // KEEP=1 keeps the profile beside the trace, to open in DevTools or read again.
    if (process.env.KEEP) writeFileSync(join(outDir, 'profile.cpuprofile'), JSON.stringify(profile));
    await browser.stopTracing();
    const totals = [...selfTimes(profile)].sort((a, b) => b[1] - a[1]);
    const idle = totals.filter(([name]) => name.startsWith('(idle)')).reduce((sum, [, ms]) => sum + ms, 0);
    const busy = totals.filter(([name]) => !name.startsWith('(idle)')).reduce((sum, [, ms]) => sum + ms, 0);
    console.log(
      `CPU profile, ${KEYSTROKES} keystrokes: busy ${(busy / KEYSTROKES).toFixed(2)} ms per keystroke (idle ${(idle / KEYSTROKES).toFixed(1)})`,
    );
    for (const [name, ms] of totals.slice(0, TOP))
      console.log(`  ${(ms / KEYSTROKES).toFixed(3).padStart(7)} ms/key  ${name}`);
    console.log('Inclusive (named functions, with what they call):');
    for (const [name, ms] of [...inclusiveTimes(profile)].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`  ${(ms / KEYSTROKES).toFixed(3).padStart(7)} ms/key  ${name}`);
    const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
    const byName = new Map<string, number>();
    for (const event of trace.traceEvents) {
      if (event.ph !== 'X' || event.dur === undefined) continue;
      byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur / 1000);
    }
    console.log('Trace (devtools.timeline, complete events, inclusive, all threads):');
    for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${(ms / KEYSTROKES).toFixed(3).padStart(7)} ms/key  ${name}`);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await sharedSite?.close();
    if (process.env.KEEP) console.log(`Build kept in ${outDir}`);
    else rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
