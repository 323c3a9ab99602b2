/**
 * A jsdom document shared by both systems' React lists. It must exist before React, react-dom or
 * @wordpress/block-editor (which core-data imports, and which reads `window` on load) are imported.
 *
 * @module
 */
import { JSDOM } from 'jsdom';

/** The globals React and the WordPress packages read. */
const GLOBALS = [
  'window',
  'document',
  'navigator',
  'Node',
  'Text',
  'Element',
  'HTMLElement',
  'HTMLIFrameElement',
  'DocumentFragment',
  'Event',
  'CustomEvent',
  'KeyboardEvent',
  'MouseEvent',
  'MutationObserver',
  'DOMParser',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'localStorage',
  'sessionStorage',
  'matchMedia',
] as const;

let dom: JSDOM | undefined;

/** Creates the document once and publishes its globals; later calls return the same window. */
export function installDom(): Window {
  if (dom) return dom.window as unknown as Window;
  dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: 'http://example.test/wp-admin/',
    pretendToBeVisual: true,
  });
  const window = dom.window as unknown as Record<string, unknown>;
  // jsdom has no matchMedia; WordPress's components ask for it while loading.
  window.matchMedia ??= () => ({
    matches: false,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  });
  for (const name of GLOBALS) {
    Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  }
  return dom.window as unknown as Window;
}

/** A fresh `<div>` attached to the document's body. */
export function newContainer(): HTMLElement {
  const container = installDom().document.createElement('div');
  installDom().document.body.append(container);
  return container;
}
