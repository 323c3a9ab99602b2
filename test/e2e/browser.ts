/**
 * Debian's Chromium for the browser tests: installed with apt when missing (never a downloaded
 * browser), launched headless by playwright-core with a fresh profile.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Where Debian installs Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Installs Debian's `chromium` package when it is not there yet. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`${CHROMIUM_PATH} is missing: installing Debian's chromium with apt-get…`);
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['update']);
  run(['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing.`);
}

/** A headless Chromium with its own throw-away profile. */
export interface TestBrowser {
  /** The browser context (one profile). */
  context: BrowserContext;
  /** Closes the browser and deletes the profile. */
  close(): Promise<void>;
}

/**
 * Chromium's flags for every browser test: the base flags of the feasibility notes (§2), enough for
 * WebRTC between contexts on this machine, and nothing that reaches the network by itself.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium with a fresh `--user-data-dir`. */
export async function launchChromium(): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'wp-entities-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--headless', ...CHROMIUM_ARGS],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
