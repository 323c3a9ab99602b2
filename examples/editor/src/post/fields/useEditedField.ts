/**
 * One field of the edited post, for `observer` components: the component re-renders when that
 * field's value changes, not on every edit of the post (`record.edited` is a new object per edit,
 * so a component reading it re-renders on each keystroke in any field).
 *
 * @module
 */
import { computed } from 'mobx';
import { useMemo } from 'react';
import type { EntityRecord } from 'wp-entities';
import { editedPost, type EditorPost } from '../../app/types.js';

/** The value of `field` in `record`'s edited post (`undefined` while it is not loaded). */
export function useEditedField<K extends keyof EditorPost>(
  record: EntityRecord<EditorPost>,
  field: K,
): EditorPost[K] | undefined {
  // A computed tells its observers only when its value changes.
  const view = useMemo(() => computed(() => editedPost(record)?.[field]), [record, field]);
  return view.get();
}

/** Whether `record`'s edited post is there to show (a new post always is; a saved one once loaded). */
export function useHasEditedPost(record: EntityRecord<EditorPost>): boolean {
  const view = useMemo(() => computed(() => editedPost(record) !== undefined), [record]);
  return view.get();
}
