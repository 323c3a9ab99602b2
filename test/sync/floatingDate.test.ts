/**
 * A draft's "floating" date (WordPress sets it to the time of each save while `date` equals
 * `modified`): the document's `date`, which a block editor writes as it loaded it, is not taken,
 * as in core-data 8.1 (`getPostChangesFromCRDTDoc`), or a save would leave the record an edit back
 * to the old date.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { EntityRecord, RootStore } from 'wp-entities';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { syncStore } from './storeHelpers.js';

const stores: RootStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

async function openDraft(): Promise<{ record: EntityRecord<object>; doc: Y.Doc }> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'T', status: 'draft' });
  const store = syncStore(mock, [memoryNetwork().provider()], 1);
  stores.push(store);
  const record = store.record('postType', 'post', id) as EntityRecord<object>;
  await record.fetch();
  await store.sync?.join(record);
  return { record, doc: store.sync?.doc(record) as Y.Doc };
}

describe("a draft's floating date", () => {
  it("is not replaced by the document's date while it floats", async () => {
    const { record, doc } = await openDraft();
    const saved = record.persisted as { date: string; modified: string };
    expect(saved.date).toBe(saved.modified);
    doc.transact(() => doc.getMap('document').set('date', '2020-01-01T00:00:00'), 'block editor');
    expect(record.edits).not.toHaveProperty('date');
    expect(record.isDirty).toBe(false);
  });

  it("takes the document's date once the draft has a date of its own", async () => {
    const { record, doc } = await openDraft();
    record.edit({ date: '2030-05-05T10:00:00' });
    doc.transact(() => doc.getMap('document').set('date', '2031-01-01T00:00:00'), 'block editor');
    expect((record.edited as { date?: string }).date).toBe('2031-01-01T00:00:00');
  });
});
