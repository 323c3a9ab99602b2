/**
 * A person's selection in a block held as Yjs relative positions in the post's shared content,
 * so that others' edits, wherever they land, leave it on the same characters of the person's own
 * text: taken just before someone else's change enters the shared text, resolved after it.
 *
 * Relative positions need the `yjs` module, which the editor loads only with collaboration on:
 * {@link loadRelativePositions} starts loading it; until it is there (and without collaboration)
 * nothing is held and the field maps the selection through the change's text instead.
 *
 * @module
 */
import type * as Y from 'yjs';
import { htmlOffsetAt, richOffsetAt, type HtmlCharMap } from './htmlOffsets.js';

/** Where a block's text is in the shared text that holds the whole post content. */
export interface SharedPlace {
  /** The shared text of the content; `undefined` without collaboration or while the room is closed. */
  sharedText(): Y.Text | undefined;
  /**
   * The content offset of offset `local` of this block's text in `content`, when this block there
   * holds exactly `blockText`; otherwise `undefined`.
   */
  toShared(content: string, blockText: string, local: number): number | undefined;
  /** The offset in this block's text of content offset `offset`, and that text; `undefined` outside it. */
  fromShared(content: string, offset: number): { local: number; blockText: string } | undefined;
}

/** A selection held through others' changes. */
export interface HeldSelection {
  readonly start: Y.RelativePosition;
  readonly end: Y.RelativePosition;
}

let yjs: typeof Y | undefined;
let loading: Promise<unknown> | undefined;

/**
 * Starts loading `yjs` for relative positions (once; it is already loaded with collaboration on);
 * the promise settles when it is there (or could not be loaded: then nothing is held).
 */
export function loadRelativePositions(): Promise<unknown> {
  return (loading ??= import('yjs').then(
    (module) => {
      yjs = module;
    },
    () => undefined,
  ));
}

/**
 * The selection `[start, end]` (rich-text offsets of a block whose text is `blockText`, mapped by
 * `map`) as relative positions in `text`. A caret sticks to the character before it (what its
 * owner typed last), a selection's start to its first character and its end to its last, so text
 * others insert right at its edges is not taken into it.
 */
export function holdSelection(
  text: Y.Text,
  place: SharedPlace,
  blockText: string,
  map: HtmlCharMap,
  start: number,
  end: number,
): HeldSelection | undefined {
  if (yjs === undefined) return undefined;
  const content = text.toString();
  const isCaret = start === end;
  const from = place.toShared(
    content,
    blockText,
    htmlOffsetAt(map, start, isCaret ? 'before-tags' : 'after-tags'),
  );
  const to = place.toShared(content, blockText, htmlOffsetAt(map, end, 'before-tags'));
  if (from === undefined || to === undefined) return undefined;
  return {
    start: yjs.createRelativePositionFromTypeIndex(text, from, isCaret ? -1 : 0),
    end: yjs.createRelativePositionFromTypeIndex(text, to, -1),
  };
}

/**
 * The rich-text offsets of a held selection in the block as it is now (its text `blockText`,
 * mapped by `map`); `undefined` when the shared text is not that content or the selection left the
 * block (then the caller maps it another way).
 */
export function resolveSelection(
  text: Y.Text,
  place: SharedPlace,
  held: HeldSelection,
  blockText: string,
  map: HtmlCharMap,
): { start: number; end: number } | undefined {
  if (yjs === undefined || text.doc === null) return undefined;
  const start = yjs.createAbsolutePositionFromRelativePosition(held.start, text.doc);
  const end = yjs.createAbsolutePositionFromRelativePosition(held.end, text.doc);
  if (start === null || end === null || start.type !== text || end.type !== text) return undefined;
  const content = text.toString();
  const from = place.fromShared(content, start.index);
  const to = place.fromShared(content, end.index);
  if (from === undefined || to === undefined) return undefined;
  if (from.blockText !== blockText || to.blockText !== blockText) return undefined;
  const richStart = richOffsetAt(map, from.local);
  return { start: richStart, end: Math.max(richStart, richOffsetAt(map, to.local)) };
}

/**
 * The selection `[start, end]` of a plain text field whose whole text is `text` (the title, the
 * excerpt) as relative positions in it; `undefined` before `yjs` is loaded.
 */
export function holdPlainSelection(text: Y.Text, start: number, end: number): HeldSelection | undefined {
  if (yjs === undefined) return undefined;
  const isCaret = start === end;
  return {
    start: yjs.createRelativePositionFromTypeIndex(text, start, isCaret ? -1 : 0),
    end: yjs.createRelativePositionFromTypeIndex(text, end, -1),
  };
}

/** The offsets of a selection held by {@link holdPlainSelection}, in `text` as it is now. */
export function resolvePlainSelection(
  text: Y.Text,
  held: HeldSelection,
): { start: number; end: number } | undefined {
  if (yjs === undefined || text.doc === null) return undefined;
  const start = yjs.createAbsolutePositionFromRelativePosition(held.start, text.doc);
  const end = yjs.createAbsolutePositionFromRelativePosition(held.end, text.doc);
  if (start === null || end === null || start.type !== text || end.type !== text) return undefined;
  return { start: start.index, end: Math.max(start.index, end.index) };
}
