import { useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { describeError } from '../ui/describeError.js';
import type { EditorPost } from '../app/types.js';

/** Restore (back to draft, as WordPress does) and Delete permanently, for a row of the trash. */
export const TrashActions = observer(function TrashActions({
  record,
  title,
}: {
  record: EntityRecord<EditorPost>;
  title: string;
}) {
  const store = useStore();
  const [error, setError] = useState<string>();
  const restore = async () => {
    setError(undefined);
    const saved = await store.collection<EditorPost>(record.kind, record.name).saveRecord({
      id: record.id,
      status: 'draft',
    } as Partial<EditorPost>);
    if (saved === undefined) setError(record.saveError ? describeError(record.saveError) : 'Not restored.');
  };
  const deleteForGood = async () => {
    if (!window.confirm(`Delete “${title}” permanently? This cannot be undone.`)) return;
    setError(undefined);
    const answer = await record.delete({ force: true });
    if (answer === undefined)
      setError(record.deleteError ? describeError(record.deleteError) : 'Not deleted.');
  };
  return (
    <span className="row-actions">
      <button
        type="button"
        className="small"
        onClick={() => void restore()}
        aria-label={`Restore “${title}”`}
      >
        Restore
      </button>
      <button
        type="button"
        className="small danger"
        onClick={() => void deleteForGood()}
        disabled={record.isDeleting}
        aria-label={`Delete “${title}” permanently`}
      >
        Delete permanently
      </button>
      {error ? (
        <span className="item-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
});
