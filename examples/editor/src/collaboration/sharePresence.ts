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

/** The longest a presence change waits for the next frame. */
const SHARE_FALLBACK_MS = 100;

/** Records whose latest presence waits to be shared (see {@link sharePresence}). */
const waiting = new Set<EntityRecord<object>>();

/**
 * Shares where this person is in `record`; ignored without collaboration or while its room is
 * closed. In a visible page it is shared after the next frame is painted (the caret moves with
 * every keystroke, and telling the room is no part of showing the keystroke); several moves before
 * then are shared once, as the last.
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
  const send = () => {
    if (!waiting.delete(record)) return;
    clearTimeout(fallback);
    if (!store.isDisposed) sync.setLocalPresence(record, localPresenceOf(record));
  };
  // A frame that never comes (the page hidden meanwhile: leaving a field) must not hold it back.
  const fallback = setTimeout(send, SHARE_FALLBACK_MS);
  requestAnimationFrame(() => setTimeout(send, 0));
}
