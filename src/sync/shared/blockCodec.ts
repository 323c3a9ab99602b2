/**
 * The block codec: how a store turns post content into blocks and back, so it can read and write
 * `document.blocks`, the block editor's truth for content (see `blockDoc.ts`). The library ships no
 * block parser of its own; an app passes one, e.g. the `@wordpress/blocks` module with the core
 * blocks registered (`registerCoreBlocks()` of `@wordpress/block-library`), wrapped by
 * {@link wordpressBlockCodec}: `sync: { user, providers, blockCodec: wordpressBlockCodec(blocks) }`
 * (the README shows the imports).
 *
 * @module
 */

/** A block's attribute schema, as a block type registers it (`block.json`'s `attributes`). */
export interface BlockAttributeSchema {
  /** `'rich-text'` (shared as a `Y.Text` of HTML), `'array'`, `'object'`, `'string'`, … */
  readonly type?: string | readonly string[] | undefined;
  /** `'local'`: never shared (e.g. an image's blob URL while it uploads). */
  readonly role?: string | undefined;
  /** The schema of each property of an array's items or of an object (e.g. a table's cells). */
  readonly query?: Readonly<Record<string, BlockAttributeSchema>> | undefined;
}

/** A parsed block: the shape `@wordpress/blocks`' `parse` returns. */
export interface SyncBlock {
  /** The block type, e.g. `core/paragraph`. */
  readonly name: string;
  /** The block's attributes (rich text as HTML strings, or objects whose `toJSON` gives the HTML). */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The blocks nested in this one. */
  readonly innerBlocks: readonly SyncBlock[];
  /** The editor's id of the block; the document keeps the first one it was given. */
  readonly clientId?: string | undefined;
  /** Anything else the parser adds (`isValid`, `originalContent`, …) is shared as it is. */
  readonly [property: string]: unknown;
}

/**
 * `SyncOptions.blockCodec`: parse and serialize post content, and the attribute schemas of the
 * block types, so the store reads and writes a post's content as `document.blocks` (the block
 * editor's layout) instead of only the `document.content` text. Every function must be pure and
 * deterministic for one set of registered block types.
 */
export interface BlockCodec {
  /** Post content (HTML with block delimiters) → blocks. */
  parse(content: string): readonly SyncBlock[];
  /** Blocks as the document holds them (rich-text attributes as HTML strings) → post content. */
  serialize(blocks: readonly SyncBlock[]): string;
  /**
   * One top-level block → its content. Optional; when given, `serialize` of two blocks or more
   * must equal their `serializeBlock`s joined by a blank line (`'\n\n'`, as `@wordpress/blocks`
   * joins them): the store then keeps each block's serialization and, after a change of one block,
   * serializes only that block instead of the whole post.
   */
  serializeBlock?(block: SyncBlock): string;
  /** The schema of attribute `attributeName` of block type `blockName`; `undefined` when unknown. */
  attributeSchema(blockName: string, attributeName: string): BlockAttributeSchema | undefined;
}

/** The part of `@wordpress/blocks` that {@link wordpressBlockCodec} uses. */
export interface WordPressBlocksApi {
  parse(content: string): unknown[];
  serialize(blocks: unknown[]): string;
  /** Serializes without the parser's leftovers, as core-data does; preferred when present. */
  __unstableSerializeAndClean?: ((blocks: unknown[]) => string) | undefined;
  getBlockType(name: string): { attributes?: Record<string, unknown> } | undefined;
}

/**
 * A {@link BlockCodec} over `@wordpress/blocks` (pass the module; register the block types first,
 * e.g. `registerCoreBlocks()` from `@wordpress/block-library`): content serialized exactly as the
 * block editor serializes it when it saves, one block at a time after a change of one block.
 */
export function wordpressBlockCodec(blocks: WordPressBlocksApi): BlockCodec {
  const serialize = blocks.__unstableSerializeAndClean ?? blocks.serialize;
  return {
    parse: (content) => blocks.parse(content) as SyncBlock[],
    serialize: (list) => serialize(list as unknown[]),
    // `serialize` maps each block alone and joins them; the cleaning differs only for one block.
    serializeBlock: (block) => blocks.serialize([block]),
    attributeSchema: (blockName, attributeName) =>
      blocks.getBlockType(blockName)?.attributes?.[attributeName] as BlockAttributeSchema | undefined,
  };
}
