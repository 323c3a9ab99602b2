/**
 * The initialization problem: people who open the same saved post at the same moment, with no
 * shared document anywhere yet, each build it from the saved record. They must end with one text
 * per field (no duplicated saved text) holding every insertion of every one of them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRecord } from 'wp-entities';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { coldJoinedStores, seen, syncStore } from './storeHelpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** `count` people open post `id` cold: each fetches and joins before any message is delivered. */
async function coldJoin(
  count: number,
): Promise<{ records: EntityRecord<object>[]; flush: () => Promise<void> }> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Hello', content: 'Body', excerpt: 'Short', status: 'draft' });
  const { net, stores, records } = await coldJoinedStores(mock, id, count);
  cleanups.push(() => {
    for (const store of stores) store.dispose();
    net.dispose();
  });
  return { records, flush: () => net.flush() };
}

describe.each([2, 5])('%i people opening a saved post at once', (count) => {
  it('keep every insertion of everyone typing at once, and no saved text twice', async () => {
    const { records, flush } = await coldJoin(count);
    records.forEach((record, i) => {
      const post = seen(record) as unknown as { title: string; content: string; excerpt: string };
      record.edit({ title: `${post.title} ${i}`, content: `<${i}>${post.content}` });
    });
    await flush();
    const title = seen(records[0] as EntityRecord<object>).title;
    const content = seen(records[0] as EntityRecord<object>).content;
    for (const record of records) {
      expect(seen(record).title).toBe(title);
      expect(seen(record).content).toBe(content);
      expect((record.edited as { excerpt: string }).excerpt).toBe('Short');
    }
    expect(title.match(/Hello/g)).toHaveLength(1);
    expect(content.match(/Body/g)).toHaveLength(1);
    for (let i = 0; i < count; i++) {
      expect(title).toContain(` ${i}`);
      expect(content).toContain(`<${i}>`);
    }
    expect(title.length).toBe('Hello'.length + 2 * count);
  });

  it('keep the saved text once when only some of them type, and the others stay clean', async () => {
    const { records, flush } = await coldJoin(count);
    (records[0] as EntityRecord<object>).edit({ title: 'Hello there' });
    await flush();
    for (const record of records) expect(seen(record).title).toBe('Hello there');
    for (const record of records.slice(1)) expect(record.edits).toEqual({ title: 'Hello there' });
  });
});

describe('a person who opens the post later, from a newer saved copy', () => {
  it('types before the shared document arrives: the saved text stays once, every insertion kept', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'Hello', status: 'draft' });
    const net = memoryNetwork({ autoDeliver: false });
    const stores = [syncStore(mock, [net.provider()], 1)];
    cleanups.push(() => {
      for (const store of stores) store.dispose();
      net.dispose();
    });
    const a = stores[0]?.record('postType', 'post', id) as EntityRecord<object>;
    await a.fetch();
    await stores[0]?.sync?.join(a);
    a.edit({ title: 'Hello by A' });
    await a.save();
    a.edit({ title: 'Hello by A, unsaved' });
    const late = syncStore(mock, [net.provider()], 2);
    stores.push(late);
    const c = late.record('postType', 'post', id) as EntityRecord<object>;
    await c.fetch();
    await late.sync?.join(c);
    c.edit({ title: `C: ${seen(c).title}` });
    await net.flush();
    const title = seen(a).title;
    expect(seen(c).title).toBe(title);
    expect(title.match(/Hello by A/g)).toHaveLength(1);
    expect(title).toContain('C: ');
    expect(title).toContain(', unsaved');
    expect(title.length).toBe('C: Hello by A, unsaved'.length);
  });
});
