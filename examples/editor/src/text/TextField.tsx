import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type * as Y from 'yjs';
import { RemoteCarets, type RemoteCaret } from '../collaboration/RemoteCarets.js';
import {
  holdPlainSelection,
  loadRelativePositions,
  resolvePlainSelection,
  type HeldSelection as HeldPositions,
} from './heldSelection.js';
import { ownChangeCount } from './undoKeys.js';
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
  /**
   * The shared text holding exactly this field's text (collaboration): the selection is then held
   * through others' edits as relative positions in it. @default undefined (mapped through the
   * change's text)
   */
  sharedText?: (() => Y.Text | undefined) | undefined;
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
 * own text (held as Yjs relative positions in the field's shared text when collaborating, mapped
 * through the change's text otherwise), and the person's own undo or redo puts the caret where the
 * change was, as it does in editors.
 */
export function TextField(props: TextFieldProps) {
  const { value, onText, multiline = false, label, elementRef } = props;
  const element = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const shown = useRef(value);
  const typed = useRef<string | undefined>(undefined);
  const held = useRef<HeldSelection | undefined>(undefined);
  const ownChanges = useRef(ownChangeCount());
  const positions = useRef<HeldPositions | undefined>(undefined);
  const [isFocused, setFocused] = useState(false);
  const sharedTextOf = useRef(props.sharedText);
  sharedTextOf.current = props.sharedText;

  // While the field has focus, its selection is taken as relative positions in the shared text
  // just before someone else's change enters it (the field and the text then still agree).
  useEffect(() => {
    const text = isFocused ? sharedTextOf.current?.() : undefined;
    const doc = text?.doc;
    if (!text || !doc) return;
    void loadRelativePositions();
    const onBeforeTransaction = (transaction: Y.Transaction) => {
      const node = element.current;
      if (transaction.local || positions.current !== undefined || !node) return;
      if (node.selectionStart === null || node.selectionEnd === null || text.toString() !== node.value)
        return;
      positions.current = holdPlainSelection(text, node.selectionStart, node.selectionEnd);
    };
    doc.on('beforeTransaction', onBeforeTransaction);
    return () => doc.off('beforeTransaction', onBeforeTransaction);
  }, [isFocused]);

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
    const kept = positions.current;
    positions.current = undefined;
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
    const text = sharedTextOf.current?.();
    const resolved =
      kept && text && text.toString() === value ? resolvePlainSelection(text, kept) : undefined;
    if (resolved) {
      node.setSelectionRange(resolved.start, resolved.end, selection.direction);
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
    onFocus: () => setFocused(true),
    // The person moved the selection: one held before someone's change is not theirs any more.
    onSelect: () => {
      positions.current = undefined;
    },
    onBlur: (event: FocusEvent) => {
      setFocused(false);
      positions.current = undefined;
      props.onBlur?.(event);
    },
    onKeyDown: props.onKeyDown,
    'data-testid': props.testId,
    onChange: (event: { target: { value: string } }) => {
      typed.current = event.target.value;
      positions.current = undefined;
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
