/**
 * Where a text block's text is in the post's shared content (`Y.Text` of `content`), for holding a
 * person's selection in it as Yjs relative positions (text/heldSelection.ts).
 *
 * @module
 */
import type * as Y from 'yjs';
import type { SharedPlace } from '../../text/heldSelection.js';
import { blockPosition, contentOffset } from './blockOffsets.js';
import { parseContent } from './parseContent.js';
import type { Segment } from './types.js';

let lastContent: string | undefined;
let lastSegments: Segment[] = [];

/** The segments of `content`, parsed once for repeated questions about the same content. */
function segmentsOf(content: string): Segment[] {
  if (content !== lastContent) {
    lastSegments = parseContent(content);
    lastContent = content;
  }
  return lastSegments;
}

/** The text of the `blockIndex`-th block of `segments` when it is a text block. */
function blockTextAt(segments: readonly Segment[], blockIndex: number): string | undefined {
  let seen = -1;
  for (const segment of segments) {
    if (segment.kind === 'gap') continue;
    seen++;
    if (seen === blockIndex) return segment.kind === 'text' ? segment.text : undefined;
  }
  return undefined;
}

/** The place of the `blockIndex`-th block in the shared text `sharedText()` returns. */
export function sharedPlaceOf(sharedText: () => Y.Text | undefined, blockIndex: number): SharedPlace {
  return {
    sharedText,
    toShared(content, blockText, local) {
      const segments = segmentsOf(content);
      if (blockTextAt(segments, blockIndex) !== blockText) return undefined;
      return contentOffset(segments, blockIndex, local);
    },
    fromShared(content, offset) {
      const segments = segmentsOf(content);
      const position = blockPosition(segments, offset);
      if (position?.blockIndex !== blockIndex) return undefined;
      const blockText = blockTextAt(segments, blockIndex);
      return blockText === undefined ? undefined : { local: position.offset, blockText };
    },
  };
}
