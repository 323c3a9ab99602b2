/** The conflict card's first draft of a merge (examples/editor/src/neverLoseWork/mergeText.ts). */
import { describe, expect, it } from 'vitest';
import { mergeText } from '../../examples/editor/src/neverLoseWork/mergeText.js';

describe('mergeText', () => {
  it('takes the only change when one side kept the base', () => {
    expect(mergeText('Hello', 'Hello world', 'Hello')).toEqual({ text: 'Hello world', overlaps: false });
    expect(mergeText('Hello', 'Hello', 'Hi')).toEqual({ text: 'Hi', overlaps: false });
  });

  it('keeps both changes, each word whole, when they are apart', () => {
    const merged = mergeText('Hello world!', 'New: Hello world!', 'Hello world!!!');
    expect(merged).toEqual({ text: 'New: Hello world!!!', overlaps: false });
    expect(mergeText('one two three', 'one 2 three', 'one two 3')).toEqual({
      text: 'one 2 3',
      overlaps: false,
    });
  });

  it('gives both versions of a stretch both changed, yours first, and says so', () => {
    const merged = mergeText('The cat sat.', 'The dog sat.', 'The bird sat.');
    expect(merged.overlaps).toBe(true);
    expect(merged.text).toBe('The dog\nbird sat.');
    // Nothing either person typed is lost.
    expect(merged.text).toContain('dog');
    expect(merged.text).toContain('bird');
  });

  it('two insertions at the same place keep both', () => {
    const merged = mergeText('ab', 'aXb', 'aYb');
    expect(merged.text).toBe('aX\nYb');
  });
});
