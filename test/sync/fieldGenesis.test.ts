/**
 * A field's genesis (its one shared text, see `recordDoc.ts`) is applied when the field is first
 * written or its text first asked for, not at join: a document holds only the client ids of the
 * fields people touch (every transaction walks them all), and a text another editor made before
 * this person joined gets no second text beside it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { EntityRecord } from 'wp-entities';
import { derivedClientId, genesisClientsOf } from '../../src/sync/shared/recordDoc.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { syncStore } from './storeHelpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function roomOf(restRoot: string, id: number): string {
  const url = new URL(restRoot);
  return `${url.host}${url.pathname.replace(/\/$/, '')}/postType/post/${id}`;
}

describe('a field’s genesis', () => {
  it('is applied at the field’s first write, so typing in the title leaves the other fields’ out', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'Hello', content: 'Body', excerpt: 'Short', status: 'draft' });
    const net = memoryNetwork();
    const store = syncStore(mock, [net.provider()], 1);
    cleanups.push(() => {
      store.dispose();
      net.dispose();
    });
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    const doc = store.sync?.doc(record) as Y.Doc;
    expect([...doc.getMap('document').keys()]).toEqual([]);

    record.edit({ title: 'Hello there' });
    expect([...doc.getMap('document').keys()]).toEqual(['title']);
    const genesis = genesisClientsOf({
      textFields: new Set(['title', 'content', 'excerpt']),
      mergedFields: new Set(['meta']),
    });
    const inDocument = [...doc.store.clients.keys()].filter((client) => genesis.has(client));
    // The state map's genesis and the title's: not content's, excerpt's or meta's.
    expect(inDocument).toHaveLength(2);

    // Asking for a text (a caret in it) makes it, empty until someone writes the field.
    expect(store.sync?.sharedText(record, 'excerpt')?.toString()).toBe('');
    expect((record.edited as { excerpt?: string }).excerpt).toBe('Short');
    expect(record.edits).toEqual({ title: 'Hello there' });
  });

  it('leaves a text another editor made before this person joined as the one text of its field', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'Hello', status: 'draft' });
    const net = memoryNetwork();
    // A block editor in the room first: it made `document.title` with its own client id, one
    // lower than the genesis's, so a genesis set beside it would have hidden it.
    const other = new Y.Doc();
    other.clientID = 1;
    expect(derivedClientId('genesis\u0000text\u0000title')).toBeGreaterThan(other.clientID);
    const theirText = new Y.Text('Hello');
    other.getMap('document').set('title', theirText);
    const otherSide = net.provider()({
      room: roomOf(mock.restRoot, id),
      doc: other,
      awareness: new Awareness(other),
      transport: undefined as never,
      setStatus: () => undefined,
      reportError: () => undefined,
    });
    const store = syncStore(mock, [net.provider()], 2);
    cleanups.push(() => {
      store.dispose();
      void otherSide.destroy();
      net.dispose();
    });
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    await net.flush();

    record.edit({ title: 'Hello there' });
    await net.flush();
    expect(other.getMap('document').get('title')).toBe(theirText);
    expect(theirText.toString()).toBe('Hello there');
    expect(store.sync?.sharedText(record, 'title')?.toString()).toBe('Hello there');
  });
});
