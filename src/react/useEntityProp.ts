/**
 * `useEntityProp`: one field of one record, as a value and a setter.
 *
 * @module
 */
import { computed } from 'mobx';
import { useCallback, useMemo } from 'react';
import type { EditInput } from '../../models/EntityRecord.js';
import type { Id } from '../../models/ids.js';
import type { PlainObject } from '../../models/snapshot.js';
import type {
  RegisteredEdited,
  RegisteredKind,
  RegisteredName,
  RegisteredRecord,
} from '../../models/entityTypes.js';
import { useStore } from './StoreProvider.js';
import { useRecordRequest } from './useRecordRequest.js';

/** The edited value of field `K`: its type in the edited shape `E`, or `unknown` when `E` has no such field. */
export type EditedField<E extends object, K extends string> = K extends keyof E ? E[K] : unknown;

/**
 * One field of a record for an `observer` component, like React's `useState`:
 * `const [title, setTitle, fullTitle] = useEntityProp('postType', 'post', 'title', 5)`.
 * `value` is the edited value (the raw text of a raw attribute, with the local edit over it),
 * `setValue` edits the record, `fullValue` is the field as the server sent it (`{ raw, rendered }`).
 * The component re-renders when this field changes, not when another field of the record does.
 * Singleton entities take no id. Requests the record once when it is not cached. `T` types the
 * record as the server sends it (`fullValue`), `E` as it is edited (`value`, `setValue`).
 */
export function useEntityProp<
  Kind extends RegisteredKind,
  Name extends RegisteredName<Kind>,
  F extends keyof RegisteredRecord<Kind, Name> & string,
>(
  kind: Kind,
  name: Name,
  field: F,
  id?: Id,
): [
  value: EditedField<RegisteredEdited<Kind, Name>, F> | undefined,
  setValue: (value: EditedField<RegisteredEdited<Kind, Name>, F>) => void,
  fullValue: RegisteredRecord<Kind, Name>[F] | undefined,
];
/** One field `K` of a record of `(kind, name)`, typed by `T` (as sent) and `E` (as edited); see the signature above. */
export function useEntityProp<
  T extends object = PlainObject,
  K extends keyof T & string = keyof T & string,
  E extends object = T,
>(
  kind: string,
  name: string,
  field: K,
  id?: Id,
): [
  value: EditedField<E, K> | undefined,
  setValue: (value: EditedField<E, K>) => void,
  fullValue: T[K] | undefined,
];
export function useEntityProp<T extends object, K extends keyof T & string, E extends object>(
  kind: string,
  name: string,
  field: K,
  id?: Id,
): [
  value: EditedField<E, K> | undefined,
  setValue: (value: EditedField<E, K>) => void,
  fullValue: T[K] | undefined,
] {
  const store = useStore();
  const record = store.record<T, E>(kind, name, id);
  useRecordRequest(store, record, true);
  const views = useMemo(
    () => ({
      value: computed(() => (record.edited as Partial<Record<K, EditedField<E, K>>> | undefined)?.[field]),
      fullValue: computed(() => record.persisted?.[field]),
    }),
    [record, field],
  );
  const setValue = useCallback(
    (value: EditedField<E, K>) => record.edit({ [field]: value } as unknown as EditInput<E>),
    [record, field],
  );
  return [views.value.get(), setValue, views.fullValue.get()];
}
