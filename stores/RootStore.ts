/**
 * The root of the model tree: one per WordPress site and user session.
 *
 * @module
 */
import { EditObservers, type EditListener } from '../models/EditFunnel.js';
import type { EntityRecord } from '../models/EntityRecord.js';
import type { Id } from '../models/ids.js';
import type { PlainObject } from '../models/snapshot.js';
import type {
  RegisteredEdited,
  RegisteredKind,
  RegisteredName,
  RegisteredRecord,
} from '../models/entityTypes.js';
import type { EntityLoader } from './entities/loaders.js';
import { createRootEntityConfigs } from './entities/rootEntities.js';
import { ArgumentError, StoreDisposedError, type SyncError } from '../core/errors.js';
// Types only: the root entry must not load Yjs (see syncEngine.ts).
import type { SyncOptions } from '../src/sync/client/options.js';
import type { SyncManager } from '../src/sync/client/SyncManager.js';
import { registeredSyncEngine } from './syncEngine.js';
import type { Journal, JournalEntry, JournalWaitingWrite } from './journal/Journal.js';
import type { SaveConflict } from '../models/SaveConflict.js';
import { EditBases } from './EditBases.js';
import { WaitingWrites } from './WaitingWrites.js';
import type { Query, Transport } from '../core/transport/types.js';
import { DisposableTransport } from '../core/transport/DisposableTransport.js';
import { EmbedStore } from './EmbedStore.js';
import { EvictionSweep } from './EvictionSweep.js';
import { EntityCollection, type CollectionHost } from './EntityCollection.js';
import { MembershipSignal } from './MembershipSignal.js';
import { EntityRegistry } from './EntityRegistry.js';
// Types only: the journal comes with the journal storages (see journal/journalEngine.ts).
import type { JournalSession } from './journal/journalSession.js';
import { runBatch, saveAllInBatch, type BatchApi, type SaveResult } from './batchWrites.js';
import { RecordIndex } from './RecordIndex.js';
import { RecordWriter, type ConflictMode, type SaveOptions } from './RecordWriter.js';
import { UndoHistory, type UndoStep } from './UndoHistory.js';
import { PermissionStore } from './PermissionStore.js';
import { SiteStore } from './SiteStore.js';
import { createEditorLookups } from './editorLookups.js';
import { editMedia, type MediaEdits } from './mediaEdit.js';
import type { EditorSettingsStore } from './EditorSettings.js';
import type { HomePage } from './HomePage.js';
import type { RegisteredPostMetaStore } from './RegisteredPostMeta.js';
import type { TemplateLookup } from './TemplateLookup.js';
import { UserStore } from './UserStore.js';
// Types only: freshness and snapshots come from their entries (see storeEngines.ts).
import type { Freshness, FreshnessOptions, InvalidateTarget } from './Freshness.js';
import type { StoreSnapshot } from './storeSnapshot.js';
import { registeredStoreEngine, type FreshnessEngine } from './storeEngines.js';
import type { CrossTabCacheFactory, CrossTabLink } from './crossTab/tabLink.js';

/** Options of a {@link RootStore}. */
export interface RootStoreOptions {
  /** How the store reaches WordPress: usually a `RestTransport`, in tests any {@link Transport}. */
  transport: Transport;
  /** The loaders of dynamic entity kinds. @default postType and taxonomy from the REST API */
  loaders?: Readonly<Record<string, EntityLoader>> | undefined;
  /**
   * Collaborative mode: shares unsaved edits and presence of post-type records and `root/site`
   * through the providers given (from `wp-entities/sync` or the test kit's `memoryNetwork`).
   * @default undefined (off)
   */
  sync?: SyncOptions | undefined;
  /**
   * What a save does when someone else saved the record since this copy was loaded:
   * `'overwrite'` sends anyway (as WordPress does); `'detect'` first GETs the record's
   * `modified_gmt` and edited fields, takes in what changed only on the server, and stops the save
   * when a field changed on both sides (`record.conflict`, `ConflictError`).
   * @default 'overwrite'
   */
  conflicts?: ConflictMode | undefined;
  /**
   * Where unsaved edits are kept across reloads and crashes (`indexedDbJournal()`,
   * `localStorageJournal()`, `fileJournal(path)`, `memoryJournal()`): every change to a record's
   * edits (records made with `create()` too, unanswered conflicts, writes waiting for the site)
   * is written within a second, bursts coalesced, and removed once saved or discarded. Each store
   * is one writer: tabs and sessions sharing a storage never overwrite or remove each other's
   * entries. `restoreJournal()` puts them back. @default undefined (no journal)
   */
  journal?: Journal | undefined;
  /**
   * What a save, autosave or delete does when the browser is offline or the site cannot be reached
   * (no response at all): `'fail'` fails it (`saveError`), `'wait'` keeps it, shows
   * `record.isWaiting`, keeps it in the journal across a reload, and sends it once the site
   * answers again, in the order asked (its promise settles then). @default 'fail'
   */
  offlineWrites?: 'wait' | 'fail' | undefined;
  /**
   * A query or record that nobody observes, with no edits and no request in flight, is dropped
   * from the cache this long after its last use; an observer or a later call brings it back by
   * fetching. Records an undo step points at, and records listed by a cached query, are kept.
   * `Infinity` keeps everything.
   * @default 300_000 (5 minutes)
   */
  gcTimeMs?: number | undefined;
  /**
   * When observed data is asked for again by itself: `staleTimeMs`, `refetchOnWindowFocus`,
   * `refetchOnReconnect`, `refetchIntervalMs`, and per entity (`entities: { 'postType/post': {…} }`).
   * Only what a component or reaction reads is refetched; a script's reads never are.
   * @default { staleTimeMs: 0, refetchOnWindowFocus: true, refetchOnReconnect: true, refetchIntervalMs: false }
   */
  freshness?: FreshnessOptions | undefined;
  /**
   * One cache for every tab of the site in this browser: what the server answers one tab (a read,
   * a save, a delete) updates the same records and their lists in the other tabs made with this
   * option, without a request. Unsaved edits stay in their tab; a save elsewhere of a record edited
   * here surfaces as the save conflict (`conflicts: 'detect'`). Pass `crossTabCache()` from
   * `wp-entities/tabs` (the root entry carries none of its code). Needs `BroadcastChannel`; in
   * Node (server rendering) it does nothing. Messages from the channel that this library did not
   * write are ignored and reported once ({@link RootStore.crossTabError}).
   * @default undefined (each tab its own cache)
   */
  crossTab?: CrossTabCacheFactory | undefined;
}

/** The default of {@link RootStoreOptions.gcTimeMs}: five minutes, as TanStack Query's cache time. */
export const DEFAULT_GC_TIME_MS = 300_000;

/**
 * Holds every cache of one site: `store.collection('postType', 'post').fetch(5)`. The constructor
 * does no I/O; the static root entities are registered at once, dynamic kinds load on first use.
 */
export class RootStore implements CollectionHost {
  /**
   * The transport every request goes through: the one given in the options, wrapped so that
   * {@link dispose} aborts the requests in flight and refuses later ones.
   */
  readonly transport: Transport;
  /** How long an unused, unobserved query or record stays cached. */
  readonly gcTimeMs: number;
  /** The eviction sweep (see {@link RootStoreOptions.gcTimeMs}). @internal */
  readonly eviction: EvictionSweep;
  /** The entity configs. */
  readonly entities: EntityRegistry;
  /** What the current user may do: `canUser(action, resource, id?)`, answered from OPTIONS requests. */
  readonly permissions: PermissionStore;
  /** oEmbed previews by URL. */
  readonly embeds: EmbedStore;
  /** The current user and author lists. */
  readonly users: UserStore;
  /** Site-wide data: theme, global styles, templates, patterns, navigation. */
  readonly site: SiteStore<EntityRecord>;
  /** Meta keys each post type registers for REST (`getRegisteredPostMeta`). */
  readonly postMeta: RegisteredPostMetaStore;
  /** The front page and the posts page (`getHomePage`, `getPostsPageId`). */
  readonly homePage: HomePage;
  /** Which template renders a post (`getTemplateId`). */
  readonly templates: TemplateLookup;
  /** Editor settings, editor assets and view configs (`getEditorSettings`, `getEditorAssets`, `getViewConfig`). */
  readonly editorSettings: EditorSettingsStore;
  /** The undo history of every record of the store. */
  readonly history: UndoHistory<EntityRecord<object>>;
  /** Sends saves, deletes and autosaves. @internal */
  readonly writer: RecordWriter;
  /** The records with edits or a save in flight: what `dirtyRecords` and `savingRecords` read. @internal */
  readonly recordIndex: RecordIndex<EntityRecord<object>>;
  /** The listeners of the edit funnel: every change to any record's edits (see {@link observeEdits}). @internal */
  readonly editObservers: EditObservers<EntityRecord<object>>;
  /** Collaborative mode: rooms, presence and errors; `undefined` unless made with `sync` options. */
  readonly sync: SyncManager | undefined;
  /**
   * The version each record's edits started from (the saved values when editing began): what
   * `conflicts: 'detect'` and a journal restore compare the server with.
   * @internal
   */
  readonly editBases: EditBases;
  /** Writes waiting for the site (`offlineWrites: 'wait'`); `undefined` otherwise. @internal */
  readonly waitingWrites: WaitingWrites | undefined;
  /** The link to the other tabs (`crossTab`); `undefined` without the option or where there are none. @internal */
  readonly crossTab: CrossTabLink | undefined;

  private readonly collections = new Map<string, EntityCollection<object>>();
  /** Collections made: what `allCollections` readers react to. */
  private readonly collectionMembers = new MembershipSignal('RootStore.collections');
  /** Writes the journal; `undefined` without one. */
  private readonly journal: JournalSession | undefined;
  private readonly stopTrackingBases: (() => void) | undefined;
  /** Journal entries this store restored, by key: none is restored twice (no second created record). */
  private readonly restoredEntries = new Map<string, EntityRecord<object>>();
  private restoring: Promise<unknown> = Promise.resolve();
  private readonly requests: DisposableTransport;
  private readonly stopRecordingUndo: () => void;
  private readonly freshnessOptions: FreshnessOptions | undefined;
  /** The freshness policy once made (see {@link freshness}), and what stops it. */
  private freshnessPolicy: { policy: Freshness; stop: () => void } | undefined;
  /** The store was made with loaders of its own: a snapshot's entity configs are not taken in. */
  private readonly hasOwnLoaders: boolean;
  private disposed = false;

  /** A store over `options.transport`, with every static root entity registered. The constructor does no I/O. */
  constructor(options: RootStoreOptions) {
    const gcTimeMs = options.gcTimeMs ?? DEFAULT_GC_TIME_MS;
    if (typeof gcTimeMs !== 'number' || Number.isNaN(gcTimeMs) || gcTimeMs < 0) {
      throw new ArgumentError(
        `gcTimeMs must be a number of milliseconds (0 or more, or Infinity); got ${String(gcTimeMs)}.`,
      );
    }
    this.gcTimeMs = gcTimeMs;
    this.eviction = new EvictionSweep(this, gcTimeMs);
    this.requests = new DisposableTransport(options.transport);
    this.transport = this.requests;
    this.entities = new EntityRegistry(this.transport, { loaders: options.loaders });
    this.entities.register(...createRootEntityConfigs());
    this.permissions = new PermissionStore(this.transport, { configs: this.entities });
    this.embeds = new EmbedStore(this.transport);
    this.users = new UserStore(this.transport);
    this.site = new SiteStore<EntityRecord>(this.transport, {
      configs: this.entities,
      records: {
        load: (kind, name, id) => this.collection(kind, name).load(id),
        receive: (kind, name, records) => this.collection(kind, name).receive(records),
      },
    });
    const lookups = createEditorLookups(this);
    this.postMeta = lookups.postMeta;
    this.homePage = lookups.homePage;
    this.templates = lookups.templates;
    this.editorSettings = lookups.editorSettings;
    this.history = new UndoHistory<EntityRecord<object>>();
    this.editObservers = new EditObservers<EntityRecord<object>>();
    // The undo history is the first listener: it keeps only local edits.
    this.stopRecordingUndo = this.editObservers.observe((event) => this.history.recordEdit(event));
    this.recordIndex = new RecordIndex<EntityRecord<object>>();
    this.editBases = new EditBases();
    // Only a conflict check or a journal reads the bases: a store with neither pays nothing per edit.
    if (options.conflicts === 'detect' || options.journal !== undefined) {
      this.stopTrackingBases = this.editObservers.observe((event) => this.editBases.noteEdit(event));
    }
    this.crossTab = openCrossTab(this, options.crossTab);
    this.waitingWrites =
      options.offlineWrites === 'wait'
        ? new WaitingWrites({
            onChange: (record) => this.journal?.note(record as EntityRecord<object>),
          })
        : undefined;
    this.writer = new RecordWriter({
      transport: this.transport,
      currentUserId: () => this.users.current?.id,
      conflicts: options.conflicts,
      bases: this.editBases,
      waiting: this.waitingWrites,
      refusals: this.permissions,
      answers: this.crossTab,
    });
    if (options.journal !== undefined) {
      const engine = registeredStoreEngine('journal') ?? missingEntry('The journal option', 'journal');
      this.journal = engine(this, options.journal, {
        baseOf: (record) => this.editBases.of(record),
        waitingOf: (record) => this.waitingWrites?.of(record),
      });
    }
    this.hasOwnLoaders = options.loaders !== undefined;
    this.freshnessOptions = options.freshness;
    const freshness = registeredStoreEngine('freshness');
    if (freshness !== undefined) this.freshnessPolicy = freshness(this, options.freshness);
    else if (options.freshness !== undefined) missingEntry('The freshness option', 'freshness');
    // Last: the sync manager subscribes to the funnel after the undo history.
    this.sync = options.sync === undefined ? undefined : startSync(this, options.sync);
  }

  /**
   * When observed data is asked for again (see {@link RootStoreOptions.freshness}); `set` changes
   * a policy. Needs `wp-entities/freshness` imported once (`wp-entities/react` imports it): made
   * with the store then, or here on first use when the entry was loaded later.
   * @throws ArgumentError when `wp-entities/freshness` was never imported.
   */
  get freshness(): Freshness {
    if (this.freshnessPolicy === undefined) {
      const engine: FreshnessEngine =
        registeredStoreEngine('freshness') ?? missingEntry('store.freshness', 'freshness');
      this.freshnessPolicy = engine(this, this.freshnessOptions);
      // A store disposed first gets a policy that never listens.
      if (this.disposed) this.freshnessPolicy.stop();
    }
    return this.freshnessPolicy.policy;
  }

  /**
   * The cache as plain JSON, for server rendering: the entity configs of loaded kinds, every
   * record per context, every answered page with its totals, and the permission answers. Never
   * edits, undo steps, the journal or sync state. Put it in the page (`JSON.stringify`, escaped for
   * a script tag) and give it to {@link hydrate} on the client. Needs `wp-entities/ssr` imported.
   * @throws ArgumentError when `wp-entities/ssr` was never imported.
   */
  dehydrate(): StoreSnapshot {
    return (registeredStoreEngine('snapshot') ?? missingEntry('store.dehydrate()', 'ssr')).dehydrate(this);
  }

  /**
   * Takes in a snapshot {@link dehydrate} made (the object or its JSON text), so the same reads
   * (`collection.get`, `query.items`, the hooks) answer with no request. Call it on a new store
   * before rendering. Nothing of it becomes an edit, so nothing of it is ever saved back. Needs
   * `wp-entities/ssr` imported.
   * @throws SnapshotError for another version, a changed snapshot (its checksum), or a shape
   *   this version does not read; nothing was taken in then.
   * @throws ArgumentError when `wp-entities/ssr` was never imported.
   */
  hydrate(snapshot: StoreSnapshot | string): void {
    if (this.isDisposed) throw new StoreDisposedError('hydrate a snapshot');
    const engine = registeredStoreEngine('snapshot') ?? missingEntry('store.hydrate()', 'ssr');
    engine.hydrate(this, snapshot, !this.hasOwnLoaders);
  }

  /**
   * Something changed on the server that this store did not do: every list and record of
   * `(kind, name)`, or only record `id`, is stale. What is observed is asked for again at once; the
   * rest when next observed (a list) or shown by a hook (a record). Unsaved edits stay; a record
   * someone else changed while it was edited becomes a save conflict with `conflicts: 'detect'`.
   * Needs `wp-entities/freshness` imported (`wp-entities/react` imports it).
   * @throws ArgumentError when `wp-entities/freshness` was never imported.
   */
  invalidate(target: InvalidateTarget): void {
    if (this.isDisposed) throw new StoreDisposedError('invalidate');
    this.freshness.invalidate(target);
  }

  /**
   * Edits image `id` on the server (crop, rotate: `POST /wp/v2/media/{id}/edit`, WordPress 5.5+),
   * which makes a new attachment; resolves to it once it is in the `root/media` cache (and
   * `postType/attachment`'s, when loaded), or `undefined` on failure unless `throwOnError`.
   */
  editMedia(id: Id, edits: MediaEdits, options?: SaveOptions): Promise<PlainObject | undefined> {
    return editMedia(
      {
        transport: this.transport,
        receiveAttachment: (record) => {
          this.collection('root', 'media').receive(record, { invalidate: true });
          if (this.entities.get('postType', 'attachment') !== undefined) {
            this.collection('postType', 'attachment').receive(record, { invalidate: true });
          }
        },
      },
      id,
      edits,
      options,
    );
  }

  /**
   * The first message from another tab that was ignored (`crossTab`): not written by this
   * library (another script of the origin posting on the channel), another version's format, or a
   * malformed record. Nothing of it was applied; later ones are not reported again. Observable.
   */
  get crossTabError(): SyncError | undefined {
    return this.crossTab?.error;
  }

  /** Records whose unsaved edits are in the journal (0 without one). Observable. */
  get journalSize(): number {
    return this.journal?.size ?? 0;
  }

  /**
   * Why the journal could not be read or written last (quota, private mode); editing goes on. Else,
   * when the last read found part of the journal damaged (a torn write), a `JournalError` naming the
   * storage, the entries that could not be read (`unreadable`) and where their text was kept
   * (`damagedCopy`); it stays until a read finds the journal whole. Observable.
   */
  get journalError(): Error | undefined {
    return this.journal?.error;
  }

  /** This store's writer id in the journal (its entries carry it); `undefined` without a journal. */
  get journalWriter(): string | undefined {
    return this.journal?.writer;
  }

  /**
   * Re-applies the edits the journal kept across a reload or crash: `entries` (as
   * {@link readJournal} gave them), or every entry of other writers. Entries of one record are
   * merged (the newest value of each field), each record's edits become one `restore` undo step,
   * a record made with `create()` and never saved is made again (nothing is sent), and fields the
   * server changed since the edit started are restored as edits in conflict (`record.conflict`:
   * the record is dirty and every save rejects with a `ConflictError` until the user answers, as
   * before the reload). Entries a damaged journal lost are named by {@link journalError}; the
   * rest are restored. The restored entries become
   * this store's own. Resolves to the records touched (`[]` without a journal or when it cannot be
   * read: see {@link journalError}); an entry is never restored twice.
   */
  async restoreJournal(entries?: readonly JournalEntry[]): Promise<EntityRecord<object>[]> {
    const journal = this.journal;
    if (journal === undefined) return [];
    // One restore at a time: a second one (a double click) finds the first one's entries adopted.
    const run = this.restoring.then(async () => {
      let chosen: readonly JournalEntry[];
      try {
        chosen = entries ?? (await this.readJournal());
      } catch {
        // The failure is `store.journalError`; an editor starts without its journal rather than not at all.
        return [];
      }
      return journal.restore(chosen, this.restoredEntries);
    });
    this.restoring = run.catch(() => []);
    return run;
  }

  /**
   * The journal's entries left by other writers (an earlier session, a tab that was closed or
   * crashed), without applying them: what a "Restore N unsaved changes" offer shows. This store's
   * own entries, and those of a tab still open (where the browser has Web Locks), are not listed:
   * they follow their records. Rejects when the journal cannot be read (also {@link journalError}).
   */
  async readJournal(): Promise<JournalEntry[]> {
    return (await this.journal?.readOthers()) ?? [];
  }

  /**
   * Drops `entries` from the journal (the user declined to restore them), or every entry of other
   * writers; never this store's own entries, which follow its records.
   */
  async discardJournal(entries?: readonly JournalEntry[]): Promise<void> {
    const journal = this.journal;
    if (journal === undefined) return;
    const chosen = entries ?? (await this.readJournal());
    await journal.discard(chosen.map((entry) => entry.key));
  }

  /** @internal A record's conflict was set or answered: the journal keeps it; an answer means the user saw theirs. */
  noteConflictChange(
    record: EntityRecord<object>,
    previous: SaveConflict | undefined,
    next: SaveConflict | undefined,
  ): void {
    this.journal?.note(record);
    if (previous !== undefined && next === undefined) {
      const raw = (record.raw ?? {}) as Record<string, unknown>;
      const modified = raw['modified_gmt'];
      this.editBases.rebase(record, previous.server, typeof modified === 'string' ? modified : undefined);
    }
  }

  /** @internal A restore found writes that waited for the site before the reload: they are asked for again. */
  resumeWaiting(record: EntityRecord<object>, write: JournalWaitingWrite): void {
    // Into the waiting queue at once, then tried now: the restored writes go out one after another
    // in the order they were asked for, not side by side.
    const collection = this.collection(record.kind, record.name);
    const asked = { kind: write.kind, query: write.query as Query | undefined };
    if (this.writer.writeWhenReachable(collection, record, asked) !== undefined) {
      this.waitingWrites?.resume();
      return;
    }
    if (write.kind === 'save') void record.save();
    else if (write.kind === 'autosave') void record.autosave();
    else void record.delete(write.query as Query | undefined);
  }

  /** Writes the edits noted so far now instead of within the second; failures go to {@link journalError}. */
  flushJournal(): Promise<void> {
    return this.journal?.flush() ?? Promise.resolve();
  }

  /**
   * Calls `listener` after every change to any record's edits, with the changed fields (`from`/`to`)
   * and the origin. Listeners run synchronously inside the changing action, in subscription order.
   * Returns the unsubscriber.
   */
  observeEdits(listener: EditListener<EntityRecord<object>>): () => void {
    return this.editObservers.observe(listener);
  }

  /** Applies the `from` values of the last undo step and returns it (see {@link UndoHistory.undo}). */
  undo(): UndoStep<EntityRecord<object>> | undefined {
    return this.history.undo();
  }

  /** Applies the `to` values of the next redo step and returns it (see {@link UndoHistory.redo}). */
  redo(): UndoStep<EntityRecord<object>> | undefined {
    return this.history.redo();
  }

  /**
   * Every record with non-transient edits or a save in flight, in every collection. Observable;
   * read from a plain script, the same array comes back until something changes (no scan).
   */
  get dirtyRecords(): readonly EntityRecord<object>[] {
    return this.recordIndex.dirty;
  }

  /** Every record with a save in flight. Observable; cached like {@link dirtyRecords}. */
  get savingRecords(): readonly EntityRecord<object>[] {
    return this.recordIndex.saving;
  }

  /**
   * Sends the saves and deletes `build` asks for through `/batch/v1` in chunks of the server's
   * maximum; entities WordPress cannot batch go alone. Each result is what the single call resolves
   * to. Rejects when the batch as a whole fails.
   */
  batch(build: (api: BatchApi) => Promise<unknown>[]): Promise<unknown[]> {
    return runBatch(this, build);
  }

  /**
   * Saves every dirty record through one batch and reports each one. With `throwOnError` it
   * rejects with a `BatchError` when any save failed (each error is also on its record).
   */
  saveDirty(options: SaveOptions = {}): Promise<SaveResult<EntityRecord<object>>[]> {
    return saveAllInBatch(this, this.dirtyRecords, options);
  }

  /**
   * The collection of a registered entity (see {@link PostTypeRecords}): its records typed as the
   * generated declaration file says, with no type arguments.
   */
  collection<K extends RegisteredKind, N extends RegisteredName<K>>(
    kind: K,
    name: N,
  ): EntityCollection<RegisteredRecord<K, N>, RegisteredEdited<K, N>>;
  /**
   * The collection of `(kind, name)`: one instance per pair, made on first use. `T` types the
   * records as the server sends them, `E` as they are edited (raw attributes as plain values).
   */
  collection<T extends object = PlainObject, E extends object = T>(
    kind: string,
    name: string,
  ): EntityCollection<T, E>;
  collection(kind: string, name: string): EntityCollection<object> {
    if (this.isDisposed) throw new StoreDisposedError(`open the collection (${kind}, ${name})`);
    const key = `${kind}\u0000${name}`;
    let collection = this.collections.get(key);
    if (!collection) {
      collection = new EntityCollection<object>(this, kind, name);
      this.collections.set(key, collection);
      this.collectionMembers.changed();
    }
    return collection;
  }

  /** @internal The collection of `(kind, name)` if one was made; never makes one (a message from another tab). */
  collectionIfMade(kind: string, name: string): EntityCollection<object> | undefined {
    return this.collections.get(`${kind}\u0000${name}`);
  }

  /** `collection(kind, name).record(id)` of a registered entity (see {@link PostTypeRecords}), typed with no type arguments. */
  record<K extends RegisteredKind, N extends RegisteredName<K>>(
    kind: K,
    name: N,
    id?: Id,
  ): EntityRecord<RegisteredRecord<K, N>, RegisteredEdited<K, N>>;
  /** `collection(kind, name).record(id)`; a singleton entity takes no id. `T` and `E` as for {@link collection}. */
  record<T extends object = PlainObject, E extends object = T>(
    kind: string,
    name: string,
    id?: Id,
  ): EntityRecord<T, E>;
  record(kind: string, name: string, id?: Id): EntityRecord<object> {
    return this.collection(kind, name).record(id);
  }

  /** Every collection made so far; observers re-run when one is made. */
  get allCollections(): EntityCollection<object>[] {
    this.collectionMembers.observed();
    return [...this.collections.values()];
  }

  /** True once {@link dispose} ran. */
  get isDisposed(): boolean {
    // A plain field, not the abort signal: every edit reads it.
    return this.disposed;
  }

  /** @internal The eviction sweep: evicts what is idle since `cutoffMs`; returns how many may become evictable later. */
  evictIdle(cutoffMs: number): number {
    const pinned = this.history.referencedRecords();
    // A record whose sync room is open is bound to its shared document: keep that object.
    for (const record of this.sync?.joinedRecords() ?? []) pinned.add(record);
    let waiting = 0;
    for (const collection of this.collections.values()) waiting += collection.evictIdle(cutoffMs, pinned);
    return waiting;
  }

  /**
   * Ends the store: aborts requests in flight, ends every reaction and timer, unsubscribes every
   * edit listener; later calls throw or reject with `StoreDisposedError`. Cached records stay
   * readable; calling it twice is harmless.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.freshnessPolicy?.stop();
    this.crossTab?.close();
    this.sync?.dispose();
    this.journal?.stop();
    this.stopTrackingBases?.();
    this.waitingWrites?.dispose(new StoreDisposedError('send a write that waited for the site'));
    this.requests.dispose();
    this.eviction.dispose();
    for (const collection of this.collections.values()) collection.dispose();
    this.stopRecordingUndo();
    this.editObservers.clear();
    this.history.clear();
    this.recordIndex.clear();
  }
}

/** Throws the error of a store feature used without importing its entry (`wp-entities/<entry>`). */
function missingEntry(feature: string, entry: 'freshness' | 'ssr' | 'journal'): never {
  const hint =
    entry === 'freshness'
      ? ' (wp-entities/react imports it for you)'
      : entry === 'journal'
        ? ' (the journal storages, indexedDbJournal() and the others, bring it: this is for a journal of your own)'
        : '';
  throw new ArgumentError(
    `${feature} needs wp-entities/${entry}: import 'wp-entities/${entry}' once before making the store${hint}.`,
  );
}

/** Builds the store's sync manager with the engine `wp-entities/sync` registered when it was imported. */
function startSync(store: RootStore, options: SyncOptions): SyncManager {
  const engine = registeredSyncEngine();
  if (engine === undefined) {
    throw new ArgumentError(
      "The sync option needs wp-entities/sync: take its providers from 'wp-entities/sync' (or memoryNetwork from 'wp-entities/testing').",
    );
  }
  return engine(store, options) as SyncManager;
}

/** The store's link to the other tabs, from the `crossTab` option. */
function openCrossTab(store: RootStore, factory: CrossTabCacheFactory | undefined): CrossTabLink | undefined {
  if (factory === undefined) return undefined;
  if (typeof factory !== 'function') {
    throw new ArgumentError(
      `The crossTab option takes crossTabCache() from 'wp-entities/tabs'; got ${String(factory)}.`,
    );
  }
  return factory(store);
}
