import { describe, expect, it } from 'vitest';
import { updateParsedBlock } from '../../examples/editor/src/post/blocks/blockEdits.js';
import { parseContent } from '../../examples/editor/src/post/blocks/parseContent.js';
import { primeSegments, segmentsOf } from '../../examples/editor/src/post/blocks/parsedContent.js';
import { renderTextBlock } from '../../examples/editor/src/post/blocks/renderTextBlock.js';
import { SAMPLE_CONTENT } from '../../examples/editor/src/post/blocks/sampleContent.js';
import type { TextSegment } from '../../examples/editor/src/post/blocks/types.js';

const TEXTS = [
  'plain words',
  '',
  'with <em>inline</em> markup',
  'a stray </p> closer',
  'two\nlines',
  'a comment <!-- wp:paragraph --> inside',
  'an opener <!-- wp:heading {"level":3',
  '<!-- /wp:list -->',
  'x}  -->',
];

describe('the block editor parses the content once per keystroke', () => {
  it('gives, after a keystroke in one block, exactly the segments a full parse gives', () => {
    const segments = parseContent(SAMPLE_CONTENT);
    const blocks = segments.filter((segment) => segment.kind !== 'gap');
    let checked = 0;
    blocks.forEach((block, index) => {
      if (block.kind !== 'text') return;
      const { kind: _kind, source: _source, ...model } = block as TextSegment;
      for (const text of TEXTS) {
        const next = updateParsedBlock(segments, index, { ...model, text });
        primeSegments(segments, index, text, renderTextBlock({ ...model, text }), next);
        expect(segmentsOf(next)).toEqual(parseContent(next));
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(30);
  });

  it('parses again for content it was not primed with', () => {
    const segments = parseContent(SAMPLE_CONTENT);
    primeSegments(
      segments,
      0,
      'typed',
      renderTextBlock({ type: 'paragraph', text: 'typed' }),
      'not the content',
    );
    expect(segmentsOf(SAMPLE_CONTENT)).toEqual(segments);
  });
});
