import { useEffect, useRef, useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { navigate } from '../app/router.js';
import type { EditablePostType, EditorPost } from '../app/types.js';

/** A post in the trash: said so plainly, with Restore (back to draft, as WordPress does) and Delete permanently. */
export const TrashedPost = observer(function TrashedPost({
  record,
  type,
  label,
}: {
  record: EntityRecord<EditorPost>;
  type: EditablePostType;
  label: string;
}) {
  const store = useStore();
  const [error, setError] = useState<unknown>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const restore = async () => {
    setError(undefined);
    const saved = await store
      .collection<EditorPost>(record.kind, record.name)
      .saveRecord({ id: record.id, status: 'draft' } as Partial<EditorPost>, {
        throwOnError: false,
      });
    if (saved === undefined) setError(record.saveError);
  };
  const deleteForGood = async () => {
    if (!window.confirm(`Delete “${record.title}” permanently? This cannot be undone.`)) return;
    const answer = await record.delete({ force: true });
    if (answer !== undefined) navigate({ screen: 'list', type, status: 'trash' });
  };
  return (
    <div className="trashed" data-testid="trashed-post">
      <h1 className="post-heading" tabIndex={-1} ref={heading}>
        {record.title.trim() === '' ? '(no title)' : record.title}
      </h1>
      <p className="notice notice-warning">
        This {label} is in the trash. Restore it to edit it again; it comes back as a draft.
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => void restore()} disabled={record.isSaving}>
          {record.isSaving ? 'Restoring…' : 'Restore'}
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => void deleteForGood()}
          disabled={record.isDeleting}
        >
          Delete permanently
        </button>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {record.deleteError ? <ErrorNotice error={record.deleteError} /> : null}
    </div>
  );
});
