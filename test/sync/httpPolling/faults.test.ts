/**
 * Faults on the polling path, with fake timers: server errors and timeouts, an answer lost after
 * the server stored the request, every request delivered twice, a 403 in the middle of a session,
 * an expired nonce, and compaction while a peer is offline. Invariant each time: nothing anyone
 * typed is lost, and the provider recovers without help.
 */
import { describe, expect, it, vi } from 'vitest';
import { RestTransport, type EntityRecord, type RootStore } from 'wp-entities';
import { MOCK_NONCE, type MockWordPress } from '../../../src/testing/index.js';
import { fakeClockAndStores, mockWithPost, openPost, pollingStore, titleOf, within } from './helpers.js';

/** A transport into the mock whose sync requests can be dropped, doubled or cut off. */
interface FaultyLink {
  transport: RestTransport;
  /** Answers of this many sync requests that carried rows are lost after the server handled them. */
  dropAnswers: number;
  /** This many sync requests reach the server twice. */
  duplicates: number;
  /** No request reaches the server. */
  isOffline: boolean;
  /** The next sync request gets this answer instead of reaching the server (this link only). */
  answerNext: Response | undefined;
  /** Sync requests seen. */
  requests: number;
}

function faultyLink(mock: MockWordPress, auth?: { nonce: string }): FaultyLink {
  const link: FaultyLink = {
    transport: undefined as unknown as RestTransport,
    dropAnswers: 0,
    duplicates: 0,
    isOffline: false,
    answerNext: undefined,
    requests: 0,
  };
  link.transport = new RestTransport({
    root: mock.restRoot,
    retry: { limit: 0 },
    ...(auth === undefined ? {} : { auth }),
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (link.isOffline) throw new TypeError('fetch failed: offline');
      if (!request.url.includes('/wp-sync/v1/updates')) return mock.handle(request);
      link.requests += 1;
      if (link.answerNext !== undefined) {
        const answer = link.answerNext;
        link.answerNext = undefined;
        return answer;
      }
      const body = (await request.clone().json()) as { rooms: Array<{ updates: unknown[] }> };
      const hasRows = body.rooms.some((room) => room.updates.length > 0);
      if (link.duplicates > 0) {
        link.duplicates -= 1;
        await mock.handle(request.clone());
      }
      const response = await mock.handle(request);
      if (hasRows && link.dropAnswers > 0) {
        link.dropAnswers -= 1;
        throw new TypeError('fetch failed: connection reset after the request was sent');
      }
      return response;
    },
  });
  return link;
}

const stores = fakeClockAndStores();

async function pair(options: { nonceA?: string } = {}): Promise<{
  mock: MockWordPress;
  id: number;
  links: [FaultyLink, FaultyLink];
  records: [EntityRecord<object>, EntityRecord<object>];
  storesOf: [RootStore, RootStore];
}> {
  const { mock, id } = mockWithPost();
  const linkA = faultyLink(mock, options.nonceA === undefined ? undefined : { nonce: options.nonceA });
  const linkB = faultyLink(mock);
  const refreshNonce = async (): Promise<string | undefined> => {
    const answer = await mock.handle(new Request(`${mock.root}/wp-admin/admin-ajax.php?action=rest-nonce`));
    return answer.ok ? (await answer.text()).trim() : undefined;
  };
  const a = pollingStore(linkA.transport, 1, { refreshNonce });
  // Both tabs can refresh a nonce (the default refresher reads admin-ajax.php with the global fetch).
  const b = pollingStore(linkB.transport, 2, { refreshNonce });
  stores.push(a, b);
  const ra = await openPost(a, id);
  const rb = await openPost(b, id);
  await within(10_000, () => a.sync!.peers(ra).length === 1 && b.sync!.peers(rb).length === 1, 'presence');
  // Let the joining exchange (sync steps, presence) finish, so a fault armed next hits the request
  // the test means, not the tail of the join: quiet = no new request for 500 ms of fake time.
  for (let seen = -1, rounds = 0; linkA.requests + linkB.requests !== seen; rounds += 1) {
    if (rounds > 40) throw new Error('The two stores never went quiet after joining.');
    seen = linkA.requests + linkB.requests;
    await vi.advanceTimersByTimeAsync(500);
  }
  return { mock, id, links: [linkA, linkB], records: [ra, rb], storesOf: [a, b] };
}

describe('httpPollingProvider under faults', () => {
  it('rides out 500s and timeouts: the edit arrives once the relay answers again', async () => {
    const { mock, records, storesOf } = await pair();
    const [ra, rb] = records;
    mock.failNext(3, { status: 500 }, { path: '/wp-sync/v1/updates' });
    ra.edit({ title: 'Typed during an outage' });
    await within(20_000, () => storesOf[0].sync!.connection(ra) === 'disconnected', 'A sees the outage');
    expect(storesOf[0].sync!.errors.some((error) => error.code === 'connection-failed')).toBe(true);
    await within(30_000, () => titleOf(rb) === 'Typed during an outage', 'the edit on B');
    await within(5000, () => storesOf[0].sync!.connection(ra) === 'connected', 'A reconnected');
  });

  it('keeps the edit when the answer is lost after the server stored it, without duplicating text', async () => {
    const { links, records } = await pair();
    const [ra, rb] = records;
    links[0].dropAnswers = 1;
    ra.edit({ title: 'Hello there' });
    await within(20_000, () => titleOf(rb) === 'Hello there', 'the edit on B');
    rb.edit({ title: 'Hello there, B' });
    await within(20_000, () => titleOf(ra) === 'Hello there, B', "B's edit on A");
  });

  it('converges with every character once when every request arrives twice', async () => {
    const { links, records } = await pair();
    const [ra, rb] = records;
    links[0].duplicates = 1000;
    links[1].duplicates = 1000;
    for (const word of [' one', ' two', ' three']) {
      ra.edit({ title: `${titleOf(ra)}${word}` });
      rb.edit({ title: `${word.toUpperCase()}${titleOf(rb)}` });
      await vi.advanceTimersByTimeAsync(300);
    }
    await within(20_000, () => titleOf(ra) === titleOf(rb) && titleOf(ra).includes('three'), 'convergence');
    for (const word of [' one', ' two', ' three', ' ONE', ' TWO', ' THREE']) {
      expect(titleOf(ra).split(word).length - 1).toBe(1);
    }
  });

  it('drops a room refused mid-session, keeps its edits, and rejoins once WordPress allows it again', async () => {
    const { id, links, records, storesOf } = await pair();
    const [ra, rb] = records;
    const room = `postType/post:${id}`;
    // A's link, not the mock: B's own requests must not take the refusal meant for A.
    links[0].answerNext = new Response(
      JSON.stringify({
        code: 'rest_cannot_edit',
        message: 'You may not sync this.',
        data: { status: 403, rooms: [room] },
      }),
      { status: 403, headers: { 'Content-Type': 'application/json' } },
    );
    ra.edit({ title: 'Typed while refused' });
    await within(
      5000,
      () => storesOf[0].sync!.errors.some((error) => error.code === 'forbidden'),
      'forbidden',
    );
    expect(storesOf[0].sync!.connection(ra)).toBe('disconnected');
    expect(titleOf(ra)).toBe('Typed while refused');
    await within(70_000, () => titleOf(rb) === 'Typed while refused', 'the edit on B after the retry');
    expect(storesOf[0].sync!.connection(ra)).toBe('connected');
  });

  it('refreshes an expired nonce instead of failing for good', async () => {
    const { mock, records, storesOf, links } = await pair({ nonceA: MOCK_NONCE });
    const [ra, rb] = records;
    const before = links[0].requests;
    mock.expireNonce();
    ra.edit({ title: 'Sent with a fresh nonce' });
    await within(10_000, () => titleOf(rb) === 'Sent with a fresh nonce', 'the edit on B');
    expect(storesOf[0].sync!.errors.filter((error) => error.code === 'forbidden')).toEqual([]);
    expect(links[0].requests - before).toBeLessThan(10);
  });

  it('loses nothing when the room is compacted while a peer is offline', async () => {
    const { mock, id, links, records } = await pair();
    const [ra, rb] = records;
    links[1].isOffline = true;
    for (let i = 0; i < 70; i++) {
      ra.edit({ title: `${titleOf(ra)}a` });
      await vi.advanceTimersByTimeAsync(20);
    }
    rb.edit({ title: `B offline ${titleOf(rb)}` });
    await within(
      60_000,
      () => mock.syncRelay.rows(`postType/post:${id}`).some((row) => row.type === 'compaction'),
      'a compaction',
    );
    expect(mock.syncRelay.rows(`postType/post:${id}`).length).toBeLessThan(70);
    links[1].isOffline = false;
    const expected = `B offline Hello${'a'.repeat(70)}`;
    await within(
      90_000,
      () => titleOf(ra) === expected && titleOf(rb) === expected,
      'convergence after the peer is back',
    );
  });
});
