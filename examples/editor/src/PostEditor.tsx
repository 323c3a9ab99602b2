import { useEffect, useRef } from 'react';
import { isRestError } from 'wp-entities';
import { observer, useEntityRecord, useStore } from 'wp-entities/react';
import { AutosaveNotice } from './AutosaveNotice.js';
import { DeletePost } from './DeletePost.js';
import { ErrorNotice } from './ErrorNotice.js';
import { formatDate } from './format.js';
import { ReadOnlyPost } from './ReadOnlyPost.js';
import { REVISIONS_QUERY, RevisionsList } from './RevisionsList.js';
import { hrefOf } from './router.js';
import { REST_BASE, STATUS_LABELS, TYPE_LABELS, type EditablePostType, type EditorPost } from './types.js';
import { useAutosave } from './useAutosave.js';

/** A pause in typing longer than this closes the undo step of the burst. */
const TYPING_STEP_MS = 1000;

type TextField = 'title' | 'excerpt' | 'content';

/** The post editor: title, excerpt, content, status; save, autosave, undo/redo, delete and revisions. */
export const PostEditor = observer(function PostEditor({ type, id }: { type: EditablePostType; id: number }) {
  const store = useStore();
  const {
    record,
    edited: post,
    isDirty,
    isSaving,
    isAutosaving,
    saveError,
    fetchError,
  } = useEntityRecord<EditorPost>('postType', type, id);
  const base = REST_BASE[type];
  const typing = useRef<{ field: TextField | undefined; timer: ReturnType<typeof setTimeout> | undefined }>({
    field: undefined,
    timer: undefined,
  });
  const closeStep = () => {
    clearTimeout(typing.current.timer);
    typing.current.field = undefined;
    store.history.createUndoLevel();
  };

  useEffect(() => {
    store.permissions.canUser('update', base, id).catch(() => undefined);
    store.permissions.canUser('delete', base, id).catch(() => undefined);
  }, [store, base, id]);
  const canUpdate = store.permissions.get('update', base, id);
  const canDelete = store.permissions.get('delete', base, id);
  useAutosave(record, canUpdate === true);

  const save = async () => {
    store.history.createUndoLevel();
    const saved = await record.save();
    if (saved !== undefined) record.revisions(REVISIONS_QUERY).invalidate();
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      clearTimeout(typing.current.timer);
    };
  });

  const labels = TYPE_LABELS[type];
  const back = (
    <a className="back" href={hrefOf({ screen: 'list', type })}>
      ‹ All {labels.many.toLowerCase()}
    </a>
  );
  if (fetchError) {
    // WordPress answers 403 (rest_forbidden_context) when the user may read the post but not edit it.
    const isReadOnly = isRestError(fetchError) && (fetchError.status === 401 || fetchError.status === 403);
    return (
      <section className="editor">
        {back}
        {isReadOnly ? (
          <ReadOnlyPost record={record} label={labels.one.toLowerCase()} />
        ) : (
          <ErrorNotice error={fetchError} />
        )}
      </section>
    );
  }
  if (!post || !record.config || !record.isComplete) {
    return (
      <section className="editor">
        {back}
        <p className="loading">Loading…</p>
      </section>
    );
  }

  const typeInto = (field: TextField, value: string) => {
    // The first keystroke of a burst opens an undo step; the next ones are cached into it, until a
    // pause, a blur or another field closes it. One Ctrl+Z then undoes one burst of typing.
    const isSameBurst = typing.current.field === field;
    if (!isSameBurst) store.history.createUndoLevel();
    record.edit({ [field]: value }, { isCached: isSameBurst });
    typing.current.field = field;
    clearTimeout(typing.current.timer);
    typing.current.timer = setTimeout(closeStep, TYPING_STEP_MS);
  };
  const isReadOnly = canUpdate === false;

  let state = 'Saved';
  if (isAutosaving) state = 'Autosaving…';
  else if (isSaving) state = 'Saving…';
  else if (isDirty) state = 'Unsaved changes';

  return (
    <section className="editor" aria-label={`Edit ${labels.one.toLowerCase()}`}>
      <div className="editor-toolbar">
        {back}
        <span className={isDirty ? 'save-state is-dirty' : 'save-state'} data-testid="save-state">
          {isDirty && !isSaving ? <span className="dirty-dot">● </span> : null}
          {state}
        </span>
        <span className="spacer" />
        {canDelete ? <DeletePost record={record} type={type} /> : null}
        <button
          type="button"
          className="primary"
          onClick={() => void save()}
          disabled={isReadOnly || isSaving || !record.hasEdits}
        >
          {isSaving && !isAutosaving ? 'Saving…' : 'Save'}
        </button>
      </div>
      <AutosaveNotice record={record} />
      {saveError ? (
        <ErrorNotice error={saveError} kept="Your text is still here: nothing was lost. Try saving again." />
      ) : null}
      {isReadOnly ? (
        <p className="notice notice-info">You can read this {labels.one.toLowerCase()} but not edit it.</p>
      ) : null}
      <div className="editor-body">
        <fieldset className="editor-fields" disabled={isReadOnly}>
          <input
            className="title-input"
            aria-label="Title"
            placeholder="Add title"
            value={post.title}
            onChange={(event) => typeInto('title', event.target.value)}
            onBlur={closeStep}
          />
          <label>
            Excerpt
            <textarea
              aria-label="Excerpt"
              rows={2}
              value={post.excerpt}
              onChange={(event) => typeInto('excerpt', event.target.value)}
              onBlur={closeStep}
            />
          </label>
          <label>
            Content
            <textarea
              aria-label="Content"
              rows={14}
              value={post.content}
              onChange={(event) => typeInto('content', event.target.value)}
              onBlur={closeStep}
            />
          </label>
        </fieldset>
        <aside className="editor-side">
          <label>
            Status
            <select
              aria-label="Post status"
              value={post.status === 'auto-draft' ? 'draft' : post.status}
              disabled={isReadOnly}
              onChange={(event) => {
                closeStep();
                record.edit({ status: event.target.value });
              }}
            >
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <p className="muted">Author: {store.users.byId(post.author)?.name ?? `User ${post.author}`}</p>
          <p className="muted">Last saved: {formatDate(post.modified)}</p>
          {post.link ? (
            <p className="muted">
              <a href={post.link} target="_blank" rel="noreferrer">
                View on site
              </a>
            </p>
          ) : null}
          <RevisionsList record={record} />
        </aside>
      </div>
    </section>
  );
});
