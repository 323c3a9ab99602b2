import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { TrashActions } from './TrashActions.js';
import { formatDate, plainText } from '../ui/format.js';
import { hrefOf } from '../app/router.js';
import { STATUS_LABELS, type EditablePostType, type EditorPost, type ViewPost } from '../app/types.js';

/**
 * One row of a post list. It shows the post as listed (view context) or, once the post has local
 * edits, as edited: typing in the editor re-renders this row alone. Long titles are cut with an
 * ellipsis (the full title is its tooltip).
 */
export const PostRow = observer(function PostRow({
  record,
  type,
  isTrash,
}: {
  record: EntityRecord<EditorPost>;
  type: EditablePostType;
  isTrash: boolean;
}) {
  const store = useStore();
  const listed = record.inContext('view') as ViewPost | undefined;
  const edited = record.hasEdits ? record.edited : undefined;
  const post = edited ?? listed;
  if (!post) return null;
  const raw = edited ? edited.title : plainText(listed?.title);
  const title = raw.trim() === '' ? '(no title)' : raw;
  const author = store.users.byId(post.author);
  return (
    <tr data-id={record.id} className={record.isDirty ? 'is-dirty' : undefined}>
      <td className="col-title">
        <span className="title-cell">
          {isTrash ? (
            <span className="truncate" title={title}>
              {title}
            </span>
          ) : (
            <a className="truncate" title={title} href={hrefOf({ screen: 'edit', type, id: post.id })}>
              {title}
            </a>
          )}
          {record.isDirty ? (
            <span className="dirty-dot" title="Unsaved changes" aria-label="Unsaved changes">
              ●
            </span>
          ) : null}
        </span>
      </td>
      <td>{author?.name ?? `User ${post.author}`}</td>
      <td>{isTrash ? 'Trash' : (STATUS_LABELS[post.status] ?? post.status)}</td>
      <td>{isTrash ? <TrashActions record={record} title={title} /> : formatDate(post.date)}</td>
    </tr>
  );
});
