import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { getActiveFormats, insert, RichTextData, toHTMLString } from '@wordpress/rich-text';
import type * as Y from 'yjs';
import { RichRemoteCarets } from '../collaboration/RemoteCarets.js';
import type { RemoteCaret } from '../collaboration/RemoteCarets.js';
import { selectIn, valueLengthOf } from './domOffsets.js';
import { FormatToolbar } from './FormatToolbar.js';
import {
  formatShortcutOf,
  isLinkRequest,
  removeLink,
  toggleInlineFormat,
  type LinkRequest,
} from './formatCommands.js';
import {
  holdSelection,
  loadRelativePositions,
  resolveSelection,
  type HeldSelection,
  type SharedPlace,
} from './heldSelection.js';
import { isMapOf, mapHtml, richOffsetAt } from './htmlOffsets.js';
import { ownChangeCount } from './ownChanges.js';
import { typedTextOf, valueAfterTyping, type FieldValue } from './plainTyping.js';
import { htmlSteps, nextBlockHtml } from './richEdit.js';
import { useRichText } from './richTextHook.js';
import {
  modelOfRichHtml,
  parseRich,
  richHtmlOfModel,
  type InlineFormat,
  type RichTextValue,
} from './richValue.js';
import { holdKeystroke, writeHeldKeystroke } from './heldKeystroke.js';
import { changeEnd, mapOffset } from './textChange.js';

/** What a block's key handler and the editor can do with a rich-text field. */
export interface RichTextHandle {
  /** The editable element. */
  readonly element: HTMLDivElement;
  /** The current value, with the selection (`start`, `end`; `undefined` without focus). */
  value(): RichTextValue;
  /** Makes `value` the field's value, as the person's own edit (a format, an inserted line). */
  change(value: RichTextValue): void;
  /** Focuses the field with the caret at a value offset, or at the end. */
  focusAt(offset: number | 'end'): void;
}

/** Props of {@link RichTextField}. */
export interface RichTextFieldProps {
  /** The block's text: inline HTML (a list or quote: one line per item). */
  text: string;
  /** Each line of the text is an item (a list, a quote): a line break in the field separates them. */
  hasLines: boolean;
  /** The accessible name. */
  label: string;
  className: string;
  placeholder: string;
  /** @default undefined */
  testId?: string;
  /** No editing. */
  disabled: boolean;
  /**
   * The person changed the text: the block's next texts, to write in this order (one; two when a
   * format's tags are added or removed, each write then a pure insertion or deletion), made from
   * the block's text `basedOn`. A keystroke is written after the frame that shows it
   * (heldKeystroke.ts): by then someone else's change may have reached the block, and the
   * keystroke goes on top of it.
   */
  onChange(texts: readonly string[], isFormatting: boolean, basedOn: string): void;
  /** Keys for the block (Enter, Backspace at the start, arrows), after the field's own. */
  onKeyDown(event: KeyboardEvent<HTMLDivElement>, field: RichTextHandle): void;
  onBlur(): void;
  /** Receives the field's handle. */
  handleRef: Ref<RichTextHandle>;
  /** The others' carets and selections, in offsets of `text`. */
  remoteCarets: readonly RemoteCaret[];
  /** Where the text is in the shared content, for holding the selection through others' edits. */
  sharedPlace: SharedPlace | undefined;
  /**
   * A plain keystroke is taken in from the browser's one change (plainTyping.ts); `false`: every
   * input goes through rich text's own handling (tests compare the two). @default true
   */
  takesPlainTyping?: boolean;
}

const NO_FORMATS: readonly string[] = [];

/** A plain keystroke the field shows and holds before writing it (heldKeystroke.ts). */
interface HeldTyping {
  /** The field's value after it. */
  readonly value: FieldValue;
  /** The block's text it was typed into. */
  readonly from: string;
  /** Whether `from` is written as rich text writes it (see `nextBlockHtml`). */
  readonly isFromCanonical: boolean;
}

/** What `@wordpress/rich-text`'s editing hook returns (its types say little). */
interface RichHook {
  ref(node: HTMLDivElement | null): void;
  /** Its record: the value it holds, the same object until it makes a new one. */
  getValue(): FieldValue | undefined;
  onChange(value: RichTextValue): void;
}

/** Per window, the fields' handlers of `input` events at its capture phase, by field element. */
const inputHandlers = new WeakMap<Window, Map<EventTarget, (event: Event) => void>>();

/**
 * Hands `element`'s `input` events to `handler` at `view`'s capture phase, before anyone else
 * hears them. One listener per window for all its fields (a keystroke runs one handler, not one
 * per block); returns the function that stops it.
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

/** The selection of `value` as its rich-text offsets, or `undefined` without one. */
function selectionOf(value: RichTextValue | undefined): { start: number; end: number } | undefined {
  if (value === undefined || value.start === undefined || value.end === undefined) return undefined;
  return { start: value.start, end: value.end };
}

/**
 * A block's text as rich text: bold, italic, links and inline code shown as formatting and edited
 * with the usual shortcuts and a small toolbar, written back as the block's HTML with the smallest
 * edit (richEdit.ts). Built on `@wordpress/rich-text`'s editing hook (the block editor's own
 * contenteditable handling: typing, selection, format boundaries, deletion), given HTML and a
 * selection, which this field keeps where its owner left it when others change the text
 * (relative positions in the shared content when collaborating; the change's text otherwise).
 */
export function RichTextField(props: RichTextFieldProps) {
  const { text, hasLines, sharedPlace } = props;
  const html = richHtmlOfModel(text, hasLines);
  const element = useRef<HTMLDivElement | null>(null);
  /** The selection the field has (rich-text offsets), as the hook last told it. */
  const selection = useRef<{ start: number; end: number } | undefined>(undefined);
  /** The text last shown, and the last one this person's own edit wrote. */
  const shown = useRef(text);
  const written = useRef<string | undefined>(undefined);
  /** The last text known to be written as rich text writes it (its own output). */
  const canonical = useRef<string | undefined>(undefined);
  const ownChanges = useRef(ownChangeCount());
  const held = useRef<HeldSelection | undefined>(undefined);
  const [isFocused, setFocused] = useState(false);
  const [activeFormats, setActiveFormats] = useState<readonly string[]>(NO_FORMATS);
  /** The active formats last given to the toolbar. */
  const shownFormats = useRef<readonly string[]>(NO_FORMATS);
  const [link, setLink] = useState<LinkRequest | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;
  /** Whether the change being made is a format command (its own undo step), not typing. */
  const isFormatting = useRef(false);
  const richRef = useRef<RichHook | undefined>(undefined);
  /**
   * The value the hook is given: a new one only for a text that came from elsewhere (someone
   * else's change, an undo), which it then shows. The person's own changes are in the hook
   * already (rich text's or the typing of plainTyping.ts): given again, the hook would read them
   * and write the field's DOM once more, and it could not tell its own last value from a string
   * equal to it.
   */
  const hookValue = useRef<RichTextData | undefined>(undefined);
  const shownPlaceholder = useRef(props.placeholder);

  // A new text from elsewhere, read before the hook shows it (in its layout effect), while the
  // field's selection is still the one its owner made: where it goes in the new text.
  if (text !== shown.current) {
    const node = element.current;
    const before = richRef.current?.getValue();
    const had = selectionOf(before);
    const isOwn = text === written.current;
    const isOwnUndo = ownChangeCount() !== ownChanges.current;
    if (!isOwn && had && before && node && node.ownerDocument.activeElement === node) {
      const after = parseRich(html);
      const map = mapHtml(text);
      const sharedText = sharedPlace?.sharedText();
      const kept =
        !isOwnUndo && held.current && sharedText && isMapOf(map, after.text)
          ? resolveSelection(sharedText, sharedPlace as SharedPlace, held.current, text, map)
          : undefined;
      if (isOwnUndo) {
        const caret = changeEnd(before.text, after.text);
        selection.current = { start: caret, end: caret };
      } else if (kept) {
        selection.current = kept;
      } else {
        const isCaret = had.start === had.end;
        const start = mapOffset(had.start, before.text, after.text, isCaret ? 'left' : 'right');
        selection.current = {
          start,
          end: Math.max(start, mapOffset(had.end, before.text, after.text)),
        };
      }
    }
    if (!isOwn) hookValue.current = undefined;
    held.current = undefined;
    written.current = undefined;
    canonical.current = undefined;
    shown.current = text;
    ownChanges.current = ownChangeCount();
  }
  // A new placeholder makes the hook take its value again: the current text.
  if (props.placeholder !== shownPlaceholder.current) {
    shownPlaceholder.current = props.placeholder;
    hookValue.current = undefined;
  }
  hookValue.current ??= RichTextData.fromHTMLString(html);

  /** A plain keystroke shown and not yet written (see {@link HeldTyping}). */
  const typed = useRef<HeldTyping | undefined>(undefined);

  /**
   * The person changed the block's text `from` (`isFromCanonical`: as rich text writes it) to
   * `value` (its HTML: `nextHtml`): the block's next texts.
   */
  const commitFrom = (value: RichTextValue, nextHtml: string, from: string, isFromCanonical: boolean) => {
    ownChanges.current = ownChangeCount();
    const before = richHtmlOfModel(from, hasLines);
    const next = nextBlockHtml(before, value, nextHtml, isFromCanonical);
    const steps = htmlSteps(before, next).map((step) => modelOfRichHtml(step, hasLines));
    const last = steps[steps.length - 1] as string;
    if (last === from) return;
    held.current = undefined;
    written.current = last;
    canonical.current = next === nextHtml ? last : undefined;
    shown.current = last;
    latest.current.onChange(steps, isFormatting.current, from);
  };
  /** Writes the keystroke the field holds, if any. */
  const writeTyped = () => {
    const keystroke = typed.current;
    if (!keystroke) return;
    typed.current = undefined;
    const { value, from, isFromCanonical } = keystroke;
    commitFrom(value, toHTMLString({ value }), from, isFromCanonical);
  };
  /** The person changed the value to `value` (its HTML: `nextHtml`), after any keystroke held. */
  const commit = (value: RichTextValue, nextHtml: string) => {
    writeTyped();
    commitFrom(value, nextHtml, shown.current, shown.current === canonical.current);
  };
  // What a held keystroke's write calls when it comes: this render's (or the newest) functions.
  const writeTypedRef = useRef(writeTyped);
  writeTypedRef.current = writeTyped;
  /** The selection the person made: held for the next render, and the formats shown as active. */
  const noteSelection = (start: number | undefined, end: number | undefined) => {
    selection.current = start === undefined || end === undefined ? undefined : { start, end };
    // A selection held before someone else's change is not this one any more.
    held.current = undefined;
    ownChanges.current = ownChangeCount();
    const value = richRef.current?.getValue();
    const types = value ? getActiveFormats(value).map((format) => format.type) : NO_FORMATS;
    // Most selections (every keystroke's) leave the active formats as they were: no state update.
    if (types.join() === shownFormats.current.join()) return;
    shownFormats.current = types;
    setActiveFormats(types);
  };

  const rich = useRichText({
    value: hookValue.current,
    selectionStart: selection.current?.start,
    selectionEnd: selection.current?.end,
    placeholder: props.placeholder,
    onSelectionChange: noteSelection,
    onChange(next: RichTextData | string) {
      commit(richRef.current?.getValue() as RichTextValue, String(next));
    },
  }) as unknown as RichHook;
  richRef.current = rich;

  /**
   * An `input` of the field, before anyone else hears it (the window's capture phase): a plain
   * keystroke (plainTyping.ts) is taken in here, its value made from the one change the browser
   * made, and goes no further, so rich text neither reads the field's DOM again nor writes it back.
   * It is written to the block after the frame that shows it (heldKeystroke.ts).
   */
  const takeTyping = (event: Event, observer: MutationObserver) => {
    const node = element.current;
    if (
      !node ||
      event.target !== node ||
      !('inputType' in event) ||
      latest.current.takesPlainTyping === false
    )
      return;
    const mutations = observer.takeRecords();
    const record = richRef.current?.getValue();
    if (!record || node.ownerDocument.activeElement !== node || node.contentEditable !== 'true') return;
    const insertion = typedTextOf(event as InputEvent, mutations, node);
    const after = insertion && valueAfterTyping(record, node, insertion);
    const view = node.ownerDocument.defaultView;
    if (!after || !view) return;
    event.stopPropagation();
    // (Another field's keystroke, or this one's, held still: written first, in order.)
    writeHeldKeystroke(view);
    // The hook's record is this object (it reads it at every event): it becomes the new value.
    for (const key of Object.keys(record))
      if (!(key in after)) delete (record as Record<string, unknown>)[key];
    Object.assign(record, after);
    noteSelection(after.start, after.end);
    typed.current = {
      value: after,
      from: shown.current,
      isFromCanonical: shown.current === canonical.current,
    };
    holdKeystroke(view, () => writeTypedRef.current());
  };
  // The listener calls the newest render's `takeTyping`, and with it that render's functions.
  const takeTypingRef = useRef(takeTyping);
  takeTypingRef.current = takeTyping;
  /** Stops watching the element for typing (see `setElement`). */
  const stopWatching = useRef<(() => void) | undefined>(undefined);

  // One callback for the element's whole life: a new one each render would make the hook attach
  // its listeners and apply its value again on every render.
  const setElement = useCallback((node: HTMLDivElement | null) => {
    // The field goes (or changes element): what it holds is written first.
    writeTypedRef.current();
    stopWatching.current?.();
    stopWatching.current = undefined;
    element.current = node;
    richRef.current?.ref(node);
    const view = node?.ownerDocument.defaultView;
    if (!node || !view) return;
    // Records what the browser changes, so a keystroke's one change can be checked (takeTyping);
    // the records are read there or dropped.
    const observer = new view.MutationObserver(() => undefined);
    observer.observe(node, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
      characterDataOldValue: true,
    });
    const stopListening = onInputFirst(view, node, (event) => takeTypingRef.current(event, observer));
    stopWatching.current = () => {
      observer.disconnect();
      stopListening();
    };
  }, []);

  // While this field has focus, its selection is taken as relative positions just before someone
  // else's change enters the shared text (the text and the selection then still agree).
  useEffect(() => {
    if (!isFocused || sharedPlace === undefined) return;
    const sharedText = sharedPlace.sharedText();
    const doc = sharedText?.doc;
    if (!sharedText || !doc) return;
    void loadRelativePositions();
    const onBeforeTransaction = (transaction: Y.Transaction) => {
      if (transaction.local || held.current !== undefined || typed.current !== undefined) return;
      const value = richRef.current?.getValue();
      const had = selectionOf(value);
      if (!had || !value) return;
      const current = shown.current;
      const map = mapHtml(current);
      if (!isMapOf(map, value.text)) return;
      held.current = holdSelection(sharedText, sharedPlace, current, map, had.start, had.end);
    };
    // Someone else's change, read into the post (the binding listened first): a keystroke held
    // goes on top of it now, before the field renders that change.
    const onAfterTransaction = (transaction: Y.Transaction) => {
      if (!transaction.local && typed.current !== undefined) writeTypedRef.current();
    };
    doc.on('beforeTransaction', onBeforeTransaction);
    doc.on('afterTransaction', onAfterTransaction);
    return () => {
      doc.off('beforeTransaction', onBeforeTransaction);
      doc.off('afterTransaction', onAfterTransaction);
    };
  }, [isFocused, sharedPlace]);

  const handle: RichTextHandle = {
    get element() {
      return element.current as HTMLDivElement;
    },
    value: () => rich.getValue() as RichTextValue,
    change: (value) => rich.onChange(value),
    focusAt(offset) {
      const node = element.current;
      if (!node) return;
      node.focus();
      const at = offset === 'end' ? valueLengthOf(node) : offset;
      selectIn(node, at);
    },
  };
  useImperativeHandle(props.handleRef, () => handle);

  const applyFormatting = (value: RichTextValue) => {
    isFormatting.current = true;
    try {
      rich.onChange(value);
    } finally {
      isFormatting.current = false;
    }
  };
  const applyFormat = (format: InlineFormat) => {
    const value = rich.getValue();
    if (!value || value.start === undefined) return;
    const result = toggleInlineFormat(value, format);
    if (isLinkRequest(result)) setLink(result);
    else applyFormatting(result);
  };
  const onLink = (href: string | undefined, refocus: boolean) => {
    const request = link;
    setLink(undefined);
    if (!request) return;
    if (refocus) handle.focusAt(request.caret);
    if (href !== undefined) applyFormatting(request.apply(href));
  };
  // The toolbar's callbacks stay the same objects (it renders again only when its props change),
  // and call this render's.
  const toolbarActions = useRef({ applyFormat, onLink });
  toolbarActions.current = { applyFormat, onLink };
  const onToolbarFormat = useCallback(
    (format: InlineFormat) => toolbarActions.current.applyFormat(format),
    [],
  );
  const onToolbarLink = useCallback(
    (href: string | undefined, refocus: boolean) => toolbarActions.current.onLink(href, refocus),
    [],
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented) return;
    const format = formatShortcutOf(event);
    if (format === 'unlink') {
      event.preventDefault();
      const value = rich.getValue();
      if (value && value.start !== undefined) applyFormatting(removeLink(value));
      return;
    }
    if (format) {
      event.preventDefault();
      applyFormat(format);
      return;
    }
    props.onKeyDown(event, handle);
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    // Only text comes in: pasted markup (styles, spans, other blocks) would go into the content.
    event.preventDefault();
    const value = rich.getValue();
    if (!value || value.start === undefined) return;
    const pasted = event.clipboardData.getData('text/plain').replace(/\r\n?/g, '\n');
    rich.onChange(insert(value, hasLines ? pasted : pasted.replace(/\s*\n\s*/g, ' ')));
  };

  const map = props.remoteCarets.length > 0 ? mapHtml(text) : undefined;
  const carets = map
    ? props.remoteCarets.map((caret) => ({
        ...caret,
        start: richOffsetAt(map, caret.start),
        end: richOffsetAt(map, caret.end),
      }))
    : props.remoteCarets;
  return (
    <div className="rich-text-box">
      <FormatToolbar
        active={activeFormats}
        disabled={props.disabled}
        link={link}
        onFormat={onToolbarFormat}
        onLink={onToolbarLink}
      />
      <div
        ref={setElement}
        role="textbox"
        aria-multiline={hasLines}
        aria-label={props.label}
        aria-disabled={props.disabled || undefined}
        contentEditable={!props.disabled}
        suppressContentEditableWarning
        tabIndex={props.disabled ? -1 : 0}
        className={props.className}
        data-testid={props.testId}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDrop={(event) => event.preventDefault()}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          held.current = undefined;
          props.onBlur();
        }}
      />
      <RichRemoteCarets field={element} carets={carets} shown={text} />
    </div>
  );
}
