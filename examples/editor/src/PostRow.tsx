import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { formatDate, plainText } from './format.js';
import { hrefOf } from './router.js';
import { STATUS_LABELS, type EditablePostType, type EditorPost, type ViewPost } from './types.js';

/**
 * One row of a post list. It shows the post as listed (view context) or, once the post has local
 * edits, as edited: typing in the editor re-renders this row alone.
 */
export const PostRow = observer(function PostRow({
  record,
  type,
}: {
  record: EntityRecord<EditorPost>;
  type: EditablePostType;
}) {
  const store = useStore();
  const listed = record.inContext('view') as ViewPost | undefined;
  const edited = record.hasEdits ? record.edited : undefined;
  const post = edited ?? listed;
  if (!post) return null;
  const title = edited ? edited.title : plainText(listed?.title);
  const author = store.users.byId(post.author);
  return (
    <tr data-id={record.id} className={record.isDirty ? 'is-dirty' : undefined}>
      <td className="col-title">
        <a href={hrefOf({ screen: 'edit', type, id: post.id })}>
          {title.trim() === '' ? '(no title)' : title}
        </a>
        {record.isDirty ? (
          <span className="dirty-dot" title="Unsaved changes" aria-label="Unsaved changes">
            ●
          </span>
        ) : null}
      </td>
      <td>{author?.name ?? `User ${post.author}`}</td>
      <td>{STATUS_LABELS[post.status] ?? post.status}</td>
      <td>{formatDate(post.date)}</td>
    </tr>
  );
});
