/**
 * When the provider sends, with fake timers: the block editor's intervals on a server that does not
 * hold requests (4 s alone, 1 s with others, 25 s hidden, at once on return), long polls on our
 * relay, local changes sent at once within the send budget, every room in one request, at most 50
 * rooms per request, 413 halving the body, a lone person's caret riding on the polls, and leaving
 * with `awareness: null`.
 */
import { describe, expect, it, vi } from 'vitest';
import type { VisibilitySource } from '../../../src/sync/providers/httpPolling/PollingLoop.js';
import { createMockWordPress, type MockWordPress } from '../../../src/testing/index.js';
import {
  fakeClockAndStores,
  openPair,
  openPost,
  pollingStore,
  titleOf,
  transportAs,
  within,
} from './helpers.js';

const stores = fakeClockAndStores();

/** A visibility the test switches. */
function switchableVisibility(): VisibilitySource & { set(hidden: boolean): void } {
  let hidden = false;
  const listeners = new Set<() => void>();
  return {
    isHidden: () => hidden,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      hidden = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The times (fake ms since `from`) of the sync requests `userId` sent. */
function syncRequestTimes(mock: MockWordPress, log: Array<{ at: number; path: string }>): number[] {
  void mock;
  return log.filter((entry) => entry.path === '/wp-sync/v1/updates').map((entry) => entry.at);
}

function loggingMock(maxWaitMs: number): {
  mock: MockWordPress;
  log: Array<{ at: number; path: string; body: unknown }>;
} {
  const mock = createMockWordPress({ syncRelay: { maxWaitMs } });
  mock.setCurrentRole('administrator');
  const log: Array<{ at: number; path: string; body: unknown }> = [];
  const handle = mock.handle.bind(mock);
  mock.handle = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? ((await request.clone().json()) as unknown) : undefined;
    log.push({ at: Date.now(), path: url.pathname.replace('/wp-json', ''), body });
    return handle(request);
  };
  return { mock, log };
}

function gaps(times: number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] as number));
}

describe("httpPollingProvider on a server that does not hold requests (the block editor's)", () => {
  it('polls every 4 s alone, 1 s with someone else, 25 s hidden, and at once when the tab shows again', async () => {
    const { mock, log } = loggingMock(0);
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const visibility = switchableVisibility();
    const a = pollingStore(transportAs(mock), 1, { visibility });
    stores.push(a);
    await openPost(a, id);
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(16_500);
    const solo = syncRequestTimes(mock, log).filter((at) => at >= start);
    expect(solo.length).toBeGreaterThanOrEqual(4);
    expect(new Set(gaps(solo))).toEqual(new Set([4000]));

    const b = pollingStore(transportAs(mock), 2, { visibility: switchableVisibility() });
    stores.push(b);
    await openPost(b, id);
    await vi.advanceTimersByTimeAsync(5000);
    const mark = Date.now();
    log.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    // Both stores together: one request a second each.
    expect(syncRequestTimes(mock, log).filter((at) => at >= mark)).toHaveLength(20);

    visibility.set(true);
    await vi.advanceTimersByTimeAsync(2000);
    log.length = 0;
    await vi.advanceTimersByTimeAsync(50_000);
    const bodies = log.filter((entry) => entry.path === '/wp-sync/v1/updates').map((entry) => entry.body);
    const fromA = bodies.filter(
      (body) =>
        (body as { rooms: Array<{ client_id: number }> }).rooms[0]?.client_id ===
        a.sync!.doc(a.record('postType', 'post', id)).clientID,
    );
    expect(fromA).toHaveLength(2);
    log.length = 0;
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(log.filter((entry) => entry.path === '/wp-sync/v1/updates').length).toBeGreaterThanOrEqual(1);
  });

  it('sends a local change at once instead of at the next tick', async () => {
    const { mock, log } = loggingMock(0);
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const { ra, rb } = await openPair(mock, id, stores);
    await vi.advanceTimersByTimeAsync(5000);
    log.length = 0;
    ra.edit({ title: 'T!' });
    await vi.advanceTimersByTimeAsync(5);
    const sent = log.filter((entry) => entry.path === '/wp-sync/v1/updates');
    expect(
      sent.some(
        (entry) => (entry.body as { rooms: Array<{ updates: unknown[] }> }).rooms[0]!.updates.length > 0,
      ),
    ).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(titleOf(rb)).toBe('T!');
  });
});

describe('httpPollingProvider on our relay (long poll)', () => {
  it('holds one request at a time while idle: one request per 20 s alone', async () => {
    const { mock, log } = loggingMock(20_000);
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const a = pollingStore(transportAs(mock), 1);
    stores.push(a);
    await openPost(a, id);
    await vi.advanceTimersByTimeAsync(1000);
    log.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(syncRequestTimes(mock, log)).toHaveLength(3);
  });

  it("makes no more requests a minute than the block editor's 1 s poll with someone else in the room, typing or not", async () => {
    const { mock, log } = loggingMock(20_000);
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const { a, ra, rb } = await openPair(mock, id, stores);
    await vi.advanceTimersByTimeAsync(3000);
    const clientOf = (body: unknown): number | undefined =>
      (body as { rooms?: Array<{ client_id: number }> }).rooms?.[0]?.client_id;
    const aClient = a.sync!.doc(ra).clientID;
    const requestsOfA = (from: number): number =>
      log.filter(
        (entry) =>
          entry.path === '/wp-sync/v1/updates' && entry.at >= from && clientOf(entry.body) === aClient,
      ).length;
    // A 1 s poll makes 60 or 61 requests in a minute's window, by where the window starts; so may A.
    const perMinute = 61;
    // Both typing: A every 150 ms, B every 400 ms (each keystroke of B wakes A's held request).
    let start = Date.now();
    for (let elapsed = 0; elapsed < 60_000; elapsed += 50) {
      if (elapsed % 150 === 0) ra.edit({ title: `${titleOf(ra)}a` });
      if (elapsed % 400 === 0) rb.edit({ title: `b${titleOf(rb)}` });
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(requestsOfA(start)).toBeLessThanOrEqual(perMinute);
    // Only the other one typing.
    start = Date.now();
    for (let elapsed = 0; elapsed < 60_000; elapsed += 100) {
      if (elapsed % 200 === 0) rb.edit({ title: `b${titleOf(rb)}` });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(requestsOfA(start)).toBeLessThanOrEqual(perMinute);
    await vi.advanceTimersByTimeAsync(2000);
    expect(titleOf(ra)).toBe(titleOf(rb));
  });

  it("wakes the other person's held request with a keystroke: it arrives in one round trip", async () => {
    const { mock } = loggingMock(20_000);
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const { ra, rb } = await openPair(mock, id, stores);
    await vi.advanceTimersByTimeAsync(3000);
    ra.edit({ title: 'T1' });
    await vi.advanceTimersByTimeAsync(1);
    expect(titleOf(rb)).toBe('T1');
  });

  it('sends every open room in one request, and at most 50 rooms per request', async () => {
    const { mock, log } = loggingMock(20_000);
    const ids = Array.from({ length: 60 }, (_, i) =>
      mock.addPost('post', { title: `P${i}`, status: 'draft' }),
    );
    const a = pollingStore(transportAs(mock), 1);
    stores.push(a);
    for (const id of ids) await openPost(a, id);
    await vi.advanceTimersByTimeAsync(45_000);
    const rooms = log
      .filter((entry) => entry.path === '/wp-sync/v1/updates')
      .map((entry) =>
        (entry.body as { rooms: Array<{ room: string; awareness: unknown }> }).rooms.filter(
          (room) => room.awareness !== null,
        ),
      );
    expect(Math.max(...rooms.map((list) => list.length))).toBe(50);
    const seen = new Set(rooms.flat().map((room) => room.room));
    expect(seen.size).toBe(60);
    // The first room rides along every time.
    expect(rooms.slice(-3).every((list) => list[0]?.room === `postType/post:${ids[0]}`)).toBe(true);
  });

  it('halves the body after a 413 and sends the same rows again', async () => {
    const { mock, log } = loggingMock(20_000);
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const { ra, rb } = await openPair(mock, id, stores);
    await vi.advanceTimersByTimeAsync(3000);
    mock.failNext(
      1,
      {
        status: 413,
        body: {
          code: 'rest_sync_body_too_large',
          message: 'Request body is too large.',
          data: { status: 413 },
        },
      },
      (request) => request.path === '/wp-sync/v1/updates',
    );
    log.length = 0;
    ra.edit({ title: 'Big' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(titleOf(rb)).toBe('Big');
    const withRows = log.filter(
      (entry) =>
        entry.path === '/wp-sync/v1/updates' &&
        (entry.body as { rooms: Array<{ updates: unknown[] }> }).rooms.some(
          (room) => room.updates.length > 0,
        ),
    );
    const rowsOf = (index: number): unknown[] =>
      (withRows[index]?.body as { rooms: Array<{ updates: unknown[] }> }).rooms[0]!.updates;
    expect(rowsOf(0).length).toBeGreaterThan(0);
    expect(rowsOf(1).slice(0, rowsOf(0).length)).toEqual(rowsOf(0));
  });

  it('alone, a caret that moves makes no request of its own; the first answer that shows someone sends it', async () => {
    const { mock, log } = loggingMock(20_000);
    const id = mock.addPost('post', { title: 'Title', status: 'draft' });
    const a = pollingStore(transportAs(mock), 1);
    stores.push(a);
    const ra = await openPost(a, id);
    await vi.advanceTimersByTimeAsync(1000);
    log.length = 0;
    // A keystroke a tenth of a second, for two seconds: the caret moves with each.
    for (let at = 1; at <= 20; at++) {
      a.sync!.setLocalPresence(ra, { field: 'title', selection: { start: at % 6, end: at % 6 } });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(syncRequestTimes(mock, log)).toHaveLength(0);
    // Someone comes: their presence answers the held poll, and the caret where it is now goes then,
    // with the title's text it points into; B sees it long before A's next poll (20 s away).
    const b = pollingStore(transportAs(mock), 2);
    stores.push(b);
    const rb = await openPost(b, id);
    const caretOfA = () => JSON.stringify(b.sync!.peers(rb).map((peer) => [peer.field, peer.selection]));
    await within(
      2000,
      () => caretOfA() === JSON.stringify([['title', { start: 2, end: 2 }]]),
      "A's caret at B",
    );
  });

  it('leaves with awareness null, and the others see the person go at once', async () => {
    const { mock } = loggingMock(20_000);
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const a = pollingStore(transportAs(mock), 1);
    const b = pollingStore(transportAs(mock), 2);
    stores.push(b);
    await openPost(a, id);
    const rb = await openPost(b, id);
    await vi.advanceTimersByTimeAsync(3000);
    expect(b.sync!.peers(rb)).toHaveLength(1);
    a.dispose();
    await vi.advanceTimersByTimeAsync(50);
    expect(b.sync!.peers(rb)).toHaveLength(0);
    expect(mock.syncRelay.presence(`postType/post:${id}`)).toHaveLength(1);
  });
});
