/**
 * `wp-entities/sync`: collaborative editing. Importing it registers the engine that
 * `new RootStore({ sync })` uses (see `stores/syncEngine.ts`), so the package root carries no Yjs.
 *
 * ```ts
 * import { RootStore } from 'wp-entities';
 * import { indexeddbProvider } from 'wp-entities/sync';
 * const store = new RootStore({ transport, sync: { user, providers: [indexeddbProvider()] } });
 * await store.sync!.join(store.record('postType', 'post', 5));
 * ```
 *
 * @packageDocumentation
 */
import { registerSyncEngine } from '../../stores/syncEngine.js';
import type { SyncOptions } from './client/options.js';
import { SyncManager, type SyncStore } from './client/SyncManager.js';

registerSyncEngine((store, options) => new SyncManager(store as SyncStore, options as SyncOptions));

// The engine's handle on a store, and its options.
export { SyncManager } from './client/SyncManager.js';
export type { GuardedSaveOptions } from './client/SyncManager.js';
export type { SyncOptions } from './client/options.js';
export type { EntitySyncRules, EntitySyncSpec } from '../../core/entitySync.js';
export { ForeignEditsError, type ForeignEdit } from './client/ForeignEdits.js';
export type {
  Peer,
  PeerBlock,
  PeerInfo,
  PresenceBlock,
  SyncUser,
  LocalPresence,
  PresenceSelection,
} from './client/Presence.js';
export { SyncError, isSyncError } from '../../core/errors.js';
export type { SyncErrorCode } from './shared/errorCodes.js';

// Providers: how a room's updates travel.
export type {
  ConnectionStatus,
  ProviderContext,
  ProviderFactory,
  RoomProvider,
} from './providers/provider.js';
export { webrtcProvider, type WebrtcProviderOptions } from './providers/webrtcProvider.js';
export { indexeddbProvider, type IndexeddbProviderOptions } from './providers/indexeddbProvider.js';
export {
  websocketProvider,
  type WebsocketProviderOptions,
  type WebSocketConstructor,
} from './providers/websocketProvider.js';
export {
  httpPollingProvider,
  documentVisibility,
  browserNetwork,
  windowPageExit,
  type HttpPollingProviderOptions,
} from './providers/httpPolling/httpPollingProvider.js';
export type { NetworkSource, PageExitSource, VisibilitySource } from './providers/httpPolling/PollingLoop.js';
export { SYNC_UPDATES_PATH, SYNC_SAVE_PATH } from './shared/pollingProtocol.js';
export { whenIdle } from './providers/httpPolling/afterPaint.js';
export type { TabSharingOptions, TabChannel } from './providers/sharedTabs.js';
export type { TabLocks } from './providers/tabElection.js';

// The shared document's layout (the block editor's), and the block codec.
export {
  DOCUMENT_MAP,
  STATE_MAP,
  LAYOUT_VERSION,
  SAVED_AT_KEY,
  SAVED_BY_KEY,
  SAVED_VERSION_KEY,
  SEED_PREFIX,
  readDocField,
  saveMarkerOf,
  sharedTextOf,
  type DocFieldRules,
  type SaveMarker,
  type SeedEntry,
} from './shared/recordDoc.js';
export { BLOCKS_FIELD } from './shared/blockDoc.js';
export {
  wordpressBlockCodec,
  type BlockCodec,
  type BlockAttributeSchema,
  type SyncBlock,
  type WordPressBlocksApi,
} from './shared/blockCodec.js';
