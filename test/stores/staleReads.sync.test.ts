/**
 * With sync on, a read sent before a save and answered after it must not reach the shared
 * document: the peers would see the pre-save copy and refetch. Store A's transport hands the answer
 * of one GET, read from the mock WordPress when it arrived, back only when the test releases it.
 */
import { autorun } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';

interface Late {
  /** Starts holding the answer of the next GET of `path`. */
  holdNext(path: string): { arrived: Promise<void>; release(): void };
}

/** A transport straight into `mock` whose next GET of a path can be answered late. */
function lateTransport(mock: MockWordPress): RestTransport & Late {
  let pending: { path: string; arrive(): void; released: Promise<void> } | undefined;
  const transport = new RestTransport({
    root: mock.restRoot,
    retry: { limit: 0 },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const answer = await mock.handle(request);
      const held = pending;
      if (
        held !== undefined &&
        request.method === 'GET' &&
        new URL(request.url).pathname.endsWith(held.path)
      ) {
        pending = undefined;
        held.arrive();
        await held.released;
      }
      return answer;
    },
  });
  return Object.assign(transport, {
    holdNext(path: string) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let arrive!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      pending = { path, arrive, released };
      return { arrived, release };
    },
  });
}

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function twoSyncedStores() {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Original', content: 'Body', status: 'draft' });
  const net: MemoryNetwork = memoryNetwork();
  const transportA = lateTransport(mock);
  const stores = [transportA, lateTransport(mock)].map(
    (transport, i) =>
      new RootStore({
        transport,
        sync: { user: { id: i + 1, name: `User ${i + 1}`, color: '#333' }, providers: [net.provider()] },
      }),
  );
  const records: EntityRecord<object>[] = [];
  for (const store of stores) {
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    records.push(record);
  }
  await net.flush();
  cleanup = () => {
    for (const store of stores) store.dispose();
    net.dispose();
  };
  return { mock, net, id, transportA, a: records[0]!, b: records[1]! };
}

function titleOf(record: EntityRecord<object>): string | undefined {
  return (record.persisted as { title?: { raw?: string } } | undefined)?.title?.raw;
}

describe('with sync on, a read answered after a save of its record', () => {
  it('reaches no peer: they keep the saved value and send no extra request', async () => {
    const { mock, net, id, transportA, a, b } = await twoSyncedStores();
    const late = transportA.holdNext(`/wp/v2/posts/${id}`);
    const reading = a.fetch();
    await late.arrived;
    a.edit({ title: 'Saved' });
    await a.save({ throwOnError: true });
    await net.flush();
    for (let i = 0; i < 20 && b.isResolving; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(titleOf(b)).toBe('Saved');
    const seenByB: Array<string | undefined> = [];
    const stop = autorun(() => seenByB.push(titleOf(b)));
    mock.clearRequests();
    late.release();
    await reading;
    await net.flush();
    for (let i = 0; i < 20 && b.isResolving; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    stop();
    expect(titleOf(a)).toBe('Saved');
    expect(seenByB.every((title) => title === 'Saved')).toBe(true);
    expect(mock.requests.filter((r) => r.method === 'GET')).toEqual([]);
    expect(a.isDirty).toBe(false);
    expect(b.isDirty).toBe(false);
  });
});
