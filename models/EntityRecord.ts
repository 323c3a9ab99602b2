/**
 * One cached server record with a stable identity: its server snapshots per context, its local
 * edits, and the views derived from them (`raw`, `edited`, `title`, …).
 *
 * Cost model: a record's state (the 'default' snapshot, other contexts, edits, status, autosaves,
 * whether it has edits) is held in immutable plain values replaced on change. Each value is a plain
 * field until something observes it: the first read inside a derivation (a reaction, a computed)
 * makes its observable box, and from then on the box holds it. A read outside any derivation, or a
 * write nobody can be observing, needs no box, so a cached record nobody observes costs a plain
 * object. The object views (`raw`, `edited`, `nonTransientEdits`) are memoised on their inputs, so
 * an unchanged record returns the same object; `title` becomes a MobX computed once read inside a
 * reaction. Edits compare each field with the persisted value directly, without building `raw`.
 * Every view is O(fields of this record).
 *
 * @module
 */
import {
  _getGlobalState,
  action,
  computed,
  observable,
  runInAction,
  type IComputedValue,
  type IObservableValue,
} from 'mobx';
import { ArgumentError, EntityConfigError, isConflictError } from '../src/errors.js';
import type { Query } from '../src/transport/types.js';
import type { EntityCollection } from '../stores/EntityCollection.js';
import { settle, type RecordWriter, type SaveOptions } from '../stores/RecordWriter.js';
import type { UndoTarget } from '../stores/UndoHistory.js';
import { autosaveOf, type Autosave } from './Autosave.js';
import {
  NO_EDITS,
  applyEdits,
  clearReceivedEdits,
  editedRecord,
  nonTransientEdits,
  type EditResult,
  type Edits,
} from './editPipeline.js';
import { titleOf, type EntityConfig } from './EntityConfig.js';
import type { EntityQuery } from './EntityQuery.js';
import { readId, type Id } from './ids.js';
import { DEFAULT_CONTEXT } from './QueryParts.js';
import type { Revision } from './Revision.js';
import type { ConflictChoice, SaveConflict } from './SaveConflict.js';
import { flattenRawAttributes, type PlainObject } from './snapshot.js';

/** A server snapshot as stored for one context. */
export interface StoredItem<T extends object> {
  /** The merged server snapshot; never mutated. */
  readonly data: T;
  /** A full record was received (not only `_fields`). */
  readonly isComplete: boolean;
}

/** The request states of a record: fetching, saving, deleting. */
export interface RecordStatus {
  /** A GET of this record is in flight. */
  readonly isResolving: boolean;
  /** A GET of this record finished at least once (successfully or not). */
  readonly hasResolved: boolean;
  /** The error of the last failed GET; cleared by a successful one. */
  readonly fetchError: Error | undefined;
  /** A save (or autosave) is in flight. */
  readonly isSaving: boolean;
  /** The save in flight is an autosave. */
  readonly isAutosaving: boolean;
  /** A delete is in flight. */
  readonly isDeleting: boolean;
  /** The error of the last save; cleared by a successful one. */
  readonly saveError: Error | undefined;
  /** The error of the last delete; cleared by a successful one. */
  readonly deleteError: Error | undefined;
}

const IDLE: RecordStatus = Object.freeze({
  isResolving: false,
  hasResolved: false,
  fetchError: undefined,
  isSaving: false,
  isAutosaving: false,
  isDeleting: false,
  saveError: undefined,
  deleteError: undefined,
});

const NO_CONTEXTS: Readonly<Record<string, never>> = Object.freeze({});
const NO_OPTIONS: EditOptions = Object.freeze({});

/**
 * A read happens inside a derivation (a reaction or a computed) that must be told of later
 * changes, so the value needs its observable box. Actions and plain scripts read untracked.
 */
function isTracking(): boolean {
  return _getGlobalState().trackingDerivation !== null;
}

/** The object has no own enumerable key (no array allocated, unlike `Object.keys`). */
function isEmpty(object: object): boolean {
  for (const key in object) {
    if (Object.prototype.hasOwnProperty.call(object, key)) return false;
  }
  return true;
}

/** The edits hold a field that is not transient; with no transient set (no config) any field counts. */
function hasNonTransientEdit(edits: Edits, transient: ReadonlySet<string> | undefined): boolean {
  for (const key in edits) {
    if (!Object.prototype.hasOwnProperty.call(edits, key)) continue;
    if (transient === undefined || !transient.has(key)) return true;
  }
  return false;
}

/** How a record is made: by its collection, or detached with its own config. */
export interface EntityRecordInit<T extends object, E extends object = T> {
  /** The entity kind. */
  kind: string;
  /** The entity name. */
  name: string;
  /** The normalised id; `undefined` for a singleton (or a new record). */
  id: Id | undefined;
  /** The owning collection; absent for a detached record. @default undefined */
  collection?: EntityCollection<T, E> | undefined;
  /** The config of a detached record; a collection's record reads its collection's config. @default undefined */
  config?: EntityConfig | undefined;
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
 * What `record.edit` accepts: any field of the edited record `E` (or another, such as the transient
 * `blocks`), each a value or a function of the edited record evaluated at save time.
 */
export type EditInput<E extends object> = {
  [K in keyof E]?: E[K] | ((edited: E) => E[K]);
} & Readonly<Record<string, unknown>>;

/**
 * Where the computed edits of `record.edit` go. Without one, they become the record's local edits
 * and an undo step; collaborative sync provides one that writes them into its shared document.
 */
export interface EditSink {
  /** Takes the result of one edit (already compared and merged) of `record`. */
  commit(record: EntityRecord<object>, result: EditResult, options: EditOptions): void;
}

/** The primitive views kept as computeds while observed. */
interface PrimitiveViews {
  title: string;
}

/** Last inputs and outputs of the object views, so that unchanged inputs give the same object. */
interface ViewMemo {
  rawIn?: object | undefined;
  rawAttributes?: ReadonlySet<string> | undefined;
  rawOut?: object | undefined;
  transientIn?: object | undefined;
  transientFields?: ReadonlySet<string> | undefined;
  transientOut?: object | undefined;
  editedBase?: object | undefined;
  editedEdits?: object | undefined;
  editedOut?: object | undefined;
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
export class EntityRecord<T extends object = PlainObject, E extends object = T> implements UndoTarget {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The owning collection; `undefined` for a detached record. */
  readonly collection: EntityCollection<T, E> | undefined;

  private readonly ownConfig: EntityConfig | undefined;
  // Each observable value below is a plain field plus a box made on the first observed read (see
  // `isTracking`); while the box exists it holds the value and the field is unused.
  private itemValue: StoredItem<T> | undefined = undefined;
  private itemBox: IObservableValue<StoredItem<T> | undefined> | undefined = undefined;
  private contextsValue: Readonly<Record<string, StoredItem<T>>> = NO_CONTEXTS;
  private contextsBox: IObservableValue<Readonly<Record<string, StoredItem<T>>>> | undefined = undefined;
  /** The local edits snapshot; replaced (never mutated) on change, only through `setEdits` (which keeps `hasEdits` in step). */
  private editsValue: Partial<E> = NO_EDITS as Partial<E>;
  private editsBox: IObservableValue<Partial<E>> | undefined = undefined;
  private statusValue: RecordStatus = IDLE;
  private statusBox: IObservableValue<RecordStatus> | undefined = undefined;
  private autosavesValue: readonly Autosave[] | undefined = undefined;
  private autosavesBox: IObservableValue<readonly Autosave[] | undefined> | undefined = undefined;
  private conflictValue: SaveConflict<E> | undefined = undefined;
  private conflictBox: IObservableValue<SaveConflict<E> | undefined> | undefined = undefined;
  /**
   * Whether the edits hold a non-transient field, worked out where edits are written, so
   * `hasEdits`, `isDirty` and the dirty lists read one value instead of scanning; `undefined`
   * until the first write of edits.
   */
  private hasEditsValue: boolean | undefined = undefined;
  private hasEditsBox: IObservableValue<boolean> | undefined = undefined;
  /** The transient fields {@link hasEditsValue} was worked out with. */
  private hasEditsTransient: ReadonlySet<string> | undefined = undefined;
  private computeds: { [K in keyof PrimitiveViews]?: IComputedValue<PrimitiveViews[K]> } | undefined =
    undefined;
  private memo: ViewMemo | undefined = undefined;
  private currentId: Id | undefined;
  /** The record was deleted: undo steps pointing at it are ignored until it is edited again. */
  private wasDeleted = false;

  /** Made by {@link EntityCollection.record} or {@link EntityRecord.detached}; not meant to be called directly. */
  constructor(init: EntityRecordInit<T, E>) {
    this.kind = init.kind;
    this.name = init.name;
    this.currentId = init.id;
    this.collection = init.collection;
    this.ownConfig = init.config;
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
    if (data !== undefined) runInAction(() => record.writeItem(DEFAULT_CONTEXT, { data, isComplete: true }));
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
    return this.readDefaultItem()?.data;
  }

  /** The record as received in `context` (`'view'`, `'embed'`, `'edit'`; `'default'` is {@link persisted}). Observable. */
  inContext(context: string): T | undefined {
    return this.readItem(context)?.data;
  }

  /** A full record was received in the 'default' context (not only some `_fields`). Observable. */
  get isComplete(): boolean {
    return this.readDefaultItem()?.isComplete ?? false;
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
    return this.readEdits();
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
    return this.viaComputed('title', () => {
      const config = this.config;
      const edited = this.edited;
      return config ? config.getTitle(edited as PlainObject | undefined) : titleOf(edited);
    });
  }

  /** The record has non-transient edits. Observable. */
  get hasEdits(): boolean {
    const transient = this.config?.transientEdits;
    // Never edited, or the config's transient fields changed since the last edit (it was loaded
    // or replaced): look at the fields again.
    if (this.hasEditsValue === undefined || transient !== this.hasEditsTransient) {
      return hasNonTransientEdit(this.readEdits() as Edits, transient);
    }
    return this.readHasEdits();
  }

  /** The record has unsaved changes: {@link hasEdits}, or a save is in flight. Observable. */
  get isDirty(): boolean {
    // Edits first: a record with edits is dirty whatever its status, so its status is not read
    // (nor tracked) then; the dirty list reads this for every edited record.
    return this.hasEdits || this.readStatus().isSaving;
  }

  /** All request states at once, as one snapshot. Observable. */
  get status(): RecordStatus {
    return this.readStatus();
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
    return this.readStatus().isResolving;
  }

  /** A GET of this record finished at least once. Observable. */
  get hasResolved(): boolean {
    return this.readStatus().hasResolved;
  }

  /** The error of the last failed GET. Observable. */
  get fetchError(): Error | undefined {
    return this.readStatus().fetchError;
  }

  /** A save is in flight. Observable. */
  get isSaving(): boolean {
    return this.readStatus().isSaving;
  }

  /** An autosave is in flight. Observable. */
  get isAutosaving(): boolean {
    return this.readStatus().isAutosaving;
  }

  /** A delete is in flight. Observable. */
  get isDeleting(): boolean {
    return this.readStatus().isDeleting;
  }

  /** The error of the last failed save. Observable. */
  get saveError(): Error | undefined {
    return this.readStatus().saveError;
  }

  /** The error of the last failed delete. Observable. */
  get deleteError(): Error | undefined {
    return this.readStatus().deleteError;
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
   * first; a function value is a deferred edit, evaluated at save time. Unless `undoIgnore`, the
   * change becomes an undo step of the store's history (a cached edit joins the previous step
   * later). A record that is not cached counts as `{}`; a detached record has no history.
   *
   * @throws EntityConfigError when the entity's config is not loaded:
   *   `The entity being edited ({kind}, {name}) does not have a loaded config.`
   */
  edit(edits: EditInput<E>, options: EditOptions = NO_OPTIONS): void {
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
      const result = applyEdits(config, record.persisted, record.readEdits() as Edits, edits, {
        rawAttributes: config.rawAttributes,
      });
      // The one seam of the pipeline: collaborative sync takes the computed edits instead.
      const sink = record.collection?.store.editSink;
      if (sink !== undefined) {
        sink.commit(record, result, options);
        return;
      }
      if (result.changed) record.writeEdits(result.edits as Partial<object>, config);
      if (options.undoIgnore !== true) {
        record.collection?.store.history?.addChanges(record, result.changes, {
          isCached: options.isCached === true,
        });
      }
    },
  );

  /**
   * Sets edited values for undo and redo: no merging (the values are whole merged values), no new
   * undo step, and a value equal to the persisted one clears the edit, so undoing back to the saved
   * value leaves the record clean. A deleted record ignores it.
   * @internal Called by `UndoHistory`.
   */
  applyUndoValues(values: Readonly<Record<string, unknown>>): void {
    if (this.wasDeleted) return;
    this.writeEditsQuietly(values);
  }

  /**
   * Writes values as edits without an undo step and without merging (results of deferred edits).
   * @internal Used by the writer and by undo.
   */
  writeEditsQuietly(values: Edits): void {
    const config = this.config;
    const result = applyEdits(config, this.persisted, this.readEdits() as Edits, values, {
      merge: false,
      rawAttributes: config?.rawAttributes,
    });
    if (result.changed) this.setEdits(result.edits as Partial<E>);
  }

  /**
   * Forgets every edit (the record was deleted); undo steps pointing at it stay harmless.
   * @internal Used by the writer.
   */
  discardEdits(): void {
    this.wasDeleted = true;
    this.setEdits(NO_EDITS as Partial<E>);
  }

  /**
   * Saves the non-transient edits: PUT `{base}/{id}` (POST `{base}` for a record made by
   * `collection.create()`) with the key, after the config's pre-persist rule (auto-draft). The answer
   * clears the sent edits and the collection's lists are invalidated. No edits, no config or a
   * `noFetch` entity: no request. Saves of one record run one after another.
   *
   * On failure the edits stay and the error is stored as {@link saveError}; the promise resolves
   * `undefined` unless `throwOnError`.
   */
  async save(options: SaveOptions = {}): Promise<T | undefined> {
    const collection = this.requireCollection('save');
    return settle(await this.writer().saveEdits(collection, this), options);
  }

  /** Like {@link save}, but sends only these edited fields; dotted paths (`'meta.a'`) send part of an object. */
  async saveFields(fields: readonly string[], options: SaveOptions = {}): Promise<T | undefined> {
    const collection = this.requireCollection('save');
    return settle(await this.writer().saveEdits(collection, this, { fields }), options);
  }

  /**
   * Autosaves a post: POST `{base}/{id}/autosaves` with status, title, excerpt, content and meta
   * (from the edits, then the current user's previous autosave, then the persisted record, as raw
   * values). An answer with the post's own id (an author's draft) updates the cached title, excerpt
   * and content; any other answer replaces {@link autosaves}. {@link isAutosaving} while in flight.
   */
  async autosave(options: SaveOptions = {}): Promise<T | undefined> {
    const collection = this.requireCollection('autosave');
    return settle(await this.writer().autosave(collection, this), options);
  }

  /**
   * Deletes the record: DELETE `{base}/{id}` with `query` (`{ force: true }` skips the trash). On
   * success it leaves the cache and every list, its edits are discarded and the lists are
   * invalidated; resolves to the server's answer. On failure nothing is removed, the error is
   * stored as {@link deleteError}, and the promise resolves `undefined` unless `throwOnError`.
   */
  async delete(query?: Query, options: SaveOptions = {}): Promise<unknown> {
    const collection = this.requireCollection('delete');
    return settle(await this.writer().delete(collection, this, query), options);
  }

  /** The autosaves of this post, once fetched ({@link fetchAutosaves}) or made. Observable. */
  get autosaves(): readonly Autosave[] | undefined {
    return this.readAutosaves();
  }

  /** The autosave made by `authorId`, if fetched. Observable. */
  autosaveOf(authorId: number | undefined): Autosave | undefined {
    return autosaveOf(this.autosaves, authorId);
  }

  /** GET `{base}/{id}/autosaves?context=edit`: stores the list as {@link autosaves} and resolves to it. */
  fetchAutosaves(): Promise<Autosave[]> {
    const collection = this.requireCollection('fetch autosaves');
    return this.writer().fetchAutosaves(collection, this);
  }

  /**
   * The save conflict found by the last save with `conflicts: 'detect'`: someone else saved
   * fields this copy has also edited. While it is set, `save()` sends nothing and fails with a
   * `ConflictError`; {@link resolveConflict} settles it. Observable.
   */
  get conflict(): SaveConflict<E> | undefined {
    if (this.conflictBox !== undefined) return this.conflictBox.get();
    if (!isTracking()) return this.conflictValue;
    this.conflictBox = observable.box(this.conflictValue, { deep: false, name: 'EntityRecord.conflict' });
    this.conflictValue = undefined;
    return this.conflictBox.get();
  }

  /**
   * Settles {@link conflict}: `'mine'` keeps this copy's values (the next save sends them over the
   * other person's), `'theirs'` takes the server's values (the local edits of those fields go),
   * and an object gives the value to keep for each field. The values become edits with an undo
   * step; the conflict and its `saveError` are cleared, so the next save goes through. No-op
   * without a conflict.
   */
  resolveConflict(choice: ConflictChoice<E>): void {
    const conflict = this.conflict;
    if (conflict === undefined) return;
    const values = choice === 'mine' ? conflict.local : choice === 'theirs' ? conflict.server : choice;
    runInAction(() => {
      this.edit(values as EditInput<E>);
      this.setConflict(undefined);
      if (isConflictError(this.saveError)) this.setStatus({ saveError: undefined });
    });
  }

  /**
   * Records (or clears) a save conflict.
   * @internal Used by the writer and by journal restore.
   */
  setConflict(conflict: SaveConflict | undefined): void {
    const value = conflict as SaveConflict<E> | undefined;
    if (this.conflictBox === undefined) this.conflictValue = value;
    else runInAction(() => this.conflictBox?.set(value));
  }

  /**
   * Replaces the stored autosaves.
   * @internal Used by the writer.
   */
  setAutosaves(autosaves: readonly Autosave[]): void {
    if (this.autosavesBox === undefined) this.autosavesValue = autosaves;
    else runInAction(() => this.autosavesBox?.set(autosaves));
  }

  /**
   * The revisions of this record as a query (`GET {base}/{id}/revisions`), with the same paging and
   * totals rules as any list; revisions are keyed by the config's revision key (`wp_id` for
   * templates). Global styles use `/wp/v2/global-styles/{id}/revisions`.
   *
   * @throws ArgumentError for a detached record or a record without an id.
   */
  revisions(query: Query = {}): EntityQuery<Revision> {
    return this.revisionCollection().query(query);
  }

  /**
   * GETs one revision (`{base}/{id}/revisions/{revisionId}`) and resolves to it as received in the
   * query's context (`{ context: 'edit' }` gives the raw fields). Resolves `undefined` when the entity
   * has no revisions or the request fails (the error is on the revision record's `fetchError`).
   */
  async revision(revisionId: Id, query?: Query): Promise<Revision | undefined> {
    try {
      const record = await this.revisionCollection().fetch(revisionId, query);
      // The revision as received in the query's context ('edit' carries the raw fields).
      const context = typeof query?.context === 'string' ? query.context : DEFAULT_CONTEXT;
      return record?.inContext(context);
    } catch {
      return undefined;
    }
  }

  /**
   * Gives a record made by `collection.create()` the id its first save answered with.
   * @internal Used by `EntityCollection.adopt`.
   */
  assignId(id: Id): void {
    this.currentId = id;
  }

  private requireCollection(action: string): EntityCollection<T, E> {
    if (!this.collection) {
      throw new ArgumentError(
        `The detached record (${this.kind}, ${this.name}) has no store to ${action} through.`,
      );
    }
    return this.collection;
  }

  private writer(): RecordWriter {
    return this.requireCollection('write').writer;
  }

  private revisionCollection(): EntityCollection<Revision> {
    const collection = this.requireCollection('read revisions');
    if (this.id === undefined) {
      throw new ArgumentError(
        `The record (${this.kind}, ${this.name}) has no id, so it has no revisions yet.`,
      );
    }
    return collection.revisionsOf<Revision>(this.id);
  }

  /**
   * The stored snapshot of `context`. Observable.
   * @internal Used by collections and queries.
   */
  readItem(context: string): StoredItem<T> | undefined {
    return context === DEFAULT_CONTEXT ? this.readDefaultItem() : this.readContexts()[context];
  }

  /**
   * Replaces the stored snapshot of `context`.
   * @internal Only `EntityCollection.receive` (and `detached`) write server data.
   */
  writeItem(context: string, item: StoredItem<T>): void {
    if (context === DEFAULT_CONTEXT) {
      if (this.itemBox === undefined) this.itemValue = item;
      else this.itemBox.set(item);
    } else {
      this.writeContexts({ ...this.contextsNow(), [context]: item });
    }
  }

  /**
   * Drops the server data of every context (the record was deleted or removed).
   * @internal Used by `EntityCollection.remove`.
   */
  clearItems(): void {
    if (this.itemBox === undefined) this.itemValue = undefined;
    else this.itemBox.set(undefined);
    if (this.contextsNow() !== NO_CONTEXTS) this.writeContexts(NO_CONTEXTS);
  }

  /**
   * Merges `patch` into the request states.
   * @internal Used by fetch, save and delete.
   */
  setStatus(patch: Partial<RecordStatus>): void {
    const current = this.statusBox === undefined ? this.statusValue : this.statusBox.get();
    const changed = (Object.keys(patch) as (keyof RecordStatus)[]).some((key) => current[key] !== patch[key]);
    if (!changed) return;
    runInAction(() => {
      const next = { ...current, ...patch };
      if (this.statusBox === undefined) this.statusValue = next;
      else this.statusBox.set(next);
      if (patch.isSaving !== undefined && patch.isSaving !== current.isSaving) {
        this.collection?.noteEditState(this, this.hasEdits || next.isSaving, next.isSaving);
      }
    });
  }

  /**
   * Drops the edits the server now matches, after a 'default'-context receive (reference §6.5): an
   * edit stays only when it differs from the received value (its `.raw` when it has one) and, when
   * `persistedEdits` (what was sent) is given, from the sent value too.
   * @internal Called by `EntityCollection.receive`.
   */
  clearEditsMatching(received: T, persistedEdits?: object): void {
    const edits = this.readEdits() as Edits;
    if (edits === NO_EDITS) return;
    const next = clearReceivedEdits(edits, received, persistedEdits as Edits | undefined);
    if (next !== edits) this.setEdits(next as Partial<E>);
  }

  /** Replaces the edits snapshot (`{}` clears it). The seam for the edit pipeline, undo and sync. */
  protected setEdits(next: Partial<E>): void {
    EntityRecord.writeEditsAction(this as EntityRecord<object>, next as Partial<object>, this.config);
  }

  /** {@link writeEdits} as one action, shared by every record (no closure per call). */
  private static readonly writeEditsAction = action(
    'EntityRecord.setEdits',
    (record: EntityRecord<object>, next: Partial<object>, config: EntityConfig | undefined): void => {
      record.writeEdits(next, config);
    },
  );

  /**
   * Works out again whether the edits count as changes, after the config's transient fields
   * changed (it was loaded or replaced), and updates the dirty lists.
   * @internal Called by the collection when its config changes.
   */
  refreshEditState(): void {
    if (this.hasEditsValue === undefined) return;
    EntityRecord.writeEditsAction(this as EntityRecord<object>, this.readEdits(), this.config);
  }

  /** Stores the edits snapshot and whether it counts as changes; inside an action. */
  private writeEdits(next: Partial<E>, config: EntityConfig | undefined): void {
    const value = isEmpty(next) ? (NO_EDITS as Partial<E>) : next;
    if (this.editsBox === undefined) this.editsValue = value;
    else this.editsBox.set(value);
    const transient = config?.transientEdits;
    const hasEdits = hasNonTransientEdit(value as Edits, transient);
    this.hasEditsTransient = transient;
    this.hasEditsValue = hasEdits;
    this.hasEditsBox?.set(hasEdits);
    const status = this.statusBox === undefined ? this.statusValue : this.statusBox.get();
    this.collection?.noteEditState(this, hasEdits || status.isSaving, status.isSaving);
  }

  private readDefaultItem(): StoredItem<T> | undefined {
    if (this.itemBox !== undefined) return this.itemBox.get();
    if (!isTracking()) return this.itemValue;
    this.itemBox = observable.box(this.itemValue, { deep: false, name: 'EntityRecord.persisted' });
    this.itemValue = undefined;
    return this.itemBox.get();
  }

  private readContexts(): Readonly<Record<string, StoredItem<T>>> {
    if (this.contextsBox !== undefined) return this.contextsBox.get();
    if (!isTracking()) return this.contextsValue;
    this.contextsBox = observable.box(this.contextsValue, { deep: false, name: 'EntityRecord.contexts' });
    this.contextsValue = NO_CONTEXTS;
    return this.contextsBox.get();
  }

  /** The stored contexts without observing them (for writes). */
  private contextsNow(): Readonly<Record<string, StoredItem<T>>> {
    return this.contextsBox === undefined ? this.contextsValue : this.contextsBox.get();
  }

  private writeContexts(next: Readonly<Record<string, StoredItem<T>>>): void {
    if (this.contextsBox === undefined) this.contextsValue = next;
    else this.contextsBox.set(next);
  }

  private readEdits(): Partial<E> {
    if (this.editsBox !== undefined) return this.editsBox.get();
    if (!isTracking()) return this.editsValue;
    this.editsBox = observable.box(this.editsValue, { deep: false, name: 'EntityRecord.edits' });
    this.editsValue = NO_EDITS as Partial<E>;
    return this.editsBox.get();
  }

  private readStatus(): RecordStatus {
    if (this.statusBox !== undefined) return this.statusBox.get();
    if (!isTracking()) return this.statusValue;
    this.statusBox = observable.box(this.statusValue, { deep: false, name: 'EntityRecord.status' });
    this.statusValue = IDLE;
    return this.statusBox.get();
  }

  private readAutosaves(): readonly Autosave[] | undefined {
    if (this.autosavesBox !== undefined) return this.autosavesBox.get();
    if (!isTracking()) return this.autosavesValue;
    this.autosavesBox = observable.box(this.autosavesValue, {
      deep: false,
      name: 'EntityRecord.autosaves',
    });
    this.autosavesValue = undefined;
    return this.autosavesBox.get();
  }

  private readHasEdits(): boolean {
    if (this.hasEditsBox !== undefined) return this.hasEditsBox.get();
    const value = this.hasEditsValue === true;
    if (!isTracking()) return value;
    this.hasEditsBox = observable.box(value, { name: 'EntityRecord.hasEdits' });
    return this.hasEditsBox.get();
  }

  /** A computed for primitive views read inside reactions (it stops propagation when the value is unchanged); a plain call otherwise. */
  private viaComputed<K extends keyof PrimitiveViews>(
    key: K,
    compute: () => PrimitiveViews[K],
  ): PrimitiveViews[K] {
    const existing = this.computeds?.[key];
    if (existing) return existing.get() as PrimitiveViews[K];
    // Untracked reads (plain scripts) compute directly: no computed is kept for records nobody observes.
    if (!isTracking()) return compute();
    const created = computed(compute);
    (this.computeds ??= {})[key] = created as IComputedValue<never>;
    return created.get();
  }

  private computeRaw(): E | undefined {
    const persisted = this.persisted;
    const attributes = this.config?.rawAttributes;
    if (persisted === undefined || attributes === undefined || attributes.size === 0)
      return persisted as unknown as E;
    // Remember the last input and output: an unchanged record gives the same object on every read.
    if (this.memo?.rawIn !== persisted || this.memo.rawAttributes !== attributes) {
      const memo = (this.memo ??= {});
      memo.rawIn = persisted;
      memo.rawAttributes = attributes;
      memo.rawOut = flattenRawAttributes(persisted, attributes);
    }
    return this.memo.rawOut as E;
  }

  private computeNonTransientEdits(): Partial<E> {
    const edits = this.edits as Edits;
    // No edits: nothing to leave out, and no memo to keep for a record nobody edited.
    if (edits === NO_EDITS) return edits as Partial<E>;
    const config = this.config;
    if (config === undefined || config.transientEdits.size === 0) return edits as Partial<E>;
    if (this.memo?.transientIn !== edits || this.memo.transientFields !== config.transientEdits) {
      const memo = (this.memo ??= {});
      memo.transientIn = edits;
      memo.transientFields = config.transientEdits;
      memo.transientOut = nonTransientEdits(config, edits);
    }
    return this.memo.transientOut as Partial<E>;
  }

  private computeEdited(): E | undefined {
    const base = this.raw;
    const edits = this.edits;
    if (Object.keys(edits).length === 0) return base;
    if (
      this.memo === undefined ||
      this.memo.editedBase !== base ||
      this.memo.editedEdits !== edits ||
      !this.memo.editedOut
    ) {
      const memo = (this.memo ??= {});
      memo.editedBase = base;
      memo.editedEdits = edits;
      memo.editedOut = editedRecord(base, edits as Edits);
    }
    return this.memo.editedOut as E;
  }
}
