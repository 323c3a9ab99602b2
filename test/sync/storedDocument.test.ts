/**
 * The stored document (post meta `_crdt_document`, the block editor's): read on join before
 * anything local is written, written with every save where the site registers the meta, and a
 * malformed one ignored with a `SyncError`. All through the public API on the mock WordPress.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { EntityRecord, RootStore } from 'wp-entities';
import { SyncError } from '../../core/errors.js';
import { serializeStoredDocument } from '../../src/sync/shared/storedDocument.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import type { MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { coldJoinedStores, seen, settle, syncStore } from './storeHelpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The stored document of a post as the mock holds it, decoded; `undefined` when it has none. */
function storedDocOf(mock: MockWordPress, id: number): Y.Doc | undefined {
  const value = mock.getPost(id)?.meta['_crdt_document'];
  if (typeof value !== 'string' || value === '') return undefined;
  const { document } = JSON.parse(value) as { document: string };
  const doc = new Y.Doc();
  Y.applyUpdateV2(doc, Uint8Array.from(Buffer.from(document, 'base64')));
  return doc;
}

/** A document as another editor (the block editor) builds it: its own texts, typed into. */
function editorDocument(title: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getMap('state').set('version', 1);
  const map = doc.getMap('document');
  const text = new Y.Text();
  map.set('title', text);
  text.insert(0, title.slice(0, 3));
  text.insert(3, title.slice(3));
  const content = new Y.Text();
  map.set('content', content);
  content.insert(0, 'Body');
  const meta = new Y.Map();
  map.set('meta', meta);
  return doc;
}

interface Joined {
  readonly net: MemoryNetwork;
  readonly stores: RootStore[];
  readonly records: EntityRecord<object>[];
}

/** `count` people open post `id` at once (see `coldJoinedStores`); closed after the test. */
async function coldJoin(mock: MockWordPress, id: number, count: number): Promise<Joined> {
  const joined = await coldJoinedStores(mock, id, count);
  cleanups.push(() => {
    for (const store of joined.stores) store.dispose();
    joined.net.dispose();
  });
  return joined;
}

function collaborationSite(): MockWordPress {
  const mock = createMockWordPress({ collaboration: true });
  mock.setCurrentRole('administrator');
  return mock;
}

describe('the stored document is written with a save', () => {
  it('holds the saved text, where the site registers _crdt_document', async () => {
    const mock = collaborationSite();
    const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft' });
    const joined = await coldJoin(mock, id, 2);
    const { net, records } = joined;
    await net.flush();
    const [a, b] = records as [EntityRecord<object>, EntityRecord<object>];
    a.edit({ title: 'Hello by A' });
    await net.flush();
    b.edit({ title: 'Hello by A and B' });
    await net.flush();
    await a.save();
    const stored = storedDocOf(mock, id);
    expect(stored?.getMap('document').get('title')).toBeInstanceOf(Y.Text);
    expect(String(stored?.getMap('document').get('title'))).toBe('Hello by A and B');
    expect(stored?.getMap('state').get('version')).toBe(1);
    // The stored document is never an edit of anyone's.
    expect(a.isDirty).toBe(false);
    await settle({ ...joined, mock, id });
    expect(b.edits).toEqual({});
    expect(b.isDirty).toBe(false);
  });

  it('is not sent to a site that does not register it (WordPress 6.1 as shipped), and nothing fails', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'Hello', status: 'draft' });
    const { net, stores, records } = await coldJoin(mock, id, 1);
    await net.flush();
    const a = records[0] as EntityRecord<object>;
    a.edit({ title: 'Hello by A' });
    await a.save({ throwOnError: true });
    expect(a.isDirty).toBe(false);
    const put = mock.requests.filter((request) => request.method === 'PUT' || request.method === 'POST');
    expect(put.length).toBeGreaterThan(0);
    for (const request of put) expect(JSON.stringify(request.body)).not.toContain('_crdt_document');
    expect(mock.getPost(id)?.meta['_crdt_document']).toBeUndefined();
    expect(stores[0]?.sync?.errors).toEqual([]);
  });

  it('is not written by a save of some fields only (it would hold the others’ unsaved values as saved)', async () => {
    const mock = collaborationSite();
    const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft' });
    const { net, records } = await coldJoin(mock, id, 1);
    await net.flush();
    const a = records[0] as EntityRecord<object>;
    a.edit({ title: 'Hello by A', content: 'Body unsaved' });
    await a.saveFields(['title']);
    expect(storedDocOf(mock, id)).toBeUndefined();
    // What the save did not send stays an unsaved edit, in the record and the document.
    expect(a.edits).toEqual({ content: 'Body unsaved' });
    await a.save();
    expect(String(storedDocOf(mock, id)?.getMap('document').get('content'))).toBe('Body unsaved');
  });
});

describe('the stored document is read on join', () => {
  it('is the document a cold joiner starts from: its texts, with the typing in them, once', async () => {
    const mock = collaborationSite();
    const editor = editorDocument('Hello world');
    const id = mock.addPost('post', {
      title: 'Hello world',
      content: 'Body',
      status: 'draft',
      meta: { _crdt_document: serializeStoredDocument(editor) },
    });
    const { net, stores, records } = await coldJoin(mock, id, 2);
    const [a, b] = records as [EntityRecord<object>, EntityRecord<object>];
    // Nothing delivered yet: each started from the stored document alone, clean.
    expect(seen(a).title).toBe('Hello world');
    expect(a.isDirty).toBe(false);
    // Both type at once.
    a.edit({ title: 'Hello world by A' });
    b.edit({ title: 'B: Hello world' });
    await net.flush();
    for (const record of records) expect(seen(record).title).toBe('B: Hello world by A');
    // The other editor's text is the one they share: its typing reaches both.
    const editorText = editor.getMap('document').get('title') as Y.Text;
    const before = Y.encodeStateVector(editor);
    editorText.insert(0, '¡');
    const typing = Y.encodeStateAsUpdate(editor, before);
    stores.forEach((store, i) => {
      const doc = store.sync?.doc(records[i] as EntityRecord<object>);
      if (doc !== undefined) Y.applyUpdate(doc, typing);
    });
    // Concurrent with B's insertion at 0: Yjs orders the two by client id, the same on every peer.
    const title = seen(a).title;
    expect(['¡B: Hello world by A', 'B: ¡Hello world by A']).toContain(title);
    expect(seen(b).title).toBe(title);
    for (const store of stores) expect(store.sync?.errors).toEqual([]);
  });

  it('keeps a live room’s unsaved typing: a joiner applies it and the room, nothing twice, nothing lost', async () => {
    const mock = collaborationSite();
    const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft' });
    const first = await coldJoin(mock, id, 1);
    const a = first.records[0] as EntityRecord<object>;
    a.edit({ title: 'Hello by A' });
    await a.save();
    a.edit({ title: 'Hello by A, unsaved' });
    await first.net.flush();
    // A late joiner on the same network: stored document first, then the room's state.
    const late = syncStore(mock, [first.net.provider()], 2);
    cleanups.push(() => late.dispose());
    const c = late.record('postType', 'post', id) as EntityRecord<object>;
    await c.fetch();
    await late.sync?.join(c);
    expect(seen(c).title).toBe('Hello by A');
    c.edit({ title: `C: ${seen(c).title}` });
    await first.net.flush();
    expect(seen(a).title).toBe('C: Hello by A, unsaved');
    expect(seen(c).title).toBe('C: Hello by A, unsaved');
    expect(c.edits).toEqual({ title: 'C: Hello by A, unsaved' });
  });

  it('reconciles a stale stored document with the saved post: clean, and the saved text once for two joiners typing at once', async () => {
    const mock = collaborationSite();
    const editor = editorDocument('Hello');
    editor.getMap('document').set('status', 'pending');
    (editor.getMap('document').get('meta') as Y.Map<unknown>).set('a', 'old');
    // Saved since the document was stored, by someone who did not write it (WP-CLI, another client).
    const id = mock.addPost('post', {
      title: 'Hello world',
      content: 'Body',
      status: 'draft',
      meta: { _crdt_document: serializeStoredDocument(editor), a: 'new' },
    });
    mock.registerPostMeta({ postType: 'post', key: 'a' });
    const { net, records } = await coldJoin(mock, id, 2);
    const [a, b] = records as [EntityRecord<object>, EntityRecord<object>];
    for (const record of records) {
      expect(seen(record).title).toBe('Hello world');
      expect(seen(record).status).toBe('draft');
      expect(seen(record).meta['a']).toBe('new');
      expect(record.isDirty).toBe(false);
    }
    a.edit({ title: 'Hello world!' });
    b.edit({ title: '¿Hello world' });
    await net.flush();
    for (const record of records) expect(seen(record).title).toBe('¿Hello world!');
    // A change of a stale plain value starts from the saved one, and undo returns to it.
    a.edit({ status: 'pending' });
    await net.flush();
    expect(seen(b).status).toBe('pending');
  });
});

describe('a stored document that is not one', () => {
  const cases: [string, unknown][] = [
    ['not JSON', 'not json'],
    ['no document', JSON.stringify({ updateId: 1 })],
    ['not base64', JSON.stringify({ document: '!!!' })],
    ['not a Yjs update', JSON.stringify({ document: Buffer.from([1, 2, 3, 250, 99]).toString('base64') })],
    [
      'a title that is not a text',
      (() => {
        const doc = new Y.Doc();
        doc.getMap('document').set('title', 'plain');
        return serializeStoredDocument(doc);
      })(),
    ],
    [
      'an update missing what it depends on',
      (() => {
        const doc = new Y.Doc();
        const text = new Y.Text();
        doc.getMap('document').set('title', text);
        text.insert(0, 'Hel');
        const before = Y.encodeStateVector(doc);
        text.insert(3, 'lo');
        const tail = Y.encodeStateAsUpdateV2(doc, before);
        return JSON.stringify({ document: Buffer.from(tail).toString('base64'), updateId: 1 });
      })(),
    ],
  ];

  it.each(cases)(
    '(%s) is ignored with a SyncError, and the join goes on as without one',
    async (_name, value) => {
      const mock = collaborationSite();
      const id = mock.addPost('post', {
        title: 'Hello',
        content: 'Body',
        status: 'draft',
        meta: { _crdt_document: value },
      });
      const { net, stores, records } = await coldJoin(mock, id, 2);
      const [a, b] = records as [EntityRecord<object>, EntityRecord<object>];
      for (const store of stores) {
        const errors = store.sync?.errors ?? [];
        expect(errors).toHaveLength(1);
        expect(errors[0]).toBeInstanceOf(SyncError);
        expect(errors[0]?.code).toBe('invalid-stored-document');
        expect(errors[0]?.message).toContain('_crdt_document');
      }
      expect(a.isDirty).toBe(false);
      a.edit({ title: 'Hello A' });
      b.edit({ title: 'B Hello' });
      await net.flush();
      for (const record of records) expect(seen(record).title).toBe('B Hello A');
      // The next save replaces it with a good one.
      await a.save();
      expect(String(storedDocOf(mock, id)?.getMap('document').get('title'))).toBe('B Hello A');
    },
  );
});
