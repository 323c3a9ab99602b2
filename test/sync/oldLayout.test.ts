/**
 * Documents stored by the base-text layout (before issue 24: root map `edits` pointing at root
 * texts named after their saved value, root maps `saved` and `merged:meta`), as an IndexedDB copy
 * or the sync server's Redis would hand them back: read without a crash, their old unsaved edits
 * dropped (each person's own edits are in their record and journal), and never a duplicated text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { EntityRecord, RootStore } from 'wp-entities';
import type { ProviderFactory } from '../../src/sync/providers/provider.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { seen, syncStore } from './storeHelpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A document as the base-text layout stored it, with unsaved edits of title, status and meta. */
function oldLayoutUpdate(): Uint8Array {
  const doc = new Y.Doc();
  doc.transact(() => {
    const name = 'text:title:1kq8z3c0v2b7';
    doc.getText(name).insert(0, 'Hello, old unsaved');
    const edits = doc.getMap('edits');
    edits.set('title', name);
    edits.set('status', 'pending');
    doc.getMap('merged:meta').set('a', '9');
    doc.getMap('saved').set('title', { value: { raw: 'Hello' }, modified: '2026-11-20T10:00:00' });
  });
  return Y.encodeStateAsUpdate(doc);
}

/** A local provider that loads `update` into the room's document, as IndexedDB would. */
function storedCopy(update: Uint8Array): ProviderFactory {
  return (context) => {
    Y.applyUpdate(context.doc, update, 'stored');
    return { kind: 'local', whenLoaded: Promise.resolve(), destroy: () => undefined };
  };
}

describe('a document stored by the old layout', () => {
  it('loads without a crash: the saved post shows, typing works, nothing is doubled', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'Hello', status: 'draft', meta: { a: '0' } });
    const net = memoryNetwork({ autoDeliver: false });
    const stores: RootStore[] = [
      syncStore(mock, [storedCopy(oldLayoutUpdate()), net.provider()], 1),
      syncStore(mock, [net.provider()], 2),
    ];
    cleanups.push(() => {
      for (const store of stores) store.dispose();
      net.dispose();
    });
    const records: EntityRecord<object>[] = [];
    for (const store of stores) {
      const record = store.record('postType', 'post', id) as EntityRecord<object>;
      await record.fetch();
      await store.sync?.join(record);
      records.push(record);
    }
    const [old, other] = records as [EntityRecord<object>, EntityRecord<object>];
    expect(old.edits).toEqual({});
    expect(seen(old).title).toBe('Hello');
    old.edit({ title: 'Hello there' });
    other.edit({ title: 'Oh, Hello' });
    await net.flush();
    for (const record of records) {
      expect(seen(record).title).toBe(seen(old).title);
      expect(seen(record).status).toBe('draft');
    }
    expect(seen(old).title.match(/Hello/g)).toHaveLength(1);
    expect(seen(old).title).toHaveLength('Oh, Hello there'.length);
    expect(stores.flatMap((store) => store.sync?.errors ?? [])).toEqual([]);
  });

  it('from a peer (the sync server’s stored room) leaves a fresh joiner clean', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'Hello', status: 'draft' });
    const net = memoryNetwork({ autoDeliver: false });
    const store = syncStore(mock, [net.provider()], 1);
    const server = new Y.Doc();
    Y.applyUpdate(server, oldLayoutUpdate());
    const serverSide = net.provider()({
      room: `${new URL(mock.restRoot).host}${new URL(mock.restRoot).pathname.replace(/\/$/, '')}/postType/post/${id}`,
      doc: server,
      awareness: new Awareness(server),
      transport: store.transport,
      setStatus: () => undefined,
      reportError: () => undefined,
    });
    cleanups.push(() => {
      store.dispose();
      void serverSide.destroy();
      net.dispose();
    });
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    await net.flush();
    // The layout's state reached the room; a field's text is made at its first write.
    expect(server.getMap('state').get('version')).toBe(1);
    expect(record.edits).toEqual({});
    expect(record.isDirty).toBe(false);
    record.edit({ title: 'Hello again' });
    await net.flush();
    expect(server.getMap('document').get('title')).toBeInstanceOf(Y.Text);
    expect(String(server.getMap('document').get('title'))).toBe('Hello again');
  });
});
