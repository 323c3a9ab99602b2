import type { KeyboardEvent } from 'react';
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
  /** Enter at the end of a paragraph or heading: a new paragraph after this one. */
  onEnterAtEnd(): void;
  /** Backspace in an empty block: remove it. */
  onBackspaceWhenEmpty(): void;
  /** Called when the field loses focus. */
  onBlur(): void;
  /** Receives the text field, to move focus to it. */
  elementRef(element: HTMLInputElement | HTMLTextAreaElement | null): void;
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
    const field = event.currentTarget;
    const atEnd = field.selectionStart === field.value.length && field.selectionEnd === field.value.length;
    if (event.key === 'Enter' && !event.shiftKey && isSingleLine && atEnd) {
      event.preventDefault();
      props.onEnterAtEnd();
    } else if (event.key === 'Backspace' && field.value === '') {
      event.preventDefault();
      props.onBackspaceWhenEmpty();
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
        testId="text-block"
      />
    </div>
  );
}
