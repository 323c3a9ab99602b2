import type { KeyboardEvent } from 'react';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { TextField } from '../../text/TextField.js';
import { linesOf } from './renderTextBlock.js';
import { TEXT_BLOCK_LABELS, type TextBlockModel, type TextBlockType } from './types.js';

/** Props of {@link TextBlock}. */
export interface TextBlockProps {
  /** The block. */
  block: TextBlockModel;
  /** Its position among the blocks, from 0. */
  index: number;
  /** Called with the new text on each keystroke. */
  onText(text: string): void;
  /** Enter in a paragraph or heading: split it at the selection (what is selected goes). */
  onSplit(before: string, after: string): void;
  /** Backspace at the start of the block (nothing selected): join it to the block before. */
  onBackspaceAtStart(): void;
  /** An arrow key at the start (`-1`) or the end (`1`) of the block: go to the block before or after. */
  onLeave(direction: -1 | 1): void;
  /** Called when the field loses focus. */
  onBlur(): void;
  /** Receives the text field, to move focus to it. */
  elementRef(element: HTMLInputElement | HTMLTextAreaElement | null): void;
  /** The others' carets in this block, in its text's offsets. */
  remoteCarets: readonly RemoteCaret[];
}

const PLACEHOLDERS: Readonly<Record<TextBlockType, string>> = {
  paragraph: 'Start writing…',
  heading: 'Heading',
  list: 'One item per line',
  quote: 'A quote, one paragraph per line',
};

/** An editable text block: a field styled like the block it is. */
export function TextBlock(props: TextBlockProps) {
  const { block, index } = props;
  const isSingleLine = block.type === 'paragraph' || block.type === 'heading';
  const label =
    block.type === 'heading'
      ? `Heading ${block.level ?? 2}, block ${index + 1}`
      : `${TEXT_BLOCK_LABELS[block.type]}, block ${index + 1}`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Undo and redo bubble up to the editor.
    if (event.ctrlKey || event.metaKey) return;
    if (event.altKey || event.shiftKey) return;
    const field = event.currentTarget;
    const start = field.selectionStart ?? 0;
    const end = field.selectionEnd ?? start;
    const isCaret = start === end;
    if (event.key === 'Enter' && isSingleLine) {
      event.preventDefault();
      props.onSplit(field.value.slice(0, start), field.value.slice(end));
    } else if (event.key === 'Backspace' && isCaret && start === 0) {
      event.preventDefault();
      props.onBackspaceAtStart();
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowLeft') && isCaret && start === 0) {
      event.preventDefault();
      props.onLeave(-1);
    } else if (
      (event.key === 'ArrowDown' || event.key === 'ArrowRight') &&
      isCaret &&
      end === field.value.length
    ) {
      event.preventDefault();
      props.onLeave(1);
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
      data-lines={block.type === 'list' ? linesOf(block.text).length : undefined}
    >
      <TextField
        multiline
        label={label}
        className={className}
        placeholder={PLACEHOLDERS[block.type]}
        value={block.text}
        onText={props.onText}
        onBlur={props.onBlur}
        onKeyDown={onKeyDown}
        elementRef={props.elementRef}
        remoteCarets={props.remoteCarets}
        testId="text-block"
      />
    </div>
  );
}
