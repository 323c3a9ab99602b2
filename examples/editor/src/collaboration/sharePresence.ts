/**
 * This window's presence per record (the field and selection it shares), remembered so the
 * heartbeat of `useLivePeers.ts` can send it again unchanged.
 *
 * @module
 */
import type { EntityRecord, RootStore } from 'wp-entities';
import type { LocalPresence, whenIdle } from 'wp-entities/sync';

const shared = new WeakMap<EntityRecord<object>, LocalPresence>();

/** What this window last shared about where it is in `record` (`{}` when nowhere). */
export function localPresenceOf(record: EntityRecord<object>): LocalPresence {
  return shared.get(record) ?? {};
}

/**
 * The longest a presence change waits for an idle moment (or, without idle callbacks, a frame): the
 * caret moves at a key's keyup, after the key's own frame, and a frame asked for then would be an
 * extra frame per keystroke (see `whenIdle`).
 */
const SHARE_WAIT_MS = 100;

/** `whenIdle` of `wp-entities/sync`, once that module is loaded (see {@link afterIdle}). */
let loadedWhenIdle: typeof whenIdle | undefined;

/**
 * Runs `run` when the page is next idle, at most {@link SHARE_WAIT_MS} later (`whenIdle`). The
 * module is taken as it is loaded, not imported with this one: `wp-entities/sync` brings Yjs in,
 * and it is loaded only with collaboration on, which is the only time a presence is shared.
 */
function afterIdle(run: () => void): void {
  if (loadedWhenIdle) {
    loadedWhenIdle(run, SHARE_WAIT_MS);
    return;
  }
  void import('wp-entities/sync').then((sync) => {
    loadedWhenIdle = sync.whenIdle;
    sync.whenIdle(run, SHARE_WAIT_MS);
  });
}

/** Records whose latest presence waits to be shared (see {@link sharePresence}). */
const waiting = new Set<EntityRecord<object>>();

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
