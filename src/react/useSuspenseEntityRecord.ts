/**
 * `useSuspenseEntityRecord`: one record for a component under a `<Suspense>` boundary, with no
 * loading state to handle.
 *
 * @module
 */
import { useMemo } from 'react';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { Id } from '../../models/ids.js';
import { hasOwn, type PlainObject } from '../../models/snapshot.js';
import { getQueryParts } from '../../models/QueryParts.js';
import { EntityConfigError } from '../../core/errors.js';
import type { Query } from '../../core/transport/types.js';
import type {
  RegisteredEdited,
  RegisteredKind,
  RegisteredName,
  RegisteredRecord,
} from '../../models/entityTypes.js';
import { useStore } from './StoreProvider.js';
import { recordHandle, type EntityRecordHandle } from './useEntityRecord.js';
import { useRecordRequest } from './useRecordRequest.js';
import { suspendUnlessThere, waitFor } from './suspendOn.js';

/** Options of {@link useSuspenseEntityRecord}. */
export interface UseSuspenseEntityRecordOptions {
  /** Extra query of the request (`{ context: 'view' }`, `_fields`, …); the record counts as there once that context holds it. @default {} */
  query?: Query;
}

/**
 * What {@link useSuspenseEntityRecord} returns: the handle of `useEntityRecord`, with the record
 * there (`persisted` and `edited` are set as the component first renders).
 */
export type SuspenseEntityRecordHandle<
  T extends object = PlainObject,
  E extends object = T,
> = EntityRecordHandle<T, E>;

/** Records whose request answered without a record (an entity that is never fetched). */
const unreadable = new WeakSet<object>();

/**
 * One record of `(kind, name)` for an `observer` component under `<Suspense>`:
 * `const { edited, edit, save } = useSuspenseEntityRecord('postType', 'post', 5)`.
 * The component suspends until the record is cached (siblings that suspend on other records start
 * their requests at the same time, each one once), and a failed request is thrown to the nearest
 * error boundary as its typed error (`RestError`, `EntityConfigError`). A record already cached
 * renders at once, with no request. After an error, `record.fetch()` asks again (call it where
 * the boundary is reset). Inside `startTransition`, React keeps the page shown until the next
 * record is there. Works with React 18.3 (a thrown promise) and 19 (`use`).
 */
export function useSuspenseEntityRecord<K extends RegisteredKind, N extends RegisteredName<K>>(
  kind: K,
  name: N,
  id?: Id,
  options?: UseSuspenseEntityRecordOptions,
): SuspenseEntityRecordHandle<RegisteredRecord<K, N>, RegisteredEdited<K, N>>;
/** One record of `(kind, name)` under `<Suspense>`, typed by `T` (as sent) and `E` (as edited); see the signature above. */
export function useSuspenseEntityRecord<T extends object = PlainObject, E extends object = T>(
  kind: string,
  name: string,
  id?: Id,
  options?: UseSuspenseEntityRecordOptions,
): SuspenseEntityRecordHandle<T, E>;
export function useSuspenseEntityRecord(
  kind: string,
  name: string,
  id?: Id,
  options: UseSuspenseEntityRecordOptions = {},
): SuspenseEntityRecordHandle<object> {
  const store = useStore();
  const record = store.record(kind, name, id);
  const query = options.query;
  let wait: (() => Promise<void>) | undefined;
  if (!isThere(record, query)) {
    if (unreadable.has(record)) {
      throw new EntityConfigError(kind, name, `(${kind}, ${name}) records are not fetched from the site.`);
    }
    const error = record.fetchError;
    // A request in flight may be a new try after the error: wait for it instead.
    if (error !== undefined && !record.isResolving) throw error;
    wait = () =>
      waitFor(record, query === undefined ? '' : JSON.stringify(query), async () => {
        if (isThere(record, query)) return;
        const loaded = await record.collection?.load(record.id, query);
        if (loaded === undefined) unreadable.add(record);
      });
  }
  suspendUnlessThere(wait);
  // No first request here (the record is there), only the sync room while mounted.
  useRecordRequest(store, record, false);
  return useMemo(() => recordHandle(record), [record]);
}

/** The record is cached in the query's context: complete, or with the query's `_fields`. */
function isThere<T extends object, E extends object>(
  record: EntityRecord<T, E>,
  query: Query | undefined,
): boolean {
  if (query === undefined) return record.isComplete;
  const parts = getQueryParts(query, record.config?.key ?? 'id');
  const data = record.inContext(parts.context) as object | undefined;
  if (data === undefined) return false;
  if (parts.fields === null) return record.isCompleteIn(parts.context);
  return parts.fields.every((field) => hasOwn(data, field.split('.')[0] as string));
}
