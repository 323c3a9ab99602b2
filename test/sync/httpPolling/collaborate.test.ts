/**
 * Two and three stores editing one post together through the mock WordPress's relay: edits and
 * presence arrive, typing in one field keeps everyone's characters, a lone editor stores nothing,
 * and a long poll carries a keystroke in one round trip.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RootStore } from 'wp-entities';
import { mockWithPost, openPost, pollingStore, titleOf, transportAs, until } from './helpers.js';

const stores: RootStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

function track(store: RootStore): RootStore {
  stores.push(store);
  return store;
}

describe('httpPollingProvider through the mock relay', () => {
  it("brings one person's title edit to the other and shows each to the other", async () => {
    const { mock, id } = mockWithPost();
    const a = track(pollingStore(transportAs(mock), 1));
    const b = track(pollingStore(transportAs(mock), 2));
    const ra = await openPost(a, id);
    const rb = await openPost(b, id);
    await until(
      () => (b.sync?.peers(rb).length ?? 0) === 1 && (a.sync?.peers(ra).length ?? 0) === 1,
      5000,
      'presence',
    );
    expect(a.sync?.connection(ra)).toBe('connected');
    ra.edit({ title: 'Hello world' });
    await until(() => titleOf(rb) === 'Hello world', 5000, "A's title on B");
  });

  it("keeps both people's characters when they type in the title at once", async () => {
    const { mock, id } = mockWithPost();
    const a = track(pollingStore(transportAs(mock), 1));
    const b = track(pollingStore(transportAs(mock), 2));
    const ra = await openPost(a, id);
    const rb = await openPost(b, id);
    await until(() => (a.sync?.peers(ra).length ?? 0) === 1 && (b.sync?.peers(rb).length ?? 0) === 1);
    ra.edit({ title: 'AHello' });
    rb.edit({ title: 'HelloB' });
    await until(() => titleOf(ra) === titleOf(rb) && titleOf(ra).length === 7, 5000, 'convergence');
    expect(titleOf(ra)).toBe('AHelloB');
  });

  it('stores nothing while a person is alone in the room', async () => {
    const { mock, id } = mockWithPost();
    const a = track(pollingStore(transportAs(mock), 1));
    const ra = await openPost(a, id);
    ra.edit({ title: 'Alone' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mock.syncRelay.rows(`postType/post:${id}`)).toEqual([]);
    expect(mock.syncRelay.presence(`postType/post:${id}`)).toHaveLength(1);
  });
});
