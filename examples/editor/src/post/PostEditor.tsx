import { useEffect } from 'react';
import { isRestError } from 'wp-entities';
import { observer, useEntityRecord, useStore } from 'wp-entities/react';
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
 * A saved post or page by id. Whether the user may edit it is asked first (`OPTIONS`, or the
 * answer a list already brought): someone who may only read it gets the read-only view straight
 * away, and the editor never asks WordPress for the edit context, nor joins the post's shared room,
 * on their behalf (each a 403 in the console). A check that fails opens the editor, which then
 * shows whatever WordPress answers.
 */
export const PostEditor = observer(function PostEditor({ type, id }: { type: EditablePostType; id: number }) {
  const store = useStore();
  useEffect(() => {
    void store.permissions.canUser('update', { kind: 'postType', name: type, id });
  }, [store, type, id]);
  const resource = { kind: 'postType', name: type, id } as const;
  const mayEdit = store.permissions.get('update', resource);
  const isOffline = useIsOffline();
  const labels = TYPE_LABELS[type];
  if (mayEdit === false) {
    return (
      <section className="editor" aria-label={labels.one}>
        <BackLink type={type} />
        <ReadOnlyPost
          record={store.record<EditorPost>('postType', type, id)}
          label={labels.one.toLowerCase()}
        />
      </section>
    );
  }
  // Offline, the check waits for the connection: the editor then says so and shows what this
  // device keeps, instead of "Loading…".
  if (mayEdit === undefined && store.permissions.lastError('update', resource) === undefined && !isOffline) {
    return (
      <section className="editor" aria-busy="true" aria-label={labels.one}>
        <BackLink type={type} />
        <p className="loading">Loading…</p>
      </section>
    );
  }
  return <EditablePost type={type} id={id} />;
});

/**
 * The post in the edit context: the editor, the read-only view (WordPress refuses the edit
 * context after all), the trashed view, or the error.
 */
const EditablePost = observer(function EditablePost({ type, id }: { type: EditablePostType; id: number }) {
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
