/**
 * The data inspector's sync section: each open room with its connection and the people in it.
 *
 * @module
 */
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { RootStore } from '../../stores/RootStore.js';

/** Props of {@link SyncRooms}. */
interface SyncRoomsProps {
  /** The store whose rooms are shown. */
  store: RootStore;
  /** The label of a record (`postType/post/5`). */
  pathOf(record: EntityRecord<object>): string;
}

/**
 * The open sync rooms (one per synced record) with their connection and peers: who, and the field
 * they are in. Says so when the store has no sync. Observable reads only: it re-renders when a
 * room opens or closes, a connection changes, or someone joins, leaves or moves.
 */
export const SyncRooms = observer(function SyncRooms({ store, pathOf }: SyncRoomsProps): ReactNode {
  const sync = store.sync;
  // Rooms are found through the store's records (observable lists) and `isJoined` (observable),
  // so the section follows rooms opening and closing without reading Yjs.
  const joined =
    sync === undefined
      ? []
      : store.allCollections.flatMap((collection) =>
          collection.allRecords.filter((record) => sync.isJoined(record)),
        );
  return (
    <section aria-labelledby="inspector-sync" className="inspector-wide">
      <h3 id="inspector-sync">Sync rooms ({joined.length})</h3>
      {sync === undefined ? (
        <p>Collaboration is off for this store (no sync option).</p>
      ) : (
        <table className="mini" data-testid="inspector-sync">
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">Connection</th>
              <th scope="col">Peers</th>
            </tr>
          </thead>
          <tbody>
            {joined.map((record) => {
              const peers = sync.peers(record);
              return (
                <tr key={pathOf(record)}>
                  <td>{pathOf(record)}</td>
                  <td>{sync.connection(record)}</td>
                  <td>
                    {peers.length === 0
                      ? 'nobody else'
                      : peers
                          .map(
                            (peer) =>
                              `${peer.user.name}${peer.field === undefined ? '' : ` (${peer.field})`}`,
                          )
                          .join(', ')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
});
