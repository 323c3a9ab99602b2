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
export { createRootEntityConfigs } from '../stores/entities/index.js';
export {
  EntityConfig,
  PostTypeConfig,
  TaxonomyConfig,
  type EntityConfigSpec,
  type PostTypeConfigSpec,
  type TaxonomyConfigSpec,
} from '../models/EntityConfig.js';
export { EntityCollection } from '../stores/EntityCollection.js';
export {
  EntityRecord,
  type EditInput,
  type EditOptions,
  type EditValue,
  type RecordStatus,
} from '../models/EntityRecord.js';
export { EntityQuery } from '../models/EntityQuery.js';
export type { Id } from '../models/ids.js';
export type { PlainObject } from '../models/snapshot.js';
export type { WpPost, WpPostEdited } from '../models/postTypes.js';
// The registries a generated (or hand-written) types file fills by declaration merging.
export type { EntityKinds, PostTypeRecords, RootRecords, TaxonomyRecords } from '../models/entityTypes.js';
export type { Autosave } from '../models/Autosave.js';
export type { Revision } from '../models/Revision.js';

// Edits, undo and saves.
export type { EditChange, EditChanges, EditEvent, EditListener, EditOrigin } from '../models/EditFunnel.js';
export { revertEdits } from '../stores/revertEdits.js';
export { UndoHistory } from '../stores/UndoHistory.js';
export type { ExternalUndoStep } from '../stores/undoDelegation.js';
export type { ConflictMode, DeleteOptions, SaveOptions } from '../stores/RecordWriter.js';
export type { BatchApi, SaveResult } from '../stores/batchWrites.js';
export type { ConflictChoice, SaveConflict } from '../models/SaveConflict.js';

// The store's helpers: permissions, embeds, users, the site and the editor's lookups.
export { PermissionStore } from '../stores/PermissionStore.js';
export { EmbedStore } from '../stores/EmbedStore.js';
export { UserStore } from '../stores/UserStore.js';
export { SiteStore } from '../stores/SiteStore.js';
export { RegisteredPostMetaStore } from '../stores/RegisteredPostMeta.js';
export { HomePage } from '../stores/HomePage.js';
export { TemplateLookup } from '../stores/TemplateLookup.js';
export { EditorSettingsStore } from '../stores/EditorSettings.js';

// The REST transport.
export { TRANSPORT_ERROR_CODES } from '../core/transport/restErrors.js';
export {
  RestTransport,
  type BatchRequest,
  type BatchResult,
  type Query,
  type RawResponse,
  type RequestOptions,
  type RestTransportOptions,
  type Transport,
} from '../core/transport/index.js';

// Errors, each with its guard (`SyncError` also for `store.crossTabError`, without loading sync).
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
} from '../core/errors.js';

// The journal of unsaved edits and its storages.
export type { Journal, JournalEntry, JournalUpdate, JournalWaitingWrite } from '../stores/journal/Journal.js';
// From their own modules, not from wp-entities/journal, which registers the engine on import.
export { fileJournal } from './journal/fileJournal.js';
export { indexedDbJournal } from './journal/indexedDbJournal.js';
export { localStorageJournal } from './journal/localStorageJournal.js';
export { memoryJournal, type MemoryJournal } from './journal/memoryJournal.js';
