/**
 * The segments of the post content, parsed once per content: the block editor's render and the
 * presence of its selection (on each keystroke's select event) ask for the same content's.
 *
 * @module
 */
import { parseContent } from './parseContent.js';
import type { Segment } from './types.js';

let last: { content: string; segments: readonly Segment[] } | undefined;

/** `parseContent(content)`, from the last parse when the content is the same. Do not change the result. */
export function segmentsOf(content: string): readonly Segment[] {
  if (last?.content !== content) last = { content, segments: parseContent(content) };
  return last.segments;
}
