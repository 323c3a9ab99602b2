import { useEffect } from 'react';
import { isRestError } from 'wp-entities';
import { observer, useEntityRecord } from 'wp-entities/react';
import { useChangeAuthors } from '../collaboration/changeAuthors.js';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { PostForm } from './PostForm.js';
import { ReadOnlyPost } from './ReadOnlyPost.js';
import { hrefOf } from '../app/router.js';
import { TrashedPost } from './TrashedPost.js';
import { TYPE_LABELS, type EditablePostType, type EditorPost } from '../app/types.js';
import { useHasEditedPost } from './fields/useEditedField.js';
import { OfflineState } from '../offline/OfflineState.js';
import { useIsOffline } from '../offline/useIsOffline.js';

/** The link back to the list of a post type. */
export function BackLink({ type }: { type: EditablePostType }) {
  return (
    <a className="back" href={hrefOf({ screen: 'list', type })}>
      ‹ All {TYPE_LABELS[type].many.toLowerCase()}
    </a>
  );
}

/**
 * A saved post or page by id: loads it in the edit context and shows the editor, the read-only view
 * (WordPress refuses the edit context), the trashed view, or the error.
 */
export const PostEditor = observer(function PostEditor({ type, id }: { type: EditablePostType; id: number }) {
  // Not `edited`: read here, every keystroke would re-render the editor screen and the form in it.
  const { record, fetchError, isResolving } = useEntityRecord<EditorPost>('postType', type, id);
  const hasPost = useHasEditedPost(record);
  const labels = TYPE_LABELS[type];
  const back = <BackLink type={type} />;
  const isMissing = !hasPost || !record.isComplete;
  const isOffline = useIsOffline();
  useChangeAuthors(record);
  useEffect(() => {
    // A record emptied since it was loaded (deleted here, or only listed) is asked for again.
    if (isMissing && !isResolving && !fetchError) record.fetch().catch(() => undefined);
  }, [record, isMissing, isResolving, fetchError]);

  if (fetchError) {
    // WordPress answers 403 (rest_forbidden_context) when the user may read the post but not edit it.
    const isReadOnly = isRestError(fetchError) && (fetchError.status === 401 || fetchError.status === 403);
    return (
      <section className="editor" aria-label={labels.one}>
        {back}
        {isReadOnly ? (
          <ReadOnlyPost record={record} label={labels.one.toLowerCase()} />
        ) : (
          <ErrorNotice error={fetchError} />
        )}
      </section>
    );
  }
  if (isMissing && isOffline) {
    // Offline, the requests retry until the connection is back: say so instead of "Loading…".
    return (
      <section className="editor" aria-label={labels.one}>
        {back}
        <OfflineState
          subject={{ kind: 'postType', name: type, id, what: `this ${labels.one.toLowerCase()}` }}
        />
      </section>
    );
  }
  if (isMissing) {
    return (
      <section className="editor" aria-busy="true" aria-label={labels.one}>
        {back}
        <p className="loading">Loading…</p>
      </section>
    );
  }
  if (record.persisted?.status === 'trash') {
    return (
      <section className="editor" aria-label={labels.one}>
        {back}
        <TrashedPost record={record} type={type} label={labels.one.toLowerCase()} />
      </section>
    );
  }
  return <PostForm record={record} type={type} back={back} />;
});
