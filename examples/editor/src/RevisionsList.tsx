import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { ErrorNotice } from './ErrorNotice.js';
import { formatDate, textOf } from './format.js';
import type { EditorPost } from './types.js';

/** The query of the revisions panel; the editor invalidates it after a save. */
export const REVISIONS_QUERY = { per_page: 5 } as const;

/** The last revisions of a post; "Restore" copies one into the editor as edits (undoable). */
export const RevisionsList = observer(function RevisionsList({
  record,
}: {
  record: EntityRecord<EditorPost>;
}) {
  const store = useStore();
  const revisions = record.revisions(REVISIONS_QUERY);
  const items = revisions.items;
  return (
    <section className="revisions" aria-label="Revisions">
      <h3>
        Revisions{' '}
        {revisions.totalItems !== null ? <span className="muted">({revisions.totalItems})</span> : null}
      </h3>
      {revisions.error ? <ErrorNotice error={revisions.error} /> : null}
      {items === null ? (
        <p className="muted">{revisions.error ? '' : 'Loading…'}</p>
      ) : items.length === 0 ? (
        <p className="muted">No revisions yet.</p>
      ) : (
        <ul>
          {items.map((revision) => (
            <li key={String(revision.id)}>
              <span>
                {formatDate(revision.date)} ·{' '}
                {store.users.byId(revision.author ?? 0)?.name ?? `User ${revision.author ?? '?'}`}
              </span>
              <button
                type="button"
                className="small"
                onClick={() => {
                  store.history.createUndoLevel();
                  record.edit({
                    title: textOf(revision.title),
                    excerpt: textOf(revision.excerpt),
                    content: textOf(revision.content),
                  });
                }}
              >
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
