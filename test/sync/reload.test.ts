import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EntityRecord } from 'wp-entities';
import { indexeddbProvider } from '../../src/sync/providers/indexeddbProvider.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { syncStore } from './storeHelpers.js';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('sync with indexeddbProvider', () => {
  it('brings unsaved shared edits back after the store is thrown away and rebuilt', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft' });

    const before = syncStore(mock, [indexeddbProvider()], 1);
    const post = before.record('postType', 'post', id) as EntityRecord<object>;
    await post.fetch();
    await before.sync?.join(post);
    post.edit({ title: 'Hello, unsaved', status: 'pending' });
    before.dispose();

    const after = syncStore(mock, [indexeddbProvider()], 1);
    const again = after.record('postType', 'post', id) as EntityRecord<object>;
    await again.fetch();
    await after.sync?.join(again);
    expect(again.edits).toEqual({ title: 'Hello, unsaved', status: 'pending' });
    expect(again.isDirty).toBe(true);
    after.dispose();
  });
});
