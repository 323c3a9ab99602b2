/**
 * The blocks the inserter offers ("/" in an empty block, or a "+" button): the text blocks the
 * editor writes in, and a separator (a block it keeps as a card), each with the words a search
 * finds it by, as the block editor's inserter lists them.
 *
 * @module
 */
import type { TextBlockModel } from '../types.js';

/** One entry of the inserter. */
export interface InsertableBlock {
  /** Unique among the entries; part of the option's element id. */
  readonly id: string;
  /** What the list shows, as the block editor names the block. */
  readonly label: string;
  /** Other words a search finds it by. */
  readonly keywords: readonly string[];
  /** A text block, inserted empty, or the exact markup of a block the editor keeps as it is. */
  readonly block: { readonly model: TextBlockModel } | { readonly markup: string };
}

/** A separator as WordPress 6.1's block editor saves it. */
export const SEPARATOR_MARKUP =
  '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->';

/** Every entry, in the order the inserter lists them with no search. */
export const INSERTABLE_BLOCKS: readonly InsertableBlock[] = [
  {
    id: 'paragraph',
    label: 'Paragraph',
    keywords: ['text', 'p'],
    block: { model: { type: 'paragraph', text: '' } },
  },
  {
    id: 'heading',
    label: 'Heading',
    keywords: ['title', 'subtitle', 'h2'],
    block: { model: { type: 'heading', text: '', level: 2 } },
  },
  {
    id: 'subheading',
    label: 'Subheading',
    keywords: ['heading 3', 'h3'],
    block: { model: { type: 'heading', text: '', level: 3 } },
  },
  {
    id: 'list',
    label: 'List',
    keywords: ['bullet', 'unordered', 'ul'],
    block: { model: { type: 'list', text: '', isOrdered: false } },
  },
  {
    id: 'numbered-list',
    label: 'Numbered list',
    keywords: ['ordered', 'ol'],
    block: { model: { type: 'list', text: '', isOrdered: true } },
  },
  {
    id: 'quote',
    label: 'Quote',
    keywords: ['blockquote', 'cite'],
    block: { model: { type: 'quote', text: '' } },
  },
  {
    id: 'separator',
    label: 'Separator',
    keywords: ['divider', 'horizontal line', 'hr'],
    block: { markup: SEPARATOR_MARKUP },
  },
];

/**
 * The entries a search finds: those whose name starts with it first, then those whose name or a
 * keyword contains it (case and surrounding spaces ignored); all of them for an empty search.
 */
export function findInsertableBlocks(search: string): InsertableBlock[] {
  const query = search.trim().toLowerCase();
  if (query === '') return [...INSERTABLE_BLOCKS];
  const starts = INSERTABLE_BLOCKS.filter((entry) => entry.label.toLowerCase().startsWith(query));
  const contains = INSERTABLE_BLOCKS.filter(
    (entry) =>
      !starts.includes(entry) &&
      [entry.label, ...entry.keywords].some((word) => word.toLowerCase().includes(query)),
  );
  return [...starts, ...contains];
}
