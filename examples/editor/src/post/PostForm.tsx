import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { AutosaveNotice } from './AutosaveNotice.js';
import { BlockEditor } from './blocks/BlockEditor.js';
import { ConnectionStatus } from '../collaboration/ConnectionStatus.js';
import { DeletePost } from './DeletePost.js';
import { EditorSidebar } from './EditorSidebar.js';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { PresenceField } from '../collaboration/PresenceField.js';
import { REVISIONS_QUERY } from './RevisionsList.js';
import { SaveStatus } from './SaveStatus.js';
import { TextField } from '../text/TextField.js';
import { editedPost, REST_BASE, TYPE_LABELS, type EditablePostType, type EditorPost } from '../app/types.js';
import { useAutosave } from './useAutosave.js';
import { useDocumentTitle } from '../ui/useDocumentTitle.js';
import { remoteCaretsByField } from '../collaboration/RemoteCarets.js';
import { useLivePeers, usePresenceHeartbeat } from '../collaboration/useLivePeers.js';
import { contentSelectionOf } from './blocks/blockOffsets.js';
import { parseContent } from './blocks/parseContent.js';
import { useTypingUndo } from '../text/typingUndo.js';
import { handleUndoKeys } from '../text/undoKeys.js';
import { selectIn } from '../text/domOffsets.js';

/** Props of {@link PostForm}. */
export interface PostFormProps {
  /** The post or page (saved, or new from `collection.create()`). */
  record: EntityRecord<EditorPost>;
  type: EditablePostType;
  /** The link back to the list. */
  back: ReactNode;
  /** Called after a successful save (a new post then has its id). @default undefined */
  onSaved?(): void;
}

/** The post editor: title, content blocks, excerpt; save, autosave, undo/redo, delete; the settings beside. */
export const PostForm = observer(function PostForm({ record, type, back, onSaved }: PostFormProps) {
  const store = useStore();
  const typing = useTypingUndo(store);
  const titleField = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const blocksBox = useRef<HTMLDivElement>(null);
  const id = record.id as number | undefined;
  const base = REST_BASE[type];
  const labels = TYPE_LABELS[type];

  useEffect(() => {
    if (id === undefined) {
      store.permissions.canUser('create', base).catch(() => undefined);
      // A new post starts at its title, as in WordPress.
      titleField.current?.focus();
      return;
    }
    store.permissions.canUser('update', base, id).catch(() => undefined);
    store.permissions.canUser('delete', base, id).catch(() => undefined);
  }, [store, base, id]);
  const canUpdate =
    id === undefined ? store.permissions.get('create', base) : store.permissions.get('update', base, id);
  const canDelete = id === undefined ? false : store.permissions.get('delete', base, id);
  useAutosave(record, canUpdate === true && id !== undefined);
  usePresenceHeartbeat(record);
  const carets = remoteCaretsByField(useLivePeers(record));

  const post = editedPost(record);
  useDocumentTitle(post?.title.trim() ? post.title : `New ${labels.one.toLowerCase()}`, record.isDirty);

  const save = async () => {
    typing.closeStep();
    const saved = await record.save();
    if (saved === undefined) return;
    if (record.id !== undefined) record.revisions(REVISIONS_QUERY).invalidate();
    onSaved?.();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
      return;
    }
    handleUndoKeys(store, event);
  };

  if (!post) return null;
  const isReadOnly = canUpdate === false;
  return (
    <section className="editor" aria-labelledby="editor-heading" onKeyDown={onKeyDown}>
      <h1 id="editor-heading" className="visually-hidden">
        {id === undefined
          ? `New ${labels.one.toLowerCase()}`
          : `Edit ${labels.one.toLowerCase()}: ${post.title || '(no title)'}`}
      </h1>
      <div className="editor-toolbar">
        {back}
        <SaveStatus record={record} />
        {id !== undefined ? <ConnectionStatus record={record} /> : null}
        <span className="spacer" />
        {canDelete ? <DeletePost record={record} type={type} /> : null}
        <button
          type="button"
          className="primary"
          onClick={() => void save()}
          disabled={isReadOnly || record.isSaving || !record.hasEdits}
          aria-keyshortcuts="Control+S"
        >
          {record.isSaving && !record.isAutosaving ? 'Saving…' : id === undefined ? 'Save draft' : 'Save'}
        </button>
      </div>
      {id !== undefined ? <AutosaveNotice record={record} /> : null}
      {record.saveError ? (
        <ErrorNotice
          error={record.saveError}
          kept="Your text is still here: nothing was lost. Try saving again."
        />
      ) : null}
      {isReadOnly ? (
        <p className="notice notice-info">You can read this {labels.one.toLowerCase()} but not edit it.</p>
      ) : null}
      <div className="editor-body">
        <fieldset className="editor-fields" disabled={isReadOnly}>
          <legend className="visually-hidden">{labels.one}</legend>
          <PresenceField record={record} field="title">
            <TextField
              label="Title"
              className="title-input"
              placeholder="Add title"
              value={post.title}
              onText={(value) => typing.typeInto(record, 'title', value)}
              remoteCarets={carets.title}
              sharedText={() => store.sync?.sharedText(record, 'title')}
              onBlur={typing.closeStep}
              onKeyDown={(event) => {
                // Enter in the title goes to the first block, as in the block editor.
                if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey)
                  return;
                event.preventDefault();
                const first = blocksBox.current?.querySelector<HTMLElement>('[data-testid="text-block"]');
                if (!first) return;
                first.focus();
                selectIn(first, 0);
              }}
              elementRef={(element) => {
                titleField.current = element;
              }}
            />
          </PresenceField>
          <PresenceField
            record={record}
            field="content"
            toFieldSelection={(input, selection) =>
              contentSelectionOf(parseContent(post.content), input, selection)
            }
          >
            <div ref={blocksBox}>
              <BlockEditor
                record={record}
                content={post.content}
                typing={typing}
                disabled={isReadOnly}
                remoteCarets={carets.content}
                onLeaveStart={() => {
                  const title = titleField.current;
                  title?.focus();
                  title?.setSelectionRange(title.value.length, title.value.length);
                }}
              />
            </div>
          </PresenceField>
          <PresenceField record={record} field="excerpt">
            <label className="excerpt-label">
              Excerpt
              <TextField
                multiline
                label="Excerpt"
                className="excerpt-input"
                placeholder="A short summary for lists and search results"
                value={post.excerpt}
                onText={(value) => typing.typeInto(record, 'excerpt', value)}
                remoteCarets={carets.excerpt}
                sharedText={() => store.sync?.sharedText(record, 'excerpt')}
                onBlur={typing.closeStep}
              />
            </label>
          </PresenceField>
        </fieldset>
        <EditorSidebar record={record} isReadOnly={isReadOnly} onBeforeEdit={typing.closeStep} />
      </div>
    </section>
  );
});
