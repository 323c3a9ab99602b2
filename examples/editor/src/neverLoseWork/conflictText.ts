/**
 * A field's value in the conflict card as a person reads it: a post's content as its text, one
 * paragraph per block (other blocks as "[Image]"), not block markup; inline HTML as its text; and
 * the way back from an edited merge of the content to markup, block by block.
 *
 * @module
 */
import { blocksOf, updateParsedBlock } from '../post/blocks/blockEdits.js';
import { parseContent } from '../post/blocks/parseContent.js';
import type { BlockSegment } from '../post/blocks/types.js';

/** Field names as a person says them. */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  content: 'Content',
  excerpt: 'Excerpt',
  status: 'Status',
  slug: 'Address (slug)',
};

/** "Title", "Content", … or the field's own name. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** The text of inline HTML (`<em>a</em> b` → `a b`). */
export function textOfHtml(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function blockText(block: BlockSegment, keepInlineHtml: boolean): string {
  if (block.kind === 'text') return keepInlineHtml ? block.text : textOfHtml(block.text);
  const name = (block.blockName ?? 'html').replace(/^core\//, '');
  return `[${name.charAt(0).toUpperCase()}${name.slice(1)}]`;
}

/**
 * A field's value as text: content block by block, strings as their text, the rest as JSON. With
 * `keepInlineHtml` (the merge editor, which edits blocks as the editor's own text blocks do) a
 * block's inline HTML stays.
 */
export function readableValue(field: string, value: unknown, keepInlineHtml = false): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? '';
  if (field === 'content')
    return blocksOf(value)
      .map((block) => blockText(block, keepInlineHtml))
      .join('\n\n');
  return keepInlineHtml ? value : textOfHtml(value);
}

/**
 * The content `markup` with its text blocks' texts replaced by the paragraphs of `text` (as
 * {@link readableValue} shows them with inline HTML, one per block, blank lines between); other
 * blocks stay byte for byte, and so do text blocks whose paragraph did not change. Throws with a sentence for the person when the paragraphs do not match the blocks.
 */
export function contentFromText(markup: string, text: string): string {
  const segments = parseContent(markup);
  const blocks = segments.filter((segment): segment is BlockSegment => segment.kind !== 'gap');
  const paragraphs = text.split(/\n{2,}/);
  if (paragraphs.length !== blocks.length) {
    throw new Error(
      `Keep one paragraph per block, with a blank line between (${blocks.length} blocks, ${paragraphs.length} paragraphs now).`,
    );
  }
  let result = markup;
  let current = segments;
  blocks.forEach((block, index) => {
    const paragraph = paragraphs[index] ?? '';
    if (block.kind !== 'text' || paragraph === block.text) return;
    result = updateParsedBlock(current, index, { ...block, text: paragraph });
    current = parseContent(result);
  });
  return result;
}
