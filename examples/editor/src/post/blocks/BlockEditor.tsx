import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { EntityRecord } from 'wp-entities';
import type { TypingUndo } from '../../text/typingUndo.js';
import {
  convertBlock,
  mergeWithPrevious,
  moveBlock,
  removeBlock,
  splitBlock,
  updateBlock,
  updateParsedBlock,
  insertBlock,
} from './blockEdits.js';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { blockPosition } from './blockOffsets.js';
import { primeSegments, segmentsOf } from './parsedContent.js';
import { renderTextBlock } from './renderTextBlock.js';
import { BlockRow, type BlockActions, type SlashMenu } from './BlockRow.js';
import { placeBlock } from './inserter/inserterEdits.js';
import { useSlashInserter } from './inserter/useSlashInserter.js';
import type { BlockSegment, Segment } from './types.js';

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

/**
 * The post content as blocks: paragraphs, headings, lists and quotes are edited as text; other
 * blocks are cards kept byte for byte. Every change writes the whole content back through
 * `record.edit`, so undo, autosave, save and the unsaved list see one `content` field. A keystroke
 * re-renders only its own block (see {@link BlockRow}).
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
  const segments = segmentsOf(content);
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
  const fieldOf = useCallback((index: number) => fields.current.get(index), []);
  const slash = useSlashInserter(
    blocks,
    (index, entry) => {
      const placed = placeBlock(content, { replace: index }, entry);
      change(placed.content, placed.focus);
    },
    fieldOf,
  );

  // What the rows' actions read when called: this render's content, blocks and callbacks.
  const latest = { content, segments, blocks, record, typing, onLeaveStart, slash, change };
  const current = useRef(latest);
  current.current = latest;
  const actions = useMemo<BlockActions>(() => {
    const now = () => current.current;
    return {
      typeInto(index, block, text) {
        const { segments: parsed, record: post, typing: undo, slash: inserter } = now();
        inserter.noteTyping(index, block.text, text);
        const model = { ...block, text };
        const next = updateParsedBlock(parsed, index, model);
        // The next render's parse, from this one: only this block changed.
        primeSegments(parsed, index, text, renderTextBlock(model), next);
        undo.typeInto(post, 'content', next, String(index));
      },
      changeType(index, block, type) {
        const { content: text, change: apply } = now();
        apply(updateBlock(text, index, convertBlock(block, type)), index);
      },
      changeLevel(index, block, level) {
        const { content: text, change: apply } = now();
        apply(updateBlock(text, index, { ...block, level }), index);
      },
      move(index, direction) {
        const { content: text, change: apply } = now();
        apply(moveBlock(text, index, direction), index + direction);
      },
      remove(index) {
        const { content: text, change: apply } = now();
        apply(removeBlock(text, index), index > 0 ? index - 1 : -1);
      },
      split(index, block, before, after) {
        const { content: text, change: apply } = now();
        apply(splitBlock(text, index, block, before, after), index + 1, 0);
      },
      backspaceAtStart(index, block) {
        const { content: text, blocks: all, change: apply } = now();
        const previous = all[index - 1];
        const merged = mergeWithPrevious(text, index);
        if (merged !== undefined && previous?.kind === 'text') apply(merged, index - 1, previous.text.length);
        // An empty block after a card, or the first one: it goes, as before.
        else if (block.text === '') apply(removeBlock(text, index), index > 0 ? index - 1 : -1);
      },
      leave(index, direction) {
        const { blocks: all, onLeaveStart: leaveStart } = now();
        for (let other = index + direction; other >= 0 && other < all.length; other += direction) {
          const field = fields.current.get(other);
          if (!field) continue;
          field.focus();
          const caret = direction === 1 ? 0 : field.value.length;
          field.setSelectionRange(caret, caret);
          return;
        }
        if (direction === -1) leaveStart?.();
      },
      blur() {
        now().typing.closeStep();
      },
      register(index, element) {
        if (element) fields.current.set(index, element);
        else if (fields.current.get(index)?.isConnected !== true) fields.current.delete(index);
      },
      insert(index, how, entry) {
        const { content: text, change: apply } = now();
        const placed = placeBlock(text, how === 'replace' ? { replace: index } : { after: index }, entry);
        apply(placed.content, placed.focus);
      },
      slashKeyDown(event) {
        now().slash.onKeyDownCapture(event);
      },
      slashHighlight(index) {
        now().slash.highlight(index);
      },
      slashClose() {
        now().slash.close();
      },
    };
  }, []);

  // A block asked to take the caret (after a split, a merge, an insert): once it is on screen.
  useLayoutEffect(() => {
    const focus = focusNext.current;
    const element = focus === undefined ? undefined : fields.current.get(focus.index);
    if (!focus || !element) return;
    focusNext.current = undefined;
    element.focus();
    const caret = focus.caret === 'end' ? element.value.length : focus.caret;
    element.setSelectionRange(caret, caret);
  });

  const slashMenu: SlashMenu | undefined =
    slash.index === undefined
      ? undefined
      : { listId: slash.listId, entries: slash.entries, active: slash.active };
  return (
    <div className="block-editor" role="group" aria-label="Content blocks">
      {blocks.length === 0 ? <p className="muted">This post has no content yet.</p> : null}
      {blocks.map((block, index) => (
        <BlockRow
          key={`${index}:${block.kind === 'text' ? block.type : (block.blockName ?? 'html')}`}
          block={block}
          index={index}
          count={blocks.length}
          disabled={disabled}
          remoteCarets={caretsByBlock.get(index) ?? NO_CARETS}
          slash={slash.index === index ? slashMenu : undefined}
          actions={actions}
        />
      ))}
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
