/**
 * A small test harness for the browser tests: named tests, a fresh tab each, screenshots of every
 * step into test-results/e2e/, polling assertions, and a `N passed, N failed` summary.
 *
 * @module
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** Where screenshots go. */
export const ARTIFACTS_DIR = join(process.cwd(), 'test-results', 'e2e');

/** How long a polling assertion waits before it fails. */
const WAIT_MS = 10_000;

/** What a test receives. */
export interface TestContext {
  /** A fresh tab (its own sessionStorage, so its own mock site) with the editor loaded. */
  page: Page;
  /** The editor's address. */
  url: string;
  /** Saves a screenshot of the page as `test-results/e2e/{test}-{n}-{label}.png`. */
  step(label: string): Promise<void>;
}

/** One browser test. */
export interface BrowserTest {
  name: string;
  /**
   * The test is about editing alone: it opens the editor with `?collab=off`. Every other test runs
   * with collaboration on, as the demo does by default.
   */
  isSolo?: boolean;
  run(t: TestContext): Promise<void>;
}

/** `url` with collaboration turned off (`?collab=off`). */
export function soloUrl(url: string): string {
  const solo = new URL(url);
  solo.searchParams.set('collab', 'off');
  return solo.toString();
}

/** `text` as a file-name part: lower case, dashes for everything else, at most 60 characters. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/**
 * Polls `read` until `accept` holds; throws with `describe(last)` when it never does within
 * `timeoutMs` (10 s by default).
 */
export async function waitUntil<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  describe: (last: T | undefined) => string,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch {
      // The element may not exist yet; keep polling.
    }
    if (Date.now() > deadline) throw new Error(describe(last));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the text of `locator` matches `expected`. */
export function expectText(locator: Locator, expected: RegExp | string, what: string): Promise<string> {
  const matches = (text: string) =>
    typeof expected === 'string' ? text.includes(expected) : expected.test(text);
  return waitUntil(
    async () => (await locator.first().textContent({ timeout: 1000 })) ?? '',
    matches,
    (last) => `${what}: expected ${String(expected)}, got ${JSON.stringify(last)}`,
  );
}

/**
 * Reads a field in the page: `(element) => { value, start, end }`, an input's value and selection,
 * or a rich-text block's (a contenteditable: its characters, line breaks as `\n`, without the
 * zero-width characters rich text adds and without its placeholder; the selection in offsets of
 * that text, `-1` when it is elsewhere). Page code as source text: the test runner's compiler
 * would wrap named inner functions in a helper the page does not have.
 */
const READ_FIELD = `(element) => {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
    return { value: element.value, start: element.selectionStart ?? -1, end: element.selectionEnd ?? -1 };
  const selection = document.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : undefined;
  let text = '';
  let start = -1;
  let end = -1;
  const mark = (node, offset) => {
    if (range && node === range.startContainer && offset === range.startOffset) start = text.length;
    if (range && node === range.endContainer && offset === range.endOffset) end = text.length;
  };
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const value = node.nodeValue ?? '';
      for (let i = 0; i <= value.length; i++) {
        mark(node, i);
        if (i < value.length && value[i] !== '\\ufeff') text += value[i];
      }
      return;
    }
    if (!(node instanceof Element) || node.hasAttribute('data-rich-text-placeholder')) return;
    if (node !== element && node.tagName === 'BR') {
      if (node.hasAttribute('data-rich-text-line-break')) text += '\\n';
      return;
    }
    node.childNodes.forEach((child, index) => {
      mark(node, index);
      walk(child);
    });
    mark(node, node.childNodes.length);
  };
  walk(element);
  return { value: text, start, end };
}`;

/** The text of a field as its person edits it (an input's value, or a rich-text block's text). */
export async function fieldValue(locator: Locator): Promise<string> {
  const read = await locator.evaluate(
    (element, source) => (0, eval)(source)(element) as { value: string },
    READ_FIELD,
    { timeout: 1000 },
  );
  return read.value;
}

/**
 * The focused field: its accessible name and its selection, in its value's offsets (an input's, or
 * a rich-text block's as {@link fieldValue} reads it); `start` is -1 when nothing has focus.
 */
export function focusedField(page: Page): Promise<{ label: string; start: number; end: number }> {
  return page.evaluate((source) => {
    const element = document.activeElement;
    if (!element || element === document.body) return { label: '', start: -1, end: -1 };
    const read = (0, eval)(source)(element) as { start: number; end: number };
    return { label: element.getAttribute('aria-label') ?? '', start: read.start, end: read.end };
  }, READ_FIELD);
}

/** Puts the selection at `[start, end)` of a rich-text block's text, as {@link fieldValue} counts it. */
const SELECT_IN_FIELD = `(element, [start, end]) => {
  let count = 0;
  let from;
  let to;
  const place = (node, offset) => {
    if (from === undefined && count === start) from = [node, offset];
    if (to === undefined && count === end) to = [node, offset];
  };
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const value = node.nodeValue ?? '';
      for (let i = 0; i < value.length; i++) {
        if (value[i] === '\\ufeff') continue;
        place(node, i);
        count++;
      }
      place(node, value.length);
      return;
    }
    if (!(node instanceof Element) || node.hasAttribute('data-rich-text-placeholder')) return;
    if (node !== element && node.tagName === 'BR') {
      if (node.hasAttribute('data-rich-text-line-break')) count++;
      return;
    }
    node.childNodes.forEach(walk);
  };
  walk(element);
  element.focus();
  const range = document.createRange();
  range.setStart(...(from ?? [element, 0]));
  range.setEnd(...(to ?? from ?? [element, 0]));
  const selection = document.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}`;

/**
 * Focuses a rich-text block and selects `[start, end)` of its text (a caret when `end` is left
 * out), as a person's mouse would; waits a moment for the editor to take the selection.
 */
export async function selectInField(locator: Locator, start: number, end = start): Promise<void> {
  await locator.evaluate(
    (element, [source, range]) => {
      (0, eval)(source as string)(element, range);
    },
    [SELECT_IN_FIELD, [start, end]] as const,
  );
  await locator.page().waitForTimeout(100);
}

/** Waits until the value of the field `locator` (an input, or a rich-text block) is `expected`. */
export function expectValue(locator: Locator, expected: string, what: string): Promise<string> {
  return waitUntil(
    () => fieldValue(locator),
    (value) => value === expected,
    (last) => `${what}: expected the value ${JSON.stringify(expected)}, got ${JSON.stringify(last)}`,
  );
}

/** Waits until `locator` matches `count` elements. */
export function expectCount(locator: Locator, count: number, what: string): Promise<number> {
  return waitUntil(
    () => locator.count(),
    (n) => n === count,
    (last) => `${what}: expected ${count}, found ${String(last)}`,
  );
}

/** Throws when `condition` is false. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Runs the tests one after the other, each in a new tab; prints each result and the summary. */
export async function runTests(
  context: BrowserContext,
  url: string,
  tests: readonly BrowserTest[],
): Promise<{ passed: number; failed: number }> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  let passed = 0;
  let failed = 0;
  for (const test of tests) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // "Leave the page?" prompts are answered yes: reloading is part of the tests.
    page.on('dialog', (dialog) => void dialog.accept());
    let n = 0;
    const step = async (label: string) => {
      n++;
      await page.screenshot({
        path: join(ARTIFACTS_DIR, `${slug(test.name)}-${String(n).padStart(2, '0')}-${slug(label)}.png`),
      });
    };
    const started = Date.now();
    try {
      const address = test.isSolo === true ? soloUrl(url) : url;
      await page.goto(address);
      await page.getByRole('link', { name: 'Posts', exact: true }).waitFor({ timeout: 30_000 });
      await test.run({ page, url: address, step });
      check(errors.length === 0, `the page threw: ${errors.join('; ')}`);
      passed++;
      console.log(`  ✓ ${test.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      await step('failure').catch(() => undefined);
      console.log(`  ✗ ${test.name}\n      ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await page.close();
    }
  }
  return { passed, failed };
}
