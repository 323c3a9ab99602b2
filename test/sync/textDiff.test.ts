import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyTextValue, diffText } from '../../src/sync/textDiff.js';

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
