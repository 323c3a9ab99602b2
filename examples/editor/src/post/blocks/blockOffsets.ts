/**
 * Offsets in a text block's text ↔ offsets in the post's `content` (its block markup), so that a
 * selection in one block is shared with the others as a selection in the `content` field, and a
 * selection they share is shown in the right block.
 *
 * @module
 */
import { htmlOffsetAt, mapHtml } from '../../text/htmlOffsets.js';
import { renderTextBlock } from './renderTextBlock.js';
import type { Segment, TextBlockModel, TextSegment } from './types.js';

/** A character no text holds, marking a place while a block is written out. */
const MARK = '\u0000';

/** Where offset `local` of `model.text` lands in the block's markup. */
function markupOffset(model: TextBlockModel, local: number): number {
  const text = `${model.text.slice(0, local)}${MARK}${model.text.slice(local)}`;
  return renderTextBlock({ ...model, text }).indexOf(MARK);
}

/** The text block at `blockIndex` (gaps not counted) and where its markup starts in the content. */
function locate(
  segments: readonly Segment[],
  blockIndex: number,
): { block: TextSegment; start: number } | undefined {
  let start = 0;
  let index = -1;
  for (const segment of segments) {
    if (segment.kind !== 'gap') index++;
    if (index === blockIndex) return segment.kind === 'text' ? { block: segment, start } : undefined;
    start += segment.source.length;
  }
  return undefined;
}

/** The offset in the content of offset `local` in the text of block `blockIndex`; `undefined` for a card. */
export function contentOffset(
  segments: readonly Segment[],
  blockIndex: number,
  local: number,
): number | undefined {
  const found = locate(segments, blockIndex);
  if (!found) return undefined;
  const clamped = Math.max(0, Math.min(local, found.block.text.length));
  return found.start + markupOffset(found.block, clamped);
}

/** The text block an offset of the content is in, and the offset in its text; `undefined` outside text. */
export function blockPosition(
  segments: readonly Segment[],
  offset: number,
): { blockIndex: number; offset: number } | undefined {
  let start = 0;
  let blockIndex = -1;
  for (const segment of segments) {
    if (segment.kind !== 'gap') blockIndex++;
    const end = start + segment.source.length;
    if (segment.kind === 'text' && offset >= start && offset <= end) {
      const inMarkup = offset - start;
      // The largest text offset whose place in the markup is not after `inMarkup` (markupOffset grows with it).
      let low = 0;
      let high = segment.text.length;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (markupOffset(segment, middle) <= inMarkup) low = middle;
        else high = middle - 1;
      }
      return { blockIndex, offset: low };
    }
    start = end;
  }
  return undefined;
}

/**
 * A selection in a block's rich-text field (offsets of its rich text) as a selection in the
 * content, for presence: the block is the one its field is in (`data-block`); `undefined` outside
 * a text block.
 */
export function contentSelectionOf(
  segments: readonly Segment[],
  input: Element,
  selection: { start: number; end: number },
): { start: number; end: number } | undefined {
  const box = input.closest<HTMLElement>('[data-block]');
  const blockIndex = Number(box?.dataset.block);
  if (!Number.isInteger(blockIndex)) return undefined;
  const found = locate(segments, blockIndex);
  if (!found) return undefined;
  // A caret sits right after the character before it; a selection starts at its first character.
  const map = mapHtml(found.block.text);
  const isCaret = selection.start === selection.end;
  const start = contentOffset(
    segments,
    blockIndex,
    htmlOffsetAt(map, selection.start, isCaret ? 'before-tags' : 'after-tags'),
  );
  const end = isCaret
    ? start
    : contentOffset(segments, blockIndex, htmlOffsetAt(map, selection.end, 'before-tags'));
  return start === undefined || end === undefined ? undefined : { start, end };
}
