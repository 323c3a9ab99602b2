/**
 * Runs work that need not be on screen in this frame (a request to the relay, the caret told to
 * the room) once the page has painted what it was showing and is idle, so that a keystroke is
 * painted before its change is sent, and the work asks for no frame of its own.
 *
 * @module
 */
import { ArgumentError } from '../../../../core/errors.js';

/** The longest the work waits for an idle moment (or, without idle callbacks, a frame). */
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Calls `run` once, when the page is next idle (after the frame it is drawing, if any), at most
 * `maxWaitMs` later: for work that need not be on screen in this frame (a request to the relay,
 * telling the room where the caret is). Not in the first task after the next animation frame:
 * asking for a frame from a task that drew nothing makes a frame no one needs, and Chromium holds
 * the page's timers after a key until it is drawn, so a keystroke that comes just after it waits a
 * whole frame interval for its own. Without `requestIdleCallback` (Safari): after the next frame,
 * or `maxWaitMs`, whichever comes first. Where nothing is painted (Node, a hidden or not yet
 * visible page): after the current task's microtasks, as `queueMicrotask` would.
 *
 * @param run The work; called once.
 * @param maxWaitMs The longest it waits for an idle moment (or a frame), in milliseconds.
 * @throws ArgumentError when `maxWaitMs` is not a finite number of milliseconds above zero.
 */
export function whenIdle(run: () => void, maxWaitMs: number): void {
  if (!Number.isFinite(maxWaitMs) || maxWaitMs <= 0)
    throw new ArgumentError(
      `whenIdle: maxWaitMs must be a finite number of milliseconds above 0, got ${maxWaitMs}.`,
    );
  const canPaint =
    typeof requestAnimationFrame === 'function' &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible';
  if (!canPaint) {
    queueMicrotask(run);
    return;
  }
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(run, { timeout: maxWaitMs });
    return;
  }
  let isDone = false;
  const once = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(fallback);
    run();
  };
  // A frame that never comes (the page hidden meanwhile) must not hold the work back.
  const fallback = setTimeout(once, maxWaitMs);
  requestAnimationFrame(() => setTimeout(once, 0));
}

/** {@link whenIdle} with the relay's bound, {@link AFTER_PAINT_FALLBACK_MS}. */
export function afterPaint(run: () => void): void {
  whenIdle(run, AFTER_PAINT_FALLBACK_MS);
}
