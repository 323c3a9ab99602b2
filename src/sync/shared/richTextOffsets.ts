/**
 * Offsets in a rich-text attribute's HTML (what the shared document's `Y.Text` holds) and in its
 * text (what a person sees, and what the block editor's carets count: core-data 8.1's
 * `htmlIndexToRichTextOffset` / `richTextOffsetToHtmlIndex`). Tags count for nothing and a
 * character reference (`&amp;`) for one character; a caret inside a tag or reference is at the
 * character after it.
 *
 * @module
 */

/** The spans of `html` that are not text: tags and character references, as [start, end). */
function markupSpans(html: string): [number, number][] {
  const spans: [number, number][] = [];
  const pattern = /<[^>]*>|&(?:#\d+|#x[\da-fA-F]+|[A-Za-z][\dA-Za-z]*);/g;
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html))
    spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/** The text offset of the HTML index `index` of `html`. */
export function htmlIndexToTextOffset(html: string, index: number): number {
  if (!html.includes('<') && !html.includes('&')) return Math.min(Math.max(0, index), html.length);
  let offset = 0;
  let at = 0;
  for (const [start, end] of markupSpans(html)) {
    if (start >= index) break;
    offset += start - at;
    // A reference is one character of text; a tag none.
    if (html[start] === '&') offset += 1;
    at = end;
    if (end >= index) return offset;
  }
  return offset + Math.max(0, Math.min(index, html.length) - at);
}

/** The HTML index of the text offset `offset` of `html` (before any markup that follows it). */
export function textOffsetToHtmlIndex(html: string, offset: number): number {
  if (!html.includes('<') && !html.includes('&')) return Math.min(Math.max(0, offset), html.length);
  let left = Math.max(0, offset);
  let at = 0;
  for (const [start, end] of markupSpans(html)) {
    if (start - at >= left) return at + left;
    left -= start - at;
    if (html[start] === '&') {
      if (left === 0) return start;
      left -= 1;
    }
    at = end;
  }
  return Math.min(html.length, at + left);
}
