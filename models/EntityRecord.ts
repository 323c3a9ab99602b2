/**
 * One cached server record with a stable identity: its server snapshots per context, its local
 * edits, and the views derived from them (`raw`, `edited`, `title`, …).
 *
 * A cached record nobody observes costs a plain object: each piece of state is a plain field until
 * a derivation reads it (lazyObservable.ts). Its speed caches live in files of their own: the
 * object views (`raw`, `edited`, `nonTransientEdits`) memoised on their inputs (RecordViewMemo.ts),
 * the primitive views' computeds (PrimitiveViews.ts), and the transient-field bookkeeping behind
 * the `hasEdits` flag (hasEditsFlag.ts).
 *
 * @module
 */
import { action, runInAction } from 'mobx';
import { ArgumentError, EntityConfigError, isConflictError, StoreDisposedError } from '../core/errors.js';
import type { Query } from '../core/transport/types.js';
import type { RecordHost, RevisionSource, UndoTarget } from './RecordHost.js';
import { settle, type SaveOptions } from './writeOutcome.js';
import { autosaveOf, type Autosave } from './Autosave.js';
import { NO_EDITS, mergeEdits, clearReceivedEdits, persistedRawValue, type Edits } from './editPipeline.js';
import {
  commitEdits,
  type CommitFlags,
  type EditChange,
  type EditChanges,
  type EditEmitter,
  type EditOrigin,
  type ExternalEditOrigin,
  type FunnelRecord,
} from './editCommit.js';
import { hasEditsFrom, isFlagCurrent, NOT_WORKED_OUT, type HasEditsBasis } from './hasEditsFlag.js';
import { isInAction, isTracking, LazyObservableFields } from './lazyObservable.js';
import { PrimitiveViews } from './PrimitiveViews.js';
import { RecordViewMemo } from './RecordViewMemo.js';
import { titleOf, type EntityConfig } from './EntityConfig.js';
import type { EntityQuery } from './EntityQuery.js';
import { readId, type Id } from './ids.js';
import { DEFAULT_CONTEXT } from './QueryParts.js';
import type { Revision } from './Revision.js';
import { conflictChoiceValues, type ConflictChoice, type SaveConflict } from './SaveConflict.js';
import {
  hasNonTransientEdit,
  INITIAL_RECORD_STATE,
  recordStateChange,
  type FetchState,
  type RecordAction,
  type RecordState,
  type StoredItem,
  type WriteState,
} from './recordState.js';
import { deepEqual, hasOwn, type PlainObject } from './snapshot.js';

export type { FetchState, RecordAction, SaveEnd, StoredItem, WriteState } from './recordState.js';

/** The request states of a record: fetching, saving, deleting (both parts at once). */
export type RecordStatus = FetchState & Omit<WriteState, 'sending'>;

/**
 * What each record's state fields are copied from: an unfrozen twin of `INITIAL_RECORD_STATE`
 * (never written: `LazyObservableFields` copies it). V8 copies a frozen object on a slower path
 * and with spare slots.
 */
const INITIAL_STATE_TEMPLATE = { ...INITIAL_RECORD_STATE };
const NO_OPTIONS: EditOptions = Object.freeze({});
const INITIAL_EDIT: CommitFlags = Object.freeze({ undoIgnore: true });

/** How a record is made: by its collection, or detached with its own config. */
export interface EntityRecordInit<T extends object, E extends object = T> {
  /** The entity kind. */
  kind: string;
  /** The entity name. */
  name: string;
  /** The normalised id; `undefined` for a singleton (or a new record). */
  id: Id | undefined;
  /** The owning collection; absent for a detached record. @default undefined */
  collection?: RecordHost<T, E> | undefined;
  /** The config of a detached record; a collection's record reads its collection's config. @default undefined */
  config?: EntityConfig | undefined;
  /**
   * @internal The snapshot a record made by a receive starts with, and its context: the same
   * state as a `received` action on a new record, without the action (a receive of thousands of
   * new records). The caller notes the snapshot change. @default undefined (nothing received)
   */
  received?: { readonly context: string; readonly item: StoredItem<T> } | undefined;
}

/** Options of {@link EntityRecord.edit}. */
export interface EditOptions {
  /** Apply the edit without recording an undo step. @default false */
  undoIgnore?: boolean;
  /**
   * A cached edit (typing in progress): it joins the previous undo step at the next normal edit,
   * at `history.createUndoLevel()` or at undo, instead of making a step of its own.
   * @default false
   */
  isCached?: boolean;
}

/**
 * The value an edit may give field `K` of `E`: its type, except that an object `meta` may be
 * partial, since WordPress updates only the meta keys a write sends and a post type merges a `meta`
 * edit over the edited meta (a site's plugins may register keys on every post type).
 */
export type EditValue<E extends object, K extends keyof E> = K extends 'meta'
  ? E[K] extends object
    ? Partial<E[K]>
    : E[K]
  : E[K];

/**
 * What `record.edit` accepts: any field of the edited record `E` (or another, such as the transient
 * `blocks`), each a value or a function of the edited record evaluated at save time; `meta` may
 * name only the keys that change (see {@link EditValue}).
 */
export type EditInput<E extends object> = {
  [K in keyof E]?: EditValue<E, K> | ((edited: E) => EditValue<E, K>);
} & Readonly<Record<string, unknown>>;

/** Set once by `EntityRecord`'s static block: its private transition, for {@link dispatchRecordAction}. */
let recordTransition: (record: EntityRecord<object>, action: RecordAction) => void;

/**
 * Changes a record's state by one transition of `recordState.ts`. The state is private to the
 * records layer: the collection sends reads and received data, the writer saves, deletes and
 * autosaves (it is handed this function), the conflict check and the journal restore a conflict.
 * Call it in the action that made the change (a save's answer, deferred edits), so no observer
 * sees one without the other. Not exported from the package.
 * @internal
 */
export function dispatchRecordAction<T extends object, E extends object>(
  record: EntityRecord<T, E>,
  action: RecordAction<T, E>,
): void {
  recordTransition(record as EntityRecord<object>, action as RecordAction);
}

/**
 * One record of an entity, with one identity for its whole life: `collection.record(5)` always
 * returns the same object, which `receive` updates in place.
 *
 * `T` is the record as the server sends it (`persisted`, `inContext`, what a save resolves to:
 * a post's `title` is `{ raw, rendered }`); `E` is the record as it is edited (`raw`, `edited`,
 * `edits`, `edit()`: raw attributes are plain values). `E` defaults to `T`, so
 * `EntityRecord<Post>` uses one shape for both: `store.record<WpPost, WpPostEdited>(…)`.
 */
export class EntityRecord<T extends object = PlainObject, E extends object = T>
  implements UndoTarget, FunnelRecord
{
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The owning collection; `undefined` for a detached record. */
  readonly collection: RecordHost<T, E> | undefined;

  private readonly ownConfig: EntityConfig | undefined;
  // Changed only by `dispatchRecordAction` (recordState.ts); `edits` only through the funnel (`commitEdits` →
  // `replaceEdits`), which keeps `hasEdits` in step.
  private readonly state = new LazyObservableFields<RecordState<T, E>>(
    INITIAL_STATE_TEMPLATE as RecordState<T, E>,
    'EntityRecord',
  );
  /** The transient fields the `hasEdits` flag was worked out with (hasEditsFlag.ts). */
  private hasEditsBasis: HasEditsBasis = NOT_WORKED_OUT;
  /** The computeds of `title` (PrimitiveViews.ts); made on its first tracked read. */
  private primitiveViews: PrimitiveViews | undefined = undefined;
  /** The object views' last inputs and outputs (RecordViewMemo.ts); made on the first read of one. */
  private viewMemo: RecordViewMemo | undefined = undefined;
  private currentId: Id | undefined;
  /** The record was deleted: undo steps pointing at it are ignored until it is edited again. */
  private wasDeleted = false;
  /** When the record was last made, received, edited or done with a request (for eviction). */
  private lastUsedMs = Date.now();
  /** When server data of it was last received (a GET, a list, a save's answer); 0 before. */
  private receivedAtMs = 0;

  /** Made by {@link EntityCollection.record} or {@link EntityRecord.detached}; not meant to be called directly. @internal */
  constructor(init: EntityRecordInit<T, E>) {
    this.kind = init.kind;
    this.name = init.name;
    this.currentId = init.id;
    this.collection = init.collection;
    this.ownConfig = init.config;
    const received = init.received;
    if (received !== undefined) {
      // Nothing can observe a record before it exists: plain fields, as `received` would set them.
      if (received.context === DEFAULT_CONTEXT) this.state.set('item', received.item);
      else this.state.set('contexts', { [received.context]: received.item });
      this.receivedAtMs = this.lastUsedMs;
    }
  }

  /**
   * A record with no store: for unit tests and scripts on plain objects. `data` (when given) is its
   * complete persisted snapshot, and its id is read from `data[config.key]`. Any config is
   * accepted, typed (`EntityConfig<Post>`) or not; `T` and `E` are the REST and edited shapes.
   */
  static detached<T extends object = PlainObject, E extends object = T>(
    config: EntityConfig,
    data?: T,
  ): EntityRecord<T, E> {
    const id = data === undefined || config.singleton ? undefined : readId((data as PlainObject)[config.key]);
    const record = new EntityRecord<T, E>({ kind: config.kind, name: config.name, id, config });
    if (data !== undefined)
      dispatchRecordAction(record, {
        type: 'received',
        context: DEFAULT_CONTEXT,
        item: { data, isComplete: true },
      });
    return record;
  }

  /**
   * The record id, normalised (`'12'` → `12`); `undefined` for a singleton, and for a record made
   * by `collection.create()` until its first save names it (that change is not observable on its
   * own; `persisted` changes in the same action).
   */
  get id(): Id | undefined {
    return this.currentId;
  }

  /** The entity config: the collection's (observable, `undefined` until loaded) or the detached one. */
  get config(): EntityConfig | undefined {
    return this.collection ? this.collection.config : this.ownConfig;
  }

  /** The cached server record of the 'default' context (the one edits and saves work on). Observable. */
  get persisted(): T | undefined {
    return this.state.get('item')?.data;
  }

  /** The record as received in `context` (`'view'`, `'embed'`, `'edit'`; `'default'` is {@link persisted}). Observable. */
  inContext(context: string): T | undefined {
    return this.readItem(context)?.data;
  }

  /** A full record was received in the 'default' context (not only some `_fields`). Observable. */
  get isComplete(): boolean {
    return this.state.get('item')?.isComplete ?? false;
  }

  /** True when a full record was received in `context`. Observable. */
  isCompleteIn(context: string): boolean {
    return this.readItem(context)?.isComplete ?? false;
  }

  /** {@link persisted} with each raw attribute (`title`, `content`, …) replaced by its `.raw`. Observable. */
  get raw(): E | undefined {
    return this.computeRaw();
  }

  /** Every local edit, transient ones included, as a plain snapshot object (`{}` when none). Observable. */
  get edits(): Partial<E> {
    return this.state.get('edits');
  }

  /** {@link edits} without the config's transient fields: what a save would send. Observable. */
  get nonTransientEdits(): Partial<E> {
    return this.computeNonTransientEdits();
  }

  /** {@link raw} merged with {@link edits}; `undefined` when there is neither. Observable. */
  get edited(): E | undefined {
    return this.computeEdited();
  }

  /** The title of the edited record, from the config (`'Site Title'`, a humanised template slug, …). Observable. */
  get title(): string {
    const compute = (): string => {
      const config = this.config;
      const edited = this.edited;
      return config ? config.getTitle(edited as PlainObject | undefined) : titleOf(edited);
    };
    // A plain script's read of a record nobody observed makes no computed.
    if (this.primitiveViews === undefined && !isTracking()) return compute();
    return (this.primitiveViews ??= new PrimitiveViews()).read('title', compute);
  }

  /** The record has non-transient edits. Observable. */
  get hasEdits(): boolean {
    const transient = this.config?.transientEdits;
    // Only what is read is observed: the flag while current, else the edits (never edited, or the
    // config's transient fields changed since the last edit).
    if (isFlagCurrent(this.hasEditsBasis, transient)) return this.state.get('hasEdits');
    return hasNonTransientEdit(this.state.get('edits') as Edits, transient);
  }

  /** The record has unsaved changes: {@link hasEdits}, or a save is in flight. Observable. */
  get isDirty(): boolean {
    // Edits first: a record with edits is dirty whatever its status, so its status is not read
    // (nor tracked) then; the dirty list reads this for every edited record.
    return this.hasEdits || this.state.get('writeState').isSaving;
  }

  /** All request states at once, as one snapshot (a new object per read). Observable. */
  get status(): RecordStatus {
    const { sending: _sending, ...write } = this.state.get('writeState');
    return { ...this.state.get('fetchState'), ...write };
  }

  /**
   * Whether the current user may update this record (`OPTIONS` on the entity's rest base and id).
   * `undefined` until known; reading it inside an observer starts the check once. Observable.
   */
  get canEdit(): boolean | undefined {
    return this.collection?.store.permissions?.canEditRecord(this.kind, this.name, this.id);
  }

  /** A GET of this record is in flight. Observable. */
  get isResolving(): boolean {
    return this.state.get('fetchState').isResolving;
  }

  /** A GET of this record finished at least once. Observable. */
  get hasResolved(): boolean {
    return this.state.get('fetchState').hasResolved;
  }

  /** The error of the last failed GET. Observable. */
  get fetchError(): Error | undefined {
    return this.state.get('fetchState').fetchError;
  }

  /** A save is in flight. Observable. */
  get isSaving(): boolean {
    return this.state.get('writeState').isSaving;
  }

  /** An autosave is in flight. Observable. */
  get isAutosaving(): boolean {
    return this.state.get('writeState').isAutosaving;
  }

  /** A delete is in flight. Observable. */
  get isDeleting(): boolean {
    return this.state.get('writeState').isDeleting;
  }

  /** The error of the last failed save. Observable. */
  get saveError(): Error | undefined {
    return this.state.get('writeState').saveError;
  }

  /**
   * A save, autosave or delete of this record was asked for while the site could not be reached
   * (offline): it waits, kept in the journal across a reload, and is sent once the site answers
   * again, in the order asked. Observable.
   */
  get isWaiting(): boolean {
    return this.collection?.store.waitingWrites?.isWaiting(this) ?? false;
  }

  /** The error of the last failed delete. Observable. */
  get deleteError(): Error | undefined {
    return this.state.get('writeState').deleteError;
  }

  /**
   * GETs this record now (see {@link EntityCollection.fetch}) and resolves to it. Rejects with the
   * `RestError` on failure (also stored as {@link fetchError}), and with an `ArgumentError` for a
   * detached record.
   */
  async fetch(query?: Query): Promise<this> {
    await this.requireCollection('fetch').fetch(this.id, query);
    return this;
  }

  /**
   * Edits the record locally. Each field is compared (deep equality) with the persisted raw value
   * and its edit dropped when equal; a merged field (`meta`) merges over the current edited value
   * first; a function value is a deferred edit, evaluated at save time. The change goes through the
   * edit funnel with origin `local`, and the store's undo history makes it a step unless
   * `undoIgnore` (a cached edit joins the previous step later). A record that is not cached counts
   * as `{}`; a detached record has no history.
   *
   * While a save of a field is in flight, a value equal to the persisted one stays an edit of that
   * field: the answer is about to change the persisted value, and what was typed meanwhile wins.
   *
   * @throws EntityConfigError when the entity's config is not loaded:
   *   `The entity being edited ({kind}, {name}) does not have a loaded config.`
   */
  edit(edits: EditInput<E>, options: EditOptions = NO_OPTIONS): void {
    if (this.collection?.store.isDisposed === true) throw new StoreDisposedError('edit');
    const config = this.config;
    if (config === undefined) throw new EntityConfigError(this.kind, this.name);
    EntityRecord.editAction(this as EntityRecord<object>, config, edits, options);
  }

  /** {@link edit} as one action; a static function, so an edit allocates no closure. */
  private static readonly editAction = action(
    'EntityRecord.edit',
    (record: EntityRecord<object>, config: EntityConfig, edits: Edits, options: EditOptions): void => {
      record.wasDeleted = false;
      // Compared with the persisted record directly (raw attributes by their `.raw`): no `raw` copy.
      const result = mergeEdits(
        config,
        record.state.peek('item')?.data,
        record.state.peek('edits') as Edits,
        edits,
        {
          rawAttributes: config.rawAttributes,
          keep: record.state.peek('writeState').sending,
        },
      );
      if (!result.changed) return;
      commitEdits(record, result.edits, result.changes, 'local', options);
    },
  );

  /**
   * Applies whole values from outside the user's typing: a collaborator (`peer`), a journal restore
   * (`restore`) or an external undo stack (`undo`). No merging and no undo step; every funnel
   * listener sees `origin`. Returns the changes made. Applications edit with {@link edit}.
   */
  applyEdits(values: Readonly<Record<string, unknown>>, origin: ExternalEditOrigin): EditChanges {
    return EntityRecord.applyValuesAction(this as EntityRecord<object>, values, origin);
  }

  private static readonly applyValuesAction = action(
    'EntityRecord.applyEdits',
    (record: EntityRecord<object>, values: Edits, origin: EditOrigin, flags?: CommitFlags): EditChanges => {
      const config = record.config;
      const result = mergeEdits(
        config,
        record.state.peek('item')?.data,
        record.state.peek('edits') as Edits,
        values,
        {
          merge: false,
          rawAttributes: config?.rawAttributes,
          keep: record.state.peek('writeState').sending,
        },
      );
      if (result.changed) commitEdits(record, result.edits, result.changes, origin, flags);
      return result.changes;
    },
  );

  /**
   * Sets values for undo and redo (origin `undo`); a value equal to the persisted one clears the
   * edit, so undoing back to the saved value leaves the record clean. Ignored once deleted.
   * @internal Called by `UndoHistory`.
   */
  applyUndoValues(values: Readonly<Record<string, unknown>>): void {
    if (this.wasDeleted) return;
    EntityRecord.applyValuesAction(this as EntityRecord<object>, values, 'undo');
  }

  /** @internal The writer stores deferred (function) edits evaluated at save time (origin `deferred`). */
  writeDeferredResults(values: Edits): void {
    EntityRecord.applyValuesAction(this as EntityRecord<object>, values, 'deferred');
  }

  /** @internal The first edits of a `collection.create()` record: origin `local`, no undo step. */
  writeInitialEdits(values: Edits): void {
    EntityRecord.applyValuesAction(this as EntityRecord<object>, values, 'local', INITIAL_EDIT);
  }

  /** @internal The record was deleted: forgets every edit (origin `discard`); its undo steps stay inert until it is edited again. */
  discardEdits(): void {
    EntityRecord.discardAction(this as EntityRecord<object>);
  }

  private static readonly discardAction = action(
    'EntityRecord.discardEdits',
    (record: EntityRecord<object>) => {
      record.wasDeleted = true;
      const edits = record.state.peek('edits') as Edits;
      if (edits === NO_EDITS) return;
      const persisted = record.state.peek('item')?.data;
      const rawAttributes = record.config?.rawAttributes;
      const changes: Record<string, EditChange> = {};
      for (const key of Object.keys(edits)) {
        changes[key] = { from: edits[key], to: persistedRawValue(persisted, key, rawAttributes) };
      }
      commitEdits(record, NO_EDITS, changes, 'discard');
    },
  );

  /**
   * Saves the non-transient edits: PUT `{base}/{id}` (POST `{base}` for a created record) after the
   * config's pre-persist rule. The answer clears the sent edits and invalidates the lists. Nothing is
   * sent without edits or config, or for a `noFetch` entity; saves of one record run in turn. On
   * failure the edits stay, the error becomes {@link saveError}, and it resolves `undefined` unless
   * `throwOnError`.
   */
  async save(options: SaveOptions = {}): Promise<T | undefined> {
    return settle(await this.requireCollection('save').saveRecordEdits(this), options);
  }

  /** Like {@link save}, but sends only these edited fields; dotted paths (`'meta.a'`) send part of an object. */
  async saveFields(fields: readonly string[], options: SaveOptions = {}): Promise<T | undefined> {
    return settle(await this.requireCollection('save').saveRecordEdits(this, fields), options);
  }

  /**
   * Autosaves a post: POST `{base}/{id}/autosaves` with status, title, excerpt, content and meta
   * (from the edits, then the current user's previous autosave, then the persisted record, as raw
   * values). An answer with the post's own id (an author's draft) updates the cached title, excerpt
   * and content; any other answer replaces {@link autosaves}. {@link isAutosaving} while in flight.
   */
  async autosave(options: SaveOptions = {}): Promise<T | undefined> {
    return settle(await this.requireCollection('autosave').autosaveRecord(this), options);
  }

  /**
   * Deletes the record: DELETE `{base}/{id}` with `query` (`{ force: true }` skips the trash). On
   * success it leaves the cache and every list, its edits are discarded and the lists are
   * invalidated; resolves to the server's answer. On failure nothing is removed, the error is
   * stored as {@link deleteError}, and the promise resolves `undefined` unless `throwOnError`.
   */
  async delete(query?: Query, options: SaveOptions = {}): Promise<unknown> {
    return settle(await this.requireCollection('delete').deleteRecord(this, query), options);
  }

  /** The autosaves of this post, once fetched ({@link fetchAutosaves}) or made. Observable. */
  get autosaves(): readonly Autosave[] | undefined {
    return this.state.get('autosaves');
  }

  /** The autosave made by `authorId`, if fetched. Observable. */
  autosaveOf(authorId: number | undefined): Autosave | undefined {
    return autosaveOf(this.autosaves, authorId);
  }

  /** GET `{base}/{id}/autosaves?context=edit`: stores the list as {@link autosaves} and resolves to it. */
  fetchAutosaves(): Promise<Autosave[]> {
    return this.requireCollection('fetch autosaves').fetchRecordAutosaves(this);
  }

  /**
   * The save conflict found by the last save with `conflicts: 'detect'`: someone else saved
   * fields this copy has also edited. While it is set, `save()` sends nothing and fails with a
   * `ConflictError`; {@link resolveConflict} settles it. Observable.
   */
  get conflict(): SaveConflict<E> | undefined {
    return this.state.get('conflict');
  }

  /**
   * Settles {@link conflict}: `'mine'` keeps this copy's values (the next save sends them over the
   * other person's), `'theirs'` takes the server's values (the local edits of those fields go),
   * and an object gives the value to keep for each field. A merged field (`meta`) resolves per
   * key: a key only one side changed keeps that side's value. The values become edits with an
   * undo step; the conflict and its `saveError` are cleared, so the next save goes through. No-op
   * without a conflict.
   */
  resolveConflict(choice: ConflictChoice<E>): void {
    const conflict = this.conflict;
    if (conflict === undefined) return;
    const values = conflictChoiceValues(conflict, choice, this.config?.mergedEdits);
    runInAction(() => {
      this.edit(values as EditInput<E>);
      dispatchRecordAction(this, { type: 'conflictSet', conflict: undefined });
      if (isConflictError(this.state.peek('writeState').saveError))
        dispatchRecordAction(this, { type: 'saveSkipped' });
    });
  }

  /**
   * The revisions of this record as a query (`GET {base}/{id}/revisions`), keyed by the config's
   * revision key (`wp_id` for templates), in the entity's own context unless `query.context` says
   * otherwise (`edit` keeps `content.raw` for restoring).
   * @throws ArgumentError for a detached record or a record without an id.
   */
  revisions(query: Query = {}): EntityQuery<Revision> {
    return this.revisionCollection().query(query);
  }

  /**
   * GETs one revision and resolves to it as received in `query.context` (default: the entity's
   * own); `undefined` when there are no revisions or the request fails (see its record's `fetchError`).
   */
  async revision(revisionId: Id, query?: Query): Promise<Revision | undefined> {
    try {
      const record = await this.revisionCollection().fetch(revisionId, query);
      const context = typeof query?.context === 'string' ? query.context : DEFAULT_CONTEXT;
      return record?.inContext(context);
    } catch {
      return undefined;
    }
  }

  /** @internal `EntityCollection.adopt` names a created record after its first save. */
  assignId(id: Id): void {
    this.currentId = id;
  }

  private requireCollection(action: string): RecordHost<T, E> {
    if (!this.collection) {
      throw new ArgumentError(
        `The detached record (${this.kind}, ${this.name}) has no store to ${action} through.`,
      );
    }
    if (this.collection.store.isDisposed === true) throw new StoreDisposedError(action);
    return this.collection;
  }

  /**
   * True when nothing observes it, it has no edits and no request in flight, and it was last used at
   * or before `cutoffMs`.
   * @internal Used by the eviction sweep.
   */
  isEvictable(cutoffMs: number): boolean {
    if (this.lastUsedMs > cutoffMs || this.state.peek('edits') !== NO_EDITS) return false;
    const write = this.state.peek('writeState');
    if (write.isSaving || write.isDeleting || this.state.peek('fetchState').isResolving) return false;
    return !this.isObserved();
  }

  /**
   * When server data of this record was last received or confirmed (its own GET, a list that
   * changed it, a save's answer; `Date.now()` then); `0` before. What the store's freshness policy compares with
   * `staleTimeMs`. Not observable.
   */
  get dataUpdatedAtMs(): number {
    return this.receivedAtMs;
  }

  /** @internal True while a reaction or computed reads any of this record's state (eviction and the freshness policy ask). */
  isObserved(): boolean {
    return (
      this.state.isObserved('item') ||
      this.state.isObserved('contexts') ||
      this.state.isObserved('edits') ||
      this.state.isObserved('fetchState') ||
      this.state.isObserved('writeState') ||
      this.state.isObserved('autosaves') ||
      this.state.isObserved('hasEdits')
    );
  }

  /** True when any of its state has an observable box; a plain script's reads never make one. */
  get hasObservableState(): boolean {
    return (
      this.state.isBoxed('item') ||
      this.state.isBoxed('contexts') ||
      this.state.isBoxed('edits') ||
      this.state.isBoxed('fetchState') ||
      this.state.isBoxed('writeState') ||
      this.state.isBoxed('autosaves') ||
      this.state.isBoxed('hasEdits')
    );
  }

  private revisionCollection(): RevisionSource<Revision> {
    const collection = this.requireCollection('read revisions');
    if (this.id === undefined) {
      throw new ArgumentError(
        `The record (${this.kind}, ${this.name}) has no id, so it has no revisions yet.`,
      );
    }
    return collection.revisionsOf<Revision>(this.id);
  }

  /** @internal `store.dehydrate()`: every stored snapshot by context, read without observing. */
  storedItems(): [context: string, item: StoredItem<T>][] {
    const state = this.state.current();
    const out: [string, StoredItem<T>][] = Object.entries(state.contexts);
    if (state.item !== undefined) out.unshift([DEFAULT_CONTEXT, state.item]);
    return out;
  }

  /** @internal The stored snapshot of `context`. Observable. */
  readItem(context: string): StoredItem<T> | undefined {
    return context === DEFAULT_CONTEXT ? this.state.get('item') : this.state.get('contexts')[context];
  }

  /** A transition's work, for callers already inside an action (the edit funnel, on every keystroke). */
  private static applyChange(record: EntityRecord<object>, change: RecordAction): void {
    const state = record.state;
    // `current()` is the live object the sets below change: keep what the effects need first.
    const before = state.current();
    const writeBefore = before.writeState;
    const conflictBefore = before.conflict;
    const pieces = recordStateChange(before, change);
    if (pieces === undefined) return;
    // Only the pieces the change sets (a keystroke: `edits` and `hasEdits`), each compared before
    // it is set (`before` is the live state).
    for (const field in pieces) {
      const value = pieces[field as keyof typeof pieces];
      if (value !== before[field as keyof typeof before]) state.set(field as never, value as never);
    }
    record.afterChange(change, writeBefore, conflictBefore);
  }

  private static readonly dispatchAction = action('EntityRecord.dispatch', EntityRecord.applyChange);

  static {
    // The one way from outside the class to its state transitions: `dispatchRecordAction`.
    recordTransition = (record, change) => {
      // Already inside an action (a receive's loop): no second action per record.
      if (isInAction()) EntityRecord.applyChange(record, change);
      else EntityRecord.dispatchAction(record, change);
    };
  }

  /** What a transition changes outside the state: eviction times, the dirty index, edits a save made equal. */
  private afterChange(
    change: RecordAction<T, E>,
    writeBefore: WriteState,
    conflictBefore: SaveConflict<E> | undefined,
  ): void {
    switch (change.type) {
      case 'fetchStarted':
      case 'autosavesReplaced':
        return;
      case 'cleared':
        this.collection?.noteSnapshotChange(this);
        return;
      case 'conflictSet':
        // The journal keeps a conflict until it is answered; an answer moves the edit's base.
        this.collection?.store.noteConflictChange?.(
          this as EntityRecord<object>,
          conflictBefore as SaveConflict | undefined,
          change.conflict as SaveConflict | undefined,
        );
        return;
      case 'received':
        // Queries read by plain scripts keep their view until a snapshot changes.
        this.collection?.noteSnapshotChange(this);
        this.lastUsedMs = Date.now();
        this.receivedAtMs = this.lastUsedMs;
        return;
      case 'fetchEnded':
        this.lastUsedMs = Date.now();
        // An answer equal to the cached copy changes no snapshot, but the copy is as new as it.
        if (change.error === undefined) this.receivedAtMs = this.lastUsedMs;
        return;
      case 'editsReplaced': {
        const edits = this.state.peek('edits');
        // Only a record without edits can be evicted, so only then does the time of use matter.
        if (edits === NO_EDITS) this.lastUsedMs = Date.now();
        this.hasEditsBasis = change.transient;
        const isSaving = this.state.peek('writeState').isSaving;
        this.collection?.noteEditState(
          this,
          this.state.peek('hasEdits') || isSaving,
          isSaving,
          edits !== NO_EDITS,
        );
        return;
      }
      default: {
        // A write's transition.
        this.lastUsedMs = Date.now();
        const isSaving = this.state.peek('writeState').isSaving;
        if (isSaving !== writeBefore.isSaving) {
          const hasAnyEdits = this.state.peek('edits') !== NO_EDITS;
          this.collection?.noteEditState(this, this.hasEditsNow() || isSaving, isSaving, hasAnyEdits);
        }
        // Edits kept only because the save was in flight go when they equal the persisted value.
        if (change.type === 'saveEnded' && writeBefore.sending !== undefined)
          this.dropEditsEqualToPersisted(writeBefore.sending);
      }
    }
  }

  /**
   * After a 'default'-context receive, drops the edits the server now matches (origin `server`);
   * with `persistedEdits` (what was sent), an edit that still differs from it stays too.
   * @internal Called by `EntityCollection.receive`.
   */
  clearEditsMatching(received: T, persistedEdits?: object): void {
    const edits = this.state.peek('edits') as Edits;
    if (edits === NO_EDITS) return;
    const next = clearReceivedEdits(edits, received, persistedEdits as Edits | undefined);
    if (next !== edits) runInAction(() => this.commitCleared(edits, next));
  }

  /** @internal The config's transient fields changed: works out `hasEdits` and the dirty lists again. */
  refreshEditState(): void {
    if (this.hasEditsBasis === NOT_WORKED_OUT) return;
    runInAction(() => this.replaceEdits(this.state.peek('edits') as Edits));
  }

  /** @internal Only the edit funnel calls it; `{}` clears. Keeps `hasEdits` and the dirty lists in step. */
  replaceEdits(next: Edits): void {
    // The funnel runs inside an action already: no second one per keystroke.
    EntityRecord.applyChange(this as EntityRecord<object>, {
      type: 'editsReplaced',
      edits: next,
      transient: this.config?.transientEdits,
    });
  }

  /** The listeners of this record's store, for the edit funnel; `undefined` for a detached record. @internal */
  get editObservers(): EditEmitter | undefined {
    return this.collection?.store.editObservers;
  }

  /** Commits `next`, a copy of `edits` with some fields cleared, as a `server` change. */
  private commitCleared(edits: Edits, next: Edits): void {
    const persisted = this.state.peek('item')?.data;
    const rawAttributes = this.config?.rawAttributes;
    const changes: Record<string, EditChange> = {};
    for (const key of Object.keys(edits)) {
      if (hasOwn(next, key)) continue;
      changes[key] = { from: edits[key], to: persistedRawValue(persisted, key, rawAttributes) };
    }
    commitEdits(this, next, changes, 'server');
  }

  /** After a save: edits of `fields` equal to the persisted value were only kept while it flew. */
  private dropEditsEqualToPersisted(fields: ReadonlySet<string>): void {
    const edits = this.state.peek('edits') as Edits;
    if (edits === NO_EDITS) return;
    const persisted = this.state.peek('item')?.data;
    const rawAttributes = this.config?.rawAttributes;
    let next: Record<string, unknown> | undefined;
    for (const field of fields) {
      if (!hasOwn(edits, field)) continue;
      if (!deepEqual(edits[field], persistedRawValue(persisted, field, rawAttributes))) continue;
      next ??= { ...edits };
      delete next[field];
    }
    if (next !== undefined) this.commitCleared(edits, next);
  }

  /** {@link hasEdits} without observing anything. */
  private hasEditsNow(): boolean {
    return hasEditsFrom(
      this.hasEditsBasis,
      this.config?.transientEdits,
      this.state.peek('hasEdits'),
      this.state.peek('edits') as Edits,
    );
  }

  private computeRaw(): E | undefined {
    const persisted = this.persisted;
    const attributes = this.config?.rawAttributes;
    if (persisted === undefined || attributes === undefined || attributes.size === 0)
      return persisted as unknown as E;
    return (this.viewMemo ??= new RecordViewMemo()).raw(persisted, attributes) as E;
  }

  private computeNonTransientEdits(): Partial<E> {
    const edits = this.edits as Edits;
    // No edits: nothing to leave out, and no memo to keep for a record nobody edited.
    if (edits === NO_EDITS) return edits as Partial<E>;
    const config = this.config;
    if (config === undefined || config.transientEdits.size === 0) return edits as Partial<E>;
    return (this.viewMemo ??= new RecordViewMemo()).nonTransientEdits(config, edits) as Partial<E>;
  }

  private computeEdited(): E | undefined {
    const base = this.raw;
    const edits = this.edits as Edits;
    if (Object.keys(edits).length === 0) return base;
    return (this.viewMemo ??= new RecordViewMemo()).edited(base, edits) as E;
  }
}
