/**
 * A list query of one entity: one page of one stable key in one context, resolved from the cache's
 * id lists and kept fresh by invalidation.
 *
 * @module
 */
import {
  computed,
  createAtom,
  observable,
  runInAction,
  type IAtom,
  type IComputedValue,
  type IObservableValue,
} from 'mobx';
import { toError } from '../core/errors.js';
import { isTracking } from './lazyObservable.js';
import type { Query } from '../core/transport/types.js';
import type { ListState, QueryHost } from './RecordHost.js';
import type { EntityRecord } from './EntityRecord.js';
import type { Id } from './ids.js';
import type { QueryParts } from './QueryParts.js';
import { pickFields, type PlainObject } from './snapshot.js';

/** The request states of a query. */
export interface QueryStatus {
  /** A request for this query is in flight. */
  readonly isResolving: boolean;
  /** A request for this query finished at least once (successfully or not). */
  readonly hasResolved: boolean;
  /** The error of the last failed request; cleared by a successful one. */
  readonly error: Error | undefined;
  /** The query was invalidated since its last request started: the next observation or `fetch()` asks again. */
  readonly isStale: boolean;
}

const INITIAL: QueryStatus = Object.freeze({
  isResolving: false,
  hasResolved: false,
  error: undefined,
  isStale: false,
});

interface View<T extends object, E extends object> {
  readonly items: T[] | null;
  readonly records: EntityRecord<T, E>[] | null;
}

const UNKNOWN: View<never, never> = Object.freeze({ items: null, records: null });

function sameView<T extends object, E extends object>(a: View<T, E>, b: View<T, E>): boolean {
  if (a === b) return true;
  if (a.items === null || b.items === null || a.records === null || b.records === null) {
    return a.items === b.items && a.records === b.records;
  }
  if (a.items.length !== b.items.length) return false;
  for (let i = 0; i < a.items.length; i++) {
    if (a.items[i] !== b.items[i] || a.records[i] !== b.records[i]) return false;
  }
  return true;
}

/**
 * One page of a list: `collection.query({ per_page: 20, page: 2, search: 'x' })`. There is one
 * instance per (context, stable key, page, per_page). Reading {@link items} inside an observer
 * requests the list once by itself; {@link EntityQuery.fetch} requests it now.
 */
export class EntityQuery<T extends object = PlainObject, E extends object = T> {
  /** The owning collection. */
  readonly collection: QueryHost<T, E>;
  /** The query as the caller gave it. */
  readonly query: Query;
  /** The query split into context, stable key, page and fields. @internal */
  readonly parts: QueryParts;

  private readonly list: IObservableValue<ListState | undefined>;
  private readonly statusBox: IObservableValue<QueryStatus> = observable.box(INITIAL, {
    deep: false,
    name: 'EntityQuery.status',
  });
  private readonly atom: IAtom;
  private readonly view: IComputedValue<View<T, E>>;
  private readonly picked = new WeakMap<object, Partial<T>>();
  private readonly includeSet: ReadonlySet<Id> | null;
  private isObserved = false;
  /**
   * The last view a plain script read, and what it was made from: the id list and the
   * collection's snapshot version. While both are the same, a plain read returns it in O(1);
   * once either moved, the next read works it out again (and keeps the old arrays when equal).
   */
  private untrackedView: View<T, E> = UNKNOWN;
  private untrackedList: ListState | undefined = undefined;
  private untrackedVersion = -1;
  /**
   * Where each id sits in the kept view's arrays, made on the first patch; `null` when an id is
   * listed twice (then every change works the list out again).
   */
  private untrackedPositions: Map<Id, number> | null | undefined = undefined;
  /** When the query was made, last settled or last stopped being observed (for eviction). */
  private lastUsedMs = Date.now();
  private isScheduled = false;
  private inflight: Promise<this> | undefined;
  /** When a request last answered this query successfully; 0 before (see {@link dataUpdatedAtMs}). */
  private answeredAtMs = 0;
  private generation = 0;

  /** Made by {@link EntityCollection.query}; not meant to be called directly. @internal */
  constructor(
    collection: QueryHost<T, E>,
    query: Query,
    parts: QueryParts,
    list: IObservableValue<ListState | undefined>,
  ) {
    this.collection = collection;
    this.query = query;
    this.parts = parts;
    this.list = list;
    this.includeSet = parts.include ? new Set(parts.include) : null;
    this.atom = createAtom(
      'EntityQuery',
      () => {
        this.isObserved = true;
        this.schedule();
      },
      () => {
        this.isObserved = false;
        this.lastUsedMs = Date.now();
      },
    );
    // Not kept alive: a plain script reads through `readView`, which makes no observable state in
    // the records, and a query nobody observes holds no MobX subscription (it can be evicted).
    this.view = computed(() => this.computeView(), { equals: sameView, name: 'EntityQuery.view' });
  }

  /** The context the records are read from. */
  get context(): string {
    return this.parts.context;
  }

  /** The 1-based page. */
  get page(): number {
    return this.parts.page;
  }

  /** The page size; `-1` for every item. */
  get perPage(): number {
    return this.parts.perPage;
  }

  /**
   * The page's records as server snapshots of the query's context (only the `_fields`, when given).
   * `null` until the list is known or while a record is missing or incomplete; `[]` for an empty
   * list. Reading it inside an observer resolves the query, and again after an invalidation.
   */
  get items(): T[] | null {
    this.atom.reportObserved();
    return this.readView().items;
  }

  /** The records of this page, in order; `null` exactly when {@link items} is. Observable, like `items`. */
  get records(): EntityRecord<T, E>[] | null {
    this.atom.reportObserved();
    return this.readView().records;
  }

  /** @internal The eviction sweep: nothing observes it, no request in flight, last used at or before `cutoffMs`. */
  isEvictable(cutoffMs: number): boolean {
    return !this.isObserved && this.inflight === undefined && this.lastUsedMs <= cutoffMs;
  }

  /**
   * When a request last answered this query successfully (`Date.now()` then); `0` before, and for
   * a list only received. What the store's freshness policy compares with `staleTimeMs`. Not observable.
   */
  get dataUpdatedAtMs(): number {
    return this.answeredAtMs;
  }

  /** @internal The freshness policy: a reaction or computed reads this query now (its atom is observed). */
  get isObservedNow(): boolean {
    return this.isObserved;
  }

  /** `X-WP-Total` of the last page received for this stable key (every item's count for `per_page: -1`); `null` when unknown. Observable. */
  get totalItems(): number | null {
    this.atom.reportObserved();
    return this.list.get()?.meta?.totalItems ?? null;
  }

  /**
   * `X-WP-TotalPages` when the server sent it for this page size, else `ceil(totalItems / per_page)`
   * (`per_page` defaults to 10); `1` for `per_page: -1`; `null` when unknown. Observable.
   */
  get totalPages(): number | null {
    this.atom.reportObserved();
    const list = this.list.get();
    if (!list) return null;
    if (this.parts.perPage === -1) return 1;
    const meta = list.meta;
    const counted = meta?.totalPages;
    const sameSize = meta?.perPage === undefined || meta.perPage === this.parts.perPage;
    if (counted !== undefined && counted !== null && sameSize) return counted;
    const total = meta?.totalItems;
    if (total === undefined || total === null) return null;
    return this.parts.perPage > 0 ? Math.ceil(total / this.parts.perPage) : null;
  }

  /** All request states at once. Observable. */
  get status(): QueryStatus {
    return this.statusBox.get();
  }

  /** A request is in flight. Observable. */
  get isResolving(): boolean {
    return this.statusBox.get().isResolving;
  }

  /** A request finished at least once. Observable. */
  get hasResolved(): boolean {
    return this.statusBox.get().hasResolved;
  }

  /** The error of the last failed request. Observable. */
  get error(): Error | undefined {
    return this.statusBox.get().error;
  }

  /**
   * Requests the list now (sharing a request in flight) and resolves once the records are cached.
   * Rejects with the `RestError` (also {@link error}), or `EntityConfigError` for an unknown entity.
   */
  fetch(): Promise<this> {
    if (this.inflight) return this.inflight;
    const generation = this.generation;
    this.setStatus({ isResolving: true });
    const run = this.collection.requestList(this.parts).then(
      () => {
        this.answeredAtMs = Date.now();
        this.warmPlainView();
        // An invalidation that arrived during the request keeps the query stale: the answer may predate it.
        this.setStatus({
          isResolving: false,
          hasResolved: true,
          error: undefined,
          isStale: generation !== this.generation,
        });
        return this;
      },
      (error: unknown) => {
        this.setStatus({
          isResolving: false,
          hasResolved: true,
          error: toError(error),
          isStale: false,
        });
        throw error;
      },
    );
    const shared = run.finally(() => {
      this.inflight = undefined;
      this.lastUsedMs = Date.now();
      if (this.statusBox.get().isStale) this.schedule();
    });
    this.inflight = shared;
    return shared;
  }

  /**
   * Marks the list stale. An observed query requests it again at once; any other query does so on
   * its next observation or `fetch()`. The cached ids stay readable meanwhile.
   */
  invalidate(): void {
    this.generation++;
    // Already stale (a batch save invalidates every query once per saved record): no new status.
    if (!this.statusBox.get().isStale) this.setStatus({ isStale: true });
    this.schedule();
  }

  /**
   * @internal `store.hydrate()`: the list came from a snapshot of an answer given at
   * `answeredAtMs`: resolved, so observing it asks for nothing.
   */
  markHydrated(answeredAtMs: number): void {
    this.answeredAtMs = answeredAtMs;
    this.setStatus({ hasResolved: true, error: undefined, isStale: false });
  }

  private setStatus(patch: Partial<QueryStatus>): void {
    runInAction(() => this.statusBox.set({ ...this.statusBox.get(), ...patch }));
  }

  /** Requests the list on a microtask when it is observed and unresolved or stale (never inside a derivation). */
  private schedule(): void {
    if (this.isScheduled || !this.isObserved) return;
    this.isScheduled = true;
    queueMicrotask(() => {
      this.isScheduled = false;
      const status = this.statusBox.get();
      if (!this.isObserved || this.inflight || (status.hasResolved && !status.isStale)) return;
      // Observers read `error`; an automatic request never throws.
      this.fetch().catch(() => undefined);
    });
  }

  /**
   * The view: the computed inside a derivation; for a plain script, the last untracked view while
   * the list and the collection's snapshots are unchanged (a computed nobody observes is not cached
   * by MobX, and keeping it alive would box every listed record's state).
   */
  private readView(): View<T, E> {
    if (isTracking()) return this.view.get();
    const list = this.list.get();
    const version = this.collection.snapshotVersion;
    if (list === this.untrackedList && version === this.untrackedVersion) return this.untrackedView;
    const patched = list === this.untrackedList ? this.patchedView(version) : undefined;
    const view = patched ?? this.computeView();
    if (view !== this.untrackedView && !sameView(view, this.untrackedView)) {
      if (view.records !== this.untrackedView.records) this.untrackedPositions = undefined;
      this.untrackedView = view;
    }
    this.untrackedList = list;
    this.untrackedVersion = version;
    return this.untrackedView;
  }

  /**
   * Works out the view a plain script reads as a request answers, so that the script's first read
   * after `await query.fetch()` is O(1) like the ones after it: a memoised selector's first read
   * happens inside its resolution too. An observed query leaves it to its computed (reactions do
   * not read the plain view).
   */
  private warmPlainView(): void {
    if (this.isObserved || isTracking()) return;
    this.readView();
  }

  /**
   * The kept view with the records whose snapshots changed since it was made read again: O(changes)
   * plus one copy of the items array, instead of a lookup per listed record. `undefined` when it
   * cannot be patched (the collection lost track, too many changes, a record lost its snapshot);
   * then the caller works the list out again.
   */
  private patchedView(version: number): View<T, E> | undefined {
    const kept = this.untrackedView;
    if (kept.items === null || kept.records === null) return undefined;
    const changed = this.collection.snapshotChangesSince(this.untrackedVersion);
    if (changed === undefined || changed.length > 64 || changed.length * 8 > kept.items.length)
      return undefined;
    const positions = this.positionsOf(kept.records);
    if (positions === null) return undefined;
    let items: T[] | undefined;
    for (const id of changed) {
      const at = positions.get(id);
      if (at === undefined) continue;
      const item = this.itemOf(kept.records[at]);
      if (item === undefined) return undefined;
      if (item === (items ?? kept.items)[at]) continue;
      items ??= kept.items.slice();
      items[at] = item;
    }
    // The version moved past what the log reported only if a change came in while reading: start over.
    if (this.collection.snapshotVersion !== version) return undefined;
    return items ? { items, records: kept.records } : kept;
  }

  /** Id → index in the kept records, made once per records array; `null` when an id repeats. */
  private positionsOf(records: readonly EntityRecord<T, E>[]): Map<Id, number> | null {
    if (this.untrackedPositions !== undefined) return this.untrackedPositions;
    const positions = new Map<Id, number>();
    for (let i = 0; i < records.length; i++) {
      const id = records[i]?.id;
      if (id === undefined || positions.has(id)) return (this.untrackedPositions = null);
      positions.set(id, i);
    }
    return (this.untrackedPositions = positions);
  }

  /** A listed record's item in this query's context and fields; `undefined` when it has none (the list is unknown). */
  private itemOf(record: EntityRecord<T, E> | undefined): T | undefined {
    const item = record?.readItem(this.parts.context);
    if (!item) return undefined;
    const fields = this.parts.fields;
    if (!fields) return item.isComplete ? item.data : undefined;
    let projection = this.picked.get(item.data);
    if (!projection) {
      projection = pickFields(item.data, fields);
      this.picked.set(item.data, projection);
    }
    return projection as T;
  }

  /**
   * @internal The eviction sweep: forgets the view a plain script read when it is out of date, so
   * it holds no record the collection let go.
   */
  releaseStaleView(): void {
    if (this.list.get() === this.untrackedList && this.collection.snapshotVersion === this.untrackedVersion)
      return;
    this.untrackedView = UNKNOWN;
    this.untrackedList = undefined;
    this.untrackedVersion = -1;
    this.untrackedPositions = undefined;
  }

  private computeView(): View<T, E> {
    const list = this.list.get();
    if (!list) return UNKNOWN;
    const { page, perPage, fields, context } = this.parts;
    const ids = list.ids;
    const start = perPage === -1 ? 0 : (page - 1) * perPage;
    const end = perPage === -1 ? ids.length : Math.min(start + perPage, ids.length);
    const items: T[] = [];
    const records: EntityRecord<T, E>[] = [];
    for (let i = start; i < end; i++) {
      const id = ids[i];
      if (id === undefined || (this.includeSet && !this.includeSet.has(id))) continue;
      const record = this.collection.peek(id);
      const item = record?.readItem(context);
      if (!record || !item) return UNKNOWN;
      if (fields) {
        let projection = this.picked.get(item.data);
        if (!projection) {
          projection = pickFields(item.data, fields);
          this.picked.set(item.data, projection);
        }
        items.push(projection as T);
      } else {
        if (!item.isComplete) return UNKNOWN;
        items.push(item.data);
      }
      records.push(record);
    }
    return { items, records };
  }
}
