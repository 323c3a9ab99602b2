/**
 * The segments of the post content, parsed once per content: the block editor's render and the
 * presence of its selection (on each keystroke's select event) ask for the same content's. A
 * keystroke that changed one text block's text brings its segments along ({@link primeSegments}),
 * so the whole content is not parsed again for it.
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

/**
 * After block `blockIndex` of `segments` was given the text `text` and so the markup `source` (a
 * keystroke in it), making `content`: remembers the segments of `content` without parsing it all,
 * when parsing that block's markup alone gives one segment of exactly that markup. Text with a
 * comment in it (which could reach into the next block's markup) is left to a full parse.
 */
export function primeSegments(
  segments: readonly Segment[],
  blockIndex: number,
  text: string,
  source: string,
  content: string,
): void {
  if (text.includes('<!--')) return;
  const parsed = parseContent(source);
  const block = parsed[0];
  if (parsed.length !== 1 || block === undefined || block.source !== source) return;
  const next = [...segments];
  let seen = -1;
  for (let i = 0; i < next.length; i++) {
    if (next[i]?.kind !== 'gap') seen++;
    if (seen !== blockIndex) continue;
    next[i] = block;
    // Joined, they must be the content exactly; otherwise it is parsed in full when asked.
    if (next.map((segment) => segment.source).join('') === content) last = { content, segments: next };
    return;
  }
}
