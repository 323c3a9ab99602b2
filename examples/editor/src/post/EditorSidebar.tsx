import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { formatDate } from '../ui/format.js';
import { PostPreview } from './PostPreview.js';
import { RevisionsList } from './RevisionsList.js';
import { STATUS_LABELS, type EditorPost } from '../app/types.js';
import { useEditedField, useHasEditedPost } from './fields/useEditedField.js';

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
  // Field by field: typing in the post does not re-render the settings.
  const status = useEditedField(record, 'status');
  const author = useEditedField(record, 'author');
  const modified = useEditedField(record, 'modified');
  const hasPost = useHasEditedPost(record);
  if (!hasPost) return null;
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
          value={status === 'auto-draft' ? 'draft' : status}
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
      {author !== undefined ? (
        <p className="muted">Author: {store.users.byId(author)?.name ?? `User ${author}`}</p>
      ) : null}
      <p className="muted">{isSaved ? `Last saved: ${formatDate(modified)}` : 'Not saved yet'}</p>
      {isSaved ? (
        <p>
          <PostPreview record={record} />
        </p>
      ) : null}
      {isSaved ? <RevisionsList record={record} /> : null}
    </aside>
  );
});
