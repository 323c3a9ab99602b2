import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { hasRelayPeers } from './collaboration.js';
import { useLivePeers } from './useLivePeers.js';

const LABELS = {
  connecting: 'Connecting…',
  connected: 'Live',
  disconnected: 'Offline',
  destroyed: 'Offline',
} as const;

/**
 * Whether collaborative editing of `record` is live (`sync.connection`) and, while it is, how many
 * others are here ("Offline" or "Connecting…" alone otherwise); nothing when the editor runs
 * without collaboration.
 */
export const ConnectionStatus = observer(function ConnectionStatus({
  record,
}: {
  record: EntityRecord<object>;
}) {
  const store = useStore();
  const peers = useLivePeers(record);
  // On a mock inside the tab nobody else can join: there is no connection to speak of.
  if (store.sync === undefined || !hasRelayPeers()) return null;
  const status = store.sync.connection(record);
  // Who else is here is known only while connected: cut off, the last list would be a guess.
  const others =
    status !== 'connected'
      ? undefined
      : peers.length === 0
        ? 'only you'
        : peers.length === 1
          ? '1 other person'
          : `${peers.length} other people`;
  return (
    <span
      className={`connection-status connection-${status}`}
      data-testid="connection-status"
      data-status={status}
      role="status"
      title={`Collaborative editing: ${status}`}
    >
      <span className="connection-dot" aria-hidden="true" />
      {others === undefined ? LABELS[status] : `${LABELS[status]} · ${others}`}
    </span>
  );
});
