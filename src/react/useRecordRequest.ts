/**
 * `useRecordRequest`: what every hook that shows one record needs besides reading it: the record's
 * first request, and its sync room while the component is mounted. Shared by `useEntityRecord` and
 * `useEntityProp`, which read the record differently.
 *
 * @module
 */
import { untracked } from 'mobx';
import { useEffect } from 'react';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { Query } from '../../core/transport/types.js';
import type { RootStore } from '../../stores/RootStore.js';

/** Records whose first request is already queued for the coming microtask. */
const queued = new WeakSet<EntityRecord<object, object>>();

/**
 * Requests `record` on the next microtask unless it resolved, failed or is being requested: asked
 * from the render itself, like a list's first read, so the request is under way as soon as the
 * render's task ends. Waiting for a passive effect cost React 19 two more tasks before the answer
 * could show (it runs passive effects in a task of their own). A render React throws away can only
 * warm the cache for the one it keeps.
 */
function requestSoon<T extends object, E extends object>(record: EntityRecord<T, E>, query?: Query): void {
  const target = record as unknown as EntityRecord<object, object>;
  if (queued.has(target) || isRequestedOrDone(record)) return;
  queued.add(target);
  queueMicrotask(() => {
    queued.delete(target);
    if (isRequestedOrDone(record)) return;
    // A failure is stored as record.fetchError, which the component reads; nothing to throw here.
    record.collection?.load(record.id, query).catch(() => undefined);
  });
}

/** Asks for `record` again on the next microtask (a failure is its `fetchError`). */
function refetchSoon<T extends object, E extends object>(record: EntityRecord<T, E>): void {
  queueMicrotask(() => void record.collection?.fetch(record.id).catch(() => undefined));
}

/** Whether `record` resolved, failed, or has a request in flight; read without subscribing the caller. */
function isRequestedOrDone(record: EntityRecord<object, object>): boolean {
  return untracked(() => record.hasResolved || record.isResolving);
}

/**
 * Starts `record`'s first request when `isEnabled` and it is not cached (once: concurrent readers
 * share it, and a record that resolved or failed is not asked for again), with `query` as the
 * request's extra query; with sync on, keeps the record's room open while the component is mounted.
 */
export function useRecordRequest<T extends object, E extends object>(
  store: RootStore,
  record: EntityRecord<T, E>,
  isEnabled: boolean,
  query?: Query,
): void {
  if (isEnabled) {
    // Invalidated while nobody showed it: asked for again now that something does.
    if (store.freshness.takeInvalidated(record)) refetchSoon(record);
    else requestSoon(record, query);
  }
  // A synced record's room is open while a component shows it; the last one leaves after gcTimeMs.
  const sync = store.sync;
  useEffect(() => sync?.retain(record as EntityRecord<object>), [sync, record]);
}
