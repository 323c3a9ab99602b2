/**
 * A page going away leaves the relay's rooms at once (pageLeave.ts): one keepalive request with
 * `awareness: null` per room, so the others stop seeing this person now, not after the relay's
 * presence timeout (a reloaded demo page showed beside itself as "1 other person" for seconds).
 * Nothing more is sent until the page shows again, which brings the person back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RestTransport, type RootStore } from 'wp-entities';
import type { PageLeaveSource } from '../../../src/sync/providers/httpPolling/pageLeave.js';
import { mockWithPost, openPost, pollingStore, transportAs, until } from './helpers.js';

const stores: RootStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

/** A page whose `pagehide` and `pageshow` the test fires. */
function fakePage(): PageLeaveSource & { leave(): void; show(): void } {
  let onLeave = (): void => undefined;
  let onReturn = (): void => undefined;
  return {
    subscribe(leave, back) {
      onLeave = leave;
      onReturn = back;
      return () => undefined;
    },
    leave: () => onLeave(),
    show: () => onReturn(),
  };
}

describe('a page that goes away', () => {
  it('leaves every room at once, in a keepalive request, and comes back when shown again', async () => {
    const { mock, id } = mockWithPost();
    const room = `postType/post:${id}`;
    const page = fakePage();
    const keepalive: boolean[] = [];
    const leaving = new RestTransport({
      root: mock.restRoot,
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        if (request.method === 'POST' && request.url.includes('wp-sync')) keepalive.push(request.keepalive);
        return mock.handle(request);
      },
      retry: { limit: 0 },
    });
    const a = pollingStore(leaving, 1, { pageLeave: page });
    const b = pollingStore(transportAs(mock), 2);
    stores.push(a, b);
    const ra = await openPost(a, id);
    const rb = await openPost(b, id);
    await until(() => b.sync?.peers(rb).length === 1 && a.sync?.peers(ra).length === 1, 5000, 'both present');

    page.leave();
    // The relay forgets A at once (its presence timeout is 30 s), and B hears it on its held poll.
    await until(() => mock.syncRelay.presence(room).length === 1, 2000, "A's presence gone from the relay");
    await until(() => b.sync?.peers(rb).length === 0, 2000, 'B seeing nobody');
    expect(keepalive.at(-1)).toBe(true);
    expect(keepalive.slice(0, -1).every((flag) => !flag)).toBe(true);
    // Gone means gone: no poll of A's brings it back while the page is away.
    const sent = keepalive.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(keepalive.length).toBe(sent);
    expect(mock.syncRelay.presence(room)).toHaveLength(1);

    page.show();
    await until(() => b.sync?.peers(rb).length === 1, 5000, 'A back for B');
  });
});
