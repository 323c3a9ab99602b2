/**
 * `wp-entities/sync/server`: the Node-only sync server (Hocuspocus + WordPress permission check +
 * Redis). Kept out of `wp-entities/sync` so browser bundles never load `ws`, `ioredis` or
 * `node:http`. The `wp-entities-sync-server` bin starts one from environment variables.
 *
 * @module
 */
export { createSyncServer } from './syncServer.js';
export type { SyncServer, SyncServerOptions, SyncServerStats } from './syncServer.js';
export { parseRoomName, siteOfRestRoot, MAX_ROOM_NAME_LENGTH } from './roomName.js';
export type { RoomRecord } from './roomName.js';
export { WordPressAuthorizer } from './wordpressAuthorizer.js';
export type { WordPressAuthorizerOptions } from './wordpressAuthorizer.js';
