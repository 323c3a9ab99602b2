/**
 * wp-entities: observable MobX models for the records of a WordPress site.
 *
 * The names here are what users call and the types they name; the modules behind them hold more,
 * which the package keeps to itself. `etc/wp-entities.api.md` is the reviewed list.
 *
 * @packageDocumentation
 */

// The store, its entities and their records.
export { RootStore, type RootStoreOptions } from '../stores/RootStore.js';
export { EntityRegistry } from '../stores/EntityRegistry.js';
export type { EntityLoader } from '../stores/entities/loaders.js';
export { createRootEntityConfigs } from '../stores/entities/index.js';
export {
  EntityConfig,
  PostTypeConfig,
  TaxonomyConfig,
  type EntityConfigSpec,
  type PostTypeConfigSpec,
  type TaxonomyConfigSpec,
} from '../models/EntityConfig.js';
export type { EntitySyncRules, EntitySyncSpec } from '../core/entitySync.js';
export { EntityCollection, type ReceiveOptions } from '../stores/EntityCollection.js';
export {
  EntityRecord,
  type EditInput,
  type EditOptions,
  type EditValue,
  type RecordStatus,
} from '../models/EntityRecord.js';
export { EntityQuery } from '../models/EntityQuery.js';
export type { QueryMeta } from '../models/RecordHost.js';
export type { Id } from '../models/ids.js';
export type { PlainObject } from '../models/snapshot.js';
export type * from '../models/postTypes.js';
export type * from '../models/entityTypes.js';
export type { Autosave } from '../models/Autosave.js';
export type { Revision } from '../models/Revision.js';

// Edits, undo and saves.
export type {
  EditChange,
  EditChanges,
  EditEvent,
  EditListener,
  EditOrigin,
  ExternalEditOrigin,
} from '../models/EditFunnel.js';
export { revertEdits } from '../stores/revertEdits.js';
export { UndoHistory, type UndoEntry, type UndoStep } from '../stores/UndoHistory.js';
export type { ExternalUndoStep } from '../stores/undoDelegation.js';
export type { ConflictMode, DeleteOptions, SaveOptions } from '../stores/RecordWriter.js';
export type { MediaEdits, MediaModifier } from '../stores/mediaEdit.js';
export type { BatchApi, SaveResult } from '../stores/batchWrites.js';
export type { ConflictChoice, SaveConflict } from '../models/SaveConflict.js';

// The store's helpers: permissions, embeds, users, the site and the editor's lookups.
export { PermissionStore, type PermissionAction } from '../stores/PermissionStore.js';
export { EmbedStore, type EmbedPreview } from '../stores/EmbedStore.js';
export { UserStore, type User } from '../stores/UserStore.js';
export {
  SiteStore,
  type BlockPattern,
  type BlockPatternCategory,
  type GlobalStylesData,
  type GlobalStylesRevision,
  type Theme,
  type ThemeSupports,
  type UserPatternCategory,
} from '../stores/SiteStore.js';
export {
  RegisteredPostMetaStore,
  type RegisteredMeta,
  type RegisteredMetaField,
} from '../stores/RegisteredPostMeta.js';
export { HomePage, type HomePageTarget } from '../stores/HomePage.js';
export { TemplateLookup, type TemplateSummary } from '../stores/TemplateLookup.js';
export { EditorSettingsStore, type ViewConfig } from '../stores/EditorSettings.js';

// The REST transport.
export { TRANSPORT_ERROR_CODES } from '../core/transport/restErrors.js';
export {
  RestTransport,
  type BatchRequest,
  type BatchResult,
  type Query,
  type RawResponse,
  type RequestOptions,
  type RestAuth,
  type RestTransportOptions,
  type RetryOptions,
  type Transport,
} from '../core/transport/index.js';

// Errors, each with its guard.
export {
  ArgumentError,
  BatchError,
  ConflictError,
  EntityConfigError,
  InvalidActionError,
  JournalError,
  RestError,
  SnapshotError,
  StoreDisposedError,
  SyncError,
  WpEntitiesError,
  isArgumentError,
  isBatchError,
  isConflictError,
  isEntityConfigError,
  isInvalidActionError,
  isJournalError,
  isRestError,
  isSnapshotError,
  isStoreDisposedError,
  isSyncError,
  isWpEntitiesError,
  type JournalErrorDetails,
} from '../core/errors.js';

// The journal of unsaved edits and its storages.
export type { Journal, JournalEntry, JournalUpdate, JournalWaitingWrite } from '../stores/journal/Journal.js';
export {
  fileJournal,
  indexedDbJournal,
  localStorageJournal,
  memoryJournal,
  type IndexedDbJournalOptions,
  type LocalStorageJournalOptions,
  type MemoryJournal,
  type MemoryJournalOptions,
} from './journal/index.js';
