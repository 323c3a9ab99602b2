/**
 * Runs work that need not be on screen in this frame (a request to the relay) after the page has
 * painted its next frame, so that a keystroke is painted before its change is sent.
 *
 * @module
 */

/** The longest the work waits for a frame that may never come (the page hidden meanwhile). */
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Calls `run` once, after the next frame is painted (the first task after the next animation
 * frame); where nothing is painted (Node, a hidden or not yet visible page) after the current
 * task's microtasks, as `queueMicrotask` would.
 */
export function afterPaint(run: () => void): void {
  const canPaint =
    typeof requestAnimationFrame === 'function' &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible';
  if (!canPaint) {
    queueMicrotask(run);
    return;
  }
  let isDone = false;
  const once = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(once, AFTER_PAINT_FALLBACK_MS);
  requestAnimationFrame(() => setTimeout(once, 0));
}
