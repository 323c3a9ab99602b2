/**
 * What choosing a block in the inserter does to the content: the block replaces the block the "/"
 * was typed in, or goes after a block (the "+" button). A block the editor cannot write in (a
 * separator) is followed by an empty paragraph, where the caret goes, as in the block editor.
 * Every other block stays byte for byte.
 *
 * @module
 */
import { segmentIndex } from '../blockEdits.js';
import { parseContent } from '../parseContent.js';
import { renderTextBlock } from '../renderTextBlock.js';
import type { InsertableBlock } from './insertableBlocks.js';

/** What WordPress puts between two top-level blocks. */
const BLOCK_GAP = '\n\n';

/** Where the chosen block goes: in place of block `replace`, or after block `after` (`-1`: first). */
export type InsertPlace = { readonly replace: number } | { readonly after: number };

/** The content with the block placed, and the index of the block the caret goes to. */
export interface PlacedBlock {
  readonly content: string;
  readonly focus: number;
}

function markupOf(entry: InsertableBlock): string {
  return 'model' in entry.block ? renderTextBlock(entry.block.model) : entry.block.markup;
}

/** Places `entry` in `content` at `place` (see {@link InsertPlace}). */
export function placeBlock(content: string, place: InsertPlace, entry: InsertableBlock): PlacedBlock {
  const sources = [markupOf(entry)];
  // Nowhere to type in a separator: a paragraph after it takes the caret.
  if (!('model' in entry.block)) sources.push(renderTextBlock({ type: 'paragraph', text: '' }));
  const inserted = sources.join(BLOCK_GAP);
  const segments = parseContent(content);
  const pieces = segments.map((segment) => segment.source);
  let first: number;
  if ('replace' in place) {
    pieces[segmentIndex(segments, place.replace)] = inserted;
    first = place.replace;
  } else if (place.after < 0 || segments.length === 0) {
    pieces.unshift(segments.length === 0 ? inserted : inserted + BLOCK_GAP);
    first = 0;
  } else {
    const at = segmentIndex(segments, place.after);
    pieces[at] = `${pieces[at] ?? ''}${BLOCK_GAP}${inserted}`;
    first = place.after + 1;
  }
  return { content: pieces.join(''), focus: first + sources.length - 1 };
}
