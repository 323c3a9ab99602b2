import { memo, type KeyboardEvent, type RefObject } from 'react';
import { insert, slice } from '@wordpress/rich-text';
import { sameCarets, type RemoteCaret } from '../../collaboration/RemoteCarets.js';
import type { SharedPlace } from '../../text/heldSelection.js';
import { RichTextField, type RichTextHandle } from '../../text/RichTextField.js';
import { htmlOf } from '../../text/richValue.js';
import { linesOf } from './renderTextBlock.js';
import { TEXT_BLOCK_LABELS, type TextBlockModel, type TextBlockType } from './types.js';

/**
 * What a text block asks of the editor, by its index. The editor hands the same object to every
 * block and renews what it holds on each render, so a block that did not change need not render
 * again to act on the latest content.
 */
export interface BlockActions {
  /**
   * The person changed the block's text `basedOn`: its next texts, to write in this order;
   * `isFormatting`: a format applied or removed (an undo step of its own), not typing. When the
   * block's text is no longer `basedOn` (someone else's change reached the post after the block
   * rendered), the change goes on top of theirs.
   */
  onText(index: number, texts: readonly string[], isFormatting: boolean, basedOn: string): void;
  /** Enter in a paragraph or heading: the block is split into these two texts (what was selected goes). */
  onSplit(index: number, before: string, after: string): void;
  /** Backspace at the start of the block (nothing selected): join it to the block before. */
  onBackspaceAtStart(index: number): void;
  /** An arrow key at the start (`-1`) or the end (`1`) of the block: go to the block before or after. */
  onLeave(index: number, direction: -1 | 1): void;
  /** The block's text lost focus. */
  onBlur(): void;
  /** Receives the block's rich-text field (`null` when it goes), to move focus to it. */
  register(index: number, field: RichTextHandle | null): void;
}

/** Props of {@link TextBlock}. */
export interface TextBlockProps {
  /** The block. */
  block: TextBlockModel;
  /** Its position among the blocks, from 0. */
  index: number;
  /** No editing. */
  disabled: boolean;
  /** The editor's actions (see {@link BlockActions}). */
  actions: RefObject<BlockActions>;
  /** The others' carets in this block, in its text's offsets. */
  remoteCarets: readonly RemoteCaret[];
  /** Where the block's text is in the shared content (collaboration), or `undefined`. */
  sharedPlace: SharedPlace | undefined;
}

const PLACEHOLDERS: Readonly<Record<TextBlockType, string>> = {
  paragraph: 'Start writing…',
  heading: 'Heading',
  list: 'One item per line',
  quote: 'A quote, one paragraph per line',
};

/** Lists and quotes hold one item or paragraph per line. */
function hasLines(type: TextBlockType): boolean {
  return type === 'list' || type === 'quote';
}

/** An editable text block: rich text styled like the block it is. */
function TextBlockView(props: TextBlockProps) {
  const { block, index, actions } = props;
  const lines = hasLines(block.type);
  const label =
    block.type === 'heading'
      ? `Heading ${block.level ?? 2}, block ${index + 1}`
      : `${TEXT_BLOCK_LABELS[block.type]}, block ${index + 1}`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, field: RichTextHandle) => {
    // Undo, redo and saving bubble up to the editor.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const value = field.value();
    if (value.start === undefined || value.end === undefined) return;
    const { start, end } = value;
    const isCaret = start === end;
    if (event.key === 'Enter') {
      event.preventDefault();
      // A new line: a list's next item, a quote's next paragraph, or (Shift+Enter) a line break.
      if (lines || event.shiftKey) field.change(insert(value, '\n'));
      // (Both ends given: `slice` takes a missing one from the selection.)
      else
        actions.current?.onSplit(
          index,
          htmlOf(slice(value, 0, start)),
          htmlOf(slice(value, end, value.text.length)),
        );
    } else if (event.shiftKey) {
      return;
    } else if (event.key === 'Backspace' && isCaret && start === 0) {
      event.preventDefault();
      actions.current?.onBackspaceAtStart(index);
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowLeft') && isCaret && start === 0) {
      event.preventDefault();
      actions.current?.onLeave(index, -1);
    } else if (
      (event.key === 'ArrowDown' || event.key === 'ArrowRight') &&
      isCaret &&
      end === value.text.length
    ) {
      event.preventDefault();
      actions.current?.onLeave(index, 1);
    }
  };
  const className = [
    'text-block',
    `text-block-${block.type}`,
    block.type === 'heading' ? `text-block-h${block.level ?? 2}` : '',
    block.type === 'list' && block.isOrdered ? 'is-ordered' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className="text-block-box"
      data-block={index}
      data-lines={lines ? linesOf(block.text).length : undefined}
    >
      <RichTextField
        text={block.text}
        hasLines={lines}
        label={label}
        className={className}
        placeholder={PLACEHOLDERS[block.type]}
        disabled={props.disabled}
        testId="text-block"
        onChange={(texts, isFormatting, basedOn) =>
          actions.current?.onText(index, texts, isFormatting, basedOn)
        }
        onKeyDown={onKeyDown}
        onBlur={() => actions.current?.onBlur()}
        handleRef={(field) => actions.current?.register(index, field)}
        remoteCarets={props.remoteCarets}
        sharedPlace={props.sharedPlace}
      />
    </div>
  );
}

/**
 * {@link TextBlockView}, rendered again only when its own block, place or carets change: typing in
 * one block does not render the others.
 */
export const TextBlock = memo(
  TextBlockView,
  (before, after) =>
    before.index === after.index &&
    before.disabled === after.disabled &&
    before.actions === after.actions &&
    before.sharedPlace === after.sharedPlace &&
    before.block.type === after.block.type &&
    before.block.text === after.block.text &&
    before.block.level === after.block.level &&
    before.block.isOrdered === after.block.isOrdered &&
    sameCarets(before.remoteCarets, after.remoteCarets),
);
