import { describe, expect, it } from 'vitest';
import { InflightRequests } from '../../stores/InflightRequests.js';
import {
  camelCaseKey,
  camelCaseKeys,
  decodeEntities,
  linkHref,
  stableQueryKey,
} from '../../stores/siteHelpers.js';

describe('camelCaseKey', () => {
  it.each([
    ['modified_gmt', 'modifiedGmt'],
    ['viewport_width', 'viewportWidth'],
    ['_links', 'links'],
    ['block-types', 'blockTypes'],
    ['id', 'id'],
    ['alreadyCamel', 'alreadyCamel'],
    ['h1_size', 'h1Size'],
  ])('converts %s to %s', (key, expected) => {
    expect(camelCaseKey(key)).toBe(expected);
  });

  it('converts only top-level keys', () => {
    expect(camelCaseKeys({ date_gmt: 'x', styles: { font_size: 1 } })).toEqual({
      dateGmt: 'x',
      styles: { font_size: 1 },
    });
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric entities and leaves unknown ones', () => {
    expect(decodeEntities('Tom &amp; Jerry&#039;s &#x2019;quote&#8217; &bogus;')).toBe(
      "Tom & Jerry's \u2019quote\u2019 &bogus;",
    );
  });
});

describe('stableQueryKey', () => {
  it('ignores key order and undefined values', () => {
    expect(stableQueryKey({ a: 1, b: { d: 2, c: 3 }, e: undefined })).toBe(
      stableQueryKey({ b: { c: 3, d: 2 }, a: 1 }),
    );
    expect(stableQueryKey({ a: 1 })).not.toBe(stableQueryKey({ a: 2 }));
  });
});

describe('linkHref', () => {
  it('reads the first href of a relation', () => {
    expect(linkHref({ _links: { self: [{ href: 'a' }, { href: 'b' }] } }, 'self')).toBe('a');
    expect(linkHref({ _links: {} }, 'self')).toBeUndefined();
    expect(linkHref(null, 'self')).toBeUndefined();
  });
});

describe('InflightRequests', () => {
  it('shares a request while in flight and starts a new one after it settles', async () => {
    const requests = new InflightRequests();
    let started = 0;
    const start = () => {
      started += 1;
      return Promise.resolve(started);
    };

    const [a, b] = await Promise.all([requests.run('k', start), requests.run('k', start)]);
    const c = await requests.run('k', start);

    expect([a, b, c]).toEqual([1, 1, 2]);
    expect(requests.isPending('k')).toBe(false);
  });

  it('turns a synchronous throw into a rejection and frees the key', async () => {
    const requests = new InflightRequests();

    await expect(
      requests.run('k', () => {
        throw new TypeError('bad');
      }),
    ).rejects.toThrow('bad');
    expect(requests.hasPending('k')).toBe(false);
  });
});
