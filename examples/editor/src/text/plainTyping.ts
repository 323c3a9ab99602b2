/**
 * Typing one plain character (or a few, from one `insertText`) into a rich-text field, read from
 * the one change the browser made instead of from the whole field. `@wordpress/rich-text` handles
 * each `input` by reading the field's DOM into a new value, giving the typed characters the formats
 * active at the caret, and writing the value back to the DOM; for the common keystroke (a
 * character typed at a caret inside a text, nothing composed, no format waiting to apply) all the
 * browser did was insert the characters into one text node, right after a character of the same
 * formats, and the value it makes is the old one with those characters inserted. This module
 * proves a keystroke is that case and makes that value; anything it cannot prove goes to rich
 * text's own handling.
 *
 * @module
 */
import { toHTMLString } from '@wordpress/rich-text';
import { offsetOfDomPoint } from './domOffsets.js';
import type { RichTextFormat, RichTextValue } from './richValue.js';

/** What rich text reads specially (line breaks, objects, the zero-width caret holder). */
const SPECIAL_CHARACTERS = /[\n\r\u2028\u2029\ufeff\ufffc]/;

/** A field's value as rich text keeps it: with the formats active at its caret. */
export type FieldValue = RichTextValue & { activeFormats?: readonly RichTextFormat[] };

/** Where the browser put typed text: `data` inserted into `node` at `offset`. */
export interface TypedText {
  readonly node: Text;
  readonly offset: number;
  readonly data: string;
}

/**
 * The typed text of an `input` event, when the browser's whole change to `root` (`mutations`, all
 * of them since the keystroke began) was inserting it into one text node, with a character of that
 * node before it and the caret right after it; `undefined` for anything else (a composition, a
 * deletion, a paste, a new node, a line break, text at the start of a node).
 */
export function typedTextOf(
  event: InputEvent,
  mutations: readonly MutationRecord[],
  root: Element,
): TypedText | undefined {
  const { data } = event;
  if (event.inputType !== 'insertText' || event.isComposing || !data || SPECIAL_CHARACTERS.test(data))
    return undefined;
  const mutation = mutations.length === 1 ? mutations[0] : undefined;
  if (mutation?.type !== 'characterData' || mutation.target.nodeType !== 3) return undefined;
  const node = mutation.target as Text;
  const before = mutation.oldValue;
  if (before === null || before.includes('\ufeff') || !root.contains(node)) return undefined;
  const selection = root.ownerDocument.getSelection();
  if (selection?.rangeCount !== 1 || !selection.isCollapsed || selection.anchorNode !== node)
    return undefined;
  const offset = selection.anchorOffset - data.length;
  const now = node.data;
  if (
    offset < 1 ||
    now.length !== before.length + data.length ||
    now.slice(offset, offset + data.length) !== data ||
    now.slice(0, offset) !== before.slice(0, offset) ||
    now.slice(offset + data.length) !== before.slice(offset)
  )
    return undefined;
  return { node, offset, data };
}

/** Whether two format lists hold the same format objects, in order (no list and `[]` are the same). */
function isSameFormatList(
  a: readonly RichTextFormat[] | undefined,
  b: readonly RichTextFormat[] | undefined,
): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return left.length === right.length && left.every((format, i) => format === right[i]);
}

/**
 * The field's value after `typed`, as rich text's own input handling makes it (the old value with
 * the text inserted at the caret, carrying the formats active there), or `undefined` when that
 * cannot be proven: the value's caret is not where the browser typed, its text there is not the
 * node's, or the active formats are not exactly those of the character before (a format waiting
 * to apply, a format's edge), so rich text would put the text elsewhere than the browser did.
 *
 * @param before The field's value before the keystroke, with its caret (rich text's record).
 * @param root The field's editable element.
 * @param typed What the browser inserted ({@link typedTextOf}).
 */
export function valueAfterTyping(
  before: FieldValue,
  root: Element,
  typed: TypedText,
): FieldValue | undefined {
  const { start, end, text, formats, replacements } = before;
  if (start === undefined || start !== end) return undefined;
  const { node, offset, data } = typed;
  // The node's text as it was: it must be the value's text on both sides of the caret.
  const was = node.data.slice(0, offset) + node.data.slice(offset + data.length);
  if (
    text.slice(start - offset, start) !== was.slice(0, offset) ||
    text.slice(start, start + was.length - offset) !== was.slice(offset) ||
    offsetOfDomPoint(root, node, offset) !== start
  )
    return undefined;
  // Rich text gives typed text the active formats; the browser put it beside the character
  // before, in that character's elements: the same only when they are the same formats.
  const previous = formats[start - 1];
  if (replacements[start - 1] !== undefined || !isSameFormatList(before.activeFormats, previous))
    return undefined;
  const typedFormats: RichTextFormat[] = previous ? [...previous] : [];
  const added = new Array<RichTextFormat[]>(data.length);
  // (No formats: holes, as rich text leaves them.)
  if (typedFormats.length > 0) added.fill(typedFormats);
  const caret = start + data.length;
  return {
    text: text.slice(0, start) + data + text.slice(start),
    formats: formats.slice(0, start).concat(added, formats.slice(start)),
    replacements: replacements.slice(0, start).concat(new Array(data.length), replacements.slice(start)),
    start: caret,
    end: caret,
    activeFormats: typedFormats,
  };
}

/** Per window, the fields' handlers of `input` events at its capture phase, by field element. */
const inputHandlers = new WeakMap<Window, Map<EventTarget, (event: Event) => void>>();

/**
 * Hands `element`'s `input` events to `handler` at `view`'s capture phase, before anyone else
 * (rich text among them) hears them. One listener per window for all its fields (a keystroke runs
 * one handler, not one per block); returns the function that stops it.
 */
function onInputFirst(view: Window, element: HTMLElement, handler: (event: Event) => void): () => void {
  let handlers = inputHandlers.get(view);
  if (!handlers) {
    const byElement = new Map<EventTarget, (event: Event) => void>();
    view.addEventListener('input', (event) => event.target && byElement.get(event.target)?.(event), true);
    inputHandlers.set(view, byElement);
    handlers = byElement;
  }
  const all = handlers;
  all.set(element, handler);
  return () => {
    if (all.get(element) === handler) all.delete(element);
  };
}

/** What {@link watchPlainTyping} asks of its field. */
export interface PlainTypingField {
  /** The field's value before the keystroke, with its caret; `undefined`: leave it to rich text. */
  valueBefore(): FieldValue | undefined;
  /** Takes a plain keystroke in: the field's value after it, and that value's HTML. */
  take(after: FieldValue, afterHtml: string): void;
}

/**
 * Watches the editable `root` for plain keystrokes: an `input` that {@link typedTextOf} and
 * {@link valueAfterTyping} prove to be one is handed to `field.take` and goes no further (rich text
 * never hears it, so it neither reads the DOM again nor writes it back); any other goes on to rich
 * text. Returns the function that stops watching.
 */
export function watchPlainTyping(root: HTMLElement, field: PlainTypingField): () => void {
  const view = root.ownerDocument.defaultView;
  if (!view) return () => undefined;
  // Records what the browser changes, so a keystroke's one change can be checked; the records are
  // read at each `input` (or dropped then).
  const observer = new view.MutationObserver(() => undefined);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
    characterDataOldValue: true,
  });
  const stopListening = onInputFirst(view, root, (event) => {
    if (event.target !== root || !('inputType' in event)) return;
    const mutations = observer.takeRecords();
    const before = field.valueBefore();
    if (!before || root.ownerDocument.activeElement !== root || root.contentEditable !== 'true') return;
    const typed = typedTextOf(event as InputEvent, mutations, root);
    const after = typed && valueAfterTyping(before, root, typed);
    if (!after) return;
    event.stopPropagation();
    field.take(after, toHTMLString({ value: after }));
  });
  return () => {
    observer.disconnect();
    stopListening();
  };
}
