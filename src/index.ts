/**
 * wp-entities: observable MobX models for the records of a WordPress site.
 *
 * @packageDocumentation
 */
export * from '../core/errors.js';
export * from '../core/transport/index.js';
export * from '../models/EntityConfig.js';
export {
  POST_TYPE_SYNC,
  SITE_SYNC,
  DEFAULT_SYNCED_ENTITIES,
  type EntitySyncSpec,
  type EntitySyncRules,
  type GuardedFieldRule,
  type GuardCondition,
  type GuardCapability,
  type HtmlAllowList,
} from '../core/entitySync.js';
export * from '../models/EntityRecord.js';
export {
  EDIT_ORIGINS,
  type EditOrigin,
  type EditEvent,
  type EditListener,
  type EditChange,
  type EditChanges,
  type ExternalEditOrigin,
} from '../models/EditFunnel.js';
export * from '../models/EntityQuery.js';
export type * from '../models/postTypes.js';
export type * from '../models/entityTypes.js';
export type { SaveConflict, ConflictChoice } from '../models/SaveConflict.js';
export * from '../models/ids.js';
export * from '../models/QueryParts.js';
export type { PlainObject } from '../models/snapshot.js';
export * from '../stores/RootStore.js';
export {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type StoreSnapshot,
  type SnapshotBody,
  type SnapshotCollection,
  type SnapshotList,
  type SnapshotRecord,
} from '../stores/storeSnapshot.js';
export {
  Freshness,
  type FreshnessOptions,
  type FreshnessPolicy,
  type ResolvedFreshnessPolicy,
  type InvalidateTarget,
  type RefreshReason,
} from '../stores/Freshness.js';
export * from '../stores/EntityRegistry.js';
export * from '../stores/EntityCollection.js';
export * from '../stores/entities/index.js';
export * from '../stores/PermissionStore.js';
export * from '../stores/EmbedStore.js';
export * from '../stores/UserStore.js';
export * from '../stores/SiteStore.js';
export * from '../stores/RegisteredPostMeta.js';
export * from '../stores/HomePage.js';
export * from '../stores/TemplateLookup.js';
export * from '../stores/EditorSettings.js';
export { revertEdits } from '../stores/revertEdits.js';
export type { MediaEdits, MediaModifier } from '../stores/mediaEdit.js';
export { targetHintMethods, type RecordHint } from '../stores/permissionHints.js';
export * from '../stores/UndoHistory.js';
export * from '../stores/RecordIndex.js';
export {
  RecordWriter,
  type SaveOptions,
  type DeleteOptions,
  type WriteOutcome,
  type ConflictMode,
} from '../stores/RecordWriter.js';
export type { BatchApi, SaveResult } from '../stores/batchWrites.js';
export { canBatch } from '../stores/BatchRun.js';
export * from '../models/Autosave.js';
export type * from '../models/Revision.js';
export {
  applyEdits,
  mergeEdits,
  clearReceivedEdits,
  nonTransientEdits,
  pickEditPaths,
  type Edits,
  type EditResult,
  type EditRules,
} from '../models/editPipeline.js';
export * from './journal/index.js';
