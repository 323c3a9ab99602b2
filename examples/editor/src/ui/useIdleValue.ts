/**
 * An observable value for UI that need not change in the frame of a keystroke (the Undo button's
 * state): read again when the page is next idle after what it reads changed, instead of in the
 * reaction that ends each edit. Reading the undo history's `hasUndo` asks the shared document's
 * undo whether its steps would still change something, which is too slow to do on every keystroke.
 *
 * @module
 */
import { autorun } from 'mobx';
import { useEffect, useState } from 'react';

/** The longest a changed value waits for an idle moment. */
export const IDLE_VALUE_TIMEOUT_MS = 300;

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_VALUE_TIMEOUT_MS });
  else setTimeout(run, 0);
}

/**
 * `read()`'s value, kept up to date when the page is idle after the observables it reads change.
 * For a component that is not an `observer` (or does not read them itself): its first render reads
 * the value at once.
 */
export function useIdleValue<T>(read: () => T): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    let isStopped = false;
    const stop = autorun(
      () => {
        const next = read();
        if (!isStopped) setValue(() => next);
      },
      { scheduler: whenIdle },
    );
    return () => {
      isStopped = true;
      stop();
    };
    // `read` is taken once per mount, as a subscription is.
  }, []);
  return value;
}
