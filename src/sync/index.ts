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
import type { SyncOptions } from './options.js';
import { SyncManager, type SyncStore } from './SyncManager.js';

registerSyncEngine((store, options) => new SyncManager(store as SyncStore, options as SyncOptions));

export { SyncManager, DEFAULT_UNDO_CAPTURE_TIMEOUT_MS } from './SyncManager.js';
export type { SyncStore, GuardedSaveOptions } from './SyncManager.js';
export { ForeignEditsError, ForeignEditMarks } from './ForeignEdits.js';
export type { ForeignEdit } from './ForeignEdits.js';
export type { SyncOptions } from './options.js';
export { wordpressBlockCodec } from './blockCodec.js';
export type { BlockCodec, BlockAttributeSchema, SyncBlock, WordPressBlocksApi } from './blockCodec.js';
export { BLOCKS_FIELD } from './blockDoc.js';
export { SyncRoom } from './SyncRoom.js';
export { RecordBinding } from './RecordBinding.js';
export type { BindingHost, RemoteOrigin } from './RecordBinding.js';
export { SyncUndo } from './SyncUndo.js';
export type { SyncUndoOptions, StepListener } from './SyncUndo.js';
export { Presence } from './Presence.js';
export type { Peer, SyncUser, LocalPresence, PresenceSelection } from './Presence.js';
export { indexeddbProvider, indexeddbNameOf } from './indexeddbProvider.js';
export type { IndexeddbProviderOptions } from './indexeddbProvider.js';
export type { ConnectionStatus, ProviderContext, ProviderFactory, RoomProvider } from './provider.js';
export { SYNC_ERROR_CODES } from './errorCodes.js';
export type { SyncErrorCode } from './errorCodes.js';
export { SyncError, isSyncError } from '../../core/errors.js';
export { diffText, applyTextValue } from './textDiff.js';
export type { TextChange } from './textDiff.js';
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
} from './recordDoc.js';
export type { DocFieldRules, SaveMarker, SeedEntry } from './recordDoc.js';
export {
  webrtcProvider,
  peerErrorToSyncError,
  defaultMaxConns,
  type WebrtcProviderOptions,
} from './webrtcProvider.js';
export { HttpSignalingSocket, type WebSocketLike } from './HttpSignaling.js';
export { websocketProvider } from './websocketProvider.js';
export {
  httpPollingProvider,
  documentVisibility,
  browserNetwork,
  siteRootOf,
} from './httpPolling/httpPollingProvider.js';
export type { HttpPollingProviderOptions } from './httpPolling/httpPollingProvider.js';
export type { NetworkSource, VisibilitySource } from './httpPolling/PollingLoop.js';
export {
  SYNC_UPDATES_PATH,
  SYNC_SAVE_PATH,
  MAX_ROOMS_PER_REQUEST,
  MAX_UPDATE_BYTES,
  toBase64,
  fromBase64,
} from './httpPolling/protocol.js';
export type {
  SyncUpdate,
  SyncUpdateType,
  RoomRequest,
  RoomResponse,
  SyncRequestBody,
  SyncResponseBody,
  WireAwareness,
} from './httpPolling/protocol.js';
export { toWireAwareness, fromWireAwareness, colorOf } from './httpPolling/awarenessWire.js';
export type { WebsocketProviderOptions, WebSocketConstructor } from './websocketProvider.js';
export { whenIdle } from './httpPolling/afterPaint.js';
export { reconnectDelayMs, RECONNECT_DELAY_BASE_MS, RECONNECT_DELAY_CAP_MS } from './reconnectDelay.js';
