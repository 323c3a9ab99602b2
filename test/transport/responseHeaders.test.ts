import { describe, expect, it } from 'vitest';
import {
  findLink,
  parseAllowHeader,
  readTotalItems,
  readTotalPages,
} from '../../core/transport/responseHeaders.js';

describe('findLink', () => {
  it('finds rel="next" among the links WordPress sends on a middle page', () => {
    const headers = new Headers({
      Link: '<http://wp.test/wp-json/wp/v2/posts?page=1>; rel="prev", <http://wp.test/wp-json/wp/v2/posts?page=3>; rel="next"',
    });
    expect(findLink(headers, 'next')).toBe('http://wp.test/wp-json/wp/v2/posts?page=3');
    expect(findLink(headers, 'prev')).toBe('http://wp.test/wp-json/wp/v2/posts?page=1');
  });

  it('reads unquoted and multi-valued rel parameters', () => {
    expect(findLink(new Headers({ Link: '<http://a.test/2>; rel=next' }), 'next')).toBe('http://a.test/2');
    expect(findLink(new Headers({ Link: '<http://a.test/2>; type="x"; rel="last next"' }), 'next')).toBe(
      'http://a.test/2',
    );
  });

  it('finds nothing on the last page or without a Link header', () => {
    const last = new Headers({ Link: '<http://wp.test/wp-json/>; rel="https://api.w.org/"' });
    expect(findLink(last, 'next')).toBeUndefined();
    expect(findLink(new Headers(), 'next')).toBeUndefined();
  });
});

describe('totals', () => {
  it('reads X-WP-Total and X-WP-TotalPages as numbers, ignoring malformed values', () => {
    const headers = new Headers({ 'X-WP-Total': '41', 'X-WP-TotalPages': '5' });
    expect(readTotalItems(headers)).toBe(41);
    expect(readTotalPages(headers)).toBe(5);
    expect(readTotalPages(new Headers({ 'X-WP-TotalPages': 'many' }))).toBeUndefined();
    expect(readTotalItems(new Headers())).toBeUndefined();
  });
});

describe('parseAllowHeader', () => {
  it('matches whole method tokens', () => {
    expect(parseAllowHeader('GET, POST')).toEqual(new Set(['GET', 'POST']));
    expect(parseAllowHeader('GET, POSTX').has('POST')).toBe(false);
    expect(parseAllowHeader(null)).toEqual(new Set());
  });
});
