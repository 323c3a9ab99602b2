/**
 * `usePeers`: the other people in a synced record's room, for `observer` components.
 *
 * @module
 */
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { Peer } from '../sync/client/Presence.js';
import { useStore } from './StoreProvider.js';

const NO_PEERS: readonly Peer[] = Object.freeze([]);

/**
 * The others who have `record` open, with their user, field and selection: `[]` without sync or
 * while the record's room is not open. Read inside an `observer`, the component re-renders when
 * someone joins, leaves, or moves.
 */
export function usePeers(record: EntityRecord<object> | undefined): readonly Peer[] {
  const store = useStore();
  if (record === undefined || store.sync === undefined) return NO_PEERS;
  return store.sync.peers(record);
}
