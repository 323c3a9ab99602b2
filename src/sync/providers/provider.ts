/**
 * The seam between the sync core and the ways a record's shared document travels: a network
 * (WebRTC, the sync server, the in-process test network) or local persistence (IndexedDB).
 * `SyncManager` calls one {@link ProviderFactory} per room and provider option; a provider reports
 * its state through the context it is given and never touches the record itself.
 */
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { SyncError } from '../../../core/errors.js';
import type { Transport } from '../../../core/transport/types.js';

/** The state of one room's connection, as `sync.connection(record)` reports it. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'destroyed';

/** What `SyncManager` hands a provider when it opens a room. */
export interface ProviderContext {
  /** The room name (default `${site}/${kind}/${name}/${id}`). */
  readonly room: string;
  /**
   * The record the room shares (its entity and id): providers that name rooms their own way use
   * it (`httpPollingProvider` names a post's room `postType/post:123`, as the block editor does).
   */
  readonly entity?: {
    readonly kind: string;
    readonly name: string;
    readonly id: string | number | undefined;
  };
  /** The record's shared document. */
  readonly doc: Y.Doc;
  /** The room's presence states (y-protocols awareness). */
  readonly awareness: Awareness;
  /** The store's transport; the sync-server provider reads its Authorization header. */
  readonly transport: Transport;
  /** Reports this provider's connection state; network providers call it on every change. */
  setStatus(status: ConnectionStatus): void;
  /** Records a failure in `sync.errors` without stopping the room. */
  reportError(error: SyncError): void;
  /**
   * Tells the room the Yjs client ids this person's other tabs write its document under (the
   * shared tab connection does, `SyncOptions.tabs`): their changes are not listed among
   * `sync.foreignEdits()`. Absent where nobody calls it.
   */
  setOwnClientIds?(clientIds: readonly number[]): void;
}

/** One provider serving one room. */
export interface RoomProvider {
  /**
   * `network` providers move updates between people and count towards `sync.connection()`;
   * `local` providers (IndexedDB) only persist.
   */
  readonly kind: 'network' | 'local';
  /** Resolves once local state has been loaded into the document (at once for network providers). */
  readonly whenLoaded: Promise<void>;
  /** Disconnects and releases everything (sockets, timers, listeners); safe to call twice. */
  destroy(): void | Promise<void>;
  /**
   * Stores `value` (a stored document, see `storedDocument.ts`) as the record's document where
   * the site keeps it, for everyone who opens the record later to start from: the block editor's
   * `POST /wp-sync/v1/save`. Only providers whose factory says so (`storesDocuments` on the {@link ProviderFactory}).
   */
  storeDocument?(value: string): Promise<void>;
}

/** Made by `webrtcProvider(...)`, `indexeddbProvider(...)`, `websocketProvider(...)`, `net.provider()`. */
export type ProviderFactory = ((context: ProviderContext) => RoomProvider) & {
  /**
   * True when the rooms it makes can store a record's document on the site
   * ({@link RoomProvider.storeDocument}): whoever opens a post first with such a provider leaves
   * the document everyone later starts from, as the block editor does.
   */
  readonly storesDocuments?: boolean;
  /**
   * True when its rooms are `local` (they only persist, as IndexedDB): with tabs sharing one
   * connection (`SyncOptions.tabs`), each tab keeps such providers itself; the leader carries the
   * others.
   */
  readonly isLocal?: boolean;
};
