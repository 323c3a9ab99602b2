/**
 * `useSuspenseEntityRecords`: one page of a list for a component under a `<Suspense>` boundary.
 *
 * @module
 */
import { useMemo } from 'react';
import type { EntityQuery } from '../../models/EntityQuery.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { PlainObject } from '../../models/snapshot.js';
import type { Query } from '../../core/transport/types.js';
import type {
  RegisteredEdited,
  RegisteredKind,
  RegisteredName,
  RegisteredRecord,
} from '../../models/entityTypes.js';
import { useStore } from './StoreProvider.js';
import type { EntityRecordsHandle } from './useEntityRecords.js';
import { suspendUnlessThere, waitFor } from './suspendOn.js';

/**
 * What {@link useSuspenseEntityRecords} returns: the handle of `useEntityRecords` with the page
 * there. `items` and `records` are arrays while the page is known; a later invalidation refetches
 * in the background and keeps showing the cached page meanwhile.
 */
export interface SuspenseEntityRecordsHandle<
  T extends object = PlainObject,
  E extends object = T,
> extends EntityRecordsHandle<T, E> {
  /** The server snapshots of the page. */
  readonly items: T[];
  /** The records of the page, in order. */
  readonly records: EntityRecord<T, E>[];
}

function handleOf<T extends object, E extends object>(
  query: EntityQuery<T, E>,
): SuspenseEntityRecordsHandle<T, E> {
  // Once shown, a page only goes back to unknown when its records were removed: show none then
  // rather than suspend a component that already rendered.
  return {
    query,
    get items() {
      return query.items ?? [];
    },
    get records() {
      return query.records ?? [];
    },
    get totalItems() {
      return query.totalItems;
    },
    get totalPages() {
      return query.totalPages;
    },
    get isResolving() {
      return query.isResolving;
    },
    get hasResolved() {
      return query.hasResolved;
    },
    get error() {
      return query.error;
    },
  };
}

/**
 * One page of a list of `(kind, name)` for an `observer` component under `<Suspense>`:
 * `const { records, totalPages } = useSuspenseEntityRecords('postType', 'post', { page })`.
 * The component suspends until the page is cached and throws a failed request's `RestError` to
 * the nearest error boundary. With the page change inside `startTransition`, React keeps the
 * previous page shown while the next one loads. Identical lists on one screen share one request;
 * different ones start together. After an error, `query.fetch()` asks again.
 */
export function useSuspenseEntityRecords<K extends RegisteredKind, N extends RegisteredName<K>>(
  kind: K,
  name: N,
  query?: Query,
): SuspenseEntityRecordsHandle<RegisteredRecord<K, N>, RegisteredEdited<K, N>>;
/** One page of a list of `(kind, name)` under `<Suspense>`, typed by `T` (as sent) and `E` (as edited); see the signature above. */
export function useSuspenseEntityRecords<T extends object = PlainObject, E extends object = T>(
  kind: string,
  name: string,
  query?: Query,
): SuspenseEntityRecordsHandle<T, E>;
export function useSuspenseEntityRecords(
  kind: string,
  name: string,
  query: Query = {},
): SuspenseEntityRecordsHandle<object> {
  const store = useStore();
  const instance = store.collection(kind, name).query(query);
  let wait: (() => Promise<void>) | undefined;
  if (!isShown(instance)) {
    const error = instance.error;
    if (error !== undefined && !instance.isResolving) throw error;
    // The query's own fetch shares the request its observation may have started already.
    wait = () => waitFor(instance, '', () => instance.fetch());
  }
  suspendUnlessThere(wait);
  return useMemo(() => handleOf(instance), [instance]);
}

/**
 * The page can be shown: its records are cached, or a request answered it (an empty page). Pages
 * of one list share its ids, so a page past the ids received so far reads as empty until asked for.
 */
function isShown<T extends object, E extends object>(query: EntityQuery<T, E>): boolean {
  const items = query.items;
  if (items === null) return false;
  return items.length > 0 || (query.hasResolved && query.error === undefined);
}
