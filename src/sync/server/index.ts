/**
 * `wp-entities/sync/server`: the Node servers of collaborative sync. Kept apart from
 * `wp-entities/sync` so browser bundles never pull in `node:http`.
 */
export {
  createSignalingServer,
  type SignalingServer,
  type SignalingServerOptions,
} from './signalingServer.js';

export { createSyncServer } from './syncServer.js';
export type { SyncServer, SyncServerOptions, SyncServerStats } from './syncServer.js';
export { parseRoomName, siteOfRestRoot, MAX_ROOM_NAME_LENGTH } from './roomName.js';
export type { RoomRecord } from './roomName.js';
export { WordPressAuthorizer } from './wordpressAuthorizer.js';
export type { WordPressAuthorizerOptions } from './wordpressAuthorizer.js';
