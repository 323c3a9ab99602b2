/**
 * The accessibility check of the browser tests: axe-core (through `@axe-core/playwright`) on the
 * page as it is, failing on any serious or critical violation. Every screen of the editor is
 * checked; the counts of all violations are kept for the summary.
 *
 * @module
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** A check that takes longer than this fails instead of hanging the run. */
const AXE_TIMEOUT_MS = 60_000;

/** The impacts that fail a test. */
const BLOCKING = new Set(['serious', 'critical']);

/** Screens checked so far, with the number of minor and moderate findings (which do not fail). */
export const axeChecked: Array<{ screen: string; minor: number }> = [];

/**
 * Runs axe on `page`; throws a readable list of the serious and critical violations. `exclude`
 * leaves out parts that are not the editor's UI (a sandboxed preview of the post, which runs no
 * scripts, so axe could not run inside it anyway).
 */
export async function expectAccessible(page: Page, screen: string, exclude?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`axe on "${screen}" did not finish within ${AXE_TIMEOUT_MS} ms`)),
      AXE_TIMEOUT_MS,
    );
  });
  const results = await Promise.race([
    builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze(),
    timeout,
  ]).finally(() => clearTimeout(timer));
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  axeChecked.push({ screen, minor: results.violations.length - blocking.length });
  if (blocking.length === 0) return;
  const lines = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  throw new Error(
    `axe on "${screen}": ${blocking.length} serious/critical violation(s):\n        ${lines.join('\n        ')}`,
  );
}
