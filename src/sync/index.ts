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

export { SyncManager, DEFAULT_UNDO_CAPTURE_TIMEOUT_MS } from './client/SyncManager.js';
export type { SyncStore, GuardedSaveOptions } from './client/SyncManager.js';
export { ForeignEditsError, ForeignEditMarks } from './client/ForeignEdits.js';
export type { ForeignEdit } from './client/ForeignEdits.js';
export type { SyncOptions } from './client/options.js';
export { wordpressBlockCodec } from './shared/blockCodec.js';
export type { BlockCodec, BlockAttributeSchema, SyncBlock, WordPressBlocksApi } from './shared/blockCodec.js';
export { BLOCKS_FIELD } from './shared/blockDoc.js';
export { SyncRoom } from './client/SyncRoom.js';
export { RecordBinding } from './client/RecordBinding.js';
export type { BindingHost, RemoteOrigin } from './client/RecordBinding.js';
export { SyncUndo } from './client/SyncUndo.js';
export type { SyncUndoOptions, StepListener } from './client/SyncUndo.js';
export { Presence } from './client/Presence.js';
export type {
  Peer,
  PeerBlock,
  PeerInfo,
  PresenceBlock,
  SyncUser,
  LocalPresence,
  PresenceSelection,
} from './client/Presence.js';
export { indexeddbProvider, indexeddbNameOf } from './providers/indexeddbProvider.js';
export type { IndexeddbProviderOptions } from './providers/indexeddbProvider.js';
export type {
  ConnectionStatus,
  ProviderContext,
  ProviderFactory,
  RoomProvider,
} from './providers/provider.js';
export { SYNC_ERROR_CODES } from './shared/errorCodes.js';
export type { SyncErrorCode } from './shared/errorCodes.js';
export { SyncError, isSyncError } from '../../core/errors.js';
export { diffText, applyTextValue } from './shared/textDiff.js';
export type { TextChange } from './shared/textDiff.js';
export {
  DEFAULT_TEXT_FIELDS,
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
} from './shared/recordDoc.js';
export type { DocFieldRules, SaveMarker, SeedEntry } from './shared/recordDoc.js';
export {
  webrtcProvider,
  peerErrorToSyncError,
  defaultMaxConns,
  type WebrtcProviderOptions,
} from './providers/webrtcProvider.js';
export { HttpSignalingSocket, type WebSocketLike } from './providers/HttpSignaling.js';
export { websocketProvider } from './providers/websocketProvider.js';
export {
  httpPollingProvider,
  documentVisibility,
  browserNetwork,
  windowPageExit,
  siteRootOf,
} from './providers/httpPolling/httpPollingProvider.js';
export type { HttpPollingProviderOptions } from './providers/httpPolling/httpPollingProvider.js';
export type { NetworkSource, PageExitSource, VisibilitySource } from './providers/httpPolling/PollingLoop.js';
export {
  SYNC_UPDATES_PATH,
  SYNC_SAVE_PATH,
  MAX_ROOMS_PER_REQUEST,
  MAX_UPDATE_BYTES,
  toBase64,
  fromBase64,
} from './shared/pollingProtocol.js';
export type {
  SyncUpdate,
  SyncUpdateType,
  RoomRequest,
  RoomResponse,
  SyncRequestBody,
  SyncResponseBody,
  WireAwareness,
} from './shared/pollingProtocol.js';
export { toWireAwareness, fromWireAwareness, colorOf } from './providers/httpPolling/awarenessWire.js';
export type { WebsocketProviderOptions, WebSocketConstructor } from './providers/websocketProvider.js';
export { whenIdle } from './providers/httpPolling/afterPaint.js';
export {
  reconnectDelayMs,
  RECONNECT_DELAY_BASE_MS,
  RECONNECT_DELAY_CAP_MS,
} from './providers/reconnectDelay.js';
