import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { indexeddbNameOf, indexeddbProvider } from '../../src/sync/providers/indexeddbProvider.js';
import { openRaw } from './helpers.js';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

function countStored(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error as Error);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction('updates', 'readonly').objectStore('updates').count();
      request.onsuccess = () => {
        db.close();
        resolve(request.result);
      };
      request.onerror = () => reject(request.error as Error);
    };
  });
}

describe('indexeddbProvider', () => {
  it('brings a room back into a new document after a reload', async () => {
    const first = openRaw(indexeddbProvider(), 'site/postType/post/1');
    await first.provider.whenLoaded;
    first.doc.getMap('edits').set('status', 'pending');
    first.doc.getText('t').insert(0, 'draft text');
    await first.provider.destroy();
    first.doc.destroy();

    const second = openRaw(indexeddbProvider(), 'site/postType/post/1');
    await second.provider.whenLoaded;
    expect(second.doc.getMap('edits').get('status')).toBe('pending');
    expect(second.doc.getText('t').toString()).toBe('draft text');
    expect(second.provider.kind).toBe('local');
    await second.provider.destroy();
  });

  it('keeps rooms apart, one database per room under the prefix', async () => {
    const a = openRaw(indexeddbProvider({ prefix: 'app:' }), 'room-a');
    await a.provider.whenLoaded;
    a.doc.getMap('edits').set('x', 1);
    await a.provider.destroy();
    const b = openRaw(indexeddbProvider({ prefix: 'app:' }), 'room-b');
    await b.provider.whenLoaded;
    expect(b.doc.getMap('edits').size).toBe(0);
    await b.provider.destroy();
    expect(indexeddbNameOf('room-a', 'app:')).toBe('app:room-a');
  });

  it('compacts the stored updates into one, 1 s after the 500th', async () => {
    const room = 'compaction';
    const member = openRaw(indexeddbProvider(), room);
    await member.provider.whenLoaded;
    const text = member.doc.getText('t');
    for (let i = 0; i < 520; i++) text.insert(text.length, 'x');
    const name = indexeddbNameOf(room);
    // Waited for, not slept on: the writes land, each its own update, and then are compacted.
    await vi.waitFor(async () => expect(await countStored(name)).toBeGreaterThanOrEqual(500), {
      timeout: 10_000,
      interval: 10,
    });
    await vi.waitFor(async () => expect(await countStored(name)).toBeLessThan(5), {
      timeout: 10_000,
      interval: 50,
    });
    await member.provider.destroy();
    const reloaded = openRaw(indexeddbProvider(), room, new Y.Doc());
    await reloaded.provider.whenLoaded;
    expect(reloaded.doc.getText('t').length).toBe(520);
    await reloaded.provider.destroy();
  });
});
