import { useMemo, useRef } from 'react';
import type { EntityRecord } from 'wp-entities';
import { useStore } from 'wp-entities/react';
import type { SharedPlace } from '../../text/heldSelection.js';
import type { RichTextHandle } from '../../text/RichTextField.js';
import { parseRich, richHtmlOfModel } from '../../text/richValue.js';
import type { TypingUndo } from '../../text/typingUndo.js';
import {
  convertBlock,
  insertBlock,
  mergeWithPrevious,
  moveBlock,
  removeBlock,
  splitBlock,
  updateBlock,
  updateParsedBlock,
} from './blockEdits.js';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { blockPosition } from './blockOffsets.js';
import { parseContent } from './parseContent.js';
import { renderTextBlock } from './renderTextBlock.js';
import { BlockCard } from './BlockCard.js';
import { BlockToolbar } from './BlockToolbar.js';
import { sharedPlaceOf } from './sharedPlace.js';
import { TextBlock, type BlockActions } from './TextBlock.js';
import type { BlockSegment, Segment, TextBlockModel } from './types.js';

/** Props of {@link BlockEditor}. */
export interface BlockEditorProps {
  /** The post whose `content` is edited. */
  record: EntityRecord;
  /** The edited content (`record.edited.content`). */
  content: string;
  /** The editor's typing undo (one step per word or pause). */
  typing: TypingUndo;
  /** No editing. @default false */
  disabled?: boolean;
  /** Up or Left at the start of the first block: the caret goes back to the title. @default undefined */
  onLeaveStart?(): void;
  /** The others' carets and selections, in offsets of the content. @default [] */
  remoteCarets?: readonly RemoteCaret[];
}

const NO_CARETS: readonly RemoteCaret[] = [];

/** The others' carets by block, in each block's text offsets (a selection across blocks shows where it starts). */
function caretsInBlocks(
  segments: readonly Segment[],
  carets: readonly RemoteCaret[],
): Map<number, RemoteCaret[]> {
  const byBlock = new Map<number, RemoteCaret[]>();
  for (const caret of carets) {
    const start = blockPosition(segments, caret.start);
    if (!start) continue;
    const end = blockPosition(segments, caret.end);
    const local = {
      ...caret,
      start: start.offset,
      end: end?.blockIndex === start.blockIndex ? end.offset : start.offset,
    };
    byBlock.set(start.blockIndex, [...(byBlock.get(start.blockIndex) ?? []), local]);
  }
  return byBlock;
}

/** What an empty post's content shows: one empty paragraph. */
const EMPTY_PARAGRAPH = renderTextBlock({ type: 'paragraph', text: '' });

function modelOf(block: TextBlockModel): TextBlockModel {
  const { type, text, level, isOrdered } = block;
  return {
    type,
    text,
    ...(level === undefined ? {} : { level }),
    ...(isOrdered === undefined ? {} : { isOrdered }),
  };
}

/**
 * The post content as blocks: paragraphs, headings, lists and quotes are edited as text; other
 * blocks are cards kept byte for byte. Every change writes the whole content back through
 * `record.edit`, so undo, autosave, save and the unsaved list see one `content` field.
 */
export function BlockEditor({
  record,
  content: stored,
  typing,
  disabled = false,
  onLeaveStart,
  remoteCarets = NO_CARETS,
}: BlockEditorProps) {
  // Empty content shows one empty paragraph to write in, as a new post does in the block editor;
  // it becomes content with the first keystroke, so an untouched new post stays unchanged.
  const content = stored.trim() === '' && !disabled ? EMPTY_PARAGRAPH : stored;
  const segments = useMemo(() => parseContent(content), [content]);
  const caretsByBlock = useMemo(() => caretsInBlocks(segments, remoteCarets), [segments, remoteCarets]);
  const blocks = useMemo(
    () => segments.filter((segment): segment is BlockSegment => segment.kind !== 'gap'),
    [segments],
  );
  const store = useStore();
  const fields = useRef(new Map<number, RichTextHandle>());
  /** The block to focus once it is on screen, and where its caret goes (an offset of its rich text). */
  const focusNext = useRef<{ index: number; caret: number | 'end' } | undefined>(undefined);
  const addButton = useRef<HTMLButtonElement>(null);
  /** Each block's place in the shared content, kept per index so a block's props stay the same. */
  const places = useRef(new Map<number, SharedPlace>());
  const placeOf = (index: number): SharedPlace | undefined => {
    if (store.sync === undefined) return undefined;
    let place = places.current.get(index);
    if (!place) {
      place = sharedPlaceOf(() => store.sync?.sharedText(record, 'content'), index);
      places.current.set(index, place);
    }
    return place;
  };

  // A change of structure is one undo step of its own.
  const change = (next: string, focus?: number, caret: number | 'end' = 'end') => {
    typing.closeStep();
    focusNext.current = focus === undefined || focus < 0 ? undefined : { index: focus, caret };
    record.edit({ content: next });
    if (focus === -1) addButton.current?.focus();
  };
  /** Moves the caret to the nearest text block before or after `index` (the title before the first). */
  const leave = (index: number, direction: -1 | 1) => {
    for (let other = index + direction; other >= 0 && other < blocks.length; other += direction) {
      const field = fields.current.get(other);
      if (!field) continue;
      field.focusAt(direction === 1 ? 0 : 'end');
      return;
    }
    if (direction === -1) onLeaveStart?.();
  };
  // Renewed on every render (each change of the content renders the editor), read by the blocks
  // when the person acts: a block that did not render again still acts on the latest content.
  const actions = useRef<BlockActions>(null as unknown as BlockActions);
  actions.current = {
    onText(index, texts, isFormatting) {
      const block = blocks[index];
      if (block?.kind !== 'text') return;
      // A format applied is one undo step of its own, apart from the words typed around it.
      if (isFormatting) typing.closeStep();
      for (const text of texts)
        typing.typeInto(
          record,
          'content',
          updateParsedBlock(segments, index, { ...modelOf(block), text }),
          String(index),
        );
      if (isFormatting) typing.closeStep();
    },
    onSplit(index, before, after) {
      const block = blocks[index];
      if (block?.kind === 'text')
        change(splitBlock(content, index, modelOf(block), before, after), index + 1, 0);
    },
    onBackspaceAtStart(index) {
      const block = blocks[index];
      const previous = blocks[index - 1];
      if (block?.kind !== 'text') return;
      const merged = mergeWithPrevious(content, index);
      if (merged !== undefined && previous?.kind === 'text') {
        // The caret goes where the two texts meet: after the previous block's characters.
        const hasLines = previous.type === 'list' || previous.type === 'quote';
        change(merged, index - 1, parseRich(richHtmlOfModel(previous.text, hasLines)).text.length);
      }
      // An empty block after a card, or the first one: it goes, as before.
      else if (block.text === '') change(removeBlock(content, index), index > 0 ? index - 1 : -1);
    },
    onLeave: leave,
    onBlur: () => typing.closeStep(),
    register(index, field) {
      if (!field) {
        fields.current.delete(index);
        return;
      }
      fields.current.set(index, field);
      const focus = focusNext.current;
      if (focus?.index === index) {
        focusNext.current = undefined;
        field.focusAt(focus.caret);
      }
    },
  };

  return (
    <div className="block-editor" role="group" aria-label="Content blocks">
      {blocks.length === 0 ? <p className="muted">This post has no content yet.</p> : null}
      {blocks.map((block, index) => {
        const text = block.kind === 'text' ? modelOf(block) : undefined;
        return (
          <div
            className="block"
            key={`${index}:${block.kind === 'text' ? block.type : (block.blockName ?? 'html')}`}
          >
            <BlockToolbar
              block={text}
              index={index}
              count={blocks.length}
              disabled={disabled}
              onChangeType={(type) =>
                text && change(updateBlock(content, index, convertBlock(text, type)), index)
              }
              onChangeLevel={(level) =>
                text && change(updateBlock(content, index, { ...text, level }), index)
              }
              onMove={(direction) => change(moveBlock(content, index, direction), index + direction)}
              onRemove={() => change(removeBlock(content, index), index > 0 ? index - 1 : -1)}
            />
            {text ? (
              <TextBlock
                block={text}
                index={index}
                disabled={disabled}
                actions={actions}
                remoteCarets={caretsByBlock.get(index) ?? NO_CARETS}
                sharedPlace={placeOf(index)}
              />
            ) : block.kind === 'card' ? (
              <BlockCard block={block} />
            ) : null}
          </div>
        );
      })}
      <button
        type="button"
        ref={addButton}
        className="add-block"
        disabled={disabled}
        onClick={() =>
          change(insertBlock(content, blocks.length - 1, { type: 'paragraph', text: '' }), blocks.length)
        }
      >
        + Add paragraph
      </button>
    </div>
  );
}
