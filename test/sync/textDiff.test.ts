import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyTextValue, diffText, RebasedText } from '../../src/sync/shared/textDiff.js';
import fc from 'fast-check';
import { seededRandom } from '../../src/testing/seededRandom.js';

describe('diffText', () => {
  it('replaces only what lies between the common prefix and suffix', () => {
    expect(diffText('Hello world', 'Hello brave world')).toEqual({
      index: 6,
      deleteCount: 0,
      insert: 'brave ',
    });
    expect(diffText('Hello world', 'Hello')).toEqual({ index: 5, deleteCount: 6, insert: '' });
    expect(diffText('abc', 'aXc')).toEqual({ index: 1, deleteCount: 1, insert: 'X' });
  });

  it('finds no change between equal strings', () => {
    expect(diffText('same', 'same')).toBeUndefined();
  });

  it('never splits a surrogate pair', () => {
    const change = diffText('a😀b', 'a😃b');
    expect(change).toEqual({ index: 1, deleteCount: 2, insert: '😃' });
  });

  it('brings a Y.Text to a value and keeps a concurrent insertion elsewhere', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.getText('t').insert(0, 'Hello world');
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    applyTextValue(a.getText('t'), 'Hello brave world');
    applyTextValue(b.getText('t'), 'Hello world!');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(a.getText('t').toString()).toBe('Hello brave world!');
    expect(b.getText('t').toString()).toBe('Hello brave world!');
  });
});

/** The plain character-by-character common prefix / suffix: what `diffText` must always agree with. */
function referenceDiff(before: string, after: string): ReturnType<typeof diffText> {
  if (before === after) return undefined;
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix += 1;
  if (prefix > 0 && /[\ud800-\udbff]/.test(before.charAt(prefix - 1))) prefix -= 1;
  let suffix = 0;
  while (
    suffix < shortest - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix += 1;
  }
  if (suffix > 0 && /[\udc00-\udfff]/.test(before.charAt(before.length - suffix))) suffix -= 1;
  return {
    index: prefix,
    deleteCount: before.length - prefix - suffix,
    insert: after.slice(prefix, after.length - suffix),
  };
}

describe('diffText on long texts', () => {
  it('finds the same change as a character-by-character scan, around emoji, at any length', () => {
    const random = seededRandom(13);
    const pieces = ['a', 'b', ' ', '😀', '😃', 'é', '\n'];
    const text = (length: number): string =>
      Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    for (let round = 0; round < 400; round++) {
      const before = text(Math.floor(random() * (round % 4 === 0 ? 5000 : 60)));
      const at = Math.floor(random() * (before.length + 1));
      const removed = Math.floor(random() * 4);
      const after = before.slice(0, at) + text(Math.floor(random() * 4)) + before.slice(at + removed);
      const change = diffText(before, after);
      expect(change).toEqual(referenceDiff(before, after));
      if (change === undefined) continue;
      const applied =
        before.slice(0, change.index) + change.insert + before.slice(change.index + change.deleteCount);
      expect(applied).toBe(after);
    }
  });

  it('finds a keystroke in the middle of a 5 KB content', () => {
    const content = 'Lorem ipsum dolor sit amet. '.repeat(200);
    const typed = `${content.slice(0, 2800)}x${content.slice(2800)}`;
    expect(diffText(content, typed)).toEqual({ index: 2800, deleteCount: 0, insert: 'x' });
  });
});

describe('RebasedText', () => {
  /** One replacement of `base` (every character unique), from three random numbers. */
  const splice = (base: string, at: number, length: number, insert: string): string => {
    const index = Math.floor(at * (base.length + 1));
    const count = Math.min(base.length - index, length);
    return base.slice(0, index) + insert + base.slice(index + count);
  };

  it("keeps the others' characters, deletes only what the person deleted, inserts the person's run whole", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(4),
        fc.nat(3),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(4),
        fc.nat(3),
        (baseLength, ownAt, ownDeletes, ownInserts, otherAt, otherDeletes, otherInserts) => {
          const base = 'abcdefgh'.slice(0, baseLength);
          const mine = splice(base, ownAt, ownDeletes, 'MNOP'.slice(0, ownInserts));
          const theirs = splice(base, otherAt, otherDeletes, 'TUVW'.slice(0, otherInserts));
          const rebased = new RebasedText(base, mine, theirs);
          const value = rebased.value;
          // The same value on a Y.Text holding `theirs`.
          const doc = new Y.Doc();
          const text = doc.getText('t');
          text.insert(0, theirs);
          doc.transact(() => rebased.applyTo(text));
          expect(text.toString()).toBe(value);
          // Every base character stays unless one of the two deleted it; every inserted one stays.
          for (const char of base) {
            expect(value.includes(char)).toBe(mine.includes(char) && theirs.includes(char));
          }
          for (const char of theirs) if (!base.includes(char)) expect(value).toContain(char);
          const own = [...mine].filter((char) => !base.includes(char)).join('');
          expect(value).toContain(own);
          // The others' text keeps its order.
          const kept = [...value].filter((char) => theirs.includes(char)).join('');
          expect(kept).toBe([...theirs].filter((char) => value.includes(char)).join(''));
        },
      ),
      { numRuns: 2_000, seed: 20_261_127 },
    );
    // ~1 s alone; generous for a loaded machine.
  }, 60_000);

  it("is the person's change itself when the others changed nothing, and theirs when the person did not", () => {
    expect(new RebasedText('Body', 'Body!', 'Body').value).toBe('Body!');
    expect(new RebasedText('Body', 'Body', 'A Body').value).toBe('A Body');
    expect(new RebasedText('Body', 'bBody', 'BAody').value).toBe('bBAody');
    // Both typed at one place: the person's run first, neither split.
    expect(new RebasedText('Body', 'Body12', 'BodyXY').value).toBe('Body12XY');
  });
});
