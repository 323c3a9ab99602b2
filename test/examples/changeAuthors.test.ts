/**
 * Whose unsaved changes the example editor names ("yours and Eddie Editor's"), on two stores
 * linked by the memory network, watched the way the editor watches them: the room is opened and
 * the watcher registered before local persistence has loaded (so before the binding listens).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRecord, RootStore } from 'wp-entities';
import {
  changeAuthors,
  describeAuthorSets,
  watchChangeAuthors,
  YOU,
} from '../../examples/editor/src/collaboration/changeAuthors.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { syncStore } from '../sync/storeHelpers.js';

interface Window {
  store: RootStore;
  record: EntityRecord<{ title: string; excerpt: string }>;
  release(): void;
}

let net: MemoryNetwork | undefined;
const windows: Window[] = [];

afterEach(() => {
  for (const { store, release } of windows.splice(0)) {
    release();
    store.dispose();
  }
  net?.dispose();
  net = undefined;
});

/** Two people with post 1 open in the editor, each watched as the editor does. */
async function twoWindows(): Promise<[Window, Window]> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Hello', content: 'Body', excerpt: 'Short', status: 'draft' });
  net = memoryNetwork();
  for (const n of [1, 2]) {
    const store = syncStore(mock, [net.provider()], n);
    const record = store.record('postType', 'post', id) as Window['record'];
    await record.fetch();
    // As the editor: the room opens and the watcher starts before the room has loaded.
    const release = watchChangeAuthors(store, record);
    await store.sync?.join(record);
    windows.push({ store, record, release });
  }
  await net.flush();
  return [windows[0] as Window, windows[1] as Window];
}

/** Lets the network deliver and every background request (a refetch after a save) answer. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await net?.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (windows.every(({ record }) => !record.isResolving && !record.isSaving) && net?.inFlight === 0) return;
  }
}

describe("the example editor's authors of unsaved changes", () => {
  it("names no one for an update this window already held (the other window's copy of a field's genesis)", async () => {
    const [admin, eddie] = await twoWindows();
    // Both windows make the excerpt's text at once (a caret in it each): the same genesis bytes,
    // sent by both, arrive where they are already held.
    net?.partition([eddie.store]);
    admin.store.sync?.sharedText(admin.record, 'excerpt');
    eddie.store.sync?.sharedText(eddie.record, 'excerpt');
    admin.record.edit({ title: 'Hello!' });
    await settle();
    net?.heal();
    await settle();
    expect(eddie.record.edited?.title).toBe('Hello!');
    expect([...changeAuthors(admin.record)]).toEqual([YOU]);
    expect([...changeAuthors(eddie.record)]).toEqual(['User 1']);
  });

  it('names the other person for their first change, and for their first change after a save', async () => {
    const [admin, eddie] = await twoWindows();
    // One keystroke of Admin's reaches Eddie's clean record.
    admin.record.edit({ title: 'Hello!' });
    await settle();
    expect(eddie.record.edited?.title).toBe('Hello!');
    expect([...changeAuthors(eddie.record)]).toEqual(['User 1']);
    expect([...changeAuthors(admin.record)]).toEqual([YOU]);

    // Eddie adds his own; both windows name both.
    eddie.record.edit({ excerpt: 'Short, by Eddie' });
    await settle();
    expect(new Set(changeAuthors(admin.record))).toEqual(new Set([YOU, 'User 2']));
    expect(new Set(changeAuthors(eddie.record))).toEqual(new Set([YOU, 'User 1']));

    // Admin saves: nothing is unsaved in either window.
    await admin.record.save();
    await settle();
    expect(admin.record.hasEdits).toBe(false);
    expect(eddie.record.hasEdits).toBe(false);

    // Eddie's first change after the save is his in Admin's window, and his alone in his own.
    eddie.record.edit({ title: 'Hello!?' });
    await settle();
    expect(admin.record.edited?.title).toBe('Hello!?');
    expect([...changeAuthors(admin.record)]).toEqual(['User 2']);
    expect([...changeAuthors(eddie.record)]).toEqual([YOU]);
  });
});

describe('the header’s words for whose the unsaved changes are', () => {
  it('counts each record once, so the counts add up to the records', () => {
    const both = new Set([YOU, 'Eddie Editor']);
    // Before: "1 yours, 1 from Eddie Editor" for one record changed by both.
    expect(describeAuthorSets([both])).toBe("yours and Eddie Editor's");
    expect(describeAuthorSets([new Set(['Eddie Editor'])])).toBe("Eddie Editor's");
    expect(describeAuthorSets([new Set([YOU]), new Set([YOU]), both])).toBe(
      "2 yours, 1 yours and Eddie Editor's",
    );
    expect(describeAuthorSets([new Set(['Zoe', 'Ana', YOU])])).toBe("yours, Ana's and Zoe's");
  });

  it('says nothing when every change is this person’s alone', () => {
    expect(describeAuthorSets([new Set([YOU]), new Set([YOU])])).toBeUndefined();
    expect(describeAuthorSets([])).toBeUndefined();
  });
});
