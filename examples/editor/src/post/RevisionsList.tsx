import { useEffect, useRef, useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { typingUndoOf } from '../text/typingUndo.js';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { formatDate, textOf } from '../ui/format.js';
import { RevisionCompare, type RevisionSide } from './RevisionCompare.js';
import type { EditorPost } from '../app/types.js';

/** The query of the revisions panel. */
const REVISIONS_QUERY = { per_page: 5 } as const;

/** A revision as listed (edit context: raw fields). */
interface ListedRevision {
  id: number;
  date?: string;
  author?: number;
  title?: unknown;
  excerpt?: unknown;
  content?: unknown;
}

function sideOf(revision: ListedRevision): RevisionSide {
  // The list is read in the post's edit context, so these are the raw block markup, not rendered text.
  return {
    title: textOf(revision.title),
    excerpt: textOf(revision.excerpt),
    content: textOf(revision.content),
  };
}

/**
 * The last revisions of a post, each labelled with its date and author. "Compare" shows it beside
 * what is in the editor; restoring copies its raw title, excerpt and content in as one undoable edit.
 */
export const RevisionsList = observer(function RevisionsList({
  record,
}: {
  record: EntityRecord<EditorPost>;
}) {
  const store = useStore();
  const [comparing, setComparing] = useState<ListedRevision>();
  const revisions = record.revisions(REVISIONS_QUERY);
  // Every save makes a revision, whoever saved: this window, or another whose save this window's
  // copy of the post was refetched after (its saved version moved). The list follows that version.
  const savedVersion = record.persisted?.modified_gmt;
  const listedVersion = useRef(savedVersion);
  useEffect(() => {
    if (savedVersion === listedVersion.current) return;
    listedVersion.current = savedVersion;
    revisions.invalidate();
  }, [savedVersion, revisions]);
  const items = revisions.items as ListedRevision[] | null;
  const labelOf = (revision: ListedRevision) =>
    `${formatDate(revision.date)} by ${store.users.byId(revision.author ?? 0)?.name ?? `user ${revision.author ?? '?'}`}`;
  // Read only while comparing: the editor's typing does not re-render the list.
  const post = comparing ? record.edited : undefined;
  return (
    <section className="revisions" aria-labelledby="revisions-heading">
      <h2 id="revisions-heading" className="panel-heading">
        Revisions{' '}
        {revisions.totalItems !== null ? <span className="muted">({revisions.totalItems})</span> : null}
      </h2>
      {revisions.error ? <ErrorNotice error={revisions.error} /> : null}
      {items === null ? (
        <p className="muted">{revisions.error ? '' : 'Loading…'}</p>
      ) : items.length === 0 ? (
        <p className="muted">No revisions yet.</p>
      ) : (
        <ul>
          {items.map((revision) => (
            <li key={String(revision.id)} data-testid="revision">
              <span>{labelOf(revision)}</span>
              <button
                type="button"
                className="small"
                aria-label={`Compare the revision of ${labelOf(revision)}`}
                onClick={() => setComparing(revision)}
              >
                Compare
              </button>
            </li>
          ))}
        </ul>
      )}
      {comparing && post ? (
        <RevisionCompare
          label={labelOf(comparing)}
          revision={sideOf(comparing)}
          current={{ title: post.title, excerpt: post.excerpt, content: post.content }}
          onClose={() => setComparing(undefined)}
          onRestore={() => {
            typingUndoOf(store).closeStep();
            record.edit({ ...sideOf(comparing) });
            setComparing(undefined);
          }}
        />
      ) : null}
    </section>
  );
});
