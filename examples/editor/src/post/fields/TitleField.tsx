import type { KeyboardEvent } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import type { EditorPost } from '../../app/types.js';
import { PresenceField } from '../../collaboration/PresenceField.js';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { TextField } from '../../text/TextField.js';
import type { TypingUndo } from '../../text/typingUndo.js';
import { useEditedField } from './useEditedField.js';

/** Props of {@link TitleField}. */
export interface TitleFieldProps {
  record: EntityRecord<EditorPost>;
  typing: TypingUndo;
  /** The others' carets in the title. */
  remoteCarets: readonly RemoteCaret[];
  /** Enter in the title: the caret goes to the first block. */
  onEnter(): void;
  /** Receives the title's input, to move focus to it. */
  elementRef(element: HTMLInputElement | HTMLTextAreaElement | null): void;
}

/** The post's title, re-rendered only when the title changes (not on typing in the content). */
export const TitleField = observer(function TitleField({
  record,
  typing,
  remoteCarets,
  onEnter,
  elementRef,
}: TitleFieldProps) {
  const store = useStore();
  const title = useEditedField(record, 'title') ?? '';
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter in the title goes to the first block, as in the block editor.
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <PresenceField record={record} field="title">
      <TextField
        label="Title"
        className="title-input"
        placeholder="Add title"
        value={title}
        onText={(value) => typing.typeInto(record, 'title', value)}
        remoteCarets={remoteCarets}
        sharedText={() => store.sync?.sharedText(record, 'title')}
        onBlur={typing.closeStep}
        onKeyDown={onKeyDown}
        elementRef={elementRef}
      />
    </PresenceField>
  );
});
