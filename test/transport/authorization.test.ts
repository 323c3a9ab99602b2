import { describe, expect, it } from 'vitest';
import { RestTransport } from '../../core/transport/RestTransport.js';

describe('RestTransport.authorization', () => {
  it('is the Basic header of an application password', () => {
    const transport = new RestTransport({
      root: 'http://wp.test/wp-json',
      auth: { username: 'ana', applicationPassword: 'abcd efgh' },
    });
    expect(transport.authorization).toBe(`Basic ${btoa('ana:abcd efgh')}`);
  });

  it('is a custom Authorization header, whatever its case', () => {
    const transport = new RestTransport({
      root: 'http://wp.test/wp-json',
      headers: { authorization: 'Bearer t0k' },
    });
    expect(transport.authorization).toBe('Bearer t0k');
  });

  it('is undefined for anonymous and nonce authentication', () => {
    expect(new RestTransport({ root: 'http://wp.test/wp-json' }).authorization).toBeUndefined();
    expect(
      new RestTransport({ root: 'http://wp.test/wp-json', auth: { nonce: 'n' } }).authorization,
    ).toBeUndefined();
  });
});
