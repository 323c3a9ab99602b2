import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { AutosaveNotice } from './AutosaveNotice.js';
import { ConnectionStatus } from '../collaboration/ConnectionStatus.js';
import { DeletePost } from './DeletePost.js';
import { EditorSidebar } from './EditorSidebar.js';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { SaveStatus } from './SaveStatus.js';
import { REST_BASE, TYPE_LABELS, type EditablePostType, type EditorPost } from '../app/types.js';
import { ContentField } from './fields/ContentField.js';
import { ExcerptField } from './fields/ExcerptField.js';
import { TitleField } from './fields/TitleField.js';
import { useEditedField, useHasEditedPost } from './fields/useEditedField.js';
import { useAutosave } from './useAutosave.js';
import { useDocumentTitle } from '../ui/useDocumentTitle.js';
import { remoteCaretsByField } from '../collaboration/RemoteCarets.js';
import { useLivePeers, usePresenceHeartbeat } from '../collaboration/useLivePeers.js';
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

  // The title alone, not the whole post: typing in the content does not re-render the form.
  const hasPost = useHasEditedPost(record);
  const title = useEditedField(record, 'title') ?? '';
  useDocumentTitle(title.trim() ? title : `New ${labels.one.toLowerCase()}`, record.isDirty);
  // Stable across renders, so the fields' observers (memoized) skip the form's re-renders.
  const focusFirstBlock = useCallback(() => {
    const first = blocksBox.current?.querySelector<HTMLElement>('[data-testid="text-block"]');
    if (!first) return;
    first.focus();
    selectIn(first, 0);
  }, []);
  const focusTitleEnd = useCallback(() => {
    const field = titleField.current;
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);
  const setTitleField = useCallback((element: HTMLInputElement | HTMLTextAreaElement | null) => {
    titleField.current = element;
  }, []);

  const save = async () => {
    typing.closeStep();
    const saved = await record.save();
    if (saved === undefined) return;
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

  if (!hasPost) return null;
  const isReadOnly = canUpdate === false;
  return (
    <section className="editor" aria-labelledby="editor-heading" onKeyDown={onKeyDown}>
      <h1 id="editor-heading" className="visually-hidden">
        {id === undefined
          ? `New ${labels.one.toLowerCase()}`
          : `Edit ${labels.one.toLowerCase()}: ${title || '(no title)'}`}
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
          <TitleField
            record={record}
            typing={typing}
            remoteCarets={carets.title}
            onEnter={focusFirstBlock}
            elementRef={setTitleField}
          />
          <ContentField
            record={record}
            typing={typing}
            isReadOnly={isReadOnly}
            remoteCarets={carets.content}
            onLeaveStart={focusTitleEnd}
            boxRef={blocksBox}
          />
          <ExcerptField record={record} typing={typing} remoteCarets={carets.excerpt} />
        </fieldset>
        <EditorSidebar record={record} isReadOnly={isReadOnly} onBeforeEdit={typing.closeStep} />
      </div>
    </section>
  );
});
