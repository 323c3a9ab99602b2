/**
 * `useEntityRecord`: one record of an entity, its edits and states, for `observer` components.
 *
 * @module
 */
import { useMemo } from 'react';
import type { EditInput, EntityRecord, RecordStatus } from '../../models/EntityRecord.js';
import type { Id } from '../../models/ids.js';
import type { PlainObject } from '../../models/snapshot.js';
import type { Query } from '../../core/transport/types.js';
import type {
  RegisteredEdited,
  RegisteredKind,
  RegisteredName,
  RegisteredRecord,
} from '../../models/entityTypes.js';
import { useStore } from './StoreProvider.js';
import { useRecordRequest } from './useRecordRequest.js';

/** Options of {@link useEntityRecord}. */
export interface UseEntityRecordOptions {
  /** Request the record when it is not cached yet. `false` only reads what is there. @default true */
  enabled?: boolean;
  /** Extra query of the first request (`{ context: 'view' }`, `_fields`, …). @default {} */
  query?: Query;
}

/**
 * What {@link useEntityRecord} returns. Every field is a getter over the record's observables:
 * an `observer` component re-renders only when a field it actually read changes. `T` is the record
 * as the server sends it, `E` as it is edited (raw attributes as plain values).
 */
export interface EntityRecordHandle<
  T extends object = PlainObject,
  E extends object = T,
> extends RecordStatus {
  /** The record itself (the same object for the component's whole life). */
  readonly record: EntityRecord<T, E>;
  /** The cached server record; `undefined` until received. */
  readonly persisted: T | undefined;
  /** The record as the user sees it: raw values with the local edits over them. */
  readonly edited: E | undefined;
  /** The local edits. */
  readonly edits: Partial<E>;
  /** The record has unsaved (non-transient) edits. */
  readonly hasEdits: boolean;
  /** The record has unsaved edits or a save is in flight. */
  readonly isDirty: boolean;
  /** `record.edit(edits, opts)`: a local edit with an undo step (none with `undoIgnore`; `isCached` joins the step being typed). */
  edit(edits: EditInput<E>, opts?: { undoIgnore?: boolean; isCached?: boolean }): void;
  /**
   * `record.save(opts)`: sends the edits and resolves to the saved record. Like WordPress's hook it
   * rejects on failure (the error is also kept as `saveError`, and the edits stay); pass
   * `{ throwOnError: false }` to resolve `undefined` instead.
   */
  save(opts?: { throwOnError?: boolean }): Promise<T | undefined>;
}

/** @internal The handle of `record`, shared with `useSuspenseEntityRecord`. */
export function recordHandle<T extends object, E extends object>(
  record: EntityRecord<T, E>,
): EntityRecordHandle<T, E> {
  return {
    record,
    get persisted() {
      return record.persisted;
    },
    get edited() {
      return record.edited;
    },
    get edits() {
      return record.edits;
    },
    get hasEdits() {
      return record.hasEdits;
    },
    get isDirty() {
      return record.isDirty;
    },
    get isResolving() {
      return record.isResolving;
    },
    get hasResolved() {
      return record.hasResolved;
    },
    get fetchError() {
      return record.fetchError;
    },
    get isSaving() {
      return record.isSaving;
    },
    get isAutosaving() {
      return record.isAutosaving;
    },
    get isDeleting() {
      return record.isDeleting;
    },
    get saveError() {
      return record.saveError;
    },
    get deleteError() {
      return record.deleteError;
    },
    edit: (edits, opts) => record.edit(edits, opts),
    save: (opts) => record.save({ throwOnError: true, ...opts }),
  };
}

/**
 * One record of `(kind, name)` for an `observer` component (with sync on, it also joins the
 * record's room while mounted):
 * `const { edited, edit, isDirty, save } = useEntityRecord('postType', 'post', 5)`.
 * A singleton entity (`root/site`, `root/base`) takes no id. The first component that reads a
 * record which is not cached starts its request (once: concurrent readers share it, and a record
 * that already resolved, or failed, is not asked for again; `record.fetch()` asks again).
 */
export function useEntityRecord<K extends RegisteredKind, N extends RegisteredName<K>>(
  kind: K,
  name: N,
  id?: Id,
  options?: UseEntityRecordOptions,
): EntityRecordHandle<RegisteredRecord<K, N>, RegisteredEdited<K, N>>;
/** One record of `(kind, name)`, typed by `T` (as sent) and `E` (as edited); see the signature above. */
export function useEntityRecord<T extends object = PlainObject, E extends object = T>(
  kind: string,
  name: string,
  id?: Id,
  options?: UseEntityRecordOptions,
): EntityRecordHandle<T, E>;
export function useEntityRecord(
  kind: string,
  name: string,
  id?: Id,
  options: UseEntityRecordOptions = {},
): EntityRecordHandle<object> {
  const store = useStore();
  const record = store.record(kind, name, id);
  const handle = useMemo(() => recordHandle(record), [record]);
  useRecordRequest(store, record, options.enabled ?? true, options.query);
  return handle;
}
