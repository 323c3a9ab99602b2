/**
 * One cache for the tabs of a site (`crossTab: crossTabCache()`): two stores play two tabs of one browser,
 * joined by a stand-in `BroadcastChannel` that copies each message as the structured clone does and
 * delivers it later, as a browser does. Each store counts its own requests, so "no request" is
 * per tab. The same test in Chromium, with real tabs and the real channel, is in
 * test/e2e/crossTabCache.e2e.ts.
 */
import { autorun } from 'mobx';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConflictError, isSyncError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import type { Transport } from '../../core/transport/types.js';
import { memoryJournal } from '../../src/journal/memoryJournal.js';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import { cacheChannelName } from '../../stores/crossTab/CrossTabCache.js';
import { RootStore, type RootStoreOptions } from '../../stores/RootStore.js';
import { crossTabCache } from 'wp-entities/tabs';

/** `BroadcastChannel` as the cache uses it: every other open channel of the name gets a copy, in a later task. */
class FakeChannel {
  static readonly open = new Set<FakeChannel>();
  static inFlight = 0;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onmessageerror: ((event: unknown) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.open.add(this);
  }
  postMessage(data: unknown): void {
    const copy = structuredClone(data);
    for (const other of FakeChannel.open) {
      if (other === this || other.name !== this.name) continue;
      FakeChannel.inFlight++;
      setTimeout(() => {
        FakeChannel.inFlight--;
        if (FakeChannel.open.has(other)) other.onmessage?.({ data: copy });
      }, 0);
    }
  }
  close(): void {
    FakeChannel.open.delete(this);
  }
}

/** Resolves once every message posted so far was delivered. */
async function delivered(): Promise<void> {
  for (let i = 0; i < 200 && FakeChannel.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 0));
  expect(FakeChannel.inFlight).toBe(0);
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const stores: RootStore[] = [];
const stops: Array<() => void> = [];
beforeEach(() => {
  // A browser page: the option does nothing where there is no window (Node).
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  vi.stubGlobal('window', globalThis);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const store of stores.splice(0)) store.dispose();
  vi.unstubAllGlobals();
  FakeChannel.open.clear();
});

/** A tab: a store of the admin with `crossTab: crossTabCache()`, and how many requests it sent. */
interface Tab {
  store: RootStore;
  requests: () => number;
}

function tab(options: Partial<RootStoreOptions> = {}): Tab {
  const { username, appPassword } = MOCK_USERS.admin;
  const rest = new RestTransport({
    root: mock.restRoot,
    retry: false,
    auth: { username, applicationPassword: appPassword },
  });
  let sent = 0;
  const counting: Transport & { root: string } = {
    root: rest.root,
    authorization: rest.authorization,
    request: ((request: Parameters<Transport['request']>[0]) => {
      sent++;
      return rest.request(request);
    }) as Transport['request'],
    fetchAll: (...args) => {
      sent++;
      return rest.fetchAll(...args);
    },
    allowedMethods: (...args) => {
      sent++;
      return rest.allowedMethods(...args);
    },
    batch: (...args) => {
      sent++;
      return rest.batch(...args);
    },
  };
  const store = new RootStore({ transport: counting, crossTab: crossTabCache(), ...options });
  stores.push(store);
  return { store, requests: () => sent };
}

/** Someone else saves post `id` with a new title: their own store, in no tab of this browser. */
async function changeOnSite(id: number, title: string): Promise<void> {
  const { username, appPassword } = MOCK_USERS.editor;
  const other = new RootStore({
    transport: new RestTransport({
      root: mock.restRoot,
      retry: false,
      auth: { username, applicationPassword: appPassword },
    }),
  });
  stores.push(other);
  const post = await other.collection('postType', 'post').fetch(id);
  post!.edit({ title });
  await post!.save({ throwOnError: true });
}

function observe(read: () => unknown): void {
  stops.push(autorun(() => void read()));
}

let first: number;
let second: number;
beforeEach(() => {
  mock.reset();
  first = mock.addPost('post', { title: 'First', content: 'Body' });
  second = mock.addPost('post', { title: 'Second', content: 'Body' });
});

describe('one cache for the tabs of a site', () => {
  it('a save in one tab updates the record and its lists in the other, with no request from it', async () => {
    const one = tab();
    const two = tab();
    const mine = await one.store.collection('postType', 'post').fetch(first);
    const theirs = await two.store.collection('postType', 'post').fetch(first);
    const list = await two.store
      .collection('postType', 'post')
      .query({ include: [first, second] })
      .fetch();
    observe(() => theirs?.edited);
    observe(() => list.items);
    await delivered();
    const before = two.requests();

    mine!.edit({ title: 'Saved in tab one' });
    await mine!.save({ throwOnError: true });
    await delivered();

    expect(theirs!.edited).toMatchObject({ title: 'Saved in tab one' });
    expect(theirs!.hasEdits).toBe(false);
    const shown = list.records!.find((item) => item.id === first);
    expect((shown?.edited as { title?: string } | undefined)?.title).toBe('Saved in tab one');
    expect(two.requests()).toBe(before);
  });

  it('a fetch in one tab updates the records the other holds, and adds none it does not', async () => {
    const one = tab();
    const two = tab();
    const held = await two.store.collection('postType', 'post').fetch(first);
    await changeOnSite(first, 'Changed on the site');
    const before = two.requests();

    await one.store
      .collection('postType', 'post')
      .query({ include: [first, second] })
      .fetch();
    await delivered();

    expect(held!.edited).toMatchObject({ title: 'Changed on the site' });
    expect(two.store.collection('postType', 'post').peek(second)).toBeUndefined();
    expect(two.requests()).toBe(before);
  });

  it('a message about an entity this tab never opened makes nothing in it', async () => {
    const one = tab();
    const two = tab();
    await two.store.collection('postType', 'post').fetch(first);
    const page = mock.addPost('page', { title: 'A page' });
    await one.store.collection('postType', 'page').fetch(page);
    await delivered();
    expect(two.store.allCollections.map((collection) => collection.name)).not.toContain('page');
    expect(two.store.crossTabError).toBeUndefined();
  });

  it('a save of the site settings (a single record) in one tab shows in the other', async () => {
    const one = tab();
    const two = tab();
    const mine = await one.store.collection('root', 'site').fetch();
    const theirs = await two.store.collection('root', 'site').fetch();
    await delivered();
    const before = two.requests();
    mine!.edit({ title: 'Renamed in tab one' });
    await mine!.save({ throwOnError: true });
    await delivered();
    expect(theirs!.edited).toMatchObject({ title: 'Renamed in tab one' });
    expect(two.requests()).toBe(before);
  });

  it('a delete in one tab takes the record out of the other tab’s lists; its unsaved edits there stay', async () => {
    const one = tab();
    const two = tab();
    const doomed = await one.store.collection('postType', 'post').fetch(second);
    const list = await two.store
      .collection('postType', 'post')
      .query({ include: [first, second] })
      .fetch();
    observe(() => list.items);
    const edited = two.store.collection('postType', 'post').peek(second)!;
    edited.edit({ content: 'Typed in tab two' });
    await delivered();
    const before = two.requests();

    await doomed!.delete(undefined, { throwOnError: true });
    await delivered();

    expect(list.records!.map((item) => item.id)).not.toContain(second);
    expect(list.records!.map((item) => item.id)).toContain(first);
    expect(two.store.dirtyRecords).toContain(edited);
    expect(edited.edits).toMatchObject({ content: 'Typed in tab two' });
    expect(two.requests()).toBe(before);
  });

  it('a creation in one tab makes the other tab’s observed lists ask again, so it shows there', async () => {
    const one = tab();
    const two = tab();
    const list = await two.store.collection('postType', 'post').query({ per_page: 100 }).fetch();
    observe(() => list.items);
    await delivered();

    const made = one.store
      .collection('postType', 'post')
      .create({ title: 'Made in tab one', status: 'publish' });
    await made.save({ throwOnError: true });
    await delivered();

    await until(() => list.records!.some((item) => item.id === made.id));
  });

  it('unsaved edits stay in their tab: a save elsewhere of other fields keeps them, dirty', async () => {
    const one = tab();
    const two = tab();
    const mine = await one.store.collection('postType', 'post').fetch(first);
    const theirs = await two.store.collection('postType', 'post').fetch(first);
    theirs!.edit({ content: 'Typed in tab two' });
    await delivered();

    mine!.edit({ title: 'Saved in tab one' });
    await mine!.save({ throwOnError: true });
    await delivered();

    expect(theirs!.edited).toMatchObject({ title: 'Saved in tab one', content: 'Typed in tab two' });
    expect(theirs!.hasEdits).toBe(true);
    expect(mine!.hasEdits).toBe(false);
    expect(mine!.edited).toMatchObject({ content: 'Body' });
    // Their save goes out with the edit, over tab one's title.
    await theirs!.save({ throwOnError: true });
    expect(mock.getPost(first)).toMatchObject({
      title: 'Saved in tab one',
      content: 'Typed in tab two',
    });
  });

  it('a save elsewhere of a field edited here surfaces as the save conflict; the edit is kept', async () => {
    const one = tab({ conflicts: 'detect' });
    const two = tab({ conflicts: 'detect' });
    const mine = await one.store.collection('postType', 'post').fetch(first);
    const theirs = await two.store.collection('postType', 'post').fetch(first);
    theirs!.edit({ title: 'Typed in tab two' });
    await delivered();

    mine!.edit({ title: 'Saved in tab one' });
    await mine!.save({ throwOnError: true });
    await delivered();
    // Tab two shows the saved copy under its edit, as a refetch would.
    expect(theirs!.raw).toMatchObject({ title: 'Saved in tab one' });
    expect(theirs!.edited).toMatchObject({ title: 'Typed in tab two' });

    const error = await theirs!.save({ throwOnError: true }).catch((caught: unknown) => caught);
    expect(isConflictError(error)).toBe(true);
    expect(theirs!.conflict?.fields).toEqual(['title']);
    expect(theirs!.edits).toMatchObject({ title: 'Typed in tab two' });
    expect(mock.getPost(first)).toMatchObject({ title: 'Saved in tab one' });
  });

  it('each tab keeps its own journal entries: a save elsewhere leaves the other tab’s entry as it was', async () => {
    const journal = memoryJournal();
    const one = tab({ journal });
    const two = tab({ journal });
    const mine = await one.store.collection('postType', 'post').fetch(first);
    const theirs = await two.store.collection('postType', 'post').fetch(first);
    theirs!.edit({ content: 'Typed in tab two' });
    await two.store.flushJournal();

    mine!.edit({ title: 'Saved in tab one' });
    await mine!.save({ throwOnError: true });
    await delivered();
    await one.store.flushJournal();
    await two.store.flushJournal();

    const entries = [...journal.entries.values()];
    expect(entries.map((entry) => entry.writer)).toEqual([two.store.journalWriter]);
    expect(entries[0]?.edits).toMatchObject({ content: 'Typed in tab two' });
  });

  it('an older copy from another tab never brings back values this tab already has a newer save of', async () => {
    const one = tab();
    const two = tab();
    const theirs = await two.store.collection('postType', 'post').fetch(first);
    const stale = { ...(theirs!.readItem('default')!.data as Record<string, unknown>) };
    theirs!.edit({ title: 'Saved in tab two' });
    await theirs!.save({ throwOnError: true });
    await delivered();

    // Tab one passes on a read it sent before that save answered (an older modified_gmt).
    one.store.crossTab!.records(
      'postType',
      'post',
      [{ ...stale, title: { raw: 'First', rendered: 'First' } }],
      'default',
      true,
    );
    await delivered();

    expect(theirs!.edited).toMatchObject({ title: 'Saved in tab two' });
    expect(two.store.crossTabError).toBeUndefined();
  });

  it('ignores messages this library did not write, applies none of them, and reports the first once', async () => {
    const two = tab();
    const theirs = await two.store.collection('postType', 'post').fetch(first);
    const list = await two.store
      .collection('postType', 'post')
      .query({ include: [first, second] })
      .fetch();
    const before = JSON.stringify(theirs!.readItem('default')!.data);
    const ids = list.records!.map((item) => item.id);
    const hostile = new FakeChannel(cacheChannelName(mock.restRoot, two.store.transport.authorization));
    const envelope = { source: 'wp-entities/cache', version: 1, kind: 'postType', name: 'post' };
    const cyclic: Record<string, unknown> = { id: first, title: 'Cycle' };
    cyclic['self'] = cyclic;
    const junk: unknown[] = [
      'hello',
      null,
      { type: 'saved', record: { id: first, title: 'No envelope' }, created: false },
      { ...envelope, version: 2, type: 'saved', record: { id: first, title: 'Version 2' }, created: false },
      { ...envelope, type: 'saved', record: { id: first, title: 'Created?' }, created: 'no' },
      { ...envelope, type: 'saved', record: { id: first, title: new Date() }, created: false },
      { ...envelope, type: 'saved', record: cyclic, created: false },
      { ...envelope, type: 'saved', record: [first], created: false },
      { ...envelope, type: 'records', context: 'default', complete: true, records: [{ title: 'No id' }] },
      { ...envelope, type: 'records', context: 'default', complete: true, records: 'all of them' },
      { ...envelope, type: 'deleted', id: {} },
      { ...envelope, type: 'deleted', id: '' },
      { ...envelope, kind: 7, type: 'deleted', id: first },
      { ...envelope, type: 'reload' },
    ];
    for (const message of junk) hostile.postMessage(message);
    await delivered();

    expect(JSON.stringify(theirs!.readItem('default')!.data)).toBe(before);
    expect(list.records!.map((item) => item.id)).toEqual(ids);
    const reported = two.store.crossTabError;
    expect(isSyncError(reported)).toBe(true);
    expect(reported?.code).toBe('cross_tab_message');
    expect(reported?.message).toContain('not a wp-entities cache message');
    expect(two.store.crossTab?.ignoredMessages).toBe(junk.length);

    // Reported once: more junk keeps the first report.
    hostile.postMessage({ ...envelope, type: 'deleted', id: null });
    await delivered();
    expect(two.store.crossTabError).toBe(reported);
    // What this library writes still gets through.
    hostile.postMessage({ ...envelope, type: 'deleted', id: first });
    await delivered();
    expect(list.records!.map((item) => item.id)).not.toContain(first);
  });

  it('does nothing where there is no browser (Node): no channel, so no tab hears another', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    const one = tab();
    const two = tab();
    expect(one.store.crossTab).toBeUndefined();
    expect(FakeChannel.open.size).toBe(0);
    const mine = await one.store.collection('postType', 'post').fetch(first);
    const theirs = await two.store.collection('postType', 'post').fetch(first);
    mine!.edit({ title: 'Saved in tab one' });
    await mine!.save({ throwOnError: true });
    expect(theirs!.edited).toMatchObject({ title: 'First' });
  });

  it('refuses a crossTab option that is not crossTabCache()', () => {
    expect(() => tab({ crossTab: true as never })).toThrow(
      /crossTabCache\(\) from 'wp-entities\/tabs'; got true/,
    );
  });

  it('stops listening when the store is disposed', async () => {
    const one = tab();
    tab();
    expect(FakeChannel.open.size).toBe(2);
    one.store.dispose();
    expect(FakeChannel.open.size).toBe(1);
  });
});
