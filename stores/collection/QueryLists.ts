/**
 * A collection's queries and the id lists they read: one query per (context, stable key, page,
 * per_page), one observable id list per (context, stable key) shared by its pages.
 *
 * @module
 */
import { observable, type IObservableValue } from 'mobx';
import type { ListState, QueryMeta } from '../../models/RecordHost.js';
import type { Id } from '../../models/ids.js';
import { mergeItemIds, type QueryParts } from '../../models/QueryParts.js';

/** What a list-holding query must answer for eviction and invalidation. */
export interface ListQuery {
  /** The parsed query. */
  readonly parts: QueryParts;
  /** Nobody observes it and it was idle since `cutoffMs`. */
  isEvictable(cutoffMs: number): boolean;
  /** Marks it stale; an observed query requests its list again. */
  invalidate(): void;
  /** Forgets the view a plain script last read when it is out of date (it may hold evicted records). */
  releaseStaleView(): void;
}

/** The queries and id lists of one collection. */
export class QueryLists<Q extends ListQuery> {
  private readonly lists = new Map<string, IObservableValue<ListState | undefined>>();
  private readonly queries = new Map<string, Q>();

  /** The query of `parts`, made with `make` (given its list) on first use; `isNew` tells it was made now. */
  query(
    parts: QueryParts,
    make: (list: IObservableValue<ListState | undefined>) => Q,
  ): { query: Q; isNew: boolean } {
    const key = `${parts.context}\u0000${parts.stableKey}\u0000${parts.page}\u0000${parts.perPage}`;
    const existing = this.queries.get(key);
    if (existing) return { query: existing, isNew: false };
    const made = make(this.listBox(parts.context, parts.stableKey));
    this.queries.set(key, made);
    return { query: made, isNew: true };
  }

  /** Every query made so far. */
  all(): Q[] {
    return [...this.queries.values()];
  }

  /** Marks every query stale. */
  invalidateAll(): void {
    for (const query of this.queries.values()) query.invalidate();
  }

  /** Puts `ids` at the page `parts` names, with the page's totals. */
  merge(parts: QueryParts, ids: Id[], meta: QueryMeta | undefined): void {
    const box = this.listBox(parts.context, parts.stableKey);
    const previous = box.get();
    box.set({ ids: mergeItemIds(previous?.ids, ids, parts.page, parts.perPage), meta });
  }

  /** Every query forgets its out-of-date plain-script view (after records were evicted). */
  releaseStaleViews(): void {
    for (const query of this.queries.values()) query.releaseStaleView();
  }

  /** Takes the ids of `gone` out of every list (totals stay as sent). Call it inside an action. */
  removeIds(gone: ReadonlySet<Id>): void {
    for (const box of this.lists.values()) {
      const state = box.get();
      if (state && state.ids.some((id) => id !== undefined && gone.has(id))) {
        box.set({ ids: state.ids.filter((id) => id === undefined || !gone.has(id)), meta: state.meta });
      }
    }
  }

  /**
   * Drops the queries idle since `cutoffMs` that nobody observes, then the lists no query reads.
   * Returns how many queries stay, how many were dropped, and the ids the remaining lists hold
   * (those records stay cached).
   */
  evictIdle(cutoffMs: number): { waiting: number; listed: Set<Id>; evicted: number } {
    let waiting = 0;
    let evicted = 0;
    for (const [key, query] of this.queries) {
      if (query.isEvictable(cutoffMs)) {
        this.queries.delete(key);
        evicted++;
      } else waiting++;
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
    return { waiting, listed, evicted };
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
}
