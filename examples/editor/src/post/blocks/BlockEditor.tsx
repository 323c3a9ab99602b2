import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { EntityRecord } from 'wp-entities';
import { useStore } from 'wp-entities/react';
import type { SharedPlace } from '../../text/heldSelection.js';
import type { RichTextHandle } from '../../text/RichTextField.js';
import { parseRich, richHtmlOfModel } from '../../text/richValue.js';
import { rebaseChange } from '../../text/textChange.js';
import { editedPost, type EditorPost } from '../../app/types.js';
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
  modelOf,
} from './blockEdits.js';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { blockPosition } from './blockOffsets.js';
import { primeSegments, segmentsOf } from './parsedContent.js';
import { renderTextBlock } from './renderTextBlock.js';
import { BlockRow, type BlockActions, type SlashMenu } from './BlockRow.js';
import { placeBlock } from './inserter/inserterEdits.js';
import { useSlashInserter } from './inserter/useSlashInserter.js';
import { sharedPlaceOf } from './sharedPlace.js';
import type { BlockActions as TextBlockActions } from './TextBlock.js';
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
 * The content the blocks show for `stored`: empty content shows one empty paragraph to write in,
 * as a new post does in the block editor; it becomes content with the first keystroke, so an
 * untouched new post stays unchanged.
 */
function shownContent(stored: string, disabled: boolean): string {
  return stored.trim() === '' && !disabled ? EMPTY_PARAGRAPH : stored;
}

/** The blocks among `segments` (not the gaps between them). */
function blocksOf(segments: readonly Segment[]): BlockSegment[] {
  return segments.filter((segment): segment is BlockSegment => segment.kind !== 'gap');
}

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
  const content = shownContent(stored, disabled);
  const segments = segmentsOf(content);
  const caretsByBlock = useMemo(() => caretsInBlocks(segments, remoteCarets), [segments, remoteCarets]);
  const blocks = useMemo(() => blocksOf(segments), [segments]);
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
  const fieldOf = useCallback((index: number) => fields.current.get(index)?.element, []);
  const slash = useSlashInserter(
    blocks,
    (index, entry) => {
      const placed = placeBlock(content, { replace: index }, entry);
      change(placed.content, placed.focus);
    },
    fieldOf,
  );

  // What the rows' actions read when called: this render's content, blocks and callbacks.
  const latest = { content, segments, blocks, record, typing, onLeaveStart, slash, change, disabled };
  const current = useRef(latest);
  current.current = latest;
  /**
   * The content and its blocks as the post has them now, for the text blocks' actions: someone
   * else's change may have reached the post since this render; usually they are this render's.
   */
  const contentNow = () => {
    const rendered = current.current;
    const stored = editedPost(rendered.record as EntityRecord<EditorPost>)?.content ?? '';
    const now = shownContent(stored, rendered.disabled);
    if (now === rendered.content) return rendered;
    const parsed = segmentsOf(now);
    return { content: now, segments: parsed, blocks: blocksOf(parsed) };
  };
  const actions = useMemo<BlockActions>(() => {
    const now = () => current.current;
    return {
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

  // What a text block asks (typing, Enter, Backspace, arrows): one object for the editor's life.
  const textActions = useRef<TextBlockActions>(null as unknown as TextBlockActions);
  textActions.current ??= {
    onText(index, texts, isFormatting, basedOn) {
      const { record: post, typing: undo, slash: inserter } = current.current;
      const { segments: parsed, blocks: all } = contentNow();
      const block = all[index];
      if (block?.kind !== 'text') return;
      // Someone else's change reached the block after this one was made from it: on top of theirs.
      const written =
        block.text === basedOn ? texts : texts.map((text) => rebaseChange(basedOn, text, block.text));
      const last = written[written.length - 1];
      if (last === undefined) return;
      inserter.noteTyping(index, block.text, last);
      // A format applied is one undo step of its own, apart from the words typed around it.
      if (isFormatting) undo.closeStep();
      for (const text of written) {
        const model = { ...modelOf(block), text };
        const next = updateParsedBlock(parsed, index, model);
        // The next render's parse, from this one: only this block changed.
        if (text === last) primeSegments(parsed, index, text, renderTextBlock(model), next);
        undo.typeInto(post, 'content', next, String(index));
      }
      if (isFormatting) undo.closeStep();
    },
    onSplit(index, before, after) {
      const { change: apply } = current.current;
      const { content: text, blocks: all } = contentNow();
      const block = all[index];
      if (block?.kind === 'text') apply(splitBlock(text, index, modelOf(block), before, after), index + 1, 0);
    },
    onBackspaceAtStart(index) {
      const { change: apply } = current.current;
      const { content: text, blocks: all } = contentNow();
      const block = all[index];
      const previous = all[index - 1];
      if (block?.kind !== 'text') return;
      const merged = mergeWithPrevious(text, index);
      if (merged !== undefined && previous?.kind === 'text') {
        // The caret goes where the two texts meet: after the previous block's characters.
        const hasLines = previous.type === 'list' || previous.type === 'quote';
        apply(merged, index - 1, parseRich(richHtmlOfModel(previous.text, hasLines)).text.length);
      }
      // An empty block after a card, or the first one: it goes, as before.
      else if (block.text === '') apply(removeBlock(text, index), index > 0 ? index - 1 : -1);
    },
    onLeave(index, direction) {
      const { blocks: all, onLeaveStart: leaveStart } = current.current;
      for (let other = index + direction; other >= 0 && other < all.length; other += direction) {
        const field = fields.current.get(other);
        if (!field) continue;
        field.focusAt(direction === 1 ? 0 : 'end');
        return;
      }
      if (direction === -1) leaveStart?.();
    },
    onBlur() {
      current.current.typing.closeStep();
    },
    register(index, field) {
      if (field) {
        fields.current.set(index, field);
        // A block that mounts after a split or an insert takes the caret it was asked to.
        const focus = focusNext.current;
        if (focus?.index === index) {
          focusNext.current = undefined;
          field.focusAt(focus.caret);
        }
      } else if (fields.current.get(index)?.element.isConnected !== true) fields.current.delete(index);
    },
  };

  // A block asked to take the caret (after a split, a merge, an insert): once it is on screen.
  useLayoutEffect(() => {
    const focus = focusNext.current;
    const field = focus === undefined ? undefined : fields.current.get(focus.index);
    if (!focus || !field) return;
    focusNext.current = undefined;
    field.focusAt(focus.caret);
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
          textActions={textActions}
          sharedPlace={placeOf(index)}
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
