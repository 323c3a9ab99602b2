/**
 * A keystroke in a long post costs one block's work (issue 45): through `sync.editBlock`, the
 * shared document, the peer's record and `sync.blocks`, one block is serialized again and nothing
 * is parsed, at 100 blocks as at 1,000; and whatever the sequence of block edits (this person's,
 * a peer's, a block editor's typing straight into the document, whole-content edits), every
 * record's content is what the shared document's blocks serialize to.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { SyncBlock } from '../../src/sync/shared/blockCodec.js';
import { readBlocks, sharedBlocksOf } from '../../src/sync/shared/blockDoc.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { contentOf, longPostCodec, noCalls, twoPeople, type Person } from './longPostFixture.js';

const opened: Person[] = [];
afterEach(() => {
  for (const { store } of opened.splice(0)) store.dispose();
});

/** What the document's blocks serialize to, read afresh (no cache of the store's). */
function serializedDocument(person: Person): string {
  const blocks = sharedBlocksOf(person.store.sync!.doc(person.record).getMap('document'));
  return longPostCodec(noCalls(), false).serialize(blocks === undefined ? [] : readBlocks(blocks));
}

function blockText(block: SyncBlock | undefined): string {
  return String(block?.attributes.content ?? '');
}

describe('a save of a long post', () => {
  it("parses nothing of the post on the saver's side, nor do the keystrokes after it (1,000 blocks)", async () => {
    const net = memoryNetwork({ autoDeliver: false });
    const [a, b] = await twoPeople(1_000, net);
    opened.push(a, b);
    const at = 901;
    const clientId = a.store.sync!.blocks(a.record)[at]?.clientId as string;
    let text = blockText(a.store.sync!.blocks(a.record)[at]);
    const type = async (key: string): Promise<void> => {
      a.store.sync!.editBlock(a.record, clientId, 'content', (text += key));
      await net.flush();
      contentOf(a.record);
      contentOf(b.record);
    };
    await type('!');
    for (const person of [a, b]) Object.assign(person.calls, noCalls());
    await a.record.save();
    await net.flush();
    for (const key of 'after') await type(key);
    await a.record.save();
    // The saver's post as saved is what its blocks serialize to: no whole-post parse to find that
    // out. The peer, whose document can be ahead of the saved copy it hears of, parses a saved copy
    // at most once (once per save, not per keystroke).
    expect(a.calls.parsed).toBe(0);
    expect(b.calls.parse).toBeLessThanOrEqual(2);
    expect(contentOf(b.record)).toBe(contentOf(a.record));
    expect(a.record.isDirty).toBe(false);
    expect(blockText(b.store.sync!.blocks(b.record)[at])).toBe(text);
  });
});

describe('a keystroke in a long post', () => {
  it.each([100, 1_000])(
    'at %i blocks: serializes the one block typed in and parses nothing (sync.editBlock), or parses that block alone (a whole-content edit), for the sender and the peer',
    async (count) => {
      const net = memoryNetwork({ autoDeliver: false });
      const [a, b] = await twoPeople(count, net);
      opened.push(a, b);
      const at = Math.floor(count * 0.9) + 1; // a paragraph near the end
      const clientId = a.store.sync!.blocks(a.record)[at]?.clientId as string;
      const type = (text: string): Promise<void> => {
        a.store.sync!.editBlock(a.record, clientId, 'content', text);
        return net.flush();
      };
      let text = blockText(a.store.sync!.blocks(a.record)[at]);
      // The first keystroke reads every block once (nothing was read before it).
      await type((text += '!'));
      contentOf(a.record);
      contentOf(b.record);
      const before = a.store.sync!.blocks(a.record);
      for (const person of [a, b]) Object.assign(person.calls, noCalls());
      for (const key of ' more') {
        await type((text += key));
        // What the app reads per keystroke: the blocks, and each record's content.
        a.store.sync!.blocks(a.record);
        b.store.sync!.blocks(b.record);
        contentOf(a.record);
        contentOf(b.record);
      }
      for (const { calls } of [a, b])
        expect(calls).toEqual({ parse: 0, parsed: 0, serialize: 0, serializeBlock: 5 });
      const after = a.store.sync!.blocks(a.record);
      expect(blockText(after[at])).toBe(text);
      // Every other block is the object it was: a view of block 3 need not render again.
      expect(after.filter((block, i) => block !== before[i]).map((block) => blockText(block))).toEqual([
        text,
      ]);
      expect(contentOf(b.record)).toBe(contentOf(a.record));
      expect(contentOf(a.record)).toBe(serializedDocument(a));

      // The same keystrokes as edits of the whole content: the block typed in is parsed, not the post.
      for (const person of [a, b]) Object.assign(person.calls, noCalls());
      for (const key of ' again') {
        text += key;
        a.record.edit({
          content: serializedDocument(a).replace(`<p>${text.slice(0, -1)}</p>`, `<p>${text}</p>`),
        });
        await net.flush();
        contentOf(b.record);
      }
      expect(blockText(a.store.sync!.blocks(a.record)[at])).toBe(text);
      expect(a.calls.parse).toBe(6);
      expect(a.calls.parsed).toBeLessThan(6 * 400);
      expect(b.calls).toMatchObject({ parse: 0, serialize: 0, serializeBlock: 6 });
      expect(contentOf(b.record)).toBe(contentOf(a.record));
    },
  );

  it("keeps each content equal to its document's blocks serialized, through any mix of block edits", async () => {
    type Edit =
      | {
          readonly kind: 'editBlock' | 'blockEditor' | 'typeWhole';
          readonly who: 0 | 1;
          readonly block: number;
          readonly at: number;
          readonly text: string;
        }
      | {
          readonly kind: 'wholeContent';
          readonly who: 0 | 1;
          readonly block: number;
          readonly remove: boolean;
        }
      | { readonly kind: 'flush' };
    const who = fc.constantFrom<0 | 1>(0, 1);
    const edit: fc.Arbitrary<Edit> = fc.oneof(
      fc.record({
        kind: fc.constantFrom('editBlock' as const, 'blockEditor' as const, 'typeWhole' as const),
        who,
        block: fc.nat(500),
        at: fc.nat(200),
        text: fc.string({
          minLength: 1,
          maxLength: 3,
          unit: fc.constantFrom('a', 'b', ' ', 'é', '<em>', '</em>'),
        }),
      }),
      fc.record({
        kind: fc.constant('wholeContent' as const),
        who,
        block: fc.nat(500),
        remove: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('flush' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 25 }), async (edits) => {
        const net = memoryNetwork({ autoDeliver: false });
        const people = await twoPeople(150, net);
        opened.push(...people);
        const check = (): void => {
          for (const person of people) {
            expect(contentOf(person.record)).toBe(serializedDocument(person));
            const doc = person.store.sync!.doc(person.record);
            expect(person.store.sync!.blocks(person.record)).toEqual(
              readBlocks(sharedBlocksOf(doc.getMap('document'))!),
            );
          }
        };
        for (const step of edits) {
          if (step.kind === 'flush') {
            await net.flush();
            check();
            continue;
          }
          const { store, record } = people[step.who];
          const blocks = store.sync!.blocks(record);
          // Top-level blocks and list items alike.
          const all = blocks.flatMap((block) => [block, ...block.innerBlocks]);
          const target = all[step.block % all.length] as SyncBlock;
          if (step.kind === 'wholeContent') {
            // The app edits the whole content: a paragraph added after the block, or the block removed.
            const index = blocks.indexOf(target);
            if (index === -1) continue;
            const codec = longPostCodec(noCalls());
            const next = [...blocks];
            if (step.remove && next.length > 1) next.splice(index, 1);
            else
              next.splice(index + 1, 0, {
                name: 'core/paragraph',
                attributes: { content: `new ${step.block}` },
                innerBlocks: [],
              });
            record.edit({ content: codec.serialize(next) });
          } else if (typeof target.attributes.content === 'string') {
            const old = target.attributes.content;
            const at = step.at % (old.length + 1);
            const text = old.slice(0, at) + step.text + old.slice(at);
            if (step.kind === 'editBlock')
              store.sync!.editBlock(record, target.clientId as string, 'content', text);
            else if (step.kind === 'typeWhole') {
              // The same keystroke as an edit of the whole content (an app without the blocks view).
              const typed = (block: SyncBlock): SyncBlock =>
                block === target
                  ? { ...block, attributes: { ...block.attributes, content: text } }
                  : { ...block, innerBlocks: block.innerBlocks.map(typed) };
              record.edit({ content: longPostCodec(noCalls()).serialize(blocks.map(typed)) });
            } else {
              // A block editor types straight into the block's text (not through this store).
              const doc = store.sync!.doc(record);
              const found = findBlock(sharedBlocksOf(doc.getMap('document'))!, target.clientId as string);
              const shared = (found?.get('attributes') as Y.Map<unknown> | undefined)?.get('content');
              if (shared instanceof Y.Text)
                doc.transact(() => shared.insert(Math.min(at, shared.length), step.text), 'block editor');
            }
          }
          check();
        }
        await net.flush();
        check();
        expect(contentOf(people[1].record)).toBe(contentOf(people[0].record));
        for (const { store } of opened.splice(0)) store.dispose();
      }),
      { numRuns: 15, seed: 45_2026 },
    );
  });
});

function findBlock(blocks: Y.Array<Y.Map<unknown>>, clientId: string): Y.Map<unknown> | undefined {
  for (const block of blocks) {
    if (block.get('clientId') === clientId) return block;
    const inner = block.get('innerBlocks');
    const found =
      inner instanceof Y.Array ? findBlock(inner as Y.Array<Y.Map<unknown>>, clientId) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
