/** Carets in a rich-text attribute count text characters; the document's Y.Text holds HTML. */
import { describe, expect, it } from 'vitest';
import { htmlIndexToTextOffset, textOffsetToHtmlIndex } from '../../src/sync/shared/richTextOffsets.js';

describe('rich-text offsets and HTML indices', () => {
  it('are the same in text without markup', () => {
    expect(textOffsetToHtmlIndex('plain', 3)).toBe(3);
    expect(htmlIndexToTextOffset('plain', 3)).toBe(3);
  });

  it('skip tags and count a character reference once, both ways', () => {
    const html = 'a <em>b</em> &amp; c';
    // Text: "a b & c".
    const pairs: [number, number][] = [
      [0, 0],
      [2, 2],
      [3, 7],
      [4, 13],
      [5, 18],
      [7, 20],
    ];
    for (const [offset, index] of pairs) {
      expect(textOffsetToHtmlIndex(html, offset), `offset ${offset}`).toBe(index);
      expect(htmlIndexToTextOffset(html, index), `index ${index}`).toBe(offset);
    }
    // Inside a tag: the character after it.
    expect(htmlIndexToTextOffset(html, 4)).toBe(2);
  });
});
