/**
 * A long post's state crosses a relay that refuses rows over 1 MB as several updates: every piece
 * fits the limit, and a document that applied all of them, in the order the relay delivers them,
 * holds everything the one update held, edits, deletions and history included.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { splitUpdate } from '../../src/sync/shared/splitUpdate.js';

/** A document with a history: several people's inserts and deletions in texts, maps and arrays. */
function historyDoc(seed: number, edits: number, withEmoji: boolean): Y.Doc[] {
  const people = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
  let random = seed;
  const next = (n: number): number => {
    random = (random * 1103515245 + 12345) % 2147483648;
    return random % n;
  };
  for (let i = 0; i < edits; i++) {
    const doc = people[next(people.length)] as Y.Doc;
    const text = doc.getMap('document').get('content') as Y.Text | undefined;
    doc.transact(() => {
      const map = doc.getMap('document');
      if (text === undefined) map.set('content', new Y.Text('start'));
      const target = map.get('content') as Y.Text;
      const at = next(target.length + 1);
      if (next(4) === 0 && target.length > 3) target.delete(at === 0 ? 0 : at - 1, 1 + next(2));
      else target.insert(at, withEmoji && i % 7 === 0 ? `word${i} 😀 ` : `word${i} ü€ `);
      if (next(10) === 0) map.set(`key${next(20)}`, { i, list: [1, 2, 3] });
      if (next(8) === 0) doc.getArray('blocks').insert(0, [new Y.Map([['name', `b${i}`]])]);
    });
    // People exchange what they have now and then.
    if (next(5) === 0) {
      const [a, b] = [people[next(3)] as Y.Doc, people[next(3)] as Y.Doc];
      Y.applyUpdateV2(b, Y.encodeStateAsUpdateV2(a, Y.encodeStateVector(b)));
    }
  }
  for (const a of people) for (const b of people) Y.applyUpdateV2(b, Y.encodeStateAsUpdateV2(a));
  return people;
}

function sameState(a: Y.Doc, b: Y.Doc): void {
  expect(b.getMap('document').toJSON()).toEqual(a.getMap('document').toJSON());
  expect(b.getArray('blocks').toJSON()).toEqual(a.getArray('blocks').toJSON());
  expect(Y.encodeStateVector(b)).toEqual(Y.encodeStateVector(a));
  // Deletions too: the same characters are deleted on both.
  expect(
    Y.equalDeleteSets(Y.createDeleteSetFromStructStore(a.store), Y.createDeleteSetFromStructStore(b.store)),
  ).toBe(true);
  expect(b.store.pendingStructs).toBeNull();
  expect(b.store.pendingDs).toBeNull();
}

describe('splitUpdate', () => {
  it('returns an update already under the limit as it is', () => {
    const doc = new Y.Doc();
    doc.getText('t').insert(0, 'short');
    const update = Y.encodeStateAsUpdateV2(doc);
    expect(splitUpdate(update, 4096)).toEqual([update]);
  });

  it('every piece fits, and the pieces make the same document, applied in order (V2 and V1)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(1024, 1500, 4096),
        fc.constantFrom('v1' as const, 'v2' as const),
        (seed, maxBytes, format) => {
          const [source] = historyDoc(seed, 300, seed % 2 === 0);
          const update = format === 'v2' ? Y.encodeStateAsUpdateV2(source!) : Y.encodeStateAsUpdate(source!);
          const pieces = splitUpdate(update, maxBytes, format);
          expect(pieces.length).toBeGreaterThan(1);
          for (const piece of pieces) expect(piece.byteLength).toBeLessThanOrEqual(maxBytes);
          // In the order the relay delivers one sender's rows: the order they were stored in.
          const order = pieces.map((_, i) => i);
          const copy = new Y.Doc();
          for (const i of order) {
            if (format === 'v2') Y.applyUpdateV2(copy, pieces[i]!);
            else Y.applyUpdate(copy, pieces[i]!);
          }
          sameState(source!, copy);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('cuts one text inserted at once (a pasted post) into pieces at characters, surrogate pairs whole', () => {
    const doc = new Y.Doc();
    const long = 'Paragraph 😀 with emoji and ümlauts. '.repeat(3000);
    doc.getMap('document').set('content', new Y.Text(long));
    const update = Y.encodeStateAsUpdateV2(doc);
    const pieces = splitUpdate(update, 8192);
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces) expect(piece.byteLength).toBeLessThanOrEqual(8192);
    const copy = new Y.Doc();
    for (const piece of pieces) Y.applyUpdateV2(copy, piece);
    expect((copy.getMap('document').get('content') as Y.Text).toString()).toBe(long);
    sameState(doc, copy);
  });

  it('refuses a limit too small to mean anything', () => {
    expect(() => splitUpdate(new Uint8Array(10), 10)).toThrow(/maxBytes must be an integer of at least 1024/);
  });
});
