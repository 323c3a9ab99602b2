import { useCallback, useMemo, useRef } from 'react';
import type { EntityRecord } from 'wp-entities';
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
import { TextBlock } from './TextBlock.js';
import { BlockInserterList } from './inserter/BlockInserterList.js';
import type { InsertableBlock } from './inserter/insertableBlocks.js';
import { placeBlock, type InsertPlace } from './inserter/inserterEdits.js';
import { InserterButton } from './inserter/InserterButton.js';
import { useSlashInserter } from './inserter/useSlashInserter.js';
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
  const fields = useRef(new Map<number, HTMLInputElement | HTMLTextAreaElement>());
  /** The block to focus once it is on screen, and where its caret goes. */
  const focusNext = useRef<{ index: number; caret: number | 'end' } | undefined>(undefined);
  const addButton = useRef<HTMLButtonElement>(null);

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
      field.focus();
      const caret = direction === 1 ? 0 : field.value.length;
      field.setSelectionRange(caret, caret);
      return;
    }
    if (direction === -1) onLeaveStart?.();
  };
  /** A block chosen in an inserter takes its place (or goes after a block); the caret goes into it. */
  const insert = (place: InsertPlace, entry: InsertableBlock) => {
    const placed = placeBlock(content, place, entry);
    change(placed.content, placed.focus);
  };
  const fieldOf = useCallback((index: number) => fields.current.get(index), []);
  const slash = useSlashInserter(blocks, (index, entry) => insert({ replace: index }, entry), fieldOf);
  const register = (index: number) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    if (!element) {
      fields.current.delete(index);
      return;
    }
    fields.current.set(index, element);
    const focus = focusNext.current;
    if (focus?.index === index) {
      focusNext.current = undefined;
      element.focus();
      const caret = focus.caret === 'end' ? element.value.length : focus.caret;
      element.setSelectionRange(caret, caret);
    }
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
            onKeyDownCapture={slash.index === index ? slash.onKeyDownCapture : undefined}
            onBlur={slash.index === index ? slash.close : undefined}
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
                onText={(value) => {
                  slash.noteTyping(index, text.text, value);
                  typing.typeInto(
                    record,
                    'content',
                    updateParsedBlock(segments, index, { ...text, text: value }),
                    String(index),
                  );
                }}
                onSplit={(before, after) =>
                  change(splitBlock(content, index, text, before, after), index + 1, 0)
                }
                onBackspaceAtStart={() => {
                  const previous = blocks[index - 1];
                  const merged = mergeWithPrevious(content, index);
                  if (merged !== undefined && previous?.kind === 'text')
                    change(merged, index - 1, previous.text.length);
                  // An empty block after a card, or the first one: it goes, as before.
                  else if (text.text === '') change(removeBlock(content, index), index > 0 ? index - 1 : -1);
                }}
                onLeave={(direction) => leave(index, direction)}
                remoteCarets={caretsByBlock.get(index) ?? NO_CARETS}
                onBlur={typing.closeStep}
                elementRef={register(index)}
              />
            ) : block.kind === 'card' ? (
              <BlockCard block={block} />
            ) : null}
            {slash.index === index ? (
              <div className="block-inserter-popover is-slash">
                <BlockInserterList
                  id={slash.listId}
                  entries={slash.entries}
                  active={slash.active}
                  onChoose={(entry) => {
                    slash.close();
                    insert({ replace: index }, entry);
                  }}
                  onHighlight={slash.highlight}
                />
              </div>
            ) : null}
            <InserterButton
              label={`Add a block after block ${index + 1}`}
              disabled={disabled}
              onChoose={(entry) => insert({ after: index }, entry)}
            />
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
