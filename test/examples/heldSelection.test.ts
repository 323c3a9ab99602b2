import * as Y from 'yjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedPlaceOf } from '../../examples/editor/src/post/blocks/sharedPlace.js';
import {
  holdPlainSelection,
  holdSelection,
  loadRelativePositions,
  resolvePlainSelection,
  resolveSelection,
} from '../../examples/editor/src/text/heldSelection.js';
import { mapHtml } from '../../examples/editor/src/text/htmlOffsets.js';
import { mapOffset } from '../../examples/editor/src/text/textChange.js';

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const heading = '<!-- wp:heading -->\n<h2>Title</h2>\n<!-- /wp:heading -->';

/** Two documents kept in step, as two windows are: `mine` receives `theirs`' changes as remote ones. */
function pair(content: string) {
  const mine = new Y.Doc();
  const theirs = new Y.Doc();
  mine.getText('content').insert(0, content);
  Y.applyUpdate(theirs, Y.encodeStateAsUpdate(mine));
  const send = () => Y.applyUpdate(mine, Y.encodeStateAsUpdate(theirs, Y.encodeStateVector(mine)), 'remote');
  return { mine: mine.getText('content'), theirs: theirs.getText('content'), send };
}

describe('a selection held as relative positions in the shared content', () => {
  beforeAll(() => loadRelativePositions());

  it("stays on the person's own characters where a text diff would guess wrong (an insertion that repeats the text)", () => {
    const { mine, theirs, send } = pair(`${heading}\n\n${paragraph('aaaa')}`);
    const place = sharedPlaceOf(() => mine, 1);
    // The caret after the second "a"; the other person types an "a" at the paragraph's start.
    const held = holdSelection(mine, place, 'aaaa', mapHtml('aaaa'), 2, 2);
    expect(held).toBeDefined();
    theirs.insert(mine.toString().indexOf('<p>') + 3, 'a');
    send();
    const kept = resolveSelection(mine, place, held!, 'aaaaa', mapHtml('aaaaa'));
    expect(kept).toEqual({ start: 3, end: 3 });
    // The text diff alone puts the insertion after the caret, which then stays at 2.
    expect(mapOffset(2, 'aaaa', 'aaaaa')).toBe(2);
  });

  it('keeps a selection on the same words through formatting added before it and text typed at both its edges', () => {
    const text = 'one two three';
    const { mine, theirs, send } = pair(paragraph(text));
    const place = sharedPlaceOf(() => mine, 0);
    // "two" selected.
    const held = holdSelection(mine, place, text, mapHtml(text), 4, 7);
    const start = mine.toString().indexOf('<p>') + 3;
    theirs.insert(start + 7, '!');
    theirs.insert(start + 4, 'x');
    theirs.insert(start + 3, '</em>');
    theirs.insert(start, '<em>');
    send();
    const content = mine.toString();
    const next = content.slice(content.indexOf('<p>') + 3, content.indexOf('</p>'));
    expect(next).toBe('<em>one</em> xtwo! three');
    const kept = resolveSelection(mine, place, held!, next, mapHtml(next));
    const richText = mapHtml(next).text;
    expect(kept && richText.slice(kept.start, kept.end)).toBe('two');
  });

  it('gives nothing when the block is no longer the one it was held in (the caller falls back)', () => {
    const { mine, theirs, send } = pair(paragraph('abc'));
    const place = sharedPlaceOf(() => mine, 0);
    const held = holdSelection(mine, place, 'abc', mapHtml('abc'), 1, 1);
    theirs.insert(0, `${heading}\n\n`);
    send();
    expect(resolveSelection(mine, place, held!, 'abc', mapHtml('abc'))).toBeUndefined();
    // Nor is anything held for a block whose text is not what the field shows.
    expect(holdSelection(mine, place, 'other', mapHtml('other'), 0, 0)).toBeUndefined();
  });

  it('holds the caret of a plain field (the title) through a repeated letter typed before it', () => {
    const { mine, theirs, send } = pair('Hello');
    // The caret after "Hel"; the other person types an "l" after "He".
    const held = holdPlainSelection(mine, 3, 3);
    theirs.insert(2, 'l');
    send();
    expect(mine.toString()).toBe('Helllo');
    expect(resolvePlainSelection(mine, held!)).toEqual({ start: 4, end: 4 });
    expect(mapOffset(3, 'Hello', 'Helllo')).toBe(3);
  });
});
