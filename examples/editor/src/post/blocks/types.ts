/**
 * The post content as the block editor sees it: a list of segments that, joined, are exactly the
 * stored content. Text blocks (paragraph, heading, list, quote) are editable; every other block is
 * shown as a read-only card; the text between blocks is kept as it is.
 *
 * @module
 */

/** The kinds of block the editor can edit as text. */
export type TextBlockType = 'paragraph' | 'heading' | 'list' | 'quote';

/** What a text block holds: its type and its text (inline HTML; lists and quotes one line per item). */
export interface TextBlockModel {
  /** The block type. */
  type: TextBlockType;
  /** The inline HTML of the block; a list has one item per line, a quote one paragraph per line. */
  text: string;
  /** Heading level, 1–6 (headings only). */
  level?: number;
  /** A numbered list (lists only). */
  isOrdered?: boolean;
}

/** A text block: editable. `source` is its exact markup in the content. */
export interface TextSegment extends TextBlockModel {
  readonly kind: 'text';
  /** The block's markup, byte for byte as it is in the content. */
  readonly source: string;
}

/** A block the editor does not edit (image, embed, columns, …): shown as a card, kept byte for byte. */
export interface CardSegment {
  readonly kind: 'card';
  /** The block name (`core/image`), or `null` for classic HTML outside any block. */
  readonly blockName: string | null;
  /** The block's attributes. */
  readonly attrs: Readonly<Record<string, unknown>>;
  /** Its markup without the block comments, for a preview of its text. */
  readonly innerHTML: string;
  /** The block's markup, byte for byte as it is in the content. */
  readonly source: string;
}

/** Whitespace between blocks: not shown, kept byte for byte. */
export interface GapSegment {
  readonly kind: 'gap';
  readonly source: string;
}

/** One piece of the content. */
export type Segment = TextSegment | CardSegment | GapSegment;

/** A segment shown as a block (not a gap). */
export type BlockSegment = TextSegment | CardSegment;

/** The labels of the text block types, as the block editor names them. */
export const TEXT_BLOCK_LABELS: Readonly<Record<TextBlockType, string>> = {
  paragraph: 'Paragraph',
  heading: 'Heading',
  list: 'List',
  quote: 'Quote',
};
