/**
 * `useInfiniteEntityRecords`: one list read page after page ("load more", an endless scroll),
 * so a large site never needs `per_page: -1`.
 *
 * @module
 */
import { useCallback, useMemo, useState } from 'react';
import type { EntityQuery } from '../../models/EntityQuery.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { PlainObject } from '../../models/snapshot.js';
import { ArgumentError } from '../../core/errors.js';
import type { Query } from '../../core/transport/types.js';
import { useStore } from './StoreProvider.js';

/** Options of {@link useInfiniteEntityRecords}. */
export interface UseInfiniteEntityRecordsOptions {
  /** Records per page (WordPress allows 1 to 100). @default 20 */
  perPage?: number;
  /** Read (and so request) the list. `false` gives no pages and no request. @default true */
  enabled?: boolean;
}

/**
 * What {@link useInfiniteEntityRecords} returns. Fields are getters over the page queries, so an
 * `observer` component re-renders only for what it read.
 */
export interface InfiniteEntityRecordsHandle<T extends object = PlainObject, E extends object = T> {
  /** The page queries asked for so far, first to last. */
  readonly pages: readonly EntityQuery<T, E>[];
  /** The server snapshots of every page that is there, in order (stops before the first page still loading). */
  readonly items: T[];
  /** The records of {@link items}, in the same order. */
  readonly records: EntityRecord<T, E>[];
  /** Every item of the list on the server (`X-WP-Total`); `null` until the first page answered. */
  readonly totalItems: number | null;
  /** The number of pages of this size; `null` until the first page answered. */
  readonly totalPages: number | null;
  /** A page after the last one asked for exists. `false` until the first page answered. */
  readonly hasNextPage: boolean;
  /** The first page has not answered yet. */
  readonly isLoading: boolean;
  /** A page after the first is being asked for. */
  readonly isFetchingNextPage: boolean;
  /** The error of the last page that failed, if any. */
  readonly error: Error | undefined;
  /**
   * Asks for the next page and resolves once it is there (at once when there is none or it is
   * already being asked for). A failure is {@link error}, never a rejection.
   */
  fetchNextPage(): Promise<void>;
}

/** How many pages of each list were asked for (by its first page's query). */
const openPages = new WeakMap<object, number>();

/**
 * One list of `(kind, name)` page after page, for an `observer` component:
 * `const { records, hasNextPage, fetchNextPage } = useInfiniteEntityRecords('postType', 'post', { status: 'publish' }, { perPage: 50 })`.
 * Each page is an ordinary query (`{ ...query, page, per_page }`), cached, shared and refreshed
 * like any other; `query` must not name `page` or `per_page`.
 */
export function useInfiniteEntityRecords<T extends object = PlainObject, E extends object = T>(
  kind: string,
  name: string,
  query: Query = {},
  options: UseInfiniteEntityRecordsOptions = {},
): InfiniteEntityRecordsHandle<T, E> {
  if (query.page !== undefined || query.per_page !== undefined) {
    throw new ArgumentError(
      'useInfiniteEntityRecords pages the list itself: leave page and per_page out of the query (perPage is an option).',
    );
  }
  const perPage = options.perPage ?? 20;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
    throw new ArgumentError(
      `useInfiniteEntityRecords perPage must be a whole number from 1 to 100; got ${String(perPage)}.`,
    );
  }
  const isEnabled = options.enabled ?? true;
  const store = useStore();
  const collection = store.collection<T, E>(kind, name);
  const first = collection.query({ ...query, page: 1, per_page: perPage });
  // The count lives beside the list, not in the component: shown again, it starts where it was.
  const pageCount = openPages.get(first) ?? 1;
  const [, rerender] = useState(0);
  const pages = useMemo(() => {
    const made: EntityQuery<T, E>[] = [first];
    for (let page = 2; page <= pageCount; page++)
      made.push(collection.query({ ...query, page, per_page: perPage }));
    return made;
    // `first` stands for the collection, the query and the page size.
  }, [first, pageCount]);
  const fetchNextPage = useCallback(async (): Promise<void> => {
    const last = pages[pages.length - 1] as EntityQuery<T, E>;
    const totalPages = first.totalPages;
    if (!last.hasResolved || last.isResolving || totalPages === null || pages.length >= totalPages) return;
    const next = collection.query({ ...query, page: pages.length + 1, per_page: perPage });
    openPages.set(first, pages.length + 1);
    rerender((n) => n + 1);
    await next.fetch().catch(() => undefined);
  }, [pages, first]);
  return useMemo(() => handleOf(pages, fetchNextPage, isEnabled), [pages, fetchNextPage, isEnabled]);
}

function handleOf<T extends object, E extends object>(
  pages: readonly EntityQuery<T, E>[],
  fetchNextPage: () => Promise<void>,
  isEnabled: boolean,
): InfiniteEntityRecordsHandle<T, E> {
  const first = pages[0] as EntityQuery<T, E>;
  const last = pages[pages.length - 1] as EntityQuery<T, E>;
  /** The pages that are there, up to the first one still loading (a page past the ids received reads as empty). */
  const shown = (): EntityQuery<T, E>[] => {
    if (!isEnabled) return [];
    const out: EntityQuery<T, E>[] = [];
    for (const page of pages) {
      const items = page.items;
      if (items === null || (items.length === 0 && !page.hasResolved)) break;
      out.push(page);
    }
    return out;
  };
  return {
    pages,
    get items() {
      return shown().flatMap((page) => page.items ?? []);
    },
    get records() {
      return shown().flatMap((page) => page.records ?? []);
    },
    get totalItems() {
      return isEnabled ? first.totalItems : null;
    },
    get totalPages() {
      return isEnabled ? first.totalPages : null;
    },
    get hasNextPage() {
      const total = isEnabled ? first.totalPages : null;
      return total !== null && pages.length < total;
    },
    get isLoading() {
      return isEnabled && !first.hasResolved;
    },
    get isFetchingNextPage() {
      return isEnabled && pages.length > 1 && last.isResolving;
    },
    get error() {
      if (!isEnabled) return undefined;
      for (const page of pages) if (page.error !== undefined) return page.error;
      return undefined;
    },
    fetchNextPage,
  };
}
