import { useEffect } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { formatDate, plainText } from '../ui/format.js';
import type { EditorPost, ViewPost } from '../app/types.js';

/**
 * A post the user may read but not edit (WordPress refuses its edit context): shown as published,
 * without Save or Delete.
 */
export const ReadOnlyPost = observer(function ReadOnlyPost({
  record,
  label,
}: {
  record: EntityRecord<EditorPost>;
  label: string;
}) {
  const store = useStore();
  const post = record.inContext('view') as ViewPost | undefined;
  useEffect(() => {
    if (!record.inContext('view'))
      record.collection?.load(record.id, { context: 'view' }).catch(() => undefined);
  }, [record]);
  if (!post)
    return record.fetchError ? (
      <ErrorNotice error={record.fetchError} />
    ) : (
      <p className="loading">Loading…</p>
    );
  return (
    <div className="read-only" data-testid="read-only-post">
      <p className="notice notice-info">You can read this {label} but not edit it.</p>
      <h1 className="read-only-title">{plainText(post.title) || '(no title)'}</h1>
      <p className="muted">
        By {store.users.byId(post.author)?.name ?? `user ${post.author}`} · {formatDate(post.date)}
      </p>
      <div className="read-only-content">{plainText(post.content)}</div>
    </div>
  );
});
