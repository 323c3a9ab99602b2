/**
 * One cached server record with a stable identity: its server snapshots per context, its local
 * edits, and the views derived from them (`raw`, `edited`, `title`, …).
 *
 * Cost model: a record holds four observable boxes (the 'default' snapshot, other contexts, edits,
 * status) whose values are immutable plain objects replaced on change. The object views (`raw`,
 * `edited`, `nonTransientEdits`) are memoised on their inputs, so an unchanged record returns the
 * same object; the primitive views (`title`, `hasEdits`) become MobX computeds once read inside a
 * reaction. Every view is O(fields of this record).
 *
 * @module
 */
import {
  _getGlobalState,
  computed,
  observable,
  runInAction,
  type IComputedValue,
  type IObservableValue,
} from 'mobx';
import { ArgumentError } from '../src/errors.js';
import type { Query } from '../src/transport/types.js';
import type { EntityCollection } from '../stores/EntityCollection.js';
import { titleOf, type EntityConfig } from './EntityConfig.js';
import { normaliseId, type Id } from './ids.js';
import { DEFAULT_CONTEXT } from './QueryParts.js';
import { deepEqual, flattenRawAttributes, isPlainObject, type PlainObject } from './snapshot.js';

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
const NO_EDITS: Readonly<Record<string, never>> = Object.freeze({});

/** How a record is made: by its collection, or detached with its own config. */
export interface EntityRecordInit<T extends object> {
  /** The entity kind. */
  kind: string;
  /** The entity name. */
  name: string;
  /** The normalised id; `undefined` for a singleton (or a new record). */
  id: Id | undefined;
  /** The owning collection; absent for a detached record. */
  collection?: EntityCollection<T> | undefined;
  /** The config of a detached record; a collection's record reads its collection's config. */
  config?: EntityConfig | undefined;
}

/** The primitive views kept as computeds while observed. */
interface PrimitiveViews {
  title: string;
  hasEdits: boolean;
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
 */
export class EntityRecord<T extends object = PlainObject> {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The record id, normalised (`'12'` → `12`); `undefined` for a singleton. */
  readonly id: Id | undefined;
  /** The owning collection; `undefined` for a detached record. */
  readonly collection: EntityCollection<T> | undefined;

  private readonly ownConfig: EntityConfig | undefined;
  private readonly defaultItem: IObservableValue<StoredItem<T> | undefined>;
  private readonly otherItems: IObservableValue<Readonly<Record<string, StoredItem<T>>>>;
  /** The local edits snapshot; replaced (never mutated) on change. The edit pipeline writes it. */
  protected readonly editsBox: IObservableValue<Partial<T>>;
  private readonly statusBox: IObservableValue<RecordStatus>;
  private computeds: { [K in keyof PrimitiveViews]?: IComputedValue<PrimitiveViews[K]> } | undefined;
  private memo: ViewMemo | undefined;

  /** Made by {@link EntityCollection.record} or {@link EntityRecord.detached}; not meant to be called directly. */
  constructor(init: EntityRecordInit<T>) {
    this.kind = init.kind;
    this.name = init.name;
    this.id = init.id;
    this.collection = init.collection;
    this.ownConfig = init.config;
    this.defaultItem = observable.box<StoredItem<T> | undefined>(undefined, {
      deep: false,
      name: 'EntityRecord.persisted',
    });
    this.otherItems = observable.box<Readonly<Record<string, StoredItem<T>>>>(NO_CONTEXTS, {
      deep: false,
      name: 'EntityRecord.contexts',
    });
    this.editsBox = observable.box<Partial<T>>(NO_EDITS as Partial<T>, {
      deep: false,
      name: 'EntityRecord.edits',
    });
    this.statusBox = observable.box<RecordStatus>(IDLE, { deep: false, name: 'EntityRecord.status' });
  }

  /**
   * A record with no store: for unit tests and scripts on plain objects. `data` (when given) is its
   * complete persisted snapshot, and its id is read from `data[config.key]`.
   */
  static detached<T extends object = PlainObject>(config: EntityConfig, data?: T): EntityRecord<T> {
    const key = data === undefined || config.singleton ? undefined : (data as PlainObject)[config.key];
    const id = typeof key === 'number' || typeof key === 'string' ? normaliseId(key) : undefined;
    const record = new EntityRecord<T>({ kind: config.kind, name: config.name, id, config });
    if (data !== undefined) runInAction(() => record.writeItem(DEFAULT_CONTEXT, { data, isComplete: true }));
    return record;
  }

  /** The entity config: the collection's (observable, `undefined` until loaded) or the detached one. */
  get config(): EntityConfig | undefined {
    return this.collection ? this.collection.config : this.ownConfig;
  }

  /** The cached server record of the 'default' context (the one edits and saves work on). Observable. */
  get persisted(): T | undefined {
    return this.defaultItem.get()?.data;
  }

  /** The record as received in `context` (`'view'`, `'embed'`, `'edit'`; `'default'` is {@link persisted}). Observable. */
  inContext(context: string): T | undefined {
    return this.readItem(context)?.data;
  }

  /** A full record was received in the 'default' context (not only some `_fields`). Observable. */
  get isComplete(): boolean {
    return this.defaultItem.get()?.isComplete ?? false;
  }

  /** True when a full record was received in `context`. Observable. */
  isCompleteIn(context: string): boolean {
    return this.readItem(context)?.isComplete ?? false;
  }

  /** {@link persisted} with each raw attribute (`title`, `content`, …) replaced by its `.raw`. Observable. */
  get raw(): T | undefined {
    return this.computeRaw();
  }

  /** Every local edit, transient ones included, as a plain snapshot object (`{}` when none). Observable. */
  get edits(): Partial<T> {
    return this.editsBox.get();
  }

  /** {@link edits} without the config's transient fields: what a save would send. Observable. */
  get nonTransientEdits(): Partial<T> {
    return this.computeNonTransientEdits();
  }

  /** {@link raw} merged with {@link edits}; `undefined` when there is neither. Observable. */
  get edited(): T | undefined {
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
    return this.viaComputed('hasEdits', () => Object.keys(this.nonTransientEdits).length > 0);
  }

  /** The record has unsaved changes: {@link hasEdits}, or a save is in flight. Observable. */
  get isDirty(): boolean {
    return this.statusBox.get().isSaving || this.hasEdits;
  }

  /** All request states at once, as one snapshot. Observable. */
  get status(): RecordStatus {
    return this.statusBox.get();
  }

  /** A GET of this record is in flight. Observable. */
  get isResolving(): boolean {
    return this.statusBox.get().isResolving;
  }

  /** A GET of this record finished at least once. Observable. */
  get hasResolved(): boolean {
    return this.statusBox.get().hasResolved;
  }

  /** The error of the last failed GET. Observable. */
  get fetchError(): Error | undefined {
    return this.statusBox.get().fetchError;
  }

  /** A save is in flight. Observable. */
  get isSaving(): boolean {
    return this.statusBox.get().isSaving;
  }

  /** An autosave is in flight. Observable. */
  get isAutosaving(): boolean {
    return this.statusBox.get().isAutosaving;
  }

  /** A delete is in flight. Observable. */
  get isDeleting(): boolean {
    return this.statusBox.get().isDeleting;
  }

  /** The error of the last failed save. Observable. */
  get saveError(): Error | undefined {
    return this.statusBox.get().saveError;
  }

  /** The error of the last failed delete. Observable. */
  get deleteError(): Error | undefined {
    return this.statusBox.get().deleteError;
  }

  /**
   * GETs this record now (see {@link EntityCollection.fetch}) and resolves to it. Rejects with the
   * `RestError` on failure (also stored as {@link fetchError}), and with an `ArgumentError` for a
   * detached record.
   */
  async fetch(query?: Query): Promise<this> {
    if (!this.collection) {
      throw new ArgumentError(`The detached record (${this.kind}, ${this.name}) has no store to fetch from.`);
    }
    await this.collection.fetch(this.id, query);
    return this;
  }

  /**
   * The stored snapshot of `context`. Observable.
   * @internal Used by collections and queries.
   */
  readItem(context: string): StoredItem<T> | undefined {
    return context === DEFAULT_CONTEXT ? this.defaultItem.get() : this.otherItems.get()[context];
  }

  /**
   * Replaces the stored snapshot of `context`.
   * @internal Only `EntityCollection.receive` (and `detached`) write server data.
   */
  writeItem(context: string, item: StoredItem<T>): void {
    if (context === DEFAULT_CONTEXT) {
      this.defaultItem.set(item);
    } else {
      this.otherItems.set({ ...this.otherItems.get(), [context]: item });
    }
  }

  /**
   * Drops the server data of every context (the record was deleted or removed).
   * @internal Used by `EntityCollection.remove`.
   */
  clearItems(): void {
    this.defaultItem.set(undefined);
    if (this.otherItems.get() !== NO_CONTEXTS) this.otherItems.set(NO_CONTEXTS);
  }

  /**
   * Merges `patch` into the request states.
   * @internal Used by fetch, save and delete.
   */
  setStatus(patch: Partial<RecordStatus>): void {
    const current = this.statusBox.get();
    const changed = (Object.keys(patch) as (keyof RecordStatus)[]).some((key) => current[key] !== patch[key]);
    if (changed) runInAction(() => this.statusBox.set({ ...current, ...patch }));
  }

  /**
   * Drops the edits the server now matches, after a 'default'-context receive (reference §6.5): an
   * edit stays only when it differs from the received value (its `.raw` when it has one) and, when
   * `persistedEdits` (what was sent) is given, from the sent value too.
   * @internal Called by `EntityCollection.receive`.
   */
  clearEditsMatching(received: T, persistedEdits?: object): void {
    const edits = this.editsBox.get() as PlainObject;
    const keys = Object.keys(edits);
    if (keys.length === 0) return;
    const data = received as PlainObject;
    const sent = persistedEdits as PlainObject | undefined;
    let kept: PlainObject | undefined;
    for (const key of keys) {
      const serverValue = isPlainObject(data[key]) && data[key].raw !== undefined ? data[key].raw : data[key];
      const matchesServer = deepEqual(edits[key], serverValue);
      const matchesSent = sent !== undefined && deepEqual(edits[key], sent[key]);
      if (!matchesServer && !matchesSent) (kept ??= {})[key] = edits[key];
    }
    if (kept === undefined) this.setEdits({});
    else if (Object.keys(kept).length !== keys.length) this.setEdits(kept as Partial<T>);
  }

  /** Replaces the edits snapshot (`{}` clears it). The seam for the edit pipeline, undo and sync. */
  protected setEdits(next: Partial<T>): void {
    const value = Object.keys(next).length === 0 ? (NO_EDITS as Partial<T>) : next;
    runInAction(() => this.editsBox.set(value));
  }

  /** A computed for primitive views read inside reactions (it stops propagation when the value is unchanged); a plain call otherwise. */
  private viaComputed<K extends keyof PrimitiveViews>(
    key: K,
    compute: () => PrimitiveViews[K],
  ): PrimitiveViews[K] {
    const existing = this.computeds?.[key];
    if (existing) return existing.get() as PrimitiveViews[K];
    // Untracked reads (plain scripts) compute directly: no computed is kept for records nobody observes.
    if (_getGlobalState().trackingDerivation === null) return compute();
    const created = computed(compute);
    (this.computeds ??= {})[key] = created as IComputedValue<never>;
    return created.get();
  }

  private computeRaw(): T | undefined {
    const persisted = this.persisted;
    const attributes = this.config?.rawAttributes;
    if (persisted === undefined || attributes === undefined || attributes.size === 0) return persisted;
    // Remember the last input and output: an unchanged record gives the same object on every read.
    if (this.memo?.rawIn !== persisted || this.memo.rawAttributes !== attributes) {
      const memo = (this.memo ??= {});
      memo.rawIn = persisted;
      memo.rawAttributes = attributes;
      memo.rawOut = flattenRawAttributes(persisted, attributes);
    }
    return this.memo.rawOut as T;
  }

  private computeNonTransientEdits(): Partial<T> {
    const edits = this.edits as PlainObject;
    const transient = this.config?.transientEdits;
    if (!transient || transient.size === 0 || !Object.keys(edits).some((k) => transient.has(k)))
      return edits as Partial<T>;
    if (this.memo?.transientIn !== edits || this.memo.transientFields !== transient) {
      const out: PlainObject = {};
      for (const key of Object.keys(edits)) if (!transient.has(key)) out[key] = edits[key];
      const memo = (this.memo ??= {});
      memo.transientIn = edits;
      memo.transientFields = transient;
      memo.transientOut = out;
    }
    return this.memo.transientOut as Partial<T>;
  }

  private computeEdited(): T | undefined {
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
      memo.editedOut = { ...(base ?? {}), ...edits };
    }
    return this.memo.editedOut as T;
  }
}
