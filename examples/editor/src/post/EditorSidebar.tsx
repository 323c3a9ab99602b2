import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { formatDate } from '../ui/format.js';
import { PostPreview } from './PostPreview.js';
import { RevisionsList } from './RevisionsList.js';
import { editedPost, STATUS_LABELS, type EditorPost } from '../app/types.js';

/** The post's settings beside the editor: status, author, last saved, view on site, revisions. */
export const EditorSidebar = observer(function EditorSidebar({
  record,
  isReadOnly,
  onBeforeEdit,
}: {
  record: EntityRecord<EditorPost>;
  isReadOnly: boolean;
  /** Closes the typing step before another kind of edit. */
  onBeforeEdit(): void;
}) {
  const store = useStore();
  const post = editedPost(record);
  if (!post) return null;
  const isSaved = record.id !== undefined;
  return (
    <aside className="editor-side" aria-labelledby="post-settings-heading">
      <h2 id="post-settings-heading" className="panel-heading">
        Settings
      </h2>
      <label>
        Status
        <select
          aria-label="Post status"
          value={post.status === 'auto-draft' ? 'draft' : post.status}
          disabled={isReadOnly}
          onChange={(event) => {
            onBeforeEdit();
            record.edit({ status: event.target.value });
          }}
        >
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {post.author !== undefined ? (
        <p className="muted">Author: {store.users.byId(post.author)?.name ?? `User ${post.author}`}</p>
      ) : null}
      <p className="muted">{isSaved ? `Last saved: ${formatDate(post.modified)}` : 'Not saved yet'}</p>
      {isSaved ? (
        <p>
          <PostPreview record={record} />
        </p>
      ) : null}
      {isSaved ? <RevisionsList record={record} /> : null}
    </aside>
  );
});
