import { describe, expect, it } from 'vitest';
import { encodeStableKey, getQueryParts, mergeItemIds } from '../../models/QueryParts.js';
import { isNumericId, normaliseId } from '../../models/ids.js';

describe('getQueryParts', () => {
  it('defaults to page 1 of 10 in the default context with an empty stable key', () => {
    expect(getQueryParts({})).toMatchObject({
      page: 1,
      perPage: 10,
      context: 'default',
      stableKey: '',
      fields: null,
      include: null,
    });
  });

  it('leaves page, per_page and context out of the stable key', () => {
    const a = getQueryParts({ b: 2, page: '1', per_page: '10' });
    const b = getQueryParts({ b: 2, page: 1, per_page: 10, context: 'view' });
    expect(a.stableKey).toBe('b=2');
    expect(b.stableKey).toBe('b=2');
    expect(b.context).toBe('view');
    expect(getQueryParts({ page: 2, per_page: 2 })).toMatchObject({ page: 2, perPage: 2, stableKey: '' });
  });

  it('sorts keys and encodes nested values and special characters', () => {
    expect(getQueryParts({ z: 1, '?': '&', a: [1, 2] }).stableKey).toBe('%3F=%26&a%5B0%5D=1&a%5B1%5D=2&z=1');
    expect(encodeStableKey({ o: { b: 1, a: 2 } })).toBe(encodeStableKey({ o: { a: 2, b: 1 } }));
  });

  it('normalises _fields to a sorted list that holds the key field, whatever order the caller used', () => {
    const a = getQueryParts({ _fields: 'title' });
    const b = getQueryParts({ _fields: ['id', 'title'] });
    const c = getQueryParts({ _fields: ' title , id,title' });
    expect(a.fields).toEqual(['id', 'title']);
    expect(a.stableKey).toBe(b.stableKey);
    expect(c.stableKey).toBe(a.stableKey);
    expect(a.request._fields).toBe('id,title');
    expect(getQueryParts({ _fields: 'name' }, 'slug').fields).toEqual(['name', 'slug']);
  });

  it('normalises include to numbers where numeric and keeps string ids as they are', () => {
    expect(getQueryParts({ include: 1 }).include).toEqual([1]);
    expect(getQueryParts({ include: '1' }).include).toEqual([1]);
    expect(getQueryParts({ include: [1] }).stableKey).toBe(getQueryParts({ include: '1' }).stableKey);
    expect(getQueryParts({ include: ['tt4//page', '7'] }).include).toEqual(['tt4//page', 7]);
  });
});

describe('mergeItemIds', () => {
  it('places a page at (page-1)*perPage and fills earlier slots later', () => {
    const page2 = mergeItemIds([], [4, 5, 6], 2, 3);
    expect(page2).toEqual([undefined, undefined, undefined, 4, 5, 6]);
    expect(mergeItemIds(page2, [1, 2, 3], 1, 3)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('overwrites only the window of the received page', () => {
    expect(mergeItemIds([1, 2, 3, 4, 5, 6], ['replaced', 5, 6], 2, 3)).toEqual([1, 2, 3, 'replaced', 5, 6]);
    expect(mergeItemIds([1, 2, 3, 4, 5, 6], [7], 3, 3)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(mergeItemIds([1, 2, 3, 4, 5, 6], [9], 2, 2)).toEqual([1, 2, 9, undefined, 5, 6]);
    expect(mergeItemIds([1, 2, 3], [1, 2], 1, 3)).toEqual([1, 2, undefined]);
  });

  it('replaces the whole list for per_page -1', () => {
    expect(mergeItemIds([1, 2, 3], [1, 3], 1, -1)).toEqual([1, 3]);
  });
});

describe('id normalisation', () => {
  it('turns numeric-looking ids into numbers and keeps the rest', () => {
    expect(normaliseId('42')).toBe(42);
    expect(normaliseId('   42   ')).toBe(42);
    expect(normaliseId(123)).toBe(123);
    expect(normaliseId('3.42')).toBe('3.42');
    expect(normaliseId('123abc')).toBe('123abc');
    expect(normaliseId('abc-123')).toBe('abc-123');
    expect(normaliseId('theme//home')).toBe('theme//home');
    expect(isNumericId('')).toBe(false);
  });
});
