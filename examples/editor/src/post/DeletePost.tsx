import { useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { navigate } from '../app/router.js';
import type { EditablePostType, EditorPost } from '../app/types.js';

/** "Move to trash" with a confirmation step. Rendered only for people allowed to delete the post. */
export const DeletePost = observer(function DeletePost({
  record,
  type,
}: {
  record: EntityRecord<EditorPost>;
  type: EditablePostType;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const remove = async () => {
    const answer = await record.delete();
    if (answer !== undefined) navigate({ screen: 'list', type });
    else setConfirming(false);
  };
  return (
    <span className="delete-post">
      {isConfirming ? (
        <span className="confirm" role="alertdialog" aria-label="Confirm deletion">
          Move “{record.title}” to the trash?{' '}
          <button type="button" className="danger" onClick={() => void remove()} disabled={record.isDeleting}>
            {record.isDeleting ? 'Deleting…' : 'Yes, move to trash'}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </span>
      ) : (
        <button type="button" className="danger-link" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {record.deleteError ? <ErrorNotice error={record.deleteError} /> : null}
    </span>
  );
});
