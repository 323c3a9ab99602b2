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

/** Shares where this person is in `record`; ignored without collaboration or while its room is closed. */
export function sharePresence(store: RootStore, record: EntityRecord<object>, state: LocalPresence): void {
  if (store.sync === undefined) return;
  shared.set(record, state);
  store.sync.setLocalPresence(record, state);
}
