/**
 * `request({ keepalive: true })` asks fetch to let the request outlive the page (a leave sent on
 * `pagehide`); without it, requests are ordinary.
 */
import { describe, expect, it } from 'vitest';
import { RestTransport } from 'wp-entities';

describe('RestTransport keepalive', () => {
  it('passes keepalive to fetch only when asked', async () => {
    const seen: boolean[] = [];
    const transport = new RestTransport({
      root: 'https://example.org/wp-json',
      retry: { limit: 0 },
      fetch: (input, init) => {
        seen.push(new Request(input, init).keepalive);
        return Promise.resolve(Response.json({ ok: true }));
      },
    });
    await transport.request({ method: 'POST', path: '/wp-sync/v1/updates', body: {}, keepalive: true });
    await transport.request({ method: 'POST', path: '/wp-sync/v1/updates', body: {} });
    expect(seen).toEqual([true, false]);
  });
});
