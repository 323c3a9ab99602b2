/**
 * A plain keystroke's write to the post, held until the frame that shows it has been painted.
 *
 * When a rich-text field takes a plain keystroke in (plainTyping.ts), the browser has already put
 * the character into the page: what is left is the post's edit, its change to the shared document
 * and the block's render. Done inside the `input` event, that work (about a millisecond) delays the
 * frame that shows the character; done in the first task after that frame, it delays nothing the
 * person sees. Until then the field holds the keystroke, and anything that could read or change
 * the text first writes it:
 *
 * - the next key, input, composition, paste, cut or drop, a pointer press, focus leaving a field,
 *   and the page being hidden or left (listeners at the window's capture phase, before anyone
 *   else hears the event);
 * - the field itself, before its own next change and before someone else's change is read into
 *   it (RichTextField.tsx).
 *
 * One keystroke is held per window: holding another writes the one held first.
 *
 * @module
 */

/** A window's held keystroke: its write, until it is written. */
interface HeldSlot {
  write: (() => void) | undefined;
}

/** The held keystroke of each window (its listeners are installed with the slot, once). */
const heldByWindow = new WeakMap<Window, HeldSlot>();

/** The events before which a held keystroke is written (see the module's description). */
const WRITE_BEFORE = [
  'keydown',
  'beforeinput',
  'compositionstart',
  'paste',
  'cut',
  'drop',
  'pointerdown',
  'focusout',
  'beforeunload',
  'pagehide',
] as const;

/** A held keystroke that no frame came for (a hidden page draws none) is written after this long. */
const LATEST_WRITE_MS = 100;

function slotOf(view: Window): HeldSlot {
  let slot = heldByWindow.get(view);
  if (!slot) {
    const created: HeldSlot = { write: undefined };
    const writeNow = () => writeHeldKeystroke(view);
    for (const type of WRITE_BEFORE) view.addEventListener(type, writeNow, true);
    view.document.addEventListener('visibilitychange', writeNow, true);
    heldByWindow.set(view, created);
    slot = created;
  }
  return slot;
}

/**
 * Holds `write` (a keystroke's write to the post) until the first task after the next animation
 * frame, or until something could read the text first (see the module's description); writes the
 * keystroke held before, if any, first. `write` runs once.
 */
export function holdKeystroke(view: Window, write: () => void): void {
  const slot = slotOf(view);
  if (slot.write) writeHeldKeystroke(view);
  let isDone = false;
  const once = () => {
    if (isDone) return;
    isDone = true;
    if (slot.write === once) slot.write = undefined;
    view.clearTimeout(latest);
    write();
  };
  slot.write = once;
  // The first task after the frame: the frame was painted without waiting for this.
  view.requestAnimationFrame(() => view.setTimeout(once, 0));
  const latest = view.setTimeout(once, LATEST_WRITE_MS);
}

/** Writes the keystroke held in `view` now, if one is held. */
export function writeHeldKeystroke(view: Window): void {
  heldByWindow.get(view)?.write?.();
}
