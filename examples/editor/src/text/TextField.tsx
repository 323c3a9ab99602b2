import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { RemoteCarets, type RemoteCaret } from '../collaboration/RemoteCarets.js';
import { ownChangeCount } from './ownChanges.js';
import { changeEnd, mapOffset } from './textChange.js';

/** Props of {@link TextField}. */
export interface TextFieldProps {
  /** The text. */
  value: string;
  /** Called with the new text on every keystroke. */
  onText(value: string): void;
  /** A `<textarea>` (that grows with its text) instead of an `<input>`. @default false */
  multiline?: boolean;
  /** The accessible name. */
  label: string;
  /** @default undefined */
  className?: string;
  /** @default undefined */
  placeholder?: string;
  /** @default undefined */
  onBlur?(event: FocusEvent): void;
  /** @default undefined */
  onKeyDown?(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  /** Receives the element, for moving focus to it. @default undefined */
  elementRef?(element: HTMLInputElement | HTMLTextAreaElement | null): void;
  /** @default undefined */
  testId?: string;
  /**
   * The others' carets and selections in this field, drawn in the text; a field given this (even
   * empty) is wrapped in a box that holds them. @default undefined
   */
  remoteCarets?: readonly RemoteCaret[] | undefined;
}

/** The selection of a focused field, as it was before its text changed from elsewhere. */
interface HeldSelection {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly direction: 'forward' | 'backward' | 'none';
  /** {@link ownChangeCount} then: a change made since is the person's own (undo, redo). */
  readonly ownChanges: number;
}

/**
 * A text input or textarea bound to a string. When the text changes from elsewhere while the field
 * has focus, the selection is kept: someone else's change leaves it where it was in the person's
 * own text (mapped through the change), and the person's own undo or redo puts the caret where the
 * change was, as it does in editors.
 */
export function TextField(props: TextFieldProps) {
  const { value, onText, multiline = false, label, elementRef } = props;
  const element = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const shown = useRef(value);
  const typed = useRef<string | undefined>(undefined);
  const held = useRef<HeldSelection | undefined>(undefined);
  const ownChanges = useRef(ownChangeCount());

  // Read during render, before React writes the new value (which moves the browser's caret to the
  // end): the only moment the person's selection is still the one they made.
  const field = element.current;
  if (value !== shown.current && typed.current !== value && field && document.activeElement === field) {
    held.current ??= {
      text: field.value,
      start: field.selectionStart ?? field.value.length,
      end: field.selectionEnd ?? field.value.length,
      direction: field.selectionDirection ?? 'none',
      ownChanges: ownChanges.current,
    };
  }

  useLayoutEffect(() => {
    shown.current = value;
    const wasTyped = typed.current === value;
    typed.current = undefined;
    const selection = held.current;
    held.current = undefined;
    const isOwnChange = ownChangeCount() !== (selection?.ownChanges ?? ownChanges.current);
    ownChanges.current = ownChangeCount();
    const node = element.current;
    if (node instanceof HTMLTextAreaElement) {
      // Grow with the text, as a block does.
      node.style.height = 'auto';
      node.style.height = `${node.scrollHeight + 2}px`;
    }
    if (wasTyped || !selection || !node || document.activeElement !== node) return;
    if (isOwnChange) {
      const caret = changeEnd(selection.text, value);
      node.setSelectionRange(caret, caret);
      return;
    }
    // A caret stays next to what its owner typed; a selection keeps exactly the text it had.
    const isCaret = selection.start === selection.end;
    const start = mapOffset(selection.start, selection.text, value, isCaret ? 'left' : 'right');
    node.setSelectionRange(
      start,
      Math.max(start, mapOffset(selection.end, selection.text, value)),
      selection.direction,
    );
  }, [value]);

  const common = {
    'aria-label': label,
    className: props.className,
    placeholder: props.placeholder,
    value,
    onBlur: props.onBlur,
    onKeyDown: props.onKeyDown,
    'data-testid': props.testId,
    onChange: (event: { target: { value: string } }) => {
      typed.current = event.target.value;
      onText(event.target.value);
    },
  };
  const setElement = (node: HTMLInputElement | HTMLTextAreaElement | null) => {
    element.current = node;
    elementRef?.(node);
  };
  const input = multiline ? (
    <textarea {...common} rows={1} ref={setElement} />
  ) : (
    <input {...common} ref={setElement} />
  );
  if (props.remoteCarets === undefined) return input;
  return (
    <span className="text-field-box">
      {input}
      <RemoteCarets field={element} text={value} carets={props.remoteCarets} />
    </span>
  );
}
