/**
 * Changes of structure in the blocks view (Enter, Backspace at a block's start, a new paragraph):
 * pure functions over the blocks `sync.blocks(record)` gives, returning new blocks and never
 * changing the ones given (the store hands the same objects to every reader). The view writes the
 * result as the post's content, once per change of structure; typing never comes here.
 *
 * @module
 */
import type { SyncBlock } from 'wp-entities/sync';
import { joinInlineHtml } from '../blocks/blockEdits.js';
import { RICH_TEXT_BLOCKS } from './exampleBlockCodec.js';

/** A block's place: its index path among the post's blocks (`[2, 0]`: block 2's first inner block). */
export type BlockPath = readonly number[];

/** Whether the block's `content` is a rich-text field of the view. */
export function isTextBlock(block: SyncBlock): boolean {
  return RICH_TEXT_BLOCKS.has(block.name) && typeof block.attributes['content'] === 'string';
}

/** The text blocks in reading order, with their paths (the order the arrows and Backspace follow). */
export function textBlocksOf(
  blocks: readonly SyncBlock[],
  parent: BlockPath = [],
): Array<{
  block: SyncBlock;
  path: BlockPath;
}> {
  return blocks.flatMap((block, index) => {
    const path = [...parent, index];
    return isTextBlock(block) ? [{ block, path }] : textBlocksOf(block.innerBlocks, path);
  });
}

/** The block with `clientId` among `blocks` and their inner blocks. */
export function findBlock(blocks: readonly SyncBlock[], clientId: string): SyncBlock | undefined {
  for (const block of blocks) {
    if (block.clientId === clientId) return block;
    const inner = findBlock(block.innerBlocks, clientId);
    if (inner) return inner;
  }
  return undefined;
}

/** `blocks` with the list at `parent` (the top level for `[]`) replaced by `change(list)`. */
function changeList(
  blocks: readonly SyncBlock[],
  parent: BlockPath,
  change: (list: SyncBlock[]) => SyncBlock[],
): SyncBlock[] {
  const [first, ...rest] = parent;
  if (first === undefined) return change([...blocks]);
  return blocks.map((block, index) =>
    index === first ? { ...block, innerBlocks: changeList(block.innerBlocks, rest, change) } : block,
  );
}

function withContent(block: SyncBlock, content: string): SyncBlock {
  return { ...block, attributes: { ...block.attributes, content } };
}

/**
 * Enter in the text block at `path`: it keeps `before`; `after` goes to a new block right after it
 * (a list item in a list, a paragraph elsewhere; a heading stays a heading when text follows).
 */
export function splitBlock(
  blocks: readonly SyncBlock[],
  path: BlockPath,
  before: string,
  after: string,
): SyncBlock[] {
  const index = path[path.length - 1] as number;
  return changeList(blocks, path.slice(0, -1), (list) => {
    const block = list[index] as SyncBlock;
    const name = block.name === 'core/heading' && after === '' ? 'core/paragraph' : block.name;
    const level = name === 'core/heading' ? { level: block.attributes['level'] } : {};
    list.splice(index, 1, withContent(block, before), {
      name,
      attributes: { content: after, ...level },
      innerBlocks: [],
    });
    return list;
  });
}

/**
 * Backspace at the start of the text block at `path`: its text joins the end of `previous` (the
 * text block before it in reading order) and it goes; a list or quote left empty goes with it.
 */
export function mergeIntoPrevious(
  blocks: readonly SyncBlock[],
  path: BlockPath,
  previous: BlockPath,
): SyncBlock[] {
  const current = blockAt(blocks, path);
  const target = blockAt(blocks, previous);
  const joined = joinInlineHtml(String(target.attributes['content']), String(current.attributes['content']));
  const index = previous[previous.length - 1] as number;
  const merged = changeList(blocks, previous.slice(0, -1), (list) => {
    list[index] = withContent(target, joined);
    return list;
  });
  return removeBlock(merged, path);
}

/** `blocks` without the block at `path` (and without the parents it leaves empty). */
export function removeBlock(blocks: readonly SyncBlock[], path: BlockPath): SyncBlock[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1] as number;
  const result = changeList(blocks, parent, (list) => {
    list.splice(index, 1);
    return list;
  });
  if (parent.length > 0 && blockAt(result, parent).innerBlocks.length === 0)
    return removeBlock(result, parent);
  return result;
}

/** `blocks` with the text of the block at `path` replaced by `content`. */
export function replaceText(blocks: readonly SyncBlock[], path: BlockPath, content: string): SyncBlock[] {
  const index = path[path.length - 1] as number;
  return changeList(blocks, path.slice(0, -1), (list) => {
    list[index] = withContent(list[index] as SyncBlock, content);
    return list;
  });
}

/** A new empty paragraph at the end. */
export function appendParagraph(blocks: readonly SyncBlock[]): SyncBlock[] {
  return [...blocks, { name: 'core/paragraph', attributes: { content: '' }, innerBlocks: [] }];
}

/** The block at `path`. */
export function blockAt(blocks: readonly SyncBlock[], path: BlockPath): SyncBlock {
  let list = blocks;
  let block: SyncBlock | undefined;
  for (const index of path) {
    block = list[index];
    if (!block) throw new RangeError(`The post has no block at [${path.join(', ')}].`);
    list = block.innerBlocks;
  }
  if (!block) throw new RangeError('A block path is never empty.');
  return block;
}
