/**
 * The others in a record's room, as the editor shows them, with the demo's optional shortened
 * presence timeout (`?presenceTimeoutMs=`): then this window renews its own presence more often and
 * hides people not heard from within the timeout, instead of waiting for y-protocols' 30 s.
 *
 * @module
 */
import { useEffect, useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { usePeers, useStore } from 'wp-entities/react';
import type { Peer } from 'wp-entities/sync';
import { presenceTimeoutMs } from './collaboration.js';
import { localPresenceOf } from './sharePresence.js';

/** Other people in `record`'s room, for `observer` components. */
export function useLivePeers(record: EntityRecord<object>): readonly Peer[] {
  const peers = usePeers(record);
  const timeout = presenceTimeoutMs();
  const [, setTick] = useState(0);
  useEffect(() => {
    if (timeout === undefined) return;
    // Re-render so that someone who went quiet disappears even when nothing else changes.
    const timer = setInterval(() => setTick((tick) => tick + 1), timeout / 4);
    return () => clearInterval(timer);
  }, [timeout]);
  if (timeout === undefined) return peers;
  const now = Date.now();
  return peers.filter((peer) => now - peer.lastSeenMs < timeout);
}

/**
 * With a shortened presence timeout, renews this window's presence in `record`'s room at a third
 * of it, so that others do not take a quiet but present person for gone.
 */
export function usePresenceHeartbeat(record: EntityRecord<object>): void {
  const store = useStore();
  const timeout = presenceTimeoutMs();
  useEffect(() => {
    const sync = store.sync;
    if (timeout === undefined || sync === undefined) return;
    const timer = setInterval(() => sync.setLocalPresence(record, localPresenceOf(record)), timeout / 3);
    return () => clearInterval(timer);
  }, [store, record, timeout]);
}
