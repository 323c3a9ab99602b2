/**
 * The block editor's operations on a content string: each one parses the content, changes the
 * segments it must, and joins them again, so every block it does not touch stays byte for byte.
 *
 * @module
 */
import { parseContent } from './parseContent.js';
import { renderTextBlock } from './renderTextBlock.js';
import type { BlockSegment, Segment, TextBlockModel, TextBlockType } from './types.js';

/** What WordPress puts between two top-level blocks. */
const BLOCK_GAP = '\n\n';

function join(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.source).join('');
}

/** The blocks of the content (gaps left out), in order. */
export function blocksOf(content: string): BlockSegment[] {
  return parseContent(content).filter((segment): segment is BlockSegment => segment.kind !== 'gap');
}

/** A text block's model: what it is, without where it is in the content. */
export function modelOf(block: TextBlockModel): TextBlockModel {
  const { type, text, level, isOrdered } = block;
  return {
    type,
    text,
    ...(level === undefined ? {} : { level }),
    ...(isOrdered === undefined ? {} : { isOrdered }),
  };
}

/** The segment index of the `blockIndex`-th block (gaps not counted). */
export function segmentIndex(segments: readonly Segment[], blockIndex: number): number {
  let seen = -1;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i]?.kind !== 'gap') seen++;
    if (seen === blockIndex) return i;
  }
  throw new RangeError(`The content has no block ${blockIndex}.`);
}

function textSegment(model: TextBlockModel): Segment {
  return { kind: 'text', ...model, source: renderTextBlock(model) };
}

/** Replaces the `blockIndex`-th block by a text block with this model. */
export function updateBlock(content: string, blockIndex: number, model: TextBlockModel): string {
  return updateParsedBlock(parseContent(content), blockIndex, model);
}

/**
 * {@link updateBlock} on content already parsed (the editor parses once per render, not again per
 * keystroke). `segments` is not changed.
 */
export function updateParsedBlock(
  segments: readonly Segment[],
  blockIndex: number,
  model: TextBlockModel,
): string {
  const next = [...segments];
  next[segmentIndex(next, blockIndex)] = textSegment(model);
  return join(next);
}

/** Inserts a text block after the `afterIndex`-th block (`-1`: at the start). */
export function insertBlock(content: string, afterIndex: number, model: TextBlockModel): string {
  const segments = parseContent(content);
  const block = textSegment(model);
  if (afterIndex < 0) {
    const rest = segments.length === 0 ? [] : [{ kind: 'gap', source: BLOCK_GAP } as const, ...segments];
    return join([block, ...rest]);
  }
  const at = segmentIndex(segments, afterIndex);
  segments.splice(at + 1, 0, { kind: 'gap', source: BLOCK_GAP }, block);
  return join(segments);
}

/** Removes the `blockIndex`-th block and the gap that separated it from its neighbour. */
export function removeBlock(content: string, blockIndex: number): string {
  const segments = parseContent(content);
  const at = segmentIndex(segments, blockIndex);
  let start = at;
  let end = at + 1;
  if (segments[at - 1]?.kind === 'gap') start--;
  else if (segments[at + 1]?.kind === 'gap') end++;
  segments.splice(start, end - start);
  return join(segments);
}

/** Swaps the `blockIndex`-th block with the one before (`-1`) or after (`+1`); the gaps stay in place. */
export function moveBlock(content: string, blockIndex: number, direction: -1 | 1): string {
  const segments = parseContent(content);
  const blocks = segments.filter((segment) => segment.kind !== 'gap').length;
  const other = blockIndex + direction;
  if (other < 0 || other >= blocks) return content;
  const a = segmentIndex(segments, blockIndex);
  const b = segmentIndex(segments, other);
  const first = segments[a] as Segment;
  segments[a] = segments[b] as Segment;
  segments[b] = first;
  return join(segments);
}

/** The same text as another block type (a heading keeps its level; lists and quotes hold one item per line). */
export function convertBlock(model: TextBlockModel, type: TextBlockType): TextBlockModel {
  if (type === model.type) return model;
  // A paragraph or heading holds one line: the lines of a list or quote are joined with spaces;
  // the line breaks of a paragraph become a list's items or a quote's paragraphs.
  const text =
    type === 'paragraph' || type === 'heading'
      ? model.text.split('\n').join(' ')
      : model.text.replace(/<br\s*\/?>/gi, '\n');
  if (type === 'heading') return { type, text, level: 2 };
  if (type === 'list') return { type, text, isOrdered: false };
  return { type, text };
}

/**
 * Enter inside a paragraph or heading: the text before the caret stays in the block, the text after
 * it goes to a new block of the same kind after it (a paragraph when nothing follows the caret, as
 * in the block editor).
 */
export function splitBlock(
  content: string,
  blockIndex: number,
  model: TextBlockModel,
  before: string,
  after: string,
): string {
  const rest: TextBlockModel = after === '' ? { type: 'paragraph', text: '' } : { ...model, text: after };
  return insertBlock(updateBlock(content, blockIndex, { ...model, text: before }), blockIndex, rest);
}

/**
 * Two pieces of inline HTML one after the other, a format that ends the first and starts the
 * second made one (`<strong>a</strong>` + `<strong>b</strong>` is `<strong>ab</strong>`), as rich
 * text joins them: a block split inside a bold word and merged back is the block it was.
 */
export function joinInlineHtml(before: string, after: string): string {
  let head = before;
  let tail = after;
  for (;;) {
    const close = /<\/([a-zA-Z][a-zA-Z0-9]*)>$/.exec(head);
    const tag = close?.[1];
    if (!close || tag === undefined) break;
    const open = `<${tag}>`;
    // Only a bare element (no attributes on either side): a link or a class may differ.
    if (!tail.startsWith(open) || !head.startsWith(open, head.lastIndexOf(`<${tag}`))) break;
    head = head.slice(0, -close[0].length);
    tail = tail.slice(open.length);
  }
  return head + tail;
}

/**
 * Backspace at the start of a block: its text joins the end of the text block before it (which keeps
 * its kind) and the block goes. `undefined` when the block before is not a text block.
 */
export function mergeWithPrevious(content: string, blockIndex: number): string | undefined {
  const blocks = blocksOf(content);
  const previous = blocks[blockIndex - 1];
  const current = blocks[blockIndex];
  if (previous?.kind !== 'text' || current?.kind !== 'text') return undefined;
  const { kind: _kind, source: _source, ...model } = previous;
  const text = joinInlineHtml(previous.text, current.text);
  const joined = updateBlock(content, blockIndex - 1, { ...model, text });
  return removeBlock(joined, blockIndex);
}
