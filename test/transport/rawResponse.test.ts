import { describe, expect, it } from 'vitest';
import { toRawResponse } from '../../core/transport/rawResponse.js';

describe('toRawResponse', () => {
  it('keeps a raw answer as it is', () => {
    const raw = { data: { id: 1 }, status: 201, headers: new Headers({ 'X-WP-Total': '1' }) };
    expect(toRawResponse(raw)).toBe(raw);
  });

  it('takes the answer of a transport that ignored raw as the body of a 200, even a post with a status', () => {
    const post = { id: 1, status: 'publish', data: 'x' };
    expect(toRawResponse(post)).toEqual({ data: post, status: 200, headers: new Headers() });
    expect(toRawResponse(null).data).toBeNull();
  });
});
