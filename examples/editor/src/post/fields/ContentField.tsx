import type { RefObject } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer } from 'wp-entities/react';
import type { EditorPost } from '../../app/types.js';
import { PresenceField } from '../../collaboration/PresenceField.js';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import type { TypingUndo } from '../../text/typingUndo.js';
import { BlockEditor } from '../blocks/BlockEditor.js';
import { contentSelectionOf } from '../blocks/blockOffsets.js';
import { segmentsOf } from '../blocks/parsedContent.js';
import { useEditedField } from './useEditedField.js';

/** Props of {@link ContentField}. */
export interface ContentFieldProps {
  record: EntityRecord<EditorPost>;
  typing: TypingUndo;
  isReadOnly: boolean;
  /** The others' carets in the content, in offsets of the whole content. */
  remoteCarets: readonly RemoteCaret[];
  /** Up or Left at the start of the first block: the caret goes back to the title. */
  onLeaveStart(): void;
  /** Receives the box of the blocks. */
  boxRef: RefObject<HTMLDivElement | null>;
}

/**
 * The post's content as blocks, re-rendered when the content changes (not the title, the excerpt
 * or the settings around it).
 */
export const ContentField = observer(function ContentField({
  record,
  typing,
  isReadOnly,
  remoteCarets,
  onLeaveStart,
  boxRef,
}: ContentFieldProps) {
  const content = useEditedField(record, 'content') ?? '';
  return (
    <PresenceField
      record={record}
      field="content"
      toFieldSelection={(input, selection) => contentSelectionOf(segmentsOf(content), input, selection)}
    >
      <div ref={boxRef}>
        <BlockEditor
          record={record}
          content={content}
          typing={typing}
          disabled={isReadOnly}
          remoteCarets={remoteCarets}
          onLeaveStart={onLeaveStart}
        />
      </div>
    </PresenceField>
  );
});
