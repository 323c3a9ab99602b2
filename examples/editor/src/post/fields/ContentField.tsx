import { computed } from 'mobx';
import { useCallback, useMemo, type RefObject } from 'react';
import type { EntityRecord, RootStore } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { hasBlockCodec } from '../../collaboration/collaboration.js';
import { editedPost, type EditorPost } from '../../app/types.js';
import { PresenceField } from '../../collaboration/PresenceField.js';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import type { PresenceSelection } from 'wp-entities/sync';
import type { TypingUndo } from '../../text/typingUndo.js';
import { BlockEditor } from '../blocks/BlockEditor.js';
import { SharedBlocks } from '../sharedBlocks/SharedBlocks.js';
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

/** Whether the content is edited as the shared document's blocks: the post's room is joined with a block codec. */
function isSharedBlocks(store: RootStore, record: EntityRecord<EditorPost>): boolean {
  return store.sync !== undefined && hasBlockCodec() && store.sync.isJoined(record);
}

/**
 * The post's content as blocks, in its presence field. The blocks re-render when the content
 * changes (not the title, the excerpt or the settings around it); the presence field around them
 * does not (a keystroke is no change of who is here).
 */
export const ContentField = observer(function ContentField({ boxRef, ...blocks }: ContentFieldProps) {
  const { record } = blocks;
  const store = useStore();
  // A computed: this field re-renders when the answer changes, not on every keystroke in a block.
  const shared = useMemo(() => computed(() => isSharedBlocks(store, record)), [store, record]).get();
  // The content as it is when the selection is shared, not as it was at this render.
  const toFieldSelection = useCallback(
    (input: HTMLElement, selection: PresenceSelection) =>
      contentSelectionOf(segmentsOf(editedPost(record)?.content ?? ''), input, selection),
    [record],
  );
  if (shared) {
    // The blocks view shares the caret as a place in a block itself (LocalPresence.block).
    return (
      <div ref={boxRef} className="presence-field" data-presence-field="content">
        <SharedBlocks
          record={record}
          typing={blocks.typing}
          disabled={blocks.isReadOnly}
          onLeaveStart={blocks.onLeaveStart}
        />
      </div>
    );
  }
  return (
    <PresenceField record={record} field="content" toFieldSelection={toFieldSelection}>
      <div ref={boxRef}>
        <ContentBlocks {...blocks} />
      </div>
    </PresenceField>
  );
});

/** The content's blocks, re-rendered when the content changes. */
const ContentBlocks = observer(function ContentBlocks({
  record,
  typing,
  isReadOnly,
  remoteCarets,
  onLeaveStart,
}: Omit<ContentFieldProps, 'boxRef'>) {
  const content = useEditedField(record, 'content') ?? '';
  return (
    <BlockEditor
      record={record}
      content={content}
      typing={typing}
      disabled={isReadOnly}
      remoteCarets={remoteCarets}
      onLeaveStart={onLeaveStart}
    />
  );
});
