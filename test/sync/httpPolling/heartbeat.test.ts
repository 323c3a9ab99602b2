/**
 * The connection tells the truth after a cut, with fake timers: a relay that stops answering shows
 * as `disconnected` within the long poll plus `answerGraceMs` (the heartbeat) and is tried again
 * with back-off, not in a loop; the browser's `offline` event shows at once and sends nothing until
 * `online`, which retries at once.
 */
import { describe, expect, it, vi } from 'vitest';
import { RestTransport, type EntityRecord, type RootStore } from 'wp-entities';
import type { NetworkSource } from '../../../src/sync/providers/httpPolling/PollingLoop.js';
import type { MockWordPress } from '../../../src/testing/index.js';
import { fakeClockAndStores, mockWithPost, openPost, pollingStore } from './helpers.js';

const stores = fakeClockAndStores();

/** A transport into `mock` whose requests and answers hang (until aborted) while `cut` is set; counts relay requests. */
function cuttableTransport(mock: MockWordPress): { transport: RestTransport; cut: boolean; sent: number } {
  const state = { cut: false, sent: 0, transport: undefined as unknown as RestTransport };
  state.transport = new RestTransport({
    root: mock.restRoot,
    retry: { limit: 0 },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.includes('/wp-sync/')) state.sent += 1;
      const hang = () =>
        new Promise<Response>((_, reject) => {
          const signal = init?.signal ?? request.signal;
          const fail = () => reject(signal.reason ?? new Error('aborted'));
          if (signal.aborted) fail();
          else signal.addEventListener('abort', fail);
        });
      if (state.cut) return hang();
      const answer = await mock.handle(request);
      // An answer due after the cut (a held long poll) never arrives either.
      return state.cut ? hang() : answer;
    },
  });
  return state;
}

/** A network state the test switches. */
function switchableNetwork(): NetworkSource & { set(offline: boolean): void } {
  let offline = false;
  const listeners = new Set<() => void>();
  return {
    isOffline: () => offline,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      offline = next;
      for (const listener of listeners) listener();
    },
  };
}

const statusOf = (store: RootStore, record: EntityRecord<object>) => store.sync!.connection(record);

describe('httpPollingProvider: the connection after a cut', () => {
  it('a relay that stops answering shows as disconnected within the long poll plus the grace, retried with back-off, and live again once it answers', async () => {
    const { mock, id } = mockWithPost();
    const link = cuttableTransport(mock);
    const store = pollingStore(link.transport, 1, { longPollMs: 1000, answerGraceMs: 1000 });
    stores.push(store);
    const record = await openPost(store, id);
    await vi.advanceTimersByTimeAsync(3000);
    expect(statusOf(store, record)).toBe('connected');

    link.cut = true;
    const cutAt = Date.now();
    // A request held at most 1 s, then 1 s of grace: never longer than 2 s.
    while (statusOf(store, record) === 'connected' && Date.now() - cutAt <= 5000) {
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(statusOf(store, record)).toBe('disconnected');
    expect(Date.now() - cutAt).toBeLessThanOrEqual(2050);

    // Cut for a minute: the retries back off (2, 4, 8, 12 s, then every 30 s), a handful, not a flood.
    const sentBefore = link.sent;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statusOf(store, record)).toBe('disconnected');
    expect(link.sent - sentBefore).toBeGreaterThanOrEqual(3);
    expect(link.sent - sentBefore).toBeLessThanOrEqual(7);

    link.cut = false;
    await vi.advanceTimersByTimeAsync(35_000);
    expect(statusOf(store, record)).toBe('connected');
  });

  it("the browser's offline event shows at once and sends nothing until online, which retries at once", async () => {
    const { mock, id } = mockWithPost();
    const link = cuttableTransport(mock);
    const network = switchableNetwork();
    const store = pollingStore(link.transport, 1, { longPollMs: 1000, network });
    stores.push(store);
    const record = await openPost(store, id);
    await vi.advanceTimersByTimeAsync(3000);
    expect(statusOf(store, record)).toBe('connected');

    link.cut = true;
    network.set(true);
    expect(statusOf(store, record)).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(10);
    const sentOffline = link.sent;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(link.sent).toBe(sentOffline);
    expect(statusOf(store, record)).toBe('disconnected');

    link.cut = false;
    network.set(false);
    expect(statusOf(store, record)).toBe('connecting');
    await vi.advanceTimersByTimeAsync(50);
    expect(link.sent).toBeGreaterThan(sentOffline);
    expect(statusOf(store, record)).toBe('connected');
  });
});
