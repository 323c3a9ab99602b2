/**
 * A selection in a text nobody has edited yet (its shared text is seeded only at the first edit,
 * so it is still empty) reaches the other person whole over the polling relay: it travels as its
 * offsets, not as a position clamped into the empty text (which showed every selection as a caret
 * at the start).
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeClockAndStores, mockWithPost, openPost, pollingStore, transportAs } from './helpers.js';

const stores = fakeClockAndStores();

describe('httpPollingProvider: presence in a text not seeded yet', () => {
  it("the other's selection arrives with its offsets, and follows each change", async () => {
    const { mock, id } = mockWithPost();
    const a = pollingStore(transportAs(mock), 1, { longPollMs: 1000, sendIntervalMs: 100 });
    const b = pollingStore(transportAs(mock), 2, { longPollMs: 1000, sendIntervalMs: 100 });
    stores.push(a, b);
    const ra = await openPost(a, id);
    const rb = await openPost(b, id);
    await vi.advanceTimersByTimeAsync(3000);
    for (let end = 1; end <= 4; end++) {
      a.sync!.setLocalPresence(ra, { field: 'content', selection: { start: 0, end } });
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.advanceTimersByTimeAsync(3000);
    expect(b.sync!.peers(rb).map((peer) => [peer.field, peer.selection])).toEqual([
      ['content', { start: 0, end: 4 }],
    ]);
    a.sync!.setLocalPresence(ra, { field: 'content', selection: { start: 2, end: 2 } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(b.sync!.peers(rb)[0]?.selection).toEqual({ start: 2, end: 2 });
  });
});
