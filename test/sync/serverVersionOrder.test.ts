import { afterEach, describe, expect, it } from 'vitest';
import { memoryJournal, RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { transportTo } from './storeHelpers.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A store as the example editor makes it: sync, a journal and save conflict detection. */
function editorStore(mock: MockWordPress, net: MemoryNetwork, n: number): RootStore {
  const store = new RootStore({
    transport: transportTo(mock),
    journal: memoryJournal(),
    conflicts: 'detect',
    sync: { user: { id: n, name: `User ${n}`, color: '#333' }, providers: [net.provider()] },
  });
  cleanups.push(() => store.dispose());
  return store;
}

/** Lets every background request (refetches) answer. */
async function settle(net: MemoryNetwork): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await net.flush();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A scheduled post whose `modified_gmt` is its (future) date, as WordPress imports and the mock's
 * seed leave it: the next save stamps the server's clock, which is earlier.
 */
function siteWithFutureModified(): { mock: MockWordPress; id: number } {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Scheduled', status: 'future', date: '2030-01-01T09:00:00' });
  return { mock, id };
}

describe('a synced record whose server time goes back at a save', () => {
  it('is saved and clean after the save, with no request loop', async () => {
    const { mock, id } = siteWithFutureModified();
    const net = memoryNetwork();
    cleanups.push(() => net.dispose());
    const store = editorStore(mock, net, 1);
    const post = store.record('postType', 'post', id) as EntityRecord<object>;
    // As an editor screen does: the room opens when the screen mounts, before the post arrives.
    const joining = store.sync?.join(post);
    await post.fetch();
    await joining;
    post.edit({ title: 'Saved at last' });
    await post.save();
    await settle(net);
    expect(post.saveError).toBeUndefined();
    expect((post.persisted as { title: { raw: string } }).title.raw).toBe('Saved at last');
    expect(post.isDirty).toBe(false);
    expect(store.dirtyRecords).toHaveLength(0);
    const reads = mock.requests.filter((r) => r.method === 'GET' && r.path === `/wp/v2/posts/${id}`);
    expect(reads.length).toBeLessThan(6);
  });

  it('leaves no record unsaved when "Save all" saves it with others in one batch', async () => {
    const { mock, id } = siteWithFutureModified();
    const other = mock.addPost('post', { title: 'Plain', status: 'draft' });
    const page = mock.addPost('page', { title: 'A page', status: 'draft' });
    const net = memoryNetwork();
    cleanups.push(() => net.dispose());
    const store = editorStore(mock, net, 1);
    const keys: Array<[string, number]> = [
      ['post', id],
      ['post', other],
      ['page', page],
    ];
    const records = keys.map(([name, key]) => store.record('postType', name, key) as EntityRecord<object>);
    for (const record of records) {
      const joining = store.sync?.join(record);
      await record.fetch();
      await joining;
      record.edit({ title: `Batch: ${String(record.id)}` });
    }
    const results = await store.saveDirty();
    await settle(net);
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
    expect(mock.requests.filter((r) => r.method === 'POST' && r.path === '/batch/v1')).toHaveLength(1);
    expect(store.dirtyRecords).toHaveLength(0);
  });

  it('shows the save to a peer, who also ends clean', async () => {
    const { mock, id } = siteWithFutureModified();
    const net = memoryNetwork();
    cleanups.push(() => net.dispose());
    const stores = [editorStore(mock, net, 1), editorStore(mock, net, 2)];
    const [a, b] = stores.map((store) => store.record('postType', 'post', id) as EntityRecord<object>) as [
      EntityRecord<object>,
      EntityRecord<object>,
    ];
    for (const [index, record] of [a, b].entries()) {
      await record.fetch();
      await stores[index]?.sync?.join(record);
    }
    await net.flush();
    a.edit({ title: 'Saved at last' });
    await net.flush();
    await a.save();
    await settle(net);
    for (const record of [a, b]) {
      expect((record.edited as { title: string }).title).toBe('Saved at last');
      expect(record.isDirty).toBe(false);
    }
  });
});

describe('confirming a save with the server', () => {
  it('does not take the answer of a read that left before the save as the confirmation', async () => {
    const { mock, id } = siteWithFutureModified();
    // Reads of the post can be answered now and delivered later: a read that left before the save.
    let delivery: Promise<void> | undefined;
    const transport = new RestTransport({
      root: mock.restRoot,
      retry: { limit: 0 },
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        const answer = mock.handle(request);
        const url = new URL(request.url);
        const isRead =
          request.method === 'GET' &&
          url.pathname.endsWith(`/posts/${id}`) &&
          !url.searchParams.has('_fields');
        return isRead && delivery !== undefined ? delivery.then(() => answer) : answer;
      },
    });
    const net = memoryNetwork();
    cleanups.push(() => net.dispose());
    const store = new RootStore({
      transport,
      journal: memoryJournal(),
      conflicts: 'detect',
      sync: { user: { id: 1, name: 'Ana', color: '#333' }, providers: [net.provider()] },
    });
    cleanups.push(() => store.dispose());
    const post = store.record('postType', 'post', id) as EntityRecord<object>;
    // The room is open before the post arrives, so the copy it arrives with is announced to the room.
    await store.sync?.join(post);
    await post.fetch();
    let deliver: () => void = () => undefined;
    delivery = new Promise((resolve) => (deliver = resolve));
    const staleRead = post.fetch();
    delivery.then(() => (delivery = undefined)).catch(() => undefined);
    post.edit({ title: 'Saved at last' });
    await post.save();
    deliver();
    await staleRead;
    await settle(net);
    expect((post.persisted as { title: { raw: string } }).title.raw).toBe('Saved at last');
    expect(post.isDirty).toBe(false);
  });
});

describe('two people in one room on two separate sites (the demo’s in-tab mocks)', () => {
  it("each ends judging the shared title against their own site's saved copy, with no request loop", async () => {
    const sites = [createMockWordPress(), createMockWordPress()];
    const ids = sites.map((mock) => {
      mock.setCurrentRole('administrator');
      return mock.addPost('post', { title: 'Shared', status: 'draft' });
    });
    expect(ids[0]).toBe(ids[1]);
    const net = memoryNetwork();
    cleanups.push(() => net.dispose());
    const stores = sites.map((mock, index) => editorStore(mock, net, index + 1));
    const records = stores.map((store) => store.record('postType', 'post', ids[0]) as EntityRecord<object>);
    for (const [index, record] of records.entries()) {
      await record.fetch();
      await stores[index]?.sync?.join(record);
    }
    await net.flush();
    const [a, b] = records as [EntityRecord<object>, EntityRecord<object>];
    a.edit({ title: 'Saved on site A' });
    await net.flush();
    expect((b.edited as { title: string }).title).toBe('Saved on site A');
    await a.save();
    await settle(net);
    // One document, two saved copies: A's site has the title, B's does not, so B shows it unsaved.
    expect((a.edited as { title: string }).title).toBe('Saved on site A');
    expect((b.edited as { title: string }).title).toBe('Saved on site A');
    expect(a.isDirty).toBe(false);
    expect(b.isDirty).toBe(true);
    expect((b.persisted as { title: { raw: string } }).title.raw).toBe('Shared');
    const readsOfB = sites[1]?.requests.filter((r) => r.method === 'GET').length ?? 0;
    expect(readsOfB).toBeLessThan(8);
  });
});
