import { describe, expect, it } from 'vitest';
import { isArgumentError } from '../../core/errors.js';
import { mergeQuery, parseQueryString, serializeQuery } from '../../core/transport/queryString.js';

describe('serializeQuery', () => {
  it('sends arrays of scalars as key[] repeated, in their order', () => {
    expect(serializeQuery({ include: [3, 1, 2] })).toBe('include[]=3&include[]=1&include[]=2');
  });

  it('sends nested objects as key[member], members sorted', () => {
    expect(serializeQuery({ meta: { z: 1, a: { b: 'c' } } })).toBe('meta[a][b]=c&meta[z]=1');
  });

  it('gives array elements that are objects an index so PHP keeps each together', () => {
    expect(
      serializeQuery({
        orderby: [
          { field: 'date', order: 'desc' },
          { field: 'id', order: 'asc' },
        ],
      }),
    ).toBe('orderby[0][field]=date&orderby[0][order]=desc&orderby[1][field]=id&orderby[1][order]=asc');
  });

  it('sends booleans as true and false', () => {
    expect(serializeQuery({ sticky: true, force: false })).toBe('force=false&sticky=true');
  });

  it('leaves undefined out and sends null as an empty value', () => {
    expect(serializeQuery({ a: undefined, b: null, c: [1, undefined, 2] })).toBe('b=&c[]=1&c[]=2');
  });

  it('gives the same string for the same query whatever the key order', () => {
    const one = serializeQuery({ status: 'draft', context: 'edit', meta: { b: 1, a: 2 } });
    const two = serializeQuery({ meta: { a: 2, b: 1 }, context: 'edit', status: 'draft' });
    expect(one).toBe(two);
    expect(one).toBe('context=edit&meta[a]=2&meta[b]=1&status=draft');
  });

  it('percent-encodes values and keys but keeps brackets readable', () => {
    expect(serializeQuery({ search: 'a&b c/é', 'odd key': '=' })).toBe(
      'odd%20key=%3D&search=a%26b%20c%2F%C3%A9',
    );
  });

  it('returns an empty string for an empty or missing query', () => {
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery(undefined)).toBe('');
  });

  it('rejects NaN and infinite numbers, naming the parameter', () => {
    let thrown: unknown;
    try {
      serializeQuery({ per_page: Number.NaN });
    } catch (error) {
      thrown = error;
    }
    expect(isArgumentError(thrown)).toBe(true);
    expect((thrown as Error).message).toContain('per_page');
  });
});

describe('mergeQuery', () => {
  it('keeps parameters already in the path and sorts the result by name', () => {
    const merged = mergeQuery(parseQueryString('?status=draft&b=1'), { context: 'edit' });
    expect(merged).toEqual([
      ['b', '1'],
      ['context', 'edit'],
      ['status', 'draft'],
    ]);
  });

  it('lets the query object replace every pair of the same name in the path', () => {
    const merged = mergeQuery(parseQueryString('include[]=1&include[]=2&per_page=-1'), {
      per_page: 100,
      include: [7],
    });
    expect(merged).toEqual([
      ['include[]', '7'],
      ['per_page', '100'],
    ]);
  });

  it('does not let an undefined value remove a parameter of the path', () => {
    expect(mergeQuery(parseQueryString('page=2'), { page: undefined })).toEqual([['page', '2']]);
  });

  it('sorts by name without a path query too, a key holding a bracket itself included', () => {
    const query = { a0: 1, 'a[b]': 2, meta: { z: 1, a: 2 }, include: [3, 1] };
    const expected = [
      ['a[b]', '2'],
      ['a0', '1'],
      ['include[]', '3'],
      ['include[]', '1'],
      ['meta[a]', '2'],
      ['meta[z]', '1'],
    ];
    expect(mergeQuery([], query)).toEqual(expected);
    expect(mergeQuery(parseQueryString(''), query)).toEqual(expected);
    expect(mergeQuery(parseQueryString('?zz=1'), query)).toEqual([...expected, ['zz', '1']]);
  });
});

describe('parseQueryString', () => {
  it('decodes percent escapes and plus signs', () => {
    expect(parseQueryString('a=x%20y&b=c+d&flag')).toEqual([
      ['a', 'x y'],
      ['b', 'c d'],
      ['flag', ''],
    ]);
  });

  it('keeps a stray percent sign as it is', () => {
    expect(parseQueryString('a=100%')).toEqual([['a', '100%']]);
  });
});
