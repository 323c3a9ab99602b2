import { describe, expect, it } from 'vitest';
import { blocksOf } from '../../examples/editor/src/post/blocks/blockEdits.js';
import {
  findInsertableBlocks,
  INSERTABLE_BLOCKS,
  SEPARATOR_MARKUP,
} from '../../examples/editor/src/post/blocks/inserter/insertableBlocks.js';
import { placeBlock } from '../../examples/editor/src/post/blocks/inserter/inserterEdits.js';
import { listKeyAction } from '../../examples/editor/src/post/blocks/inserter/listKeys.js';
import { SAMPLE_CONTENT } from '../../examples/editor/src/post/blocks/sampleContent.js';

const entry = (id: string) => {
  const found = INSERTABLE_BLOCKS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
};
const sources = (content: string) => blocksOf(content).map((block) => block.source);

describe("the block editor's inserter", () => {
  it('finds blocks by the start of their name first, then by any word, ignoring case', () => {
    expect(findInsertableBlocks('').map((found) => found.id)).toEqual(INSERTABLE_BLOCKS.map((all) => all.id));
    expect(findInsertableBlocks('HEA').map((found) => found.id)).toEqual(['heading', 'subheading']);
    expect(findInsertableBlocks('list').map((found) => found.id)).toEqual(['list', 'numbered-list']);
    expect(findInsertableBlocks('hr').map((found) => found.id)).toEqual(['separator']);
    expect(findInsertableBlocks('zzz')).toEqual([]);
  });

  it('turns the "/" block into the chosen block, keeping every other block byte for byte', () => {
    const before = sources(SAMPLE_CONTENT);
    const typed = placeBlock(SAMPLE_CONTENT, { replace: 1 }, entry('paragraph')).content;
    const placed = placeBlock(typed, { replace: 1 }, entry('quote'));
    const after = blocksOf(placed.content);
    expect(placed.focus).toBe(1);
    expect(after[1]).toMatchObject({ kind: 'text', type: 'quote', text: '' });
    expect(after.map((block) => block.source).filter((_, index) => index !== 1)).toEqual(
      before.filter((_, index) => index !== 1),
    );
  });

  it('inserts after a block, at the start, and into empty content; a separator gets a paragraph after it to type in', () => {
    const after = placeBlock(SAMPLE_CONTENT, { after: 0 }, entry('numbered-list'));
    expect(after.focus).toBe(1);
    expect(blocksOf(after.content)[1]).toMatchObject({
      kind: 'text',
      type: 'list',
      isOrdered: true,
      text: '',
    });
    expect(blocksOf(after.content)).toHaveLength(blocksOf(SAMPLE_CONTENT).length + 1);

    const first = placeBlock(SAMPLE_CONTENT, { after: -1 }, entry('heading'));
    expect(first.focus).toBe(0);
    expect(blocksOf(first.content)[0]).toMatchObject({ kind: 'text', type: 'heading', level: 2 });
    expect(first.content.endsWith(SAMPLE_CONTENT)).toBe(true);

    const separator = placeBlock('', { after: -1 }, entry('separator'));
    expect(separator.focus).toBe(1);
    expect(sources(separator.content)[0]).toBe(SEPARATOR_MARKUP);
    expect(blocksOf(separator.content)[1]).toMatchObject({ kind: 'text', type: 'paragraph', text: '' });
  });

  it('moves the highlight round the ends with the arrows; Enter chooses only when something was found', () => {
    expect(listKeyAction('ArrowDown', 3, 2)).toEqual({ kind: 'highlight', index: 0 });
    expect(listKeyAction('ArrowUp', 3, 0)).toEqual({ kind: 'highlight', index: 2 });
    expect(listKeyAction('Enter', 3, 1)).toEqual({ kind: 'choose' });
    expect(listKeyAction('Enter', 0, 0)).toBeUndefined();
    expect(listKeyAction('Escape', 0, 0)).toEqual({ kind: 'close' });
    expect(listKeyAction('a', 3, 0)).toBeUndefined();
  });
});
