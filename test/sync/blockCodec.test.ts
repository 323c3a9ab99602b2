/**
 * Content as the block editor keeps it (`SyncOptions.blockCodec`, `blockDoc.ts`): the layout of
 * `document.blocks` exactly as core-data 8.1 writes it, merges that keep each block's map, text and
 * clientId, both people's characters in one paragraph, and stores reading and writing `content`
 * through the blocks. The codec here is a small one for paragraphs and groups (the block editor's
 * own, `@wordpress/blocks`, runs in test/block-editor/).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { autorun } from 'mobx';
import * as Y from 'yjs';
import type { EntityRecord, RootStore } from 'wp-entities';
import type { BlockCodec, SyncBlock } from '../../src/sync/shared/blockCodec.js';
import { sharedBlocksOf, writeBlocks } from '../../src/sync/shared/blockDoc.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { RootStore as Store } from 'wp-entities';
import { transportTo } from './storeHelpers.js';

/** `<!-- wp:paragraph -->\n<p>…</p>\n<!-- /wp:paragraph -->` */
function paragraph(html: string): string {
  return `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
}

let nextClientId = 0;

/** Paragraphs only, each parse with new clientIds (as `@wordpress/blocks` does). */
const paragraphs: BlockCodec = {
  parse: (content) =>
    [...content.matchAll(/<!-- wp:paragraph -->\n<p>([\s\S]*?)<\/p>\n<!-- \/wp:paragraph -->/g)].map(
      (match): SyncBlock => ({
        name: 'core/paragraph',
        clientId: `c${(nextClientId += 1)}`,
        isValid: true,
        originalContent: `<p>${match[1] ?? ''}</p>`,
        validationIssues: [],
        attributes: { content: match[1] ?? '', dropCap: false, blob: 'blob:local' },
        innerBlocks: [],
      }),
    ),
  serialize: (blocks) =>
    blocks.map((block) => paragraph(String(block.attributes.content ?? ''))).join('\n\n'),
  attributeSchema: (blockName, attribute) => {
    if (blockName !== 'core/paragraph') return undefined;
    if (attribute === 'content') return { type: 'rich-text' };
    if (attribute === 'dropCap') return { type: 'boolean' };
    if (attribute === 'blob') return { type: 'string', role: 'local' };
    return undefined;
  },
};

function blocksOf(doc: Y.Doc): Y.Array<Y.Map<unknown>> {
  const blocks = sharedBlocksOf(doc.getMap('document'));
  if (blocks === undefined) throw new Error('no blocks');
  return blocks;
}

function textOf(doc: Y.Doc, index: number): Y.Text {
  const attributes = blocksOf(doc).get(index).get('attributes') as Y.Map<unknown>;
  return attributes.get('content') as Y.Text;
}

describe('document.blocks as core-data 8.1 lays it out', () => {
  it('writes one Y.Map per block: rich text as Y.Text of HTML, inner blocks nested, no validation issues or local attributes', () => {
    const doc = new Y.Doc();
    const group: BlockCodec = {
      ...paragraphs,
      parse: (content) => [
        {
          name: 'core/group',
          clientId: 'g1',
          attributes: { tagName: 'div' },
          innerBlocks: paragraphs.parse(content),
        },
      ],
    };
    doc.transact(() => writeBlocks(doc.getMap('document'), group, paragraph('<strong>Hi</strong> there')));
    const outer = blocksOf(doc).get(0);
    expect([...outer.keys()].sort()).toEqual(['attributes', 'clientId', 'innerBlocks', 'name']);
    expect(outer.get('clientId')).toBe('g1');
    expect((outer.get('attributes') as Y.Map<unknown>).get('tagName')).toBe('div');
    const inner = (outer.get('innerBlocks') as Y.Array<Y.Map<unknown>>).get(0);
    expect([...inner.keys()].sort()).toEqual([
      'attributes',
      'clientId',
      'innerBlocks',
      'isValid',
      'name',
      'originalContent',
    ]);
    const attributes = inner.get('attributes') as Y.Map<unknown>;
    expect(attributes.get('content')).toBeInstanceOf(Y.Text);
    expect(String(attributes.get('content'))).toBe('<strong>Hi</strong> there');
    expect(attributes.get('dropCap')).toBe(false);
    expect(attributes.has('blob')).toBe(false);
    expect(inner.get('innerBlocks')).toBeInstanceOf(Y.Array);
  });

  it("keeps each block's map, text and clientId through a re-parse, and changes only what changed", () => {
    const doc = new Y.Doc();
    const map = doc.getMap('document');
    doc.transact(() => writeBlocks(map, paragraphs, `${paragraph('One')}\n\n${paragraph('Two')}`));
    const first = blocksOf(doc).get(0);
    const second = textOf(doc, 1);
    const clientId = blocksOf(doc).get(1).get('clientId');
    const changes: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => changes.push(update));
    doc.transact(() => writeBlocks(map, paragraphs, `${paragraph('One')}\n\n${paragraph('Two!')}`));
    expect(blocksOf(doc).get(0)).toBe(first);
    expect(textOf(doc, 1)).toBe(second);
    expect(second.toString()).toBe('Two!');
    expect(blocksOf(doc).get(1).get('clientId')).toBe(clientId);
    expect(changes).toHaveLength(1);
    doc.transact(() => writeBlocks(map, paragraphs, paragraph('One')));
    expect(blocksOf(doc).length).toBe(1);
  });

  it('gives a block map that has no attributes map one, each attribute by its schema', () => {
    const doc = new Y.Doc();
    const map = doc.getMap('document');
    doc.transact(() => {
      const blocks = new Y.Array<Y.Map<unknown>>();
      blocks.insert(0, [
        new Y.Map<unknown>([
          ['name', 'core/paragraph'],
          ['clientId', 'x1'],
        ]),
      ]);
      map.set('blocks', blocks);
    });
    doc.transact(() => writeBlocks(map, paragraphs, paragraph('Filled')));
    expect(blocksOf(doc).get(0).get('clientId')).toBe('x1');
    expect(textOf(doc, 0)).toBeInstanceOf(Y.Text);
    expect(textOf(doc, 0).toString()).toBe('Filled');
  });

  it("keeps both people's characters when two documents type in one paragraph at once", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.transact(() => writeBlocks(a.getMap('document'), paragraphs, paragraph('Body')));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    a.transact(() => writeBlocks(a.getMap('document'), paragraphs, paragraph('A: Body')));
    b.transact(() => writeBlocks(b.getMap('document'), paragraphs, paragraph('Body :B')));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(textOf(a, 0).toString()).toBe('A: Body :B');
    expect(textOf(b, 0).toString()).toBe('A: Body :B');
  });
});

describe('stores with a block codec', () => {
  const stores: RootStore[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.dispose();
  });

  async function open(
    mock: ReturnType<typeof createMockWordPress>,
    net: ReturnType<typeof memoryNetwork>,
    id: number,
    n: number,
    blockCodec: BlockCodec | undefined,
  ): Promise<EntityRecord<object>> {
    const store = new Store({
      transport: transportTo(mock),
      sync: {
        user: { id: n, name: `User ${n}`, color: '#333' },
        providers: [net.provider()],
        undoCaptureTimeoutMs: 0,
        ...(blockCodec === undefined ? {} : { blockCodec }),
      },
    });
    stores.push(store);
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    return record;
  }

  function content(record: EntityRecord<object>): unknown {
    return (record.edited as { content?: unknown }).content;
  }

  it("share content through document.blocks: an edit lands in the blocks, and a peer's blocks are its content", async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'T', content: paragraph('Body'), status: 'draft' });
    const net = memoryNetwork();
    const a = await open(mock, net, id, 1, paragraphs);
    const b = await open(mock, net, id, 2, paragraphs);
    await net.flush();
    a.edit({ content: paragraph('Body typed') });
    await net.flush();
    expect(content(b)).toBe(paragraph('Body typed'));
    const doc = stores[1]?.sync?.doc(b) as Y.Doc;
    expect(textOf(doc, 0).toString()).toBe('Body typed');
    // A peer that types only into the blocks (as the block editor does): the store's content follows.
    doc.transact(() => textOf(doc, 0).insert(0, '>'));
    await net.flush();
    expect(content(b)).toBe(paragraph('>Body typed'));
    expect(content(a)).toBe(paragraph('>Body typed'));
  });

  it("edit one block's attribute as that block's text change, with the blocks observable and the content serialized at save", async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', {
      title: 'T',
      content: `${paragraph('One')}\n\n${paragraph('Two')}`,
      status: 'draft',
    });
    const net = memoryNetwork();
    let serializations = 0;
    const counting: BlockCodec = {
      ...paragraphs,
      serialize: (blocks) => {
        serializations += 1;
        return paragraphs.serialize(blocks);
      },
    };
    const a = await open(mock, net, id, 1, counting);
    const b = await open(mock, net, id, 2, paragraphs);
    a.edit({ title: 'T.' });
    b.edit({ content: `${paragraph('One')}\n\n${paragraph('Two!')}` });
    await net.flush();
    const [storeA, storeB] = stores as [RootStore, RootStore];
    const blocks = storeA.sync!.blocks(a);
    expect(blocks.map((block) => block.attributes.content)).toEqual(['One', 'Two!']);
    // The document's clientIds, the same on both sides.
    expect(blocks.map((block) => block.clientId)).toEqual(
      storeB.sync!.blocks(b).map((block) => block.clientId),
    );
    const seen: string[][] = [];
    const stop = autorun(() =>
      seen.push(storeA.sync!.blocks(a).map((block) => String(block.attributes.content))),
    );
    const docA = storeA.sync!.doc(a);
    const changed: unknown[][] = [];
    docA.on('afterTransaction', (transaction: Y.Transaction) => {
      if (transaction.local) changed.push([...transaction.changed.keys()]);
    });
    serializations = 0;
    const first = blocks[0]?.clientId as string;
    for (const typed of ['One ', 'One m', 'One mo', 'One mor', 'One more'])
      storeA.sync!.editBlock(a, first, 'content', typed);
    // Each keystroke changed that block's text only, and nothing serialized the post.
    expect(changed).toHaveLength(5);
    for (const types of changed) expect(types).toEqual([textOf(docA, 0)]);
    expect(serializations).toBe(0);
    expect(seen.at(-1)).toEqual(['One more', 'Two!']);
    stop();
    await net.flush();
    expect(content(b)).toBe(`${paragraph('One more')}\n\n${paragraph('Two!')}`);
    // The record holds its content as a deferred edit: a save serializes the blocks once.
    expect(a.isDirty).toBe(true);
    await a.save();
    expect((a.persisted as { content: { raw: string } }).content.raw).toBe(
      `${paragraph('One more')}\n\n${paragraph('Two!')}`,
    );
    // A block that is not there is an error that names it.
    expect(() => storeA.sync!.editBlock(a, 'nope', 'content', 'x')).toThrow(/nope/);
  });

  it('bring document.content to the content they save when a peer typed only into the blocks', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'T', content: paragraph('Body'), status: 'draft' });
    const net = memoryNetwork();
    const a = await open(mock, net, id, 1, paragraphs);
    a.edit({ content: paragraph('Body.') });
    await net.flush();
    const doc = stores[0]?.sync?.doc(a) as Y.Doc;
    // The block editor types into the paragraph's text only; document.content stays behind.
    doc.transact(() => textOf(doc, 0).insert(0, '>'), 'block editor');
    expect(content(a)).toBe(paragraph('>Body.'));
    expect(doc.getMap('document').get('content')?.toString()).toBe(paragraph('Body.'));
    await a.save();
    expect(doc.getMap('document').get('content')?.toString()).toBe(paragraph('>Body.'));
    expect((a.persisted as { content: { raw: string } }).content.raw).toBe(paragraph('>Body.'));
  });

  it('leave the saved content as it is when the blocks say the same (no edit after joining)', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'T', content: paragraph('Body'), status: 'draft' });
    const net = memoryNetwork();
    const a = await open(mock, net, id, 1, paragraphs);
    a.edit({ title: 'T2', content: paragraph('Body') });
    await net.flush();
    expect(a.isDirty).toBe(true);
    a.edit({ title: 'T' });
    expect(a.isDirty).toBe(false);
  });

  it('without a codec, ignore the blocks a block editor writes (no `blocks` edit, content from the text)', async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const id = mock.addPost('post', { title: 'T', content: paragraph('Body'), status: 'draft' });
    const net = memoryNetwork();
    const a = await open(mock, net, id, 1, undefined);
    const doc = stores[0]?.sync?.doc(a) as Y.Doc;
    doc.transact(() => writeBlocks(doc.getMap('document'), paragraphs, paragraph('Other')), 'peer');
    await net.flush();
    expect(a.edits).not.toHaveProperty('blocks');
    expect(a.isDirty).toBe(false);
    expect(content(a)).toBe(paragraph('Body'));
  });
});
