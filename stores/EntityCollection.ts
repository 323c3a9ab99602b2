/**
 * The cache of one entity (kind, name): an identity map of records, the id lists of its queries,
 * and the only way server data enters (`receive`). Its other concerns live in `collection/`: the
 * GETs and their answer checks (`recordReads`), the queries and id lists (`QueryLists`), the dirty
 * and saving lists (`OwnRecordLists`), the config watch (`TransientFieldsWatch`) and the records'
 * revisions (`RevisionCollections`); the order of reads and saves is `ReadOrder`'s.
 *
 * @module
 */
import { runInAction } from 'mobx';
import { NO_EDITS } from '../models/editPipeline.js';
import type { Autosave } from '../models/Autosave.js';
import type {
  QueryHost,
  QueryMeta,
  RecordHost,
  RecordPermissions,
  RecordStoreHooks,
} from '../models/RecordHost.js';
import type { WriteOutcome } from '../models/writeOutcome.js';
import type { EntityConfig } from '../models/EntityConfig.js';
import { EntityQuery } from '../models/EntityQuery.js';
import type { EditObservers } from '../models/EditFunnel.js';
import { dispatchRecordAction, EntityRecord, type EntityRecordInit } from '../models/EntityRecord.js';
import { normaliseId, type Id } from '../models/ids.js';
import { isTracking } from '../models/lazyObservable.js';
import { DEFAULT_CONTEXT, encodeStableKey, getQueryParts, type QueryParts } from '../models/QueryParts.js';
import { conservativeMerge, hasOwn, isPlainObject, type PlainObject } from '../models/snapshot.js';
import { ArgumentError, EntityConfigError, toError } from '../core/errors.js';
import type { Query, Transport } from '../core/transport/types.js';
import { OwnRecordList } from './collection/OwnRecordLists.js';
import { QueryLists } from './collection/QueryLists.js';
import { listMeta, readList, readRecord } from './collection/recordReads.js';
import { Refetches } from './collection/Refetches.js';
import { RevisionCollections, revisionConfig, type ConfigSource } from './collection/RevisionCollections.js';
import { savedValueChanges } from './collection/savedValueChanges.js';
import { TransientFieldsWatch } from './collection/TransientFieldsWatch.js';
import type { EntityRegistry } from './EntityRegistry.js';
import { PendingRequests } from './InflightRequests.js';
import {
  givePermissionHints,
  giveRecordHints,
  singleRecordHint,
  type PermissionHintSink,
} from './permissionHints.js';
import { MembershipSignal } from './MembershipSignal.js';
import { ReadOrder } from './ReadOrder.js';
import { SnapshotChangeLog } from './SnapshotChangeLog.js';
import type { RecordIndex } from './RecordIndex.js';
import { RecordWriter, settle, type SaveOptions } from './RecordWriter.js';
import type { UndoHistory } from './UndoHistory.js';
import type { ServerAnswerSink } from './crossTab/serverAnswerSink.js';

export type { ListState, QueryMeta, RecordPermissions } from '../models/RecordHost.js';

/**
 * Options of {@link EntityCollection.receive}.
 *
 * @inline
 */
export interface ReceiveOptions {
  /**
   * The query the records answer: its context says where they are stored, its `_fields` whether
   * they are complete, its stable key and page which id list changes.
   * @default undefined (the 'default' context, complete records, no list)
   */
  query?: Query | undefined;
  /** Totals of the list, replacing the previous ones of that stable key. @default undefined (no totals) */
  meta?: QueryMeta | undefined;
  /** Invalidate this collection's queries afterwards (after a save or a creation). @default false */
  invalidate?: boolean | undefined;
  /**
   * The edits that were sent to the server: an edit equal to its sent value is cleared even when
   * the server changed it. Given, the records are a save's answer: a read sent before it answers
   * later without replacing them. @default undefined (only edits equal to the received values are cleared)
   */
  persistedEdits?: object | undefined;
  /** Update the id list of `query`; `false` stores the records in the query's context without touching any list. @default true */
  updateList?: boolean | undefined;
}

/** What an {@link EntityCollection} needs from its store. */
export interface CollectionHost extends RecordStoreHooks {
  /** The transport requests go through. */
  readonly transport: Transport;
  /** The entity configs. */
  readonly entities: EntityRegistry;
  /** The undo history edits are recorded in; without one, edits have no undo. */
  readonly history?: UndoHistory<EntityRecord<object>> | undefined;
  /** Sends saves, deletes and autosaves; a collection makes its own when the host has none. */
  readonly writer?: RecordWriter | undefined;
  /** The index of records with edits or a save in flight, behind `dirtyRecords`. */
  readonly recordIndex?: RecordIndex<EntityRecord<object>> | undefined;
  /** The listeners of the edit funnel; without them, edits are told to nobody (and make no undo steps). */
  readonly editObservers?: EditObservers<EntityRecord<object>> | undefined;
  /**
   * Answers `record.canEdit`, and takes in the permissions records carry (`targetHints`, `Allow`);
   * without one, `canEdit` stays `undefined`.
   */
  readonly permissions?: (RecordPermissions & Partial<PermissionHintSink>) | undefined;
  /** True once the store was disposed: records refuse new work. @default false */
  readonly isDisposed?: boolean | undefined;
  /** Told when something may have become evictable, so an eviction sweep is scheduled. @default undefined (no eviction) */
  readonly eviction?: { arm(): void } | undefined;
  /** Told what the server answered a read, so the other tabs take it in (`crossTab: true`). @default undefined */
  readonly crossTab?: ServerAnswerSink | undefined;
}

/** The cache of one entity: one instance per (kind, name) and store. */
export class EntityCollection<T extends object = PlainObject, E extends object = T>
  implements RecordHost<T, E>, QueryHost<T, E>
{
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The store this collection belongs to. @internal */
  readonly store: CollectionHost;

  /** The identity map: one record per normalised id, and the singleton's record. */
  private readonly records = new Map<Id, EntityRecord<T, E>>();
  private singletonRecord: EntityRecord<T, E> | undefined;
  /** Every change of a record's snapshots or of the identity map (see {@link snapshotVersion}), with the ids of the last ones. */
  private readonly snapshotChanges = new SnapshotChangeLog();
  private readonly lists = new QueryLists<EntityQuery<T, E>>();
  /** Records and queries made or dropped: what `allRecords` and `allQueries` readers react to. */
  private readonly members = new MembershipSignal('EntityCollection.members');
  private readonly inflight = new PendingRequests();
  private readonly readOrder = new ReadOrder();
  private readonly refetches = new Refetches<EntityRecord<T, E>, EntityRecord<T, E> | undefined>();
  private readonly configSource: ConfigSource | undefined;
  /** The config last looked up outside a reaction, and the registry's version then (see {@link config}). */
  private plainConfig: EntityConfig | undefined;
  private plainConfigVersion = -1;
  private ownWriter: RecordWriter | undefined;
  private readonly revisionCollections = new RevisionCollections<EntityCollection<object>>();
  private readonly dirtyList = new OwnRecordList<EntityRecord<T, E>>(this, () => this.storeList('dirty'));
  private readonly savingList = new OwnRecordList<EntityRecord<T, E>>(this, () => this.storeList('saving'));
  private readonly configWatch = new TransientFieldsWatch<EntityRecord<T, E>>(
    () => this.config?.transientEdits,
  );

  /** Made by `RootStore.collection`; `configSource` stands in for the registry (a record's revisions). @internal */
  constructor(store: CollectionHost, kind: string, name: string, configSource?: ConfigSource) {
    this.store = store;
    this.kind = kind;
    this.name = name;
    this.configSource = configSource;
  }

  /** The entity config; `undefined` until registered or loaded. Observable. */
  get config(): EntityConfig | undefined {
    if (this.configSource) return this.configSource.get();
    const entities = this.store.entities;
    if (isTracking()) return entities.get(this.kind, this.name);
    // Each edit reads its record's config several times outside any reaction (the registry's
    // lookups showed in CPU profiles of synced typing): the last lookup serves until a config is
    // registered or replaced.
    if (this.plainConfigVersion !== entities.version) {
      this.plainConfig = entities.get(this.kind, this.name);
      this.plainConfigVersion = entities.version;
    }
    return this.plainConfig;
  }

  /** The config, loading the kind's configs first when it is not registered (postType, taxonomy). */
  ensureConfig(): Promise<EntityConfig | undefined> {
    return this.configSource ? this.configSource.ensure() : this.store.entities.ensure(this.kind, this.name);
  }

  /** Where the server's answers are told to the other tabs; a record's revisions are not shared. */
  private get tabs(): CollectionHost['crossTab'] {
    return this.configSource === undefined ? this.store.crossTab : undefined;
  }

  /** The writer of saves, deletes and autosaves: the store's. @internal */
  get writer(): RecordWriter {
    return this.store.writer ?? (this.ownWriter ??= new RecordWriter({ transport: this.store.transport }));
  }

  /**
   * A new, unsaved record holding `initial` as edits (not an undo step); its first `save()` POSTs and
   * gives it an id, after which `record(id)` returns this same object. No request here.
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
   * Saves `data` as it is, not the edits: PUT when it carries the key, else POST. Resolves to the
   * received answer, or `undefined` on failure unless `throwOnError`.
   */
  async saveRecord(data: Partial<E>, options: SaveOptions = {}): Promise<T | undefined> {
    return settle(await this.writer.saveData(this, data), options);
  }

  /** @internal `EntityRecord.save` and `saveFields` (only `fields` when given). */
  saveRecordEdits(record: EntityRecord<T, E>, fields?: readonly string[]): Promise<WriteOutcome<T>> {
    return this.writer.saveEdits(this, record, fields === undefined ? {} : { fields });
  }

  /** @internal `EntityRecord.autosave`. */
  autosaveRecord(record: EntityRecord<T, E>): Promise<WriteOutcome<T>> {
    return this.writer.autosave(this, record);
  }

  /** @internal `EntityRecord.delete`. */
  deleteRecord(record: EntityRecord<T, E>, query?: Query): Promise<WriteOutcome> {
    return this.writer.delete(this, record, query);
  }

  /** @internal `EntityRecord.fetchAutosaves`: GETs the autosaves and stores them on the record. */
  fetchRecordAutosaves(record: EntityRecord<T, E>): Promise<Autosave[]> {
    return this.writer.fetchAutosaves(this, record);
  }

  /** The records of this collection with non-transient edits or a save in flight. Observable; cached between changes. */
  get dirtyRecords(): readonly EntityRecord<T, E>[] {
    return this.dirtyList.get();
  }

  /** The records of this collection with a save in flight. Observable; cached between changes. */
  get savingRecords(): readonly EntityRecord<T, E>[] {
    return this.savingList.get();
  }

  /** One of the store's lists (all collections' records), as the dirty and saving views read it. */
  private storeList(which: 'dirty' | 'saving'): readonly EntityRecord<T, E>[] | undefined {
    return this.store.recordIndex?.[which] as readonly EntityRecord<T, E>[] | undefined;
  }

  /** @internal `RootStore.dispose` ends the config watch; the records stay readable. */
  dispose(): void {
    this.configWatch.dispose();
    this.revisionCollections.dispose();
  }

  /**
   * Drops queries nobody observes that are idle since `cutoffMs`, the id lists no query reads, then
   * evictable records in no list and not `pinned` (the undo history points at them). Returns how
   * many may become evictable later.
   * @internal Called by the eviction sweep.
   */
  evictIdle(cutoffMs: number, pinned: ReadonlySet<object>): number {
    const lists = this.lists.evictIdle(cutoffMs);
    let waiting = lists.waiting;
    const listed = lists.listed;
    const versionBefore = this.snapshotChanges.version;
    for (const [id, record] of this.records) {
      if (record.edits !== NO_EDITS) continue;
      if (!listed.has(id) && !pinned.has(record) && record.isEvictable(cutoffMs)) {
        this.records.delete(id);
        this.snapshotChanges.noteUnnamed();
        this.revisionCollections.delete(id);
      } else {
        waiting++;
      }
    }
    // A query's plain-script view made before may hold the records just let go.
    const dropped = this.snapshotChanges.version !== versionBefore;
    if (dropped) {
      this.lists.releaseStaleViews();
      // Lists whose hints are not read yet hold the records' answers.
      this.store.permissions?.settleHints?.();
    }
    // Readers of the members (the inspector) hear of a sweep only when it dropped something.
    if (dropped || lists.evicted > 0) this.members.changed();
    return waiting + this.revisionCollections.evictIdle(cutoffMs, pinned);
  }

  /** @internal `EntityRecord` reports its new edit and save state for the store's dirty index. */
  noteEditState(record: EntityRecord<T, E>, isDirty: boolean, isSaving: boolean, hasAnyEdits: boolean): void {
    const index = this.store.recordIndex;
    if (index === undefined) return;
    index.note(record as unknown as EntityRecord<object>, isDirty, isSaving);
    if (this.configWatch.note(record, hasAnyEdits, this.store.isDisposed === true))
      this.store.eviction?.arm();
  }

  /** @internal The writer names a created record after its first save. */
  adopt(record: EntityRecord<T, E>, id: Id): void {
    const key = normaliseId(id);
    if (record.id !== undefined || this.records.has(key)) return;
    record.assignId(key);
    this.records.set(key, record);
    this.snapshotChanges.noteUnnamed();
    this.members.changed();
  }

  /**
   * @internal `EntityRecord.revisions`: a record's revisions, keyed by the config's revision key,
   * without the default query parameters.
   */
  revisionsOf<R extends object = PlainObject>(parentId: Id): EntityCollection<R> {
    const key = normaliseId(parentId);
    const revisions = this.revisionCollections.of(key, () => {
      const made: { config?: EntityConfig } = {};
      return new EntityCollection<object>(this.store, this.kind, `${this.name}/${String(key)}/revisions`, {
        get: () => revisionConfig(this, this.config, key, made),
        ensure: async () => revisionConfig(this, await this.ensureConfig(), key, made),
      });
    });
    return revisions as EntityCollection<R>;
  }

  /** The key field of the records (`id`, `slug`, …). */
  get keyField(): string {
    return this.config?.key ?? 'id';
  }

  /**
   * The record with this id (normalised, `'5'` → `5`), made on first use, always the same object.
   * A singleton entity takes no id.
   * @throws ArgumentError when a non-singleton entity is asked without an id.
   */
  record(id?: Id): EntityRecord<T, E> {
    if (this.config?.singleton) {
      if (this.singletonRecord === undefined) {
        this.singletonRecord = new EntityRecord<T, E>({
          kind: this.kind,
          name: this.name,
          id: undefined,
          collection: this,
        });
        this.members.changed();
      }
      return this.singletonRecord;
    }
    if (id === undefined || id === '') {
      throw new ArgumentError(`A record of (${this.kind}, ${this.name}) needs an id.`);
    }
    return this.keyedRecord(id);
  }

  /**
   * The record of a (non-singleton) id, made on first use (a new record arms the eviction sweep; a
   * receive makes its new records with {@link newRecord} and arms it once for all).
   */
  private keyedRecord(id: Id): EntityRecord<T, E> {
    const key = normaliseId(id);
    let record = this.records.get(key);
    if (!record) {
      record = new EntityRecord<T, E>({ kind: this.kind, name: this.name, id: key, collection: this });
      this.records.set(key, record);
      this.members.changed();
      this.store.eviction?.arm();
    }
    return record;
  }

  /** @internal A record's snapshots changed (`EntityRecord` tells on 'received' and 'cleared'). */
  noteSnapshotChange(record: EntityRecord<T, E>): void {
    this.snapshotChanges.note(record.id);
  }

  /**
   * @internal Grows whenever a record's stored snapshots change or a record leaves (or is adopted
   * into) the identity map: a query's view read by a plain script stays valid while this and its
   * id list stay the same. Not observable; reactions observe the records themselves.
   */
  get snapshotVersion(): number {
    return this.snapshotChanges.version;
  }

  /**
   * @internal The ids of the records whose snapshots changed since {@link snapshotVersion} was
   * `version` (an id may repeat); `undefined` when that is no longer known or the identity map
   * changed in between. Lets a query patch the view a plain script read.
   */
  snapshotChangesSince(version: number): readonly Id[] | undefined {
    return this.snapshotChanges.since(version);
  }

  /** The record made for `id` so far, without making one. @internal Used by queries. */
  peek(id: Id | undefined): EntityRecord<T, E> | undefined {
    // Lists never hold a singleton, so an id always names a keyed record.
    return id === undefined ? this.singletonRecord : this.records.get(normaliseId(id));
  }

  /** The record when any data of it is cached in the context (default `'default'`), even partial; no request. Observable. */
  get(id?: Id, opts: { context?: string } = {}): EntityRecord<T, E> | undefined {
    const record = this.peek(id);
    return record?.readItem(opts.context ?? DEFAULT_CONTEXT) ? record : undefined;
  }

  /** Every query made so far on this collection; observers re-run when one is made or dropped. */
  get allQueries(): EntityQuery<T, E>[] {
    this.members.observed();
    return this.lists.all();
  }

  /** Every record made so far (cached or not); observers re-run when one is made or evicted. */
  get allRecords(): EntityRecord<T, E>[] {
    this.members.observed();
    return this.singletonRecord
      ? [this.singletonRecord, ...this.records.values()]
      : [...this.records.values()];
  }

  /**
   * GETs one record now and stores it in the query's context; concurrent identical calls share a
   * request and `_fields` always gets the key. `undefined` for a `noFetch` entity. Rejects with the
   * `RestError`, or an `EntityConfigError` for an unknown entity; either becomes the record's `fetchError`.
   */
  async fetch(id?: Id, query?: Query): Promise<EntityRecord<T, E> | undefined> {
    const config = await this.requireConfig(id);
    if (config.noFetch) return undefined;
    const record = this.record(id);
    const parts = query ? getQueryParts(query, config.key) : undefined;
    const path = config.recordPath(config.singleton ? undefined : record.id);
    const request: Query = { ...config.baseURLParams, ...(parts?.request ?? {}) };
    dispatchRecordAction(record, { type: 'fetchStarted' });
    try {
      // Only the request is shared: two queries sending the same request (no context, and
      // `context: 'edit'` on an entity whose default params say `edit`) each store the answer
      // in their own context.
      // A fetch asked for after a save answered never shares a request sent before it: that
      // answer cannot replace the saved copy, so the caller would not get the server's copy.
      // Nor after a collaborator's save was heard of (`refetch`): the older read may predate it.
      const mark = this.readOrder.sharingMarkOf(record);
      const sharingKey = `GET ${path}?${encodeStableKey(request)}#${mark}`;
      const { body, ticket, allow, permissionMark } = await this.inflight.run(sharingKey, async () => {
        const ticket = this.readOrder.ticket();
        const permissionMark = this.store.permissions?.mark?.();
        const answer = await readRecord(this.store.transport, config, path, request);
        return { body: answer.data, ticket, allow: answer.allow, permissionMark };
      });
      // A response without its key (an odd `_fields` answer) still belongs to the record asked for.
      const data =
        config.singleton || body[config.key] !== undefined ? body : { ...body, [config.key]: record.id };
      runInAction(() => {
        this.storeRecords([data as T], parts, { query, updateList: false }, ticket);
        dispatchRecordAction(record, { type: 'fetchEnded' });
        const hint = singleRecordHint(config.singleton ? undefined : record.id, body, allow);
        if (hint !== undefined) givePermissionHints(this.store.permissions, config, [hint], permissionMark);
      });
      this.tabs?.records(this.kind, this.name, [data], parts?.context ?? DEFAULT_CONTEXT, !parts?.fields);
      return record;
    } catch (error) {
      dispatchRecordAction(record, { type: 'fetchEnded', error: toError(error) });
      throw error;
    }
  }

  /**
   * @internal Sync heard that a collaborator saved `record`: GETs it with a read that leaves after
   * this call (it shares no read sent before), so the answer cannot predate that save; at most one
   * such read per record flies, with one more after it when asked again meanwhile (`Refetches`).
   */
  refetch(record: EntityRecord<T, E>): Promise<EntityRecord<T, E> | undefined> {
    return this.refetches.run(record, () => {
      this.readOrder.noteNewerVersion(record);
      return this.fetch(record.id);
    });
  }

  /** Like {@link EntityCollection.fetch}, but only when the query's context lacks the record (or a requested `_fields` field). */
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

  /** The config, loading the kind first; an unknown entity rejects and becomes `id`'s `fetchError`. */
  private async requireConfig(id?: Id): Promise<EntityConfig> {
    const config = await this.ensureConfig();
    if (config) return config;
    const error = new EntityConfigError(
      this.kind,
      this.name,
      `No entity config is registered for (${this.kind}, ${this.name}).`,
    );
    if (id !== undefined) dispatchRecordAction(this.record(id), { type: 'fetchEnded', error });
    throw error;
  }

  /** The query object for `query`: one instance per (context, stable key, page, per_page). */
  query(query: Query = {}): EntityQuery<T, E> {
    const parts = getQueryParts(query, this.keyField);
    const made = this.lists.query(parts, (list) => new EntityQuery<T, E>(this, query, parts, list));
    if (made.isNew) {
      this.members.changed();
      this.store.eviction?.arm();
    }
    return made.query;
  }

  /**
   * Puts server data into the cache; the only way data enters. Records merge conservatively (unchanged
   * fields keep their value objects, fields a partial record lacks stay), with a query their ids go
   * into the list at `(page-1)*per_page`, and a 'default'-context receive clears the edits the server
   * now matches.
   */
  receive(records: T | readonly T[], opts: ReceiveOptions = {}): void {
    const parts = opts.query ? getQueryParts(opts.query, this.keyField) : undefined;
    const list = Array.isArray(records) ? (records as readonly T[]) : [records as T];
    runInAction(() => {
      this.storeRecords(list, parts, opts);
      const config = this.config;
      // A copy: the caller's array may change after the call, and the hints are read later.
      if (config !== undefined)
        giveRecordHints(this.store.permissions, config, list.slice(), config.key, undefined);
    });
  }

  /**
   * Drops records from every context and id list (totals stay as sent); identities stay. Invalidates
   * the queries unless `invalidate` is false. Unsaved edits are kept: the record stays in
   * `dirtyRecords` and `save()` still sends them; only a successful `delete()` discards them.
   */
  remove(ids: Id | readonly Id[], opts: { invalidate?: boolean } = {}): void {
    const gone = new Set((Array.isArray(ids) ? (ids as readonly Id[]) : [ids as Id]).map(normaliseId));
    runInAction(() => {
      for (const id of gone) {
        const record = this.records.get(id);
        if (record !== undefined) dispatchRecordAction(record, { type: 'cleared' });
        this.revisionCollections.delete(id);
      }
      this.lists.removeIds(gone);
      if (opts.invalidate !== false) this.invalidateQueries();
    });
  }

  /**
   * @internal `store.hydrate()`: the ids and totals of one answered page, as a snapshot holds them;
   * its query counts as resolved at `answeredAtMs`, so observing it asks for nothing.
   */
  hydrateList(query: Query, ids: readonly Id[], meta: QueryMeta | undefined, answeredAtMs: number): void {
    const instance = this.query(query);
    runInAction(() => this.lists.merge(instance.parts, [...ids], meta));
    instance.markHydrated(answeredAtMs);
  }

  /** Marks every query of this collection stale; observed ones request their list again. */
  invalidateQueries(): void {
    this.lists.invalidateAll();
  }

  /**
   * @internal `EntityQuery.fetch`: GETs a list (`per_page: -1` through `transport.fetchAll`, else one
   * request whose headers give the totals); identical concurrent requests share one.
   */
  async requestList(parts: QueryParts): Promise<void> {
    const config = await this.requireConfig();
    if (config.noFetch) return;
    const request: Record<string, unknown> = { ...config.baseURLParams, ...parts.request };
    // Only the request is shared, as in `fetch`: each query stores the answer in its own list.
    const key = `LIST ${config.baseURL}?${encodeStableKey(request as Query)}`;
    const page = await this.inflight.run(key, async () => {
      const ticket = this.readOrder.ticket();
      const permissionMark = this.store.permissions?.mark?.();
      return { ...(await readList(this.store.transport, config, parts, request)), ticket, permissionMark };
    });
    const meta = listMeta(parts, page);
    runInAction(() => {
      this.storeRecords(page.items as T[], parts, { meta }, page.ticket);
      giveRecordHints(this.store.permissions, config, page.items, config.key, page.permissionMark);
    });
    this.tabs?.records(this.kind, this.name, page.items, parts.context, !parts.fields);
  }

  /**
   * `receive` without parsing the query again. `readTicket` is the ticket of the read that brought
   * the records ({@link ReadOrder}); without one (a save's answer, a test, sync) they are newer
   * than anything cached.
   */
  private storeRecords(
    list: readonly T[],
    parts: QueryParts | undefined,
    opts: ReceiveOptions,
    readTicket?: number,
  ): void {
    const config = this.config;
    const key = config?.key ?? 'id';
    const context = parts?.context ?? DEFAULT_CONTEXT;
    const isComplete = !parts?.fields;
    const isSaveAnswer = opts.persistedEdits !== undefined;
    // Checked once: with no save answered since the read was sent, no record needs a look-up.
    const mayPredateSave = readTicket !== undefined && this.readOrder.hasSaveSince(readTicket);
    // Armed once for every record this receive makes, not once per record.
    if (list.length > 0) this.store.eviction?.arm();
    runInAction(() => {
      const ids: Id[] = [];
      for (const incoming of list) {
        if (!isPlainObject(incoming)) continue;
        const data = config ? config.receivedSnapshot(incoming as PlainObject) : (incoming as PlainObject);
        const found = this.recordFor(data, config, key);
        if (!(found instanceof EntityRecord)) {
          // A record seen for the first time: made with its snapshot. Nothing was cached, edited,
          // observed or recorded in the undo history for it, so there is nothing to merge or clear.
          const record = this.newRecord(found, { context, item: { data: data as T, isComplete } });
          if (isSaveAnswer) this.readOrder.noteSaveAnswer(record);
          ids.push(found);
          continue;
        }
        const record = found;
        const previous = record.readItem(context);
        if (mayPredateSave && previous !== undefined && this.readOrder.isOlderThanSave(record, readTicket)) {
          // Sent before this record's save answered: its copy may predate the save, so the saved
          // copy and the edits stay; the list still takes the record's place from it.
          if (record.id !== undefined) ids.push(record.id);
          continue;
        }
        const merged = conservativeMerge(previous?.data, data as T);
        const complete = (previous?.isComplete ?? false) || isComplete;
        if (previous?.data !== merged || previous.isComplete !== complete) {
          const history = context === DEFAULT_CONTEXT ? this.store.history : undefined;
          const rawBefore =
            history?.mayHold(record as unknown as EntityRecord<object>) === true ? record.raw : undefined;
          dispatchRecordAction(record, {
            type: 'received',
            context,
            item: { data: merged, isComplete: complete },
          });
          if (history !== undefined && rawBefore !== undefined) {
            history.rebase(
              record as unknown as EntityRecord<object>,
              savedValueChanges(rawBefore, record.raw, opts.persistedEdits),
            );
          }
        }
        if (context === DEFAULT_CONTEXT) record.clearEditsMatching(data as T, opts.persistedEdits);
        if (isSaveAnswer) this.readOrder.noteSaveAnswer(record);
        if (record.id !== undefined) ids.push(record.id);
      }
      if (parts && opts.updateList !== false && !config?.singleton) this.lists.merge(parts, ids, opts.meta);
      if (opts.invalidate) {
        this.invalidateQueries();
        // A save (or a creation) of a record makes a new revision: its revision lists are stale.
        this.revisionCollections.invalidate(ids);
      }
    });
  }

  /**
   * The record `data` belongs to, or its normalised id when no record has that id yet (the caller
   * makes it with its snapshot, {@link newRecord}); `config` and `key` are read once per receive,
   * not per record.
   */
  private recordFor(
    data: PlainObject,
    config: EntityConfig | undefined,
    key: string,
  ): EntityRecord<T, E> | Id {
    if (config?.singleton) return this.record();
    const id = data[key];
    if ((typeof id !== 'number' && typeof id !== 'string') || id === '') {
      throw new ArgumentError(
        `Cannot receive a (${this.kind}, ${this.name}) record without its key field '${key}'.`,
      );
    }
    const normalised = normaliseId(id);
    return this.records.get(normalised) ?? normalised;
  }

  /**
   * A new record of id `key` (normalised, not in the identity map) holding `received`: what
   * `keyedRecord` then a `received` action make, in one step. The receive arms the eviction sweep.
   */
  private newRecord(key: Id, received: NonNullable<EntityRecordInit<T, E>['received']>): EntityRecord<T, E> {
    const record = new EntityRecord<T, E>({
      kind: this.kind,
      name: this.name,
      id: key,
      collection: this,
      received,
    });
    this.records.set(key, record);
    this.members.changed();
    this.snapshotChanges.note(key);
    return record;
  }
}

function hasTopField(data: object, field: string): boolean {
  return hasOwn(data, field.split('.')[0] as string);
}
