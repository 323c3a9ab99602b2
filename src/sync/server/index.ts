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
export { parseRoomName, siteOfRestRoot, MAX_ROOM_NAME_LENGTH } from '../shared/roomName.js';
export type { RoomRecord } from '../shared/roomName.js';
// What syncs: the default entities, and the rules of an app's own (its entity config's `sync`).
export { DEFAULT_SYNCED_ENTITIES, entitySyncRules } from '../../../core/entitySync.js';
export type { EntitySyncRules, EntitySyncSpec } from '../../../core/entitySync.js';
export { WordPressAuthorizer } from './wordpressAuthorizer.js';
export type { WordPressAuthorizerOptions } from './wordpressAuthorizer.js';
export type { AccessVerdict, AccessQuestionOptions } from './wordpressAuthorizer.js';
// The shared-edit guard, transport-neutral: any relay that sees updates before passing them on
// (this server, an HTTP polling relay) judges them the same way.
export { SharedEditGuard, savedMarkupOf, savedValuesOf, defaultMetaRule } from '../shared/guardedFields.js';
export type {
  RefusedChange,
  SavedMarkup,
  SavedValues,
  SharedEditGuardOptions,
} from '../shared/guardedFields.js';
export { capabilitiesFromLinks, ALL_CAPABILITIES, EDIT_ONLY } from '../shared/recordCapabilities.js';
export type { RecordCapabilities } from '../shared/recordCapabilities.js';
