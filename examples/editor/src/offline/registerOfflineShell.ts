/**
 * Registers the offline shell (offlineShell.worker.ts) in a production build on a real site, so
 * the editor opens again while the browser is offline. Not on the mock site inside the tab: msw's
 * worker has the page's scope there. Not on a development server: it has no built files to keep.
 *
 * @module
 */

/** Registers `/offlineShell.js` when this page is a production build on a real site; never throws. */
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || import.meta.env.VITE_WP_BACKEND !== 'proxy') return;
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/offlineShell.js').catch((error: unknown) => {
    // The editor works without it; it only cannot open offline.
    console.warn('[editor] the offline shell could not be registered:', error);
  });
}
