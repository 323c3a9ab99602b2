/**
 * Whether the browser says it is offline (`navigator.onLine` false), kept up to date by its
 * `online` and `offline` events: the screens show an honest offline state instead of waiting on
 * retries that cannot succeed.
 *
 * @module
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser is offline. */
export function useIsOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
}
