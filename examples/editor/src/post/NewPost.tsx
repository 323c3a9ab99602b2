import { useEffect, useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { BackLink } from './PostEditor.js';
import { PostForm } from './PostForm.js';
import { navigate, replaceRoute } from '../app/router.js';
import { TYPE_LABELS, type EditablePostType, type EditorPost } from '../app/types.js';
import { ErrorNotice } from '../ui/ErrorNotice.js';

type Draft = EntityRecord<EditorPost>;

/** New posts restored from the journal, waiting for the new-post screen of their type. */
const restoredDrafts: Draft[] = [];
/** The new-post screen showing now, told of a restored draft to show instead. */
let showDraft: ((draft: Draft) => void) | undefined;

/**
 * Opens the new-post screen on a record `restoreJournal()` made again (a new post that was never
 * saved, brought back after a reload).
 */
export function openRestoredDraft(record: EntityRecord<object>): void {
  const draft = record as unknown as Draft;
  restoredDrafts.push(draft);
  if (showDraft !== undefined) showDraft(draft);
  else navigate({ screen: 'new', type: record.name as EditablePostType });
}

function takeRestoredDraft(type: EditablePostType): Draft | undefined {
  const index = restoredDrafts.findIndex((record) => record.name === type && record.id === undefined);
  return index < 0 ? undefined : restoredDrafts.splice(index, 1)[0];
}

/**
 * A new post or page, made with `collection.create()`: nothing is sent until the first save, which
 * POSTs it (WordPress makes it a draft unless a status is chosen), and an untouched new post is not a
 * change (no empty drafts, no "unsaved changes" prompt). Once saved, the address becomes the post's.
 * A new post the journal brought back after a reload ({@link openRestoredDraft}) is edited here too.
 */
export const NewPost = observer(function NewPost({ type }: { type: EditablePostType }) {
  const store = useStore();
  const [{ record, generation }, setShown] = useState(() => ({
    record: takeRestoredDraft(type) ?? store.collection<EditorPost>('postType', type).create({}),
    generation: 0,
  }));
  useEffect(() => {
    showDraft = (draft) => {
      if (draft.name !== type) navigate({ screen: 'new', type: draft.name as EditablePostType });
      else
        setShown((shown) => ({ record: takeRestoredDraft(type) ?? draft, generation: shown.generation + 1 }));
    };
    return () => {
      showDraft = undefined;
    };
  }, [type]);
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
      // A restored draft is a new form: nothing of the empty one it replaces carries over.
      key={generation}
      record={record}
      type={type}
      back={<BackLink type={type} />}
      onSaved={() => {
        if (typeof record.id === 'number') replaceRoute({ screen: 'edit', type, id: record.id });
      }}
    />
  );
});
