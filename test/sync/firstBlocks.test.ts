/**
 * The first write of a post's blocks: on a post whose shared document holds no `blocks` yet (no
 * stored document, as on a site that keeps none), two people whose first keystrokes cross each
 * make the blocks of the saved content. Both keystrokes stay: the blocks everyone builds from one
 * saved copy are the same change, and each keystroke is its person's own change on top of it.
 */
import { RootStore, type EntityRecord } from 'wp-entities';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { contentOf, longPostCodec, noCalls } from './longPostFixture.js';
import { transportTo } from './storeHelpers.js';

const stores: RootStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

const paragraph = (text: string): string => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const post = (...texts: string[]): string => texts.map(paragraph).join('\n\n');
const SAVED = post('One', 'Two', 'Three');

/** Two people with the post open and joined, nobody having written its blocks. */
async function twoPeopleOnFreshPost(net: MemoryNetwork): Promise<EntityRecord<object>[]> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Fresh', content: SAVED, status: 'draft' });
  const records: EntityRecord<object>[] = [];
  for (const n of [1, 2]) {
    const store = new RootStore({
      transport: transportTo(mock),
      sync: {
        user: { id: n, name: `User ${n}`, color: '#333' },
        providers: [net.provider()],
        undoCaptureTimeoutMs: 0,
        blockCodec: longPostCodec(noCalls()),
      },
    });
    stores.push(store);
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync!.join(record);
    records.push(record);
  }
  await net.flush();
  for (const [n, record] of records.entries()) expect(stores[n]!.sync!.blocks(record)).toEqual([]);
  return records;
}

describe('the first write of the blocks', () => {
  it.each([
    [
      'different blocks',
      post('One!', 'Two', 'Three'),
      post('One', 'Two', 'Three?'),
      post('One!', 'Two', 'Three?'),
    ],
    [
      'the same block',
      post('One', 'Two!', 'Three'),
      post('One', '?Two', 'Three'),
      post('One', '?Two!', 'Three'),
    ],
  ])(
    'two people typing their first character in %s at once both keep theirs',
    async (_where, mine, theirs, both) => {
      const net = memoryNetwork({ autoDeliver: false });
      const [a, b] = await twoPeopleOnFreshPost(net);
      // Neither hears the other before both have typed.
      a!.edit({ content: mine });
      b!.edit({ content: theirs });
      await net.flush();
      expect(contentOf(a!)).toBe(both);
      expect(contentOf(b!)).toBe(both);
      const blocksOf = (n: number): unknown[] =>
        stores[n]!.sync!.blocks(n === 0 ? a! : b!).map((block) => block.attributes.content);
      expect(blocksOf(0)).toEqual(blocksOf(1));
      expect(blocksOf(0)).toHaveLength(3);
    },
  );

  it('a person alone: the first keystroke is their own change, undone to the saved content', async () => {
    const net = memoryNetwork({ autoDeliver: false });
    const [a, b] = await twoPeopleOnFreshPost(net);
    a!.edit({ content: post('One!', 'Two', 'Three') });
    await net.flush();
    expect(contentOf(b!)).toBe(post('One!', 'Two', 'Three'));
    stores[0]!.undo();
    await net.flush();
    expect(contentOf(a!)).toBe(SAVED);
    expect(contentOf(b!)).toBe(SAVED);
  });
});
