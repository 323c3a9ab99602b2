/**
 * The example's block codec (`SyncOptions.blockCodec`): post content ↔ blocks in the block
 * editor's shape (`core/paragraph` with a rich-text `content`, `core/heading` with `level`,
 * `core/list` of `core/list-item`s, `core/quote` of paragraphs), built on the editor's own parser
 * (parseContent.ts) so the demo needs no `@wordpress/block-library` in the page. Any other block is
 * kept as its exact markup (`originalContent`) and written back unchanged.
 *
 * An app that co-edits with people in the real block editor passes
 * `wordpressBlockCodec(blocks)` of `wp-entities/sync` instead, with the core blocks registered: it
 * parses every block type exactly as the block editor does.
 *
 * @module
 */
import type { BlockAttributeSchema, BlockCodec, SyncBlock } from 'wp-entities/sync';
import { parseContent } from '../blocks/parseContent.js';
import { renderTextBlock } from '../blocks/renderTextBlock.js';
import type { BlockSegment } from '../blocks/types.js';

/** What WordPress puts between two top-level blocks. */
const BLOCK_GAP = '\n\n';

/** The block types whose `content` is rich text (one `Y.Text` per block in the shared document). */
export const RICH_TEXT_BLOCKS: ReadonlySet<string> = new Set([
  'core/paragraph',
  'core/heading',
  'core/list-item',
]);

const RICH_TEXT: BlockAttributeSchema = { type: 'rich-text' };

function block(name: string, attributes: Record<string, unknown>, innerBlocks: SyncBlock[] = []): SyncBlock {
  return { name, attributes, innerBlocks };
}

/** The block of one segment of the editor's parse. */
function blockOf(segment: BlockSegment): SyncBlock {
  if (segment.kind === 'card') {
    return {
      ...block(segment.blockName ?? 'core/freeform', { ...segment.attrs }),
      originalContent: segment.source,
    };
  }
  const lines = segment.text.split('\n');
  switch (segment.type) {
    case 'paragraph':
      return block('core/paragraph', { content: segment.text });
    case 'heading':
      return block('core/heading', { content: segment.text, level: segment.level ?? 2 });
    case 'list':
      return block(
        'core/list',
        { ordered: segment.isOrdered === true },
        lines.map((line) => block('core/list-item', { content: line })),
      );
    case 'quote':
      return block(
        'core/quote',
        {},
        lines.map((line) => block('core/paragraph', { content: line })),
      );
  }
}

/** The text of a rich-text attribute as the document holds it (an HTML string). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

/** The markup of one block. */
function sourceOf(item: SyncBlock): string {
  const { attributes, innerBlocks } = item;
  const inner = () => innerBlocks.map((child) => textOf(child.attributes['content'])).join('\n');
  switch (item.name) {
    case 'core/paragraph':
      return renderTextBlock({ type: 'paragraph', text: textOf(attributes['content']) });
    case 'core/heading': {
      const level = typeof attributes['level'] === 'number' ? attributes['level'] : 2;
      return renderTextBlock({ type: 'heading', text: textOf(attributes['content']), level });
    }
    case 'core/list':
      return renderTextBlock({ type: 'list', text: inner(), isOrdered: attributes['ordered'] === true });
    case 'core/quote':
      return renderTextBlock({ type: 'quote', text: inner() });
    default:
      return typeof item['originalContent'] === 'string' ? item['originalContent'] : '';
  }
}

/** The example's {@link BlockCodec} (see the module's description). */
export const exampleBlockCodec: BlockCodec = {
  parse(content) {
    return parseContent(content)
      .filter((segment): segment is BlockSegment => segment.kind !== 'gap')
      .map(blockOf);
  },
  serialize(blocks) {
    return blocks.map(sourceOf).join(BLOCK_GAP);
  },
  attributeSchema(blockName, attributeName) {
    return attributeName === 'content' && RICH_TEXT_BLOCKS.has(blockName) ? RICH_TEXT : undefined;
  },
};
