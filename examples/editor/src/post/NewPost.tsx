import { useEffect, useState } from 'react';
import { observer, useStore } from 'wp-entities/react';
import { BackLink } from './PostEditor.js';
import { PostForm } from './PostForm.js';
import { replaceRoute } from '../app/router.js';
import { TYPE_LABELS, type EditablePostType, type EditorPost } from '../app/types.js';
import { ErrorNotice } from '../ui/ErrorNotice.js';

/**
 * A new post or page, made with `collection.create()`: nothing is sent until the first save, which
 * POSTs it (WordPress makes it a draft unless a status is chosen), and an untouched new post is not a
 * change (no empty drafts, no "unsaved changes" prompt). Once saved, the address becomes the post's.
 */
export const NewPost = observer(function NewPost({ type }: { type: EditablePostType }) {
  const store = useStore();
  const [record] = useState(() => store.collection<EditorPost>('postType', type).create({}));
  // Opened from a link or a reload, nothing has loaded the post type's config yet, and a record
  // cannot be edited without it: the form waits for it.
  const [configError, setConfigError] = useState<unknown>();
  // Kept in state: the registry's lookups are plain reads, not observed.
  const [hasConfig, setHasConfig] = useState(() => record.config !== undefined);
  useEffect(() => {
    if (hasConfig) return;
    let isCurrent = true;
    store.entities.ensure('postType', type).then(
      (config) => {
        if (!isCurrent) return;
        if (config) setHasConfig(true);
        else setConfigError(new Error(`This site has no post type "${type}".`));
      },
      (error: unknown) => isCurrent && setConfigError(error),
    );
    return () => {
      isCurrent = false;
    };
  }, [store, type, hasConfig]);
  if (configError !== undefined) {
    return (
      <section className="editor" aria-label={`New ${TYPE_LABELS[type].one.toLowerCase()}`}>
        <BackLink type={type} />
        <ErrorNotice error={configError} />
      </section>
    );
  }
  if (!hasConfig) {
    return (
      <section className="editor" aria-busy="true" aria-label={`New ${TYPE_LABELS[type].one.toLowerCase()}`}>
        <BackLink type={type} />
        <p className="loading">Loading…</p>
      </section>
    );
  }
  return (
    <PostForm
      record={record}
      type={type}
      back={<BackLink type={type} />}
      onSaved={() => {
        if (typeof record.id === 'number') replaceRoute({ screen: 'edit', type, id: record.id });
      }}
    />
  );
});
