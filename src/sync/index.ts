/**
 * `wp-entities/sync`: collaborative editing of records. This file currently exports the WebRTC
 * pieces; the sync core (SyncManager, bindings, presence, other providers) joins it on merge.
 */
export type { ConnectionStatus, ProviderContext, ProviderFactory, RoomProvider } from './provider.js';
export {
  webrtcProvider,
  peerErrorToSyncError,
  defaultMaxConns,
  type WebrtcProviderOptions,
} from './webrtcProvider.js';
export { HttpSignalingSocket, type WebSocketLike } from './HttpSignaling.js';
