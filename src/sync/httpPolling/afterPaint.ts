/**
 * Runs work that need not be on screen in this frame (a request to the relay) once the page has
 * painted what it was showing and is idle, so that a keystroke is painted before its change is
 * sent, and the work asks for no frame of its own.
 *
 * @module
 */

/** The longest the work waits for an idle moment (or, without idle callbacks, a frame). */
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Calls `run` once, when the page is next idle (after the frame it is drawing, if any), at most
 * {@link AFTER_PAINT_FALLBACK_MS} later. Not in the first task after the next animation frame:
 * asking for a frame from an answer's task makes a frame no one needs, and a keystroke that comes
 * just after it waits a whole frame interval for its own. Without `requestIdleCallback` (Safari):
 * after the next frame, or the fallback, whichever comes first. Where nothing is painted (Node, a
 * hidden or not yet visible page): after the current task's microtasks, as `queueMicrotask` would.
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
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(run, { timeout: AFTER_PAINT_FALLBACK_MS });
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
