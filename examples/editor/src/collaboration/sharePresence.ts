/**
 * This window's presence per record (the field and selection it shares), remembered so the
 * heartbeat of `useLivePeers.ts` can send it again unchanged.
 *
 * @module
 */
import type { EntityRecord, RootStore } from 'wp-entities';
import type { LocalPresence } from 'wp-entities/sync';

const shared = new WeakMap<EntityRecord<object>, LocalPresence>();

/** What this window last shared about where it is in `record` (`{}` when nowhere). */
export function localPresenceOf(record: EntityRecord<object>): LocalPresence {
  return shared.get(record) ?? {};
}

/** The longest a presence change waits for an idle moment (or, without idle callbacks, a frame). */
const SHARE_WAIT_MS = 100;

/** Records whose latest presence waits to be shared (see {@link sharePresence}). */
const waiting = new Set<EntityRecord<object>>();

/**
 * Runs `run` once the page is idle after painting, at most {@link SHARE_WAIT_MS} later. Not after
 * the next animation frame: the caret moves at a key's keyup, after the key's own frame, and a
 * frame asked for then is an extra frame per keystroke; Chromium also holds the page's timers
 * after a key until that frame is drawn. Without `requestIdleCallback` (Safari): after the next
 * frame, or the wait, whichever comes first.
 */
function afterIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(run, { timeout: SHARE_WAIT_MS });
    return;
  }
  let isDone = false;
  const once = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(fallback);
    run();
  };
  // A frame that never comes (the page hidden meanwhile: leaving a field) must not hold it back.
  const fallback = setTimeout(once, SHARE_WAIT_MS);
  requestAnimationFrame(() => setTimeout(once, 0));
}

/**
 * Shares where this person is in `record`; ignored without collaboration or while its room is
 * closed. In a visible page it is shared when the page is next idle (the caret moves with every
 * keystroke, and telling the room is no part of showing the keystroke); several moves before then
 * are shared once, as the last.
 */
export function sharePresence(store: RootStore, record: EntityRecord<object>, state: LocalPresence): void {
  const sync = store.sync;
  if (sync === undefined) return;
  shared.set(record, state);
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') {
    sync.setLocalPresence(record, state);
    return;
  }
  if (waiting.has(record)) return;
  waiting.add(record);
  afterIdle(() => {
    if (waiting.delete(record) && !store.isDisposed) sync.setLocalPresence(record, localPresenceOf(record));
  });
}
