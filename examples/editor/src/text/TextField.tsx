import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

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
}

/** The end of the changed region of `after` compared with `before` (common prefix and suffix trimmed). */
export function changeEnd(before: string, after: string): number {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return endAfter;
}

/**
 * A text input or textarea bound to a string. When the text changes from elsewhere (undo, redo, a
 * restored revision) while the field has focus, the caret goes where the change was instead of
 * jumping to the end, as it does in editors.
 */
export function TextField(props: TextFieldProps) {
  const { value, onText, multiline = false, label, elementRef } = props;
  const element = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const shown = useRef(value);
  const typed = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = value;
    const wasTyped = typed.current === value;
    typed.current = undefined;
    const field = element.current;
    if (field instanceof HTMLTextAreaElement) {
      // Grow with the text, as a block does.
      field.style.height = 'auto';
      field.style.height = `${field.scrollHeight + 2}px`;
    }
    if (wasTyped || before === value || !field || document.activeElement !== field) return;
    const caret = changeEnd(before, value);
    field.setSelectionRange(caret, caret);
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
  return multiline ? (
    <textarea {...common} rows={1} ref={setElement} />
  ) : (
    <input {...common} ref={setElement} />
  );
}
