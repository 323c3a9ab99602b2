/**
 * The journal engine comes with the journal, not with the root entry: the storages register it
 * when they make a journal, `wp-entities/journal` when imported (a journal of one's own), and a
 * store given a journal without either refuses to start rather than lose edits silently.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError } from '../../core/errors.js';
import { applyJournalUpdate, type Journal, type JournalEntry } from '../../stores/journal/Journal.js';
import { registeredStoreEngine, registerStoreEngine } from '../../stores/storeEngines.js';
import type { JournalEngine } from '../../stores/journal/journalSession.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { mockStore, openPost } from '../helpers/mockStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** A journal of one's own: entries in a Map, as a user's storage would keep them somewhere. */
function ownJournal(): Journal & { readonly stored: Map<string, JournalEntry> } {
  const stored = new Map<string, JournalEntry>();
  return {
    label: 'own',
    stored,
    read: () => Promise.resolve([...stored.values()].map((entry) => structuredClone(entry))),
    write(update) {
      applyJournalUpdate(stored, {
        put: update.put.map((entry) => structuredClone(entry)),
        remove: update.remove,
      });
      return Promise.resolve();
    },
  };
}

describe('the journal engine', () => {
  // Each test starts as an app that imported the root entry only: no engine registered.
  let registered: JournalEngine | undefined;
  beforeEach(() => {
    mock.reset();
    registered = registeredStoreEngine('journal');
    registerStoreEngine('journal', undefined as unknown as JournalEngine);
  });
  afterEach(() => {
    if (registered !== undefined) registerStoreEngine('journal', registered);
  });

  it('is missing until something brings it: a store given a journal of its own refuses, naming wp-entities/journal', () => {
    const make = () => mockStore(mock, { journal: ownJournal(), user: null });
    expect(make).toThrow(ArgumentError);
    expect(make).toThrow(/The journal option needs wp-entities\/journal: import 'wp-entities\/journal'/);
    // A store without a journal needs none.
    expect(() => mockStore(mock, { user: null }).dispose()).not.toThrow();
  });

  it('comes with the storages: a store on memoryJournal() writes its edits', async () => {
    const { memoryJournal } = await import('../../src/journal/memoryJournal.js');
    const journal = memoryJournal();
    const store = mockStore(mock, { journal, user: null });
    const post = await openPost(store, mock.addPost('post', { title: 'Saved' }));
    post.edit({ title: 'Unsaved' });
    await store.flushJournal();
    expect([...journal.entries.values()].map((entry) => entry.edits)).toEqual([{ title: 'Unsaved' }]);
    store.dispose();
  });

  it('comes with wp-entities/journal: a journal of its own keeps edits across a reload', async () => {
    // A fresh evaluation of the entry, as an app's first import of it.
    vi.resetModules();
    await import('../../src/journal/index.js');
    expect(registeredStoreEngine('journal')).toBeTypeOf('function');
    const journal = ownJournal();
    const id = mock.addPost('post', { title: 'Saved' });
    const before = mockStore(mock, { journal, user: null });
    (await openPost(before, id)).edit({ title: 'Unsaved' });
    await before.flushJournal();
    before.dispose();
    expect(journal.stored.size).toBe(1);

    const after = mockStore(mock, { journal, user: null });
    expect(await after.restoreJournal()).toHaveLength(1);
    expect(after.collection('postType', 'post').record(id).edits).toEqual({ title: 'Unsaved' });
    after.dispose();
  });
});
