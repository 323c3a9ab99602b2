import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../examples/editor/src/post/lineDiff.js';
import { changeEnd, mapOffset, rebaseChange } from '../../examples/editor/src/text/textChange.js';
import { parseRoute, hrefOf } from '../../examples/editor/src/app/router.js';

describe('the revision diff', () => {
  it('pairs unchanged lines and marks removed and added ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('shows identical text as unchanged lines only', () => {
    expect(lineDiff('x\ny', 'x\ny').every((row) => row.kind === 'same')).toBe(true);
  });
});

describe('the editor routes', () => {
  it('reads and writes the new-post, trash and edit addresses', () => {
    expect(parseRoute('#/post/new')).toEqual({ screen: 'new', type: 'post' });
    expect(parseRoute('#/pages/trash')).toEqual({ screen: 'list', type: 'page', status: 'trash' });
    expect(parseRoute('#/post/12')).toEqual({ screen: 'edit', type: 'post', id: 12 });
    expect(hrefOf({ screen: 'list', type: 'post', status: 'trash' })).toBe('#/posts/trash');
    expect(hrefOf({ screen: 'new', type: 'page' })).toBe('#/page/new');
  });

  it('shows the post list for an address it does not know, such as #unsaved', () => {
    expect(parseRoute('#unsaved')).toEqual({ screen: 'list', type: 'post' });
  });
});

describe('the caret after an undo', () => {
  it('goes to the end of what changed, not to the end of the text', () => {
    expect(changeEnd('Notes big from the marsh', 'Notes from the marsh')).toBe(6);
    expect(changeEnd('Notes from the marsh', 'Notes big from the marsh')).toBe(10);
    expect(changeEnd('abc', 'abc')).toBe(3);
  });
});

describe("the caret through someone else's change", () => {
  const before = 'Hello world!';
  it('stays put in its own text when the other types before it, after it, or replaces text elsewhere', () => {
    // The other person types at the start: the caret at the end moves with its text.
    expect(mapOffset(12, before, `New: ${before}`)).toBe(17);
    // The other types after it: it does not move.
    expect(mapOffset(5, before, `${before} and more`)).toBe(5);
    // The other replaces "world" while the caret is after the "!".
    expect(mapOffset(12, before, 'Hello there!')).toBe(12);
  });

  it('stays before what the other inserts exactly where it is, and goes to the end of a region the other replaced around it', () => {
    expect(mapOffset(5, before, 'Hello, world!')).toBe(5);
    expect(mapOffset(8, before, 'Hello!')).toBe(5);
  });

  it('keeps every character of both people when each types at their own caret (the scramble of the issue)', () => {
    // A at the start, B at the end, one character each in turn, each mapping their caret through
    // the other's change before typing on.
    let text = 'middle';
    let a = 0;
    let b = text.length;
    for (let i = 0; i < 5; i++) {
      const afterA = `${text.slice(0, a)}${'ALICE'[i]}${text.slice(a)}`;
      b = mapOffset(b, text, afterA);
      a += 1;
      const afterB = `${afterA.slice(0, b)}${'BOB-E'[i]}${afterA.slice(b)}`;
      a = mapOffset(a, afterA, afterB);
      b += 1;
      text = afterB;
    }
    expect(text).toBe('ALICEmiddleBOB-E');
  });
});

describe('a selection through an insertion at its start', () => {
  it('keeps exactly the selected text: the start moves past what the other typed, the end does not', () => {
    const before = 'Welcome to WordPress.';
    const after = `Oh. ${before}`;
    const start = mapOffset(0, before, after, 'right');
    const end = mapOffset(7, before, after);
    expect(after.slice(start, end)).toBe('Welcome');
    // A caret at the same place stays where it was, next to what its owner typed.
    expect(mapOffset(0, before, after)).toBe(0);
  });
});

describe("a change made again on top of someone else's (rebaseChange)", () => {
  /** Distinct characters, so where each one went can be told. */
  const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

  it('keeps their change whole and puts the typed run, whole, between the same neighbours it was typed between', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.nat(),
        fc.constantFrom('X', 'XY', 'XYZ'),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('', 'P', 'PQ'),
        (length, at, typed, from, span, inserted) => {
          const base = ALPHABET.slice(0, length);
          const caret = at % (length + 1);
          const mine = base.slice(0, caret) + typed + base.slice(caret);
          const start = from % (length + 1);
          const end = start + (span % (length - start + 1));
          const theirs = base.slice(0, start) + inserted + base.slice(end);
          const result = rebaseChange(base, mine, theirs);
          // Their text with my run inserted somewhere, whole.
          const k = result.indexOf(typed);
          expect(k).toBeGreaterThanOrEqual(0);
          expect(result.slice(0, k) + result.slice(k + typed.length)).toBe(theirs);
          // The characters they kept stay on the side of my run they were on.
          for (const char of theirs) {
            const wasBefore = base.indexOf(char);
            if (wasBefore === -1) continue;
            expect(result.indexOf(char) < k).toBe(wasBefore < caret);
          }
        },
      ),
      { seed: 20261127, numRuns: 2000 },
    );
  });

  it('is their text when mine changed nothing, and mine when theirs changed nothing', () => {
    expect(rebaseChange('abc', 'abc', 'aXbc')).toBe('aXbc');
    expect(rebaseChange('abc', 'abYc', 'abc')).toBe('abYc');
    // A deletion of mine that their replacement overlaps deletes only what theirs did not replace.
    expect(rebaseChange('abcdef', 'af', 'abQQef')).toBe('aQQf');
  });
});
