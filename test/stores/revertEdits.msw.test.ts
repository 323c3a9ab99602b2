/**
 * `revertEdits` (core-data 8.1's `clearEntityRecordEdits`) against the mock WordPress: every edit
 * goes back to the saved value in one undo step, which undo brings back.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import { revertEdits } from '../../stores/revertEdits.js';
import { createMockWordPress } from '../../src/testing/index.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('revertEdits', () => {
  it('puts every edited field back to its saved value as one undo step, which undo restores', async () => {
    const store = new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
    const record = (await store.collection('postType', 'post').fetch(1))!;
    const saved = { ...(record.raw as Record<string, unknown>) };
    record.edit({ title: 'A' });
    record.edit({ content: 'B', status: 'draft' });

    revertEdits(record);

    expect(record.hasEdits).toBe(false);
    expect((record.edited as Record<string, unknown>)['title']).toBe(saved['title']);
    store.undo();
    expect(record.edits).toEqual({ title: 'A', content: 'B', status: 'draft' });
  });

  it('leaves a record without edits alone (no undo step)', async () => {
    const store = new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
    const record = (await store.collection('postType', 'post').fetch(1))!;

    revertEdits(record);

    expect(store.history.hasUndo).toBe(false);
  });
});
