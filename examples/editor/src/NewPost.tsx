import { useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { BackLink } from './PostEditor.js';
import { PostForm } from './PostForm.js';
import { navigate, replaceRoute } from './router.js';
import type { EditablePostType, EditorPost } from './types.js';

/**
 * A new post or page, made with `collection.create()`: nothing is sent until the first save, which
 * POSTs it (WordPress makes it a draft unless a status is chosen), and an untouched new post is not a
 * change (no empty drafts, no "unsaved changes" prompt). Once saved, the address becomes the post's.
 * A new post the journal brought back after a reload ({@link openRestoredDraft}) is edited here too.
 */
export const NewPost = observer(function NewPost({ type }: { type: EditablePostType }) {
  const store = useStore();
  const [record] = useState(
    () => takeRestoredDraft(type) ?? store.collection<EditorPost>('postType', type).create({}),
  );
  return (
    <PostForm
      record={record}
      type={type}
      back={<BackLink type={type} />}
      onSaved={() => {
        if (typeof record.id === 'number') replaceRoute({ screen: 'edit', type, id: record.id });
      }}
    />
  );
});

/** New posts restored from the journal, waiting for the new-post screen of their type. */
const restoredDrafts: EntityRecord<object>[] = [];

/** Opens the new-post screen on a record `restoreJournal()` made again (it was never saved). */
export function openRestoredDraft(record: EntityRecord<object>): void {
  restoredDrafts.push(record);
  navigate({ screen: 'new', type: record.name as EditablePostType });
}

function takeRestoredDraft(type: EditablePostType): EntityRecord<EditorPost> | undefined {
  const index = restoredDrafts.findIndex((record) => record.name === type && record.id === undefined);
  if (index < 0) return undefined;
  return restoredDrafts.splice(index, 1)[0] as unknown as EntityRecord<EditorPost>;
}
