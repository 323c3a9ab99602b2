/**
 * `wp-entities/sync`: collaborative editing of records. This branch holds the sync-server pieces;
 * the sync core (`SyncManager`) and the other providers join this entry from their own branches.
 *
 * The server itself (`createSyncServer`) is Node-only and lives in `wp-entities/sync/server`, so
 * browser bundles of this entry never pull in `ws`, `ioredis` or `node:http`.
 *
 * @module
 */
export type { ConnectionStatus, ProviderContext, ProviderFactory, RoomProvider } from './provider.js';
export { websocketProvider } from './websocketProvider.js';
export type { WebsocketProviderOptions, WebSocketConstructor } from './websocketProvider.js';
export { reconnectDelayMs, RECONNECT_DELAY_BASE_MS, RECONNECT_DELAY_CAP_MS } from './reconnectDelay.js';
