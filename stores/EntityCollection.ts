/**
 * The cache of one entity (kind, name): an identity map of records, the id lists of its queries,
 * and the only way server data enters (`receive`).
 *
 * @module
 */
import {
  comparer,
  computed,
  observable,
  reaction,
  runInAction,
  type IComputedValue,
  type IObservableValue,
  type IReactionDisposer,
} from 'mobx';
import { NO_EDITS } from '../models/editPipeline.js';
import type { Autosave } from '../models/Autosave.js';
import type {
  ListState,
  QueryHost,
  QueryMeta,
  RecordHost,
  RecordPermissions,
  RecordStoreHooks,
} from '../models/RecordHost.js';
import type { WriteOutcome } from '../models/writeOutcome.js';
import { EntityConfig } from '../models/EntityConfig.js';
import { EntityQuery } from '../models/EntityQuery.js';
import type { EditObservers } from '../models/EditFunnel.js';
import { EntityRecord } from '../models/EntityRecord.js';
import { normaliseId, type Id } from '../models/ids.js';
import {
  DEFAULT_CONTEXT,
  encodeStableKey,
  getQueryParts,
  mergeItemIds,
  type QueryParts,
} from '../models/QueryParts.js';
import { conservativeMerge, isPlainObject, type PlainObject } from '../models/snapshot.js';
import { isTracking } from '../models/lazyObservable.js';
import { ArgumentError, EntityConfigError, toError } from '../src/errors.js';
import { readTotalItems, readTotalPages } from '../src/transport/responseHeaders.js';
import { invalidResponseError } from '../src/transport/restErrors.js';
import type { Query, Transport } from '../src/transport/types.js';
import type { EntityRegistry } from './EntityRegistry.js';
import { PendingRequests } from './InflightRequests.js';
import type { RecordIndex } from './RecordIndex.js';
import { RecordWriter, settle, type SaveOptions } from './RecordWriter.js';
import type { UndoHistory } from './UndoHistory.js';

export type { ListState, QueryMeta, RecordPermissions } from '../models/RecordHost.js';

/** Options of {@link EntityCollection.receive}. */
export interface ReceiveOptions {
  /**
   * The query the records answer. Its context decides where they are stored, its `_fields` whether
   * they count as complete, and its stable key and page which id list is updated.
   * @default undefined (the 'default' context, complete records, no list)
   */
  query?: Query | undefined;
  /** Totals of the list, replacing the previous ones of that stable key. @default undefined (no totals) */
  meta?: QueryMeta | undefined;
  /** Invalidate this collection's queries afterwards (after a save or a creation). @default false */
  invalidate?: boolean | undefined;
  /**
   * The edits that were sent to the server: an edit equal to its sent value is cleared even when
   * the server changed it. @default undefined (only edits equal to the received values are cleared)
   */
  persistedEdits?: object | undefined;
  /** Update the id list of `query`; `false` stores the records in the query's context without touching any list. @default true */
  updateList?: boolean | undefined;
}

/** What an {@link EntityCollection} needs from its store. */
export interface CollectionHost extends RecordStoreHooks {
  /** The transport requests go through. */
  readonly transport: Transport;
  /** The configs. */
  readonly entities: EntityRegistry;
  /** The undo history edits are recorded in; without one, edits have no undo. */
  readonly history?: UndoHistory<EntityRecord<object>> | undefined;
  /** Sends saves, deletes and autosaves; a collection makes its own when the host has none. */
  readonly writer?: RecordWriter | undefined;
  /** The index of records with edits or a save in flight, behind `dirtyRecords`. */
  readonly recordIndex?: RecordIndex<EntityRecord<object>> | undefined;
  /** The listeners of the edit funnel; without them, edits are told to nobody (and make no undo steps). */
  readonly editObservers?: EditObservers<EntityRecord<object>> | undefined;
  /** Answers `record.canEdit`; without one, `canEdit` stays `undefined`. */
  readonly permissions?: RecordPermissions | undefined;
  /** True once the store was disposed: records refuse new work. @default false */
  readonly isDisposed?: boolean | undefined;
  /** Told when something may have become evictable, so an eviction sweep is scheduled. @default undefined (no eviction) */
  readonly eviction?: { arm(): void } | undefined;
}

/** Where a collection's config comes from when it is not the registry's (revisions of a record). */
interface ConfigSource {
  get(): EntityConfig | undefined;
  ensure(): Promise<EntityConfig | undefined>;
}

/**
 * The cache of one entity. One instance per (kind, name) and store: `store.collection('postType', 'post')`.
 */
export class EntityCollection<T extends object = PlainObject, E extends object = T>
  implements RecordHost<T, E>, QueryHost<T, E>
{
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The store this collection belongs to. */
  readonly store: CollectionHost;

  private readonly records = new Map<Id, EntityRecord<T, E>>();
  private singletonRecord: EntityRecord<T, E> | undefined;
  private readonly lists = new Map<string, IObservableValue<ListState | undefined>>();
  private readonly queries = new Map<string, EntityQuery<T, E>>();
  private readonly inflight = new PendingRequests();
  private readonly configSource: ConfigSource | undefined;
  private ownWriter: RecordWriter | undefined;
  private readonly revisionCollections = new Map<Id, EntityCollection<object>>();
  private dirtyList: IComputedValue<readonly EntityRecord<T, E>[]> | undefined;
  private savingList: IComputedValue<readonly EntityRecord<T, E>[]> | undefined;
  /** The store's list and this collection's part of it, as last read by a plain script. */
  private untrackedDirty: OwnPart<T, E> = NO_PART;
  private untrackedSaving: OwnPart<T, E> = NO_PART;
  /** The records of this collection with any edits (transient ones too); made on the first edit. */
  private editedRecords: Set<EntityRecord<T, E>> | undefined;
  /** Watches the config's transient fields while {@link editedRecords} is not empty. */
  private stopConfigWatch: IReactionDisposer | undefined;

  /**
   * Made by `RootStore.collection`; not meant to be called directly. `configSource` replaces the
   * registry for a collection that is not a registered entity (the revisions of one record).
   */
  constructor(store: CollectionHost, kind: string, name: string, configSource?: ConfigSource) {
    this.store = store;
    this.kind = kind;
    this.name = name;
    this.configSource = configSource;
  }

  /** The entity config; `undefined` until registered or loaded. Observable. */
  get config(): EntityConfig | undefined {
    return this.configSource ? this.configSource.get() : this.store.entities.get(this.kind, this.name);
  }

  /** The config, loading the kind's configs first when it is not registered (postType, taxonomy). */
  ensureConfig(): Promise<EntityConfig | undefined> {
    return this.configSource ? this.configSource.ensure() : this.store.entities.ensure(this.kind, this.name);
  }

  /** The writer of saves, deletes and autosaves: the store's. */
  get writer(): RecordWriter {
    return this.store.writer ?? (this.ownWriter ??= new RecordWriter({ transport: this.store.transport }));
  }

  /**
   * A new, unsaved record holding `initial` as its edits: its `save()` POSTs to the collection, and
   * the answer gives it its id (from then on `record(id)` returns this same object). It is not in
   * any list until saved. No request is made here; the edits are not an undo step.
   */
  create(initial: Partial<E> = {}): EntityRecord<T, E> {
    if (this.config?.singleton) {
      throw new ArgumentError(`(${this.kind}, ${this.name}) is a single record; it cannot be created.`);
    }
    const record = new EntityRecord<T, E>({
      kind: this.kind,
      name: this.name,
      id: undefined,
      collection: this,
    });
    record.writeInitialEdits(initial as Readonly<Record<string, unknown>>);
    return record;
  }

  /**
   * Saves `data` as it is (not the edits): PUT `{base}/{id}` when it carries the key, else POST
   * `{base}`. The answer is received (lists invalidated); resolves to it, or `undefined` on failure
   * (the error is stored on the record) unless `throwOnError`.
   */
  async saveRecord(data: Partial<E>, options: SaveOptions = {}): Promise<T | undefined> {
    return settle(await this.writer.saveData(this, data), options);
  }

  /**
   * Saves the record's non-transient edits (only `fields` when given).
   * @internal Used by `EntityRecord.save` and `saveFields`.
   */
  saveRecordEdits(record: EntityRecord<T, E>, fields?: readonly string[]): Promise<WriteOutcome<T>> {
    return this.writer.saveEdits(this, record, fields === undefined ? {} : { fields });
  }

  /**
   * Autosaves the record.
   * @internal Used by `EntityRecord.autosave`.
   */
  autosaveRecord(record: EntityRecord<T, E>): Promise<WriteOutcome<T>> {
    return this.writer.autosave(this, record);
  }

  /**
   * Deletes the record.
   * @internal Used by `EntityRecord.delete`.
   */
  deleteRecord(record: EntityRecord<T, E>, query?: Query): Promise<WriteOutcome> {
    return this.writer.delete(this, record, query);
  }

  /**
   * GETs the record's autosaves and stores them on it.
   * @internal Used by `EntityRecord.fetchAutosaves`.
   */
  fetchRecordAutosaves(record: EntityRecord<T, E>): Promise<Autosave[]> {
    return this.writer.fetchAutosaves(this, record);
  }

  /** The records of this collection with non-transient edits or a save in flight. Observable; cached between changes. */
  get dirtyRecords(): readonly EntityRecord<T, E>[] {
    if (isTracking()) {
      this.dirtyList ??= computed(() => this.own(this.store.recordIndex?.dirty), {
        equals: comparer.shallow,
      });
      return this.dirtyList.get();
    }
    this.untrackedDirty = this.ownPart(this.store.recordIndex?.dirty, this.untrackedDirty);
    return this.untrackedDirty.own;
  }

  /** The records of this collection with a save in flight. Observable; cached between changes. */
  get savingRecords(): readonly EntityRecord<T, E>[] {
    if (isTracking()) {
      this.savingList ??= computed(() => this.own(this.store.recordIndex?.saving), {
        equals: comparer.shallow,
      });
      return this.savingList.get();
    }
    this.untrackedSaving = this.ownPart(this.store.recordIndex?.saving, this.untrackedSaving);
    return this.untrackedSaving.own;
  }

  /** This collection's part of a store list; the store's lists keep one array while unchanged, so a plain re-read is O(1). */
  private ownPart(list: readonly EntityRecord<object>[] | undefined, last: OwnPart<T, E>): OwnPart<T, E> {
    if (list === last.source && list !== undefined) return last;
    const own = this.own(list);
    return { source: list, own: sameRecords(own, last.own) ? last.own : own };
  }

  /**
   * Ends this collection's reactions (the config watch); the records stay readable.
   * @internal Called by `RootStore.dispose`.
   */
  dispose(): void {
    this.stopConfigWatch?.();
    this.stopConfigWatch = undefined;
    this.editedRecords?.clear();
    for (const revisions of this.revisionCollections.values()) revisions.dispose();
  }

  /**
   * Drops what nobody needs any more: queries nobody observes, idle since `cutoffMs`; their id
   * lists once no query reads them; then records that are evictable (see
   * `EntityRecord.isEvictable`), in no remaining list and not in `pinned` (records the undo
   * history points at). Returns how many records and queries are left that may become evictable
   * later (those with edits wait for them to be saved or discarded, which schedules a sweep).
   * @internal Called by the store's eviction sweep.
   */
  evictIdle(cutoffMs: number, pinned: ReadonlySet<object>): number {
    let waiting = 0;
    for (const [key, query] of this.queries) {
      if (query.isEvictable(cutoffMs)) this.queries.delete(key);
      else waiting++;
    }
    const listsInUse = new Set<string>();
    for (const query of this.queries.values())
      listsInUse.add(`${query.parts.context}\u0000${query.parts.stableKey}`);
    const listed = new Set<Id>();
    for (const [key, box] of this.lists) {
      if (!listsInUse.has(key)) {
        this.lists.delete(key);
        continue;
      }
      for (const id of box.get()?.ids ?? []) if (id !== undefined) listed.add(id);
    }
    for (const [id, record] of this.records) {
      if (record.edits !== NO_EDITS) continue;
      if (!listed.has(id) && !pinned.has(record) && record.isEvictable(cutoffMs)) {
        this.records.delete(id);
        this.revisionCollections.delete(id);
      } else {
        waiting++;
      }
    }
    for (const revisions of this.revisionCollections.values())
      waiting += revisions.evictIdle(cutoffMs, pinned);
    return waiting;
  }

  /**
   * Keeps the store's index of records with edits or a save in flight up to date.
   * `isDirty` (non-transient edits or a save in flight) and `isSaving` are the record's new state.
   * @internal Called by `EntityRecord` when its edits or saving state change.
   */
  noteEditState(record: EntityRecord<T, E>, isDirty: boolean, isSaving: boolean, hasAnyEdits: boolean): void {
    const index = this.store.recordIndex;
    if (index === undefined) return;
    index.note(record as unknown as EntityRecord<object>, isDirty, isSaving);
    const edited = (this.editedRecords ??= new Set());
    if (hasAnyEdits) {
      if (edited.has(record) || this.store.isDisposed === true) return;
      edited.add(record);
      // Whether an edit counts depends on the config's transient fields: a config loaded or
      // replaced later makes the records with edits work it out again.
      this.stopConfigWatch ??= reaction(
        () => this.config?.transientEdits,
        () => {
          for (const each of [...edited]) each.refreshEditState();
        },
      );
    } else {
      if (edited.delete(record) && edited.size === 0) {
        this.stopConfigWatch?.();
        this.stopConfigWatch = undefined;
      }
      // A record without edits may now be evicted once idle.
      this.store.eviction?.arm();
    }
  }

  /**
   * Registers a created record under the id its first save answered with.
   * @internal Used by the writer.
   */
  adopt(record: EntityRecord<T, E>, id: Id): void {
    const key = normaliseId(id);
    if (record.id !== undefined || this.records.has(key)) return;
    record.assignId(key);
    this.records.set(key, record);
  }

  /**
   * The collection of the revisions of one record: keyed by the config's revision key, read from its
   * revisions path, without the default query parameters.
   * @internal Used by `EntityRecord.revisions`.
   */
  revisionsOf<R extends object = PlainObject>(parentId: Id): EntityCollection<R> {
    const key = normaliseId(parentId);
    let revisions = this.revisionCollections.get(key);
    if (!revisions) {
      let made: EntityConfig | undefined;
      const derive = (parent: EntityConfig | undefined): EntityConfig | undefined => {
        if (parent === undefined) return undefined;
        const baseURL = parent.revisionsPath(key);
        if (baseURL === undefined) return undefined;
        made ??= new EntityConfig({
          kind: this.kind,
          name: `${this.name}/${String(key)}/revisions`,
          label: `${parent.label} revisions`,
          baseURL,
          key: parent.revisionKey,
          supportsPagination: parent.supportsPagination,
        });
        return made;
      };
      revisions = new EntityCollection<object>(
        this.store,
        this.kind,
        `${this.name}/${String(key)}/revisions`,
        {
          get: () => derive(this.config),
          ensure: async () => derive(await this.ensureConfig()),
        },
      );
      this.revisionCollections.set(key, revisions);
    }
    return revisions as EntityCollection<R>;
  }

  /** This collection's records of one of the store's lists (already filtered, so no record is read again). */
  private own(list: readonly EntityRecord<object>[] | undefined): readonly EntityRecord<T, E>[] {
    if (list === undefined) return [];
    return list.filter(
      (record) => record.collection === (this as unknown as EntityCollection<object>),
    ) as unknown as EntityRecord<T, E>[];
  }

  /** The key field of the records (`id`, `slug`, …). */
  get keyField(): string {
    return this.config?.key ?? 'id';
  }

  /**
   * The record with this id, made on first use: the same id (after normalisation, `'5'` → `5`)
   * always gives the same object. A singleton entity (`root/base`, `root/site`) takes no id.
   * @throws ArgumentError when a non-singleton entity is asked for a record without an id.
   */
  record(id?: Id): EntityRecord<T, E> {
    if (this.config?.singleton) {
      return (this.singletonRecord ??= new EntityRecord<T, E>({
        kind: this.kind,
        name: this.name,
        id: undefined,
        collection: this,
      }));
    }
    if (id === undefined || id === '') {
      throw new ArgumentError(`A record of (${this.kind}, ${this.name}) needs an id.`);
    }
    return this.keyedRecord(id);
  }

  /** The record of a (non-singleton) id, made on first use. */
  private keyedRecord(id: Id): EntityRecord<T, E> {
    const key = normaliseId(id);
    let record = this.records.get(key);
    if (!record) {
      record = new EntityRecord<T, E>({ kind: this.kind, name: this.name, id: key, collection: this });
      this.records.set(key, record);
      this.store.eviction?.arm();
    }
    return record;
  }

  /** The record made for `id` so far, without making one. @internal Used by queries. */
  peek(id: Id | undefined): EntityRecord<T, E> | undefined {
    // Lists never hold a singleton, so an id always names a keyed record.
    return id === undefined ? this.singletonRecord : this.records.get(normaliseId(id));
  }

  /**
   * The record when any of its data is cached in the context (`'default'` unless given); no
   * request. A record known only from `_fields` is returned too, with `isComplete` false. Observable.
   */
  get(id?: Id, opts: { context?: string } = {}): EntityRecord<T, E> | undefined {
    const record = this.peek(id);
    return record?.readItem(opts.context ?? DEFAULT_CONTEXT) ? record : undefined;
  }

  /** Every record made so far (cached or not). */
  get allRecords(): EntityRecord<T, E>[] {
    return this.singletonRecord
      ? [this.singletonRecord, ...this.records.values()]
      : [...this.records.values()];
  }

  /**
   * GETs one record now (`{baseURL}/{id}` with the default params and `query`) and stores it in
   * the query's context. `_fields` always gets the key. Concurrent identical calls share one
   * request. Loads the kind's configs first when needed; resolves to `undefined` when the entity
   * is `noFetch`. Rejects with the `RestError` on failure, and with an `EntityConfigError` when no
   * such entity exists (a typo in the kind or name); either is also stored as the record's `fetchError`.
   */
  async fetch(id?: Id, query?: Query): Promise<EntityRecord<T, E> | undefined> {
    const config = await this.requireConfig(id);
    if (config.noFetch) return undefined;
    const record = this.record(id);
    const parts = query ? getQueryParts(query, config.key) : undefined;
    const path = config.recordPath(config.singleton ? undefined : record.id);
    const request: Query = { ...config.baseURLParams, ...(parts?.request ?? {}) };
    record.startFetch();
    try {
      // Only the request is shared: two queries sending the same request (no context, and
      // `context: 'edit'` on an entity whose default params say `edit`) each store the answer
      // in their own context.
      const body = await this.inflight.run(`GET ${path}?${encodeStableKey(request)}`, async () => {
        const answer = await this.store.transport.request<unknown>({ path, query: request });
        if (!isPlainObject(answer)) {
          throw invalidResponseError(
            200,
            `GET ${path} answered with something that is not a record.`,
            answer,
            {
              method: 'GET',
              url: path,
            },
          );
        }
        return answer;
      });
      // A response without its key (an odd `_fields` answer) still belongs to the record asked for.
      const data =
        config.singleton || body[config.key] !== undefined ? body : { ...body, [config.key]: record.id };
      runInAction(() => {
        this.receive(data as T, { query, updateList: false });
        record.finishFetch();
      });
      return record;
    } catch (error) {
      record.finishFetch(toError(error));
      throw error;
    }
  }

  /**
   * Resolves the record once: GETs it only when it is not already cached in the query's context
   * (complete, or with every requested `_fields` field). Otherwise like {@link fetch}.
   */
  async load(id?: Id, query?: Query): Promise<EntityRecord<T, E> | undefined> {
    const config = await this.requireConfig(id);
    if (config.noFetch) return undefined;
    const record = this.record(id);
    const parts = getQueryParts(query ?? {}, config.key);
    const item = record.readItem(parts.context);
    if (item) {
      if (parts.fields === null ? item.isComplete : parts.fields.every((f) => hasTopField(item.data, f)))
        return record;
    }
    return this.fetch(id, query);
  }

  /**
   * The config, loading the kind first when needed. Rejects with an `EntityConfigError` naming the
   * entity when there is none; the record `id` (when given) keeps that error as its `fetchError`.
   */
  private async requireConfig(id?: Id): Promise<EntityConfig> {
    const config = await this.ensureConfig();
    if (config) return config;
    const error = new EntityConfigError(
      this.kind,
      this.name,
      `No entity config is registered for (${this.kind}, ${this.name}).`,
    );
    if (id !== undefined) this.record(id).finishFetch(error);
    throw error;
  }

  /** The query object for `query`: one instance per (context, stable key, page, per_page). */
  query(query: Query = {}): EntityQuery<T, E> {
    const parts = getQueryParts(query, this.keyField);
    const key = `${parts.context}\u0000${parts.stableKey}\u0000${parts.page}\u0000${parts.perPage}`;
    let instance = this.queries.get(key);
    if (!instance) {
      instance = new EntityQuery<T, E>(this, query, parts, this.listBox(parts.context, parts.stableKey));
      this.queries.set(key, instance);
      this.store.eviction?.arm();
    }
    return instance;
  }

  /**
   * Puts server data into the cache; the only way data enters. Each record is merged
   * conservatively into the one cached for its key in the query's context (unchanged fields keep
   * their old value objects; fields missing from a partial record stay), completeness is tracked,
   * and with a query its ids are merged into the list at `(page-1)*per_page`. Post type records
   * with status `auto-draft` are stored with an empty title. A 'default'-context receive clears the
   * edits the server now matches.
   */
  receive(records: T | readonly T[], opts: ReceiveOptions = {}): void {
    const parts = opts.query ? getQueryParts(opts.query, this.keyField) : undefined;
    this.storeRecords(Array.isArray(records) ? (records as readonly T[]) : [records as T], parts, opts);
  }

  /**
   * Drops records from the cache: from every context and from every id list (totals stay as the
   * server sent them). The record objects keep their identity. Invalidates this collection's
   * queries unless `invalidate` is false.
   *
   * A removed record's unsaved edits are kept, never dropped silently: it stays in `dirtyRecords`
   * with `persisted` undefined, its `edited` shows the edits alone, and `save()` still sends them.
   * Only a successful `delete()` discards edits (origin `discard`).
   */
  remove(ids: Id | readonly Id[], opts: { invalidate?: boolean } = {}): void {
    const gone = new Set((Array.isArray(ids) ? (ids as readonly Id[]) : [ids as Id]).map(normaliseId));
    runInAction(() => {
      for (const id of gone) {
        this.records.get(id)?.clearItems();
        // Revisions stored under a removed parent go with it.
        this.revisionCollections.delete(id);
      }
      for (const box of this.lists.values()) {
        const state = box.get();
        if (state && state.ids.some((id) => id !== undefined && gone.has(id))) {
          box.set({ ids: state.ids.filter((id) => id === undefined || !gone.has(id)), meta: state.meta });
        }
      }
      if (opts.invalidate !== false) this.invalidateQueries();
    });
  }

  /** Marks every query of this collection stale; observed ones request their list again. */
  invalidateQueries(): void {
    for (const query of this.queries.values()) query.invalidate();
  }

  /**
   * GETs the list a query names and receives it: `per_page: -1` walks every page through
   * `transport.fetchAll`; otherwise one raw request whose `X-WP-Total` / `X-WP-TotalPages` headers
   * become the list's totals. Identical concurrent requests share one.
   * @internal Used by `EntityQuery.fetch`.
   */
  async requestList(parts: QueryParts): Promise<void> {
    const config = await this.requireConfig();
    if (config.noFetch) return;
    const request: Record<string, unknown> = { ...config.baseURLParams, ...parts.request };
    const transport = this.store.transport;
    const path = config.baseURL;
    // Only the request is shared, as in `fetch`: each query stores the answer in its own list.
    const page = await this.inflight.run(`LIST ${path}?${encodeStableKey(request as Query)}`, async () => {
      if (parts.perPage === -1) {
        delete request.per_page;
        delete request.page;
        const items = await transport.fetchAll<unknown>(path, request as Query);
        return { items, totalItems: items.length, totalPages: undefined };
      }
      const response = await transport.request<unknown>({ path, query: request as Query, raw: true });
      return {
        items: valuesOf(response.data),
        totalItems: readTotalItems(response.headers),
        totalPages: readTotalPages(response.headers),
      };
    });
    let meta: QueryMeta | undefined;
    if (parts.perPage === -1) {
      // No totalPages: the page count of this stable key depends on each query's page size.
      meta = { totalItems: page.totalItems };
    } else if (page.totalItems !== undefined || page.totalPages !== undefined) {
      meta = {
        totalItems: page.totalItems ?? null,
        totalPages: page.totalPages ?? null,
        perPage: parts.perPage,
      };
    }
    this.storeRecords(page.items as T[], parts, { meta });
  }

  private storeRecords(list: readonly T[], parts: QueryParts | undefined, opts: ReceiveOptions): void {
    const config = this.config;
    const key = config?.key ?? 'id';
    const context = parts?.context ?? DEFAULT_CONTEXT;
    const isComplete = !parts?.fields;
    runInAction(() => {
      const ids: Id[] = [];
      for (const incoming of list) {
        if (!isPlainObject(incoming)) continue;
        const data = config ? config.receivedSnapshot(incoming as PlainObject) : (incoming as PlainObject);
        const record = this.recordFor(data, config, key);
        const previous = record.readItem(context);
        const merged = conservativeMerge(previous?.data, data as T);
        const complete = (previous?.isComplete ?? false) || isComplete;
        if (previous?.data !== merged || previous.isComplete !== complete) {
          record.writeItem(context, { data: merged, isComplete: complete });
        }
        if (context === DEFAULT_CONTEXT) record.clearEditsMatching(data as T, opts.persistedEdits);
        if (record.id !== undefined) ids.push(record.id);
      }
      if (parts && opts.updateList !== false && !config?.singleton) this.mergeList(parts, ids, opts.meta);
      if (opts.invalidate) {
        this.invalidateQueries();
        // A save (or a creation) of a record makes a new revision: its revision lists are stale.
        for (const id of ids) this.revisionCollections.get(id)?.invalidateQueries();
      }
    });
  }

  private listBox(context: string, stableKey: string): IObservableValue<ListState | undefined> {
    const key = `${context}\u0000${stableKey}`;
    let box = this.lists.get(key);
    if (!box) {
      box = observable.box<ListState | undefined>(undefined, { deep: false, name: 'EntityCollection.list' });
      this.lists.set(key, box);
    }
    return box;
  }

  private mergeList(parts: QueryParts, ids: Id[], meta: QueryMeta | undefined): void {
    const box = this.listBox(parts.context, parts.stableKey);
    const previous = box.get();
    box.set({ ids: mergeItemIds(previous?.ids, ids, parts.page, parts.perPage), meta });
  }

  /** The record `data` belongs to; `config` and `key` are read once per receive, not per record. */
  private recordFor(data: PlainObject, config: EntityConfig | undefined, key: string): EntityRecord<T, E> {
    if (config?.singleton) return this.record();
    const id = data[key];
    if ((typeof id !== 'number' && typeof id !== 'string') || id === '') {
      throw new ArgumentError(
        `Cannot receive a (${this.kind}, ${this.name}) record without its key field '${key}'.`,
      );
    }
    return this.keyedRecord(id);
  }
}

/** A store list and this collection's part of it. */
interface OwnPart<T extends object, E extends object> {
  readonly source: readonly EntityRecord<object>[] | undefined;
  readonly own: readonly EntityRecord<T, E>[];
}

const NO_PART: OwnPart<never, never> = Object.freeze({ source: undefined, own: Object.freeze([]) });

function sameRecords(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function hasTopField(data: object, field: string): boolean {
  return Object.prototype.hasOwnProperty.call(data, field.split('.')[0] as string);
}

function valuesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body as unknown[];
  // Some collections (types, taxonomies, statuses) answer with an object keyed by slug.
  return isPlainObject(body) ? Object.values(body) : [];
}
