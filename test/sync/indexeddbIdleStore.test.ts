/**
 * In a browser, `indexeddbProvider()` stores a burst of document updates together when the page is
 * next idle (a keystroke does not wait for an IndexedDB write), and at once when the page is hidden
 * or the room closes: nothing typed is missing from the stored copy after any of them.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexeddbProvider } from '../../src/sync/providers/indexeddbProvider.js';
import { openRaw } from './helpers.js';

/** A page's idle callbacks and its `pagehide` / `visibilitychange`, driven by the test. */
function fakePage() {
  const idle = new Map<number, () => void>();
  const listeners = new Map<string, Set<() => void>>();
  let next = 1;
  const page = { visibilityState: 'visible' as 'visible' | 'hidden' };
  const on = (type: string, listener: () => void) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type)?.add(listener);
  };
  const off = (type: string, listener: () => void) => listeners.get(type)?.delete(listener);
  vi.stubGlobal('requestIdleCallback', (run: () => void) => {
    idle.set(next, run);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
  vi.stubGlobal('addEventListener', on);
  vi.stubGlobal('removeEventListener', off);
  vi.stubGlobal('document', {
    get visibilityState() {
      return page.visibilityState;
    },
    addEventListener: on,
    removeEventListener: off,
  });
  return {
    /** Runs the idle callbacks waiting now. */
    idle() {
      const waiting = [...idle.values()];
      idle.clear();
      for (const run of waiting) run();
    },
    pendingIdle: () => idle.size,
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
    hide() {
      page.visibilityState = 'hidden';
      this.fire('visibilitychange');
    },
  };
}

/** The text `t` as a new document loads it from the room's stored copy. */
async function storedText(room: string): Promise<string> {
  const reader = openRaw(indexeddbProvider(), room);
  await reader.provider.whenLoaded;
  const text = reader.doc.getText('t').toString();
  await reader.provider.destroy();
  reader.doc.destroy();
  return text;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('indexeddbProvider in a page', () => {
  it('stores a burst of keystrokes when the page is idle, as one', async () => {
    const page = fakePage();
    const writer = openRaw(indexeddbProvider(), 'burst');
    await writer.provider.whenLoaded;
    for (const char of 'hello') writer.doc.getText('t').insert(writer.doc.getText('t').length, char);
    expect(page.pendingIdle()).toBe(1);
    expect(await storedText('burst')).toBe('');
    page.idle();
    expect(await storedText('burst')).toBe('hello');
    await writer.provider.destroy();
  });

  it('stores what waits at once when the page is hidden, on pagehide, and when the room closes', async () => {
    const page = fakePage();
    const writer = openRaw(indexeddbProvider(), 'flushes');
    await writer.provider.whenLoaded;
    const text = writer.doc.getText('t');
    text.insert(0, 'a');
    page.hide();
    expect(await storedText('flushes')).toBe('a');
    text.insert(1, 'b');
    page.fire('pagehide');
    expect(await storedText('flushes')).toBe('ab');
    text.insert(2, 'c');
    await writer.provider.destroy();
    expect(await storedText('flushes')).toBe('abc');
    // Nothing is left to store later, into a closed database.
    page.idle();
  });
});
