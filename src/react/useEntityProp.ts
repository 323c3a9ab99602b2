/**
 * `useEntityProp`: one field of one record, as a value and a setter.
 *
 * @module
 */
import { computed } from 'mobx';
import { useCallback, useMemo } from 'react';
import type { Id } from '../../models/ids.js';
import type { PlainObject } from '../../models/snapshot.js';
import { useEntityRecord } from './useEntityRecord.js';

/**
 * One field of a record for an `observer` component, like React's `useState`:
 * `const [title, setTitle, fullTitle] = useEntityProp('postType', 'post', 'title', 5)`.
 * `value` is the edited value (the raw text of a raw attribute, with the local edit over it),
 * `setValue` edits the record, `fullValue` is the field as the server sent it (`{ raw, rendered }`).
 * The component re-renders when this field changes, not when another field of the record does.
 * Singleton entities take no id. Requests the record once when it is not cached.
 */
export function useEntityProp<T extends object = PlainObject, K extends keyof T & string = keyof T & string>(
  kind: string,
  name: string,
  field: K,
  id?: Id,
): [value: T[K] | undefined, setValue: (value: T[K]) => void, fullValue: T[K] | undefined] {
  const { record } = useEntityRecord<T>(kind, name, id);
  const views = useMemo(
    () => ({
      value: computed(() => record.edited?.[field]),
      fullValue: computed(() => record.persisted?.[field]),
    }),
    [record, field],
  );
  const setValue = useCallback(
    (value: T[K]) => record.edit({ [field]: value } as unknown as Partial<T>),
    [record, field],
  );
  return [views.value.get(), setValue, views.fullValue.get()];
}
