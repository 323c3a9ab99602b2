import type { WpPost, WpPostEdited } from 'wp-entities';
import { observer, useEntityRecord, useStore } from 'wp-entities/react';

// Render inside <StoreProvider store={store}>. Read the handle's fields where you use them (not
// destructured at the top): each is tracked on its own, so typing re-renders only what reads it.
export const TitleField = observer(function TitleField({ id }: { id: number }) {
  const store = useStore();
  const post = useEntityRecord<WpPost, WpPostEdited>('postType', 'post', id);
  if (!post.hasResolved) return <p>Loading…</p>;
  return (
    <>
      <input value={post.edited?.title ?? ''} onChange={(e) => post.edit({ title: e.target.value })} />
      <button disabled={!post.isDirty} onClick={() => void post.save({ throwOnError: false })}>
        Save
      </button>
      <button disabled={!store.history.hasUndo} onClick={() => store.undo()}>
        Undo
      </button>
      {post.saveError && <p role="alert">Not saved: {post.saveError.message}</p>}
    </>
  );
});
