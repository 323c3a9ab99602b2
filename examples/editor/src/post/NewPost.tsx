import { useState } from 'react';
import { observer, useStore } from 'wp-entities/react';
import { BackLink } from './PostEditor.js';
import { PostForm } from './PostForm.js';
import { replaceRoute } from '../app/router.js';
import type { EditablePostType, EditorPost } from '../app/types.js';

/**
 * A new post or page, made with `collection.create()`: nothing is sent until the first save, which
 * POSTs it (WordPress makes it a draft unless a status is chosen), and an untouched new post is not a
 * change (no empty drafts, no "unsaved changes" prompt). Once saved, the address becomes the post's.
 */
export const NewPost = observer(function NewPost({ type }: { type: EditablePostType }) {
  const store = useStore();
  const [record] = useState(() => store.collection<EditorPost>('postType', type).create({}));
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
