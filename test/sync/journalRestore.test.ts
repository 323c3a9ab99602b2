/**
 * A journal restore in a synced record (issues 24/26): the restored text is this person's
 * unsaved work, so it must reach the shared document like a keystroke, be on every peer, and stay
 * there while peers type. Before the fix, a restore applied after the room was joined never
 * entered the document, and the next peer keystroke wiped it from the record.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RootStore, type EntityRecord } from 'wp-entities';
import { memoryJournal, type Journal } from '../../src/journal/index.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { seen, transportTo } from './storeHelpers.js';

let stores: RootStore[] = [];
let net: MemoryNetwork | undefined;
afterEach(() => {
  for (const store of stores) store.dispose();
  net?.dispose();
  stores = [];
  net = undefined;
});

/** A store with sync over the test's network (and `journal`, when given), as user number `n`. */
function syncedStore(mock: MockWordPress, n: number, journal?: Journal): RootStore {
  if (net === undefined) throw new Error('no network');
  const store = new RootStore({
    transport: transportTo(mock),
    journal,
    sync: {
      user: { id: n, name: `User ${n}`, color: '#333' },
      providers: [net.provider()],
      undoCaptureTimeoutMs: 0,
    },
  });
  stores.push(store);
  return store;
}

/** A post whose title a first session edited to 'Hello restored' and then lost (a crash): only its journal is left. */
async function crashedSession(): Promise<{ mock: MockWordPress; id: number; journal: Journal }> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft' });
  const journal = memoryJournal();
  const crashed = new RootStore({ transport: transportTo(mock), journal });
  const post = crashed.record('postType', 'post', id) as EntityRecord<object>;
  await post.fetch();
  post.edit({ title: 'Hello restored' });
  await crashed.flushJournal();
  crashed.dispose();
  return { mock, id, journal };
}

describe('a journal restore in a synced record', () => {
  it.each(['after joining', 'before joining'])(
    'puts the restored title (restored %s) on every peer, and peers typing around it keep it',
    async (when) => {
      const { mock, id, journal } = await crashedSession();
      net = memoryNetwork({ autoDeliver: false });
      const storeA = syncedStore(mock, 1, journal);
      const storeB = syncedStore(mock, 2);
      const a = storeA.record('postType', 'post', id) as EntityRecord<object>;
      const b = storeB.record('postType', 'post', id) as EntityRecord<object>;
      await a.fetch();
      await b.fetch();
      await storeB.sync?.join(b);
      if (when === 'before joining') expect(await storeA.restoreJournal()).toEqual([a]);
      await storeA.sync?.join(a);
      await net.flush();
      if (when === 'after joining') expect(await storeA.restoreJournal()).toEqual([a]);
      await net.flush();
      expect(seen(a).title).toBe('Hello restored');
      expect(seen(b).title).toBe('Hello restored');

      // B types at the start, A at the end: every character of both stays, on both peers.
      b.edit({ title: `X${seen(b).title}` });
      await net.flush();
      expect(seen(a).title).toBe('XHello restored');
      a.edit({ title: `${seen(a).title}!` });
      await net.flush();
      for (const record of [a, b]) {
        expect(seen(record).title).toBe('XHello restored!');
        expect(record.hasEdits).toBe(true);
      }
    },
  );

  it('undoes and redoes the restore as a step of its own, on every peer, keeping everything else', async () => {
    const { mock, id, journal } = await crashedSession();
    net = memoryNetwork({ autoDeliver: false });
    const storeA = syncedStore(mock, 1, journal);
    const storeB = syncedStore(mock, 2);
    const a = storeA.record('postType', 'post', id) as EntityRecord<object>;
    const b = storeB.record('postType', 'post', id) as EntityRecord<object>;
    await a.fetch();
    await b.fetch();
    await storeA.sync?.join(a);
    await storeB.sync?.join(b);
    await net.flush();
    // A types first: the restore is a step of its own, not part of that typing.
    a.edit({ excerpt: 'Typed by A' });
    await storeA.restoreJournal();
    await net.flush();
    b.edit({ content: 'Body by B' });
    await net.flush();
    storeA.undo();
    await net.flush();
    for (const record of [a, b]) {
      expect(seen(record).title).toBe('Hello');
      expect(seen(record).content).toBe('Body by B');
      expect((record.edited as { excerpt: string }).excerpt).toBe('Typed by A');
    }
    storeA.redo();
    await net.flush();
    for (const record of [a, b]) {
      expect(seen(record).title).toBe('Hello restored');
      expect(seen(record).content).toBe('Body by B');
    }
  });
});
