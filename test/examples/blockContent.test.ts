import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  convertBlock,
  insertBlock,
  mergeWithPrevious,
  moveBlock,
  removeBlock,
  splitBlock,
  updateBlock,
  updateParsedBlock,
} from '../../examples/editor/src/post/blocks/blockEdits.js';
import { parseContent } from '../../examples/editor/src/post/blocks/parseContent.js';
import { SAMPLE_CONTENT } from '../../examples/editor/src/post/blocks/sampleContent.js';
import type { TextSegment } from '../../examples/editor/src/post/blocks/types.js';

const sources = (content: string) => blocksOf(content).map((block) => block.source);

describe('the block editor content model', () => {
  it('splits WordPress content into segments that join back byte for byte', () => {
    expect(
      parseContent(SAMPLE_CONTENT)
        .map((segment) => segment.source)
        .join(''),
    ).toBe(SAMPLE_CONTENT);
    expect(blocksOf(SAMPLE_CONTENT)).toHaveLength(12);
  });

  it('offers paragraphs, headings, lists and quotes as text, and keeps other blocks as cards', () => {
    const blocks = blocksOf(SAMPLE_CONTENT);
    expect(blocks.map((block) => (block.kind === 'text' ? block.type : `card ${block.blockName}`))).toEqual([
      'paragraph',
      'heading',
      'list',
      'card core/image',
      // The quote has a citation the text form cannot show: editing it would drop it.
      'card core/quote',
      'heading',
      // Alignment and a class name the text form cannot show.
      'card core/paragraph',
      'card core/columns',
      'card core/embed',
      'card core/separator',
      'list',
      'paragraph',
    ]);
    expect(blocks[2]).toMatchObject({
      text: 'A notebook that survives rain\nTwo pencils, <strong>sharpened</strong>\nA thermos',
    });
    expect(blocks[5]).toMatchObject({ type: 'heading', level: 3, text: 'Weather' });
    expect(blocks[10]).toMatchObject({ type: 'list', isOrdered: true });
  });

  it('edits one block and leaves every other block byte-identical', () => {
    const before = sources(SAMPLE_CONTENT);
    const paragraph = blocksOf(SAMPLE_CONTENT)[0] as TextSegment;

    const next = updateBlock(SAMPLE_CONTENT, 0, { ...paragraph, text: 'Rewritten <em>intro</em>.' });

    const after = sources(next);
    expect(after[0]).toBe('<!-- wp:paragraph -->\n<p>Rewritten <em>intro</em>.</p>\n<!-- /wp:paragraph -->');
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(next).toBe(SAMPLE_CONTENT.replace(before[0] as string, after[0] as string));
  });

  it('writes an unchanged text block back exactly as WordPress saved it', () => {
    blocksOf(SAMPLE_CONTENT).forEach((block, index) => {
      if (block.kind !== 'text') return;
      expect(updateBlock(SAMPLE_CONTENT, index, block)).toBe(SAMPLE_CONTENT);
    });
  });

  it('adds, removes and moves blocks without touching the others', () => {
    const before = sources(SAMPLE_CONTENT);
    const added = insertBlock(SAMPLE_CONTENT, 1, { type: 'paragraph', text: 'New' });
    expect(sources(added)).toEqual([
      ...before.slice(0, 2),
      '<!-- wp:paragraph -->\n<p>New</p>\n<!-- /wp:paragraph -->',
      ...before.slice(2),
    ]);
    expect(removeBlock(added, 2)).toBe(SAMPLE_CONTENT);

    const moved = moveBlock(SAMPLE_CONTENT, 3, -1);
    expect(sources(moved)).toEqual([before[0], before[1], before[3], before[2], ...before.slice(4)]);
    expect(moveBlock(moved, 2, 1)).toBe(SAMPLE_CONTENT);
    expect(moveBlock(SAMPLE_CONTENT, 0, -1)).toBe(SAMPLE_CONTENT);
  });

  it('starts an empty post with its first block and removes the last one to empty content', () => {
    const first = insertBlock('', -1, { type: 'paragraph', text: '' });
    expect(first).toBe('<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->');
    expect(removeBlock(first, 0)).toBe('');
  });

  it('splits a block at the caret (Enter) and merges it back (Backspace at its start) to the same content', () => {
    const blocks = blocksOf(SAMPLE_CONTENT);
    const heading = blocks[1] as TextSegment;
    const { kind: _kind, source: _source, ...model } = heading;
    const split = splitBlock(SAMPLE_CONTENT, 1, model, 'What to ', 'pack');
    const after = blocksOf(split);
    expect(after).toHaveLength(blocks.length + 1);
    expect(after[1]).toMatchObject({ kind: 'text', type: 'heading', text: 'What to ' });
    expect(after[2]).toMatchObject({ kind: 'text', type: 'heading', text: 'pack' });
    // Every other block is untouched, byte for byte.
    expect(after.slice(3).map((block) => block.source)).toEqual(blocks.slice(2).map((block) => block.source));
    expect(mergeWithPrevious(split, 2)).toBe(SAMPLE_CONTENT);
    // Enter at the end starts a paragraph, as in the block editor.
    expect(blocksOf(splitBlock(SAMPLE_CONTENT, 1, model, 'What to pack', ''))[2]).toMatchObject({
      type: 'paragraph',
      text: '',
    });
  });

  it('does not merge a text block into a block it cannot edit (an image before it)', () => {
    const blocks = blocksOf(SAMPLE_CONTENT);
    const index = blocks.findIndex((block, i) => block.kind === 'text' && blocks[i - 1]?.kind === 'card');
    expect(index).toBeGreaterThan(0);
    expect(mergeWithPrevious(SAMPLE_CONTENT, index)).toBeUndefined();
  });

  it('changes a block type, keeping its text', () => {
    const list = convertBlock({ type: 'paragraph', text: 'Pack light' }, 'list');
    expect(list).toEqual({ type: 'list', text: 'Pack light', isOrdered: false });
    const content = updateBlock(SAMPLE_CONTENT, 0, list);
    expect(blocksOf(content)[0]).toMatchObject({ kind: 'text', type: 'list', text: 'Pack light' });
    expect(convertBlock({ type: 'list', text: 'a\nb' }, 'heading')).toEqual({
      type: 'heading',
      text: 'a b',
      level: 2,
    });
  });

  it('keeps a new empty list item while it is typed (Enter in a list)', () => {
    const content = updateBlock(SAMPLE_CONTENT, 2, { type: 'list', text: 'One\n', isOrdered: false });
    expect(blocksOf(content)[2]).toMatchObject({ kind: 'text', text: 'One\n' });
  });

  it('keeps classic HTML outside blocks as a card, byte for byte', () => {
    const content =
      '<p>Classic <b>post</b></p>\n\n<!-- wp:paragraph -->\n<p>Block</p>\n<!-- /wp:paragraph -->';
    const blocks = blocksOf(content);
    expect(blocks.map((block) => block.kind)).toEqual(['card', 'text']);
    expect(updateBlock(content, 1, { type: 'paragraph', text: 'Edited' })).toBe(
      '<p>Classic <b>post</b></p>\n\n<!-- wp:paragraph -->\n<p>Edited</p>\n<!-- /wp:paragraph -->',
    );
  });
});

describe('editing already parsed content', () => {
  it('gives the same content as parsing again, and leaves the parsed segments as they were', () => {
    const segments = parseContent(SAMPLE_CONTENT);
    const model = { type: 'paragraph', text: 'Typed' } as const;

    expect(updateParsedBlock(segments, 11, model)).toBe(updateBlock(SAMPLE_CONTENT, 11, model));
    expect(segments.map((segment) => segment.source).join('')).toBe(SAMPLE_CONTENT);
  });
});
