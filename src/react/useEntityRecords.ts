/**
 * `useEntityRecords`: one page of a list of an entity, with its totals and states.
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

/**
 * What {@link useEntityRecords} returns. Every field is a getter over the query's observables, so
 * an `observer` component re-renders only for what it read. `T` types the server snapshots (`items`),
 * `E` the records' edited shape.
 */
export interface EntityRecordsHandle<T extends object = PlainObject, E extends object = T> {
  /** The query object (one per context, stable key, page and per_page). */
  readonly query: EntityQuery<T, E>;
  /** The server snapshots of the page; `null` until the list is known. Reading it starts the request once. */
  readonly items: T[] | null;
  /** The records of the page, in order; `null` exactly when `items` is. Rows read their edits from them. */
  readonly records: EntityRecord<T, E>[] | null;
  /** Every item of the list on the server (`X-WP-Total`); `null` when unknown. */
  readonly totalItems: number | null;
  /** The number of pages; `null` when unknown. */
  readonly totalPages: number | null;
  /** A request is in flight. */
  readonly isResolving: boolean;
  /** A request finished at least once. */
  readonly hasResolved: boolean;
  /** The error of the last failed request. */
  readonly error: Error | undefined;
}

/** Options of {@link useEntityRecords}. */
export interface UseEntityRecordsOptions {
  /** Read (and so request) the list. `false` gives `null` lists and no request, as before a condition holds. @default true */
  enabled?: boolean;
}

function handleOf<T extends object, E extends object>(
  query: EntityQuery<T, E>,
  isEnabled: boolean,
): EntityRecordsHandle<T, E> {
  // A disabled handle never reads the query: reading its items is what starts the request.
  return {
    query,
    get items() {
      return isEnabled ? query.items : null;
    },
    get records() {
      return isEnabled ? query.records : null;
    },
    get totalItems() {
      return isEnabled ? query.totalItems : null;
    },
    get totalPages() {
      return isEnabled ? query.totalPages : null;
    },
    get isResolving() {
      return isEnabled && query.isResolving;
    },
    get hasResolved() {
      return isEnabled && query.hasResolved;
    },
    get error() {
      return isEnabled ? query.error : undefined;
    },
  };
}

/**
 * One page of a list of `(kind, name)` for an `observer` component:
 * `const { records, totalPages } = useEntityRecords('postType', 'post', { status: 'draft', page: 2 })`.
 * Reading `items`, `records` or the totals requests the list once, and again after a save or
 * delete invalidated it; a failure shows up as `error`, never as a throw.
 */
export function useEntityRecords<K extends RegisteredKind, N extends RegisteredName<K>>(
  kind: K,
  name: N,
  query?: Query,
  options?: UseEntityRecordsOptions,
): EntityRecordsHandle<RegisteredRecord<K, N>, RegisteredEdited<K, N>>;
/** One page of a list of `(kind, name)`, typed by `T` (as sent) and `E` (as edited); see the signature above. */
export function useEntityRecords<T extends object = PlainObject, E extends object = T>(
  kind: string,
  name: string,
  query?: Query,
  options?: UseEntityRecordsOptions,
): EntityRecordsHandle<T, E>;
export function useEntityRecords(
  kind: string,
  name: string,
  query: Query = {},
  options: UseEntityRecordsOptions = {},
): EntityRecordsHandle<object> {
  const store = useStore();
  // The collection hands out one query object per key, so a new literal on every render is fine.
  const instance = store.collection(kind, name).query(query);
  const isEnabled = options.enabled ?? true;
  return useMemo(() => handleOf(instance, isEnabled), [instance, isEnabled]);
}
