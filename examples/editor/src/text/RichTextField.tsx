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
import { getActiveFormats, insert, RichTextData } from '@wordpress/rich-text';
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
import { ownChangeCount } from './undoKeys.js';
import { watchPlainTyping, type FieldValue } from './plainTyping.js';
import { blockTextsAfterEdit } from './richEdit.js';
import { useRichText } from './richTextHook.js';
import { parseRich, richHtmlOfModel, type InlineFormat, type RichTextValue } from './richValue.js';
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
   * the block's text `basedOn` (the `text` this field showed). Someone else's change may have
   * reached the block since this field rendered: then the owner puts this change on top of it.
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

/** What `@wordpress/rich-text`'s editing hook returns (its types say little). */
interface RichHook {
  ref(node: HTMLDivElement | null): void;
  /** Its record: the value it holds, the same object until it makes a new one. */
  getValue(): FieldValue | undefined;
  onChange(value: RichTextValue): void;
}

type Selection = { start: number; end: number };

/** The selection of `value` as its rich-text offsets, or `undefined` without one. */
function selectionOf(value: RichTextValue | undefined): Selection | undefined {
  if (value === undefined || value.start === undefined || value.end === undefined) return undefined;
  return { start: value.start, end: value.end };
}

/**
 * Where the selection `had` (in `before`, the value the field showed) goes when the text changes
 * to `text` from elsewhere: after this person's own undo or redo, to the end of the change; after
 * someone else's, onto the same characters, by the relative positions `held` took just before
 * their change entered the shared text, or else through the change's text (mapOffset).
 */
function selectionThroughChange(
  before: RichTextValue,
  had: Selection,
  text: string,
  html: string,
  isOwnUndo: boolean,
  held: HeldSelection | undefined,
  sharedPlace: SharedPlace | undefined,
): Selection {
  const after = parseRich(html);
  if (isOwnUndo) {
    const caret = changeEnd(before.text, after.text);
    return { start: caret, end: caret };
  }
  const map = mapHtml(text);
  const sharedText = sharedPlace?.sharedText();
  const kept =
    held && sharedPlace && sharedText && isMapOf(map, after.text)
      ? resolveSelection(sharedText, sharedPlace, held, text, map)
      : undefined;
  if (kept) return kept;
  const isCaret = had.start === had.end;
  const start = mapOffset(had.start, before.text, after.text, isCaret ? 'left' : 'right');
  return { start, end: Math.max(start, mapOffset(had.end, before.text, after.text)) };
}

/**
 * A block's text as rich text: bold, italic, links and inline code shown as formatting and edited
 * with the usual shortcuts and a small toolbar. Built on `@wordpress/rich-text`'s editing hook (the
 * block editor's own contenteditable handling: typing, selection, format boundaries, deletion).
 *
 * The typing path, in the order a keystroke takes it:
 *
 * 1. A plain character typed at a caret inside text is taken in from the browser's one change
 *    (plainTyping.ts): rich text would read the whole field back and write it to the page again.
 *    Anything else (deletion, composition, paste, a format's edge) is rich text's own handling.
 * 2. Either way the new value reaches {@link RichTextField}'s `writeEdit`, the one place a change
 *    becomes the block's next texts: the smallest edit of the block's HTML (richEdit.ts), so it
 *    merges by character with what others type in the same block; `onChange` writes them.
 * 3. A text that comes from elsewhere (someone else, an undo) is shown with the selection kept on
 *    its owner's characters (`selectionThroughChange`; heldSelection.ts with collaboration).
 */
export function RichTextField(props: RichTextFieldProps) {
  const { text, hasLines, sharedPlace } = props;
  const html = richHtmlOfModel(text, hasLines);
  const element = useRef<HTMLDivElement | null>(null);
  /** The selection the field has (rich-text offsets), as the hook last told it. */
  const selection = useRef<Selection | undefined>(undefined);
  /** The text shown, and the last one this person's own edit wrote. */
  const shown = useRef(text);
  const written = useRef<string | undefined>(undefined);
  /** The last text known to be written as rich text writes it (its own output): no parse to check. */
  const canonical = useRef<string | undefined>(undefined);
  /** {@link ownChangeCount} when the field last looked: a change since is this person's undo or redo. */
  const ownChanges = useRef(ownChangeCount());
  /** The selection as relative positions, taken just before someone else's change came in. */
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
   * The value the hook is given: a new one only for a text that came from elsewhere, which it then
   * shows. The person's own changes are in the hook already: given again, the hook would write the
   * field's DOM once more, and it could not tell its own last value from a string equal to it.
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
    if (!isOwn && had && before && node && node.ownerDocument.activeElement === node) {
      const isOwnUndo = ownChangeCount() !== ownChanges.current;
      selection.current = selectionThroughChange(
        before,
        had,
        text,
        html,
        isOwnUndo,
        held.current,
        sharedPlace,
      );
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

  /**
   * The one place a change of the field becomes an edit: the person changed the value to `value`
   * (its HTML: `nextHtml`); the block's next texts go to `onChange`, made from the text shown.
   */
  const writeEdit = (value: RichTextValue, nextHtml: string) => {
    const from = shown.current;
    ownChanges.current = ownChangeCount();
    const edit = blockTextsAfterEdit(from, value, nextHtml, hasLines, from === canonical.current);
    const { texts } = edit;
    const last = texts[texts.length - 1];
    if (last === undefined || last === from) return;
    held.current = undefined;
    written.current = last;
    canonical.current = edit.isCanonical ? last : undefined;
    shown.current = last;
    latest.current.onChange(texts, isFormatting.current, from);
  };
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
      writeEdit(richRef.current?.getValue() as RichTextValue, String(next));
    },
  }) as unknown as RichHook;
  richRef.current = rich;

  /**
   * A plain keystroke, taken in before rich text hears its `input` (plainTyping.ts): `after` is the
   * value it made; the hook's record becomes it (the hook reads that object at every event).
   */
  const takeKeystroke = (after: FieldValue, afterHtml: string) => {
    const record = richRef.current?.getValue();
    if (!record) return;
    for (const key of Object.keys(record))
      if (!(key in after)) delete (record as Record<string, unknown>)[key];
    Object.assign(record, after);
    noteSelection(after.start, after.end);
    writeEdit(after, afterHtml);
  };
  // The watcher calls the newest render's functions.
  const takeKeystrokeRef = useRef(takeKeystroke);
  takeKeystrokeRef.current = takeKeystroke;
  /** Stops watching the element for plain keystrokes (see `setElement`). */
  const stopWatching = useRef<(() => void) | undefined>(undefined);

  // One callback for the element's whole life: a new one each render would make the hook attach
  // its listeners and apply its value again on every render.
  const setElement = useCallback((node: HTMLDivElement | null) => {
    stopWatching.current?.();
    stopWatching.current = undefined;
    element.current = node;
    richRef.current?.ref(node);
    if (!node) return;
    stopWatching.current = watchPlainTyping(node, {
      valueBefore: () =>
        latest.current.takesPlainTyping === false ? undefined : richRef.current?.getValue(),
      take: (after, afterHtml) => takeKeystrokeRef.current(after, afterHtml),
    });
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
      if (transaction.local || held.current !== undefined) return;
      const value = richRef.current?.getValue();
      const had = selectionOf(value);
      if (!had || !value) return;
      const current = shown.current;
      const map = mapHtml(current);
      if (!isMapOf(map, value.text)) return;
      held.current = holdSelection(sharedText, sharedPlace, current, map, had.start, had.end);
    };
    doc.on('beforeTransaction', onBeforeTransaction);
    return () => doc.off('beforeTransaction', onBeforeTransaction);
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
