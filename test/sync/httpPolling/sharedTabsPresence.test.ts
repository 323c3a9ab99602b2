/**
 * A person's tabs sharing one polling connection (`SyncOptions.tabs`) over the relay: the one
 * presence the leader sends names the document client id of every tab in `editorState` (the part
 * the relay keeps, where the block editor reads only `selection`), so the collaborator's
 * `sync.foreignEdits()` names the person whichever tab typed.
 */
import { describe, expect, it, vi } from 'vitest';
import { RootStore, type EntityRecord } from 'wp-entities';
import { httpPollingProvider } from '../../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { FakeBrowser, type FakeTab } from '../fakeTabs.js';
import { fakeClockAndStores, mockWithPost, openPost, pollingStore, titleOf, transportAs } from './helpers.js';
import type { MockWordPress } from '../../../src/testing/index.js';

const stores = fakeClockAndStores();

function sharedTabStore(mock: MockWordPress, tab: FakeTab): RootStore {
  const store = new RootStore({
    transport: transportAs(mock),
    sync: {
      user: { id: 1, name: 'User 1', color: '#333' },
      providers: [httpPollingProvider({ longPollMs: 1000, sendIntervalMs: 100 })],
      undoCaptureTimeoutMs: 0,
      tabs: tab.tabsOption(),
    },
  });
  stores.push(store);
  return store;
}

describe('httpPollingProvider: tabs sharing one connection', () => {
  it("the collaborator sees one person, and a change from either tab is that person's", async () => {
    const { mock, id } = mockWithPost();
    const browser = new FakeBrowser();
    const tabs = [sharedTabStore(mock, browser.tab()), sharedTabStore(mock, browser.tab())];
    const records: EntityRecord<object>[] = [];
    for (const store of tabs) records.push(await openPost(store, id));
    const other = pollingStore(transportAs(mock), 2, { longPollMs: 1000, sendIntervalMs: 100 });
    stores.push(other);
    const theirs = await openPost(other, id);
    await vi.advanceTimersByTimeAsync(3000);
    expect(other.sync!.peers(theirs)).toHaveLength(1);

    records[0]!.edit({ title: 'Hello from tab 1' } as never);
    records[1]!.edit({ content: 'Body from tab 2' } as never);
    await vi.advanceTimersByTimeAsync(3000);
    expect(titleOf(theirs)).toBe('Hello from tab 1');
    const [peer] = other.sync!.peers(theirs);
    for (const [index, store] of tabs.entries())
      expect(peer!.clientIds).toContain(store.sync!.doc(records[index]!).clientID);
    const people = other.sync!.foreignEdits(theirs).map((edit) => [edit.field, edit.people.length]);
    expect(people.sort()).toEqual([
      ['content', 1],
      ['title', 1],
    ]);
  });
});
