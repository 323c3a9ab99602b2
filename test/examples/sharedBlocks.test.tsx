// @vitest-environment jsdom
/**
 * The example editor's blocks view (examples/editor/src/post/sharedBlocks/): a post joined with a
 * block codec is edited as its shared document's blocks. A keystroke is that block's text change
 * (`sync.editBlock`), with no serializing of the post; changes of structure write the content once;
 * carets travel as places in blocks. Two stores on a memory network, the view mounted on one.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { RootStore, type EntityRecord } from 'wp-entities';
import { StoreProvider } from 'wp-entities/react';
import type { BlockCodec, SyncBlock } from 'wp-entities/sync';
import { exampleBlockCodec } from '../../examples/editor/src/post/sharedBlocks/exampleBlockCodec.js';
import {
  mergeIntoPrevious,
  splitBlock,
  textBlocksOf,
} from '../../examples/editor/src/post/sharedBlocks/sharedBlockEdits.js';
import { SharedBlocks } from '../../examples/editor/src/post/sharedBlocks/SharedBlocks.js';
import { selectIn } from '../../examples/editor/src/text/domOffsets.js';
import { typingUndoOf } from '../../examples/editor/src/text/typingUndo.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { transportTo } from '../sync/storeHelpers.js';
import './richTextInJsdom.js';

const CONTENT = [
  '<!-- wp:paragraph -->\n<p>One</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:heading -->\n<h2>Two</h2>\n<!-- /wp:heading -->',
  '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>a</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>b</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  '<!-- wp:image {"id":7} -->\n<figure class="wp-block-image"><img src="x.png" alt=""/></figure>\n<!-- /wp:image -->',
].join('\n\n');

// jsdom lays nothing out: ranges have no boxes (a caret is then drawn at the field's first line).
Range.prototype.getClientRects ??= function getClientRects() {
  return [] as unknown as DOMRectList;
};

const roots: Root[] = [];
const stores: RootStore[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  for (const store of stores.splice(0)) store.dispose();
  document.body.replaceChildren();
});

/** The example codec, counting its serializations (a keystroke must make none). */
function countingCodec(): BlockCodec & { serializations: number } {
  const codec = {
    ...exampleBlockCodec,
    serializations: 0,
    serialize(blocks: readonly SyncBlock[]) {
      codec.serializations += 1;
      return exampleBlockCodec.serialize(blocks);
    },
  };
  return codec;
}

async function twoPeople() {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'T', content: CONTENT, status: 'draft' });
  const net = memoryNetwork();
  const codecs = [countingCodec(), countingCodec()];
  const records: EntityRecord<object>[] = [];
  for (const [n, codec] of codecs.entries()) {
    const store = new RootStore({
      transport: transportTo(mock),
      sync: {
        user: { id: n + 1, name: `User ${n + 1}`, color: '#333' },
        providers: [net.provider()],
        undoCaptureTimeoutMs: 0,
        blockCodec: codec,
      },
    });
    stores.push(store);
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    records.push(record);
  }
  await net.flush();
  const [a, b] = records as [EntityRecord<object>, EntityRecord<object>];
  const [storeA, storeB] = stores as [RootStore, RootStore];
  /** B writes the content once (a full stop after "One"): the shared document then holds the blocks. */
  const shareBlocks = async () => {
    b.edit({ content: CONTENT.replace('<p>One</p>', '<p>One.</p>') });
    await act(() => net.flush());
  };
  return { net, a, b, storeA, storeB, shareBlocks, codecA: codecs[0] as ReturnType<typeof countingCodec> };
}

function mount(store: RootStore, record: EntityRecord<object>): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  act(() =>
    root.render(
      <StoreProvider store={store}>
        <SharedBlocks record={record as EntityRecord} typing={typingUndoOf(store)} />
      </StoreProvider>,
    ),
  );
  return container;
}

function fields(container: HTMLElement): HTMLDivElement[] {
  return [...container.querySelectorAll<HTMLDivElement>('[data-testid="text-block"]')];
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function placeCaret(field: HTMLElement, offset: number): Promise<void> {
  act(() => {
    field.focus();
    selectIn(field, offset);
    document.dispatchEvent(new Event('selectionchange'));
  });
  await nextTask();
}

/** Types `data` at the caret as Chromium does (into the caret's text node, then `input`). */
async function type(field: HTMLElement, data: string): Promise<void> {
  for (const character of data) {
    act(() => {
      const selection = document.getSelection() as Selection;
      const node = selection.anchorNode as Node;
      const offset = selection.anchorOffset;
      if (node.nodeType === Node.TEXT_NODE) {
        (node as Text).insertData(offset, character);
        selection.collapse(node, offset + 1);
      } else {
        const text = document.createTextNode(character);
        node.insertBefore(text, node.childNodes[offset] ?? null);
        selection.collapse(text, 1);
      }
      field.dispatchEvent(
        new InputEvent('input', { inputType: 'insertText', data: character, bubbles: true }),
      );
    });
    await nextTask();
  }
}

function contents(blocks: readonly SyncBlock[]): string[] {
  return textBlocksOf(blocks).map(({ block }) => String(block.attributes['content']));
}

describe('the example editor types through the blocks view', () => {
  it('shows a field per paragraph, heading and list item, and other blocks as they are', async () => {
    const { a, storeA } = await twoPeople();
    const view = mount(storeA, a);
    expect(fields(view).map((field) => field.textContent)).toEqual(['One', 'Two', 'a', 'b']);
    expect(fields(view).map((field) => field.getAttribute('aria-label'))).toEqual([
      'Paragraph',
      'Heading 2',
      'List item',
      'List item',
    ]);
    const card = view.querySelector('[data-testid="block-card"]');
    expect(card?.getAttribute('data-block-name')).toBe('core/image');
  });

  it("types into one block as that block's change: no serializing of the post, the other side sees it, and the content is right at save", async () => {
    const { net, a, b, storeA, storeB, codecA } = await twoPeople();
    const view = mount(storeA, a);
    const [first] = fields(view) as [HTMLDivElement];
    expect(storeA.sync?.blocks(a)).toEqual([]);
    await placeCaret(first, 3);
    // The document holds no blocks yet (nobody stored one): the first keystroke writes the content
    // once, which puts them there; the caret stays where it was.
    await type(first, ' ');
    expect(contents(storeA.sync?.blocks(a) ?? [])).toEqual(['One ', 'Two', 'a', 'b']);
    codecA.serializations = 0;
    const typed = fields(view)[0] as HTMLDivElement;
    expect(document.activeElement).toBe(typed);
    await type(typed, 'more');
    expect(codecA.serializations).toBe(0);
    expect(contents(storeA.sync?.blocks(a) ?? [])).toEqual(['One more', 'Two', 'a', 'b']);
    // The record holds its content as the blocks' deferred serialization, not a string per keystroke.
    expect(typeof (a.edits as { content?: unknown }).content).toBe('function');
    await act(() => net.flush());
    expect(contents(storeB.sync?.blocks(b) ?? [])).toEqual(['One more', 'Two', 'a', 'b']);
    expect((b.edited as { content: string }).content).toBe(CONTENT.replace('<p>One</p>', '<p>One more</p>'));
    await act(async () => {
      await a.save();
    });
    expect((a.persisted as { content: { raw: string } }).content.raw).toBe(
      CONTENT.replace('<p>One</p>', '<p>One more</p>'),
    );
  });

  it("keeps both people's words when they type in different blocks at once", async () => {
    const { net, a, b, storeA, storeB, shareBlocks } = await twoPeople();
    await shareBlocks();
    const view = mount(storeA, a);
    const [, , itemA] = fields(view) as [HTMLDivElement, HTMLDivElement, HTMLDivElement];
    await placeCaret(itemA, 1);
    const heading = textBlocksOf(storeB.sync?.blocks(b) ?? [])[1]?.block.clientId as string;
    for (const [i, character] of [...'xyz'].entries()) {
      await type(itemA, character);
      act(() => storeB.sync?.editBlock(b, heading, 'content', `Two${'!'.repeat(i + 1)}`));
      if (i === 1) await act(() => net.flush());
    }
    await act(() => net.flush());
    const expected = ['One.', 'Two!!!', 'axyz', 'b'];
    expect(contents(storeA.sync?.blocks(a) ?? [])).toEqual(expected);
    expect(contents(storeB.sync?.blocks(b) ?? [])).toEqual(expected);
    expect(fields(view).map((field) => field.textContent)).toEqual(expected);
  });

  it("shares the caret as a place in a block, and draws the other's caret in the block they are in", async () => {
    const { net, a, b, storeA, storeB, shareBlocks } = await twoPeople();
    await shareBlocks();
    const view = mount(storeA, a);
    const [, heading] = fields(view) as [HTMLDivElement, HTMLDivElement];
    await placeCaret(heading, 2);
    // The caret is shared when the page is next idle.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await net.flush();
    });
    const headingId = textBlocksOf(storeA.sync?.blocks(a) ?? [])[1]?.block.clientId;
    expect(
      storeB.sync?.peers(b).map((peer) => [peer.field, peer.block?.clientId, peer.block?.attribute]),
    ).toEqual([['content', headingId, 'content']]);
    expect(storeB.sync?.peers(b)[0]?.selection).toEqual({ start: 2, end: 2 });
    // B's caret in the second list item: A draws it there, and in no other block.
    const item = textBlocksOf(storeB.sync?.blocks(b) ?? [])[3];
    act(() =>
      storeB.sync?.setLocalPresence(b, {
        field: 'content',
        block: { clientId: item?.block.clientId, path: item?.path, attribute: 'content' },
        selection: { start: 1, end: 1 },
      }),
    );
    await act(() => net.flush());
    const boxes = [...view.querySelectorAll('.text-block-box')];
    const withCaret = boxes.filter((box) => box.querySelector('[data-testid="remote-caret"]') !== null);
    expect(withCaret.map((box) => box.getAttribute('data-client-id'))).toEqual([item?.block.clientId]);
  });
});

describe('changes of structure in the blocks view (sharedBlockEdits.ts)', () => {
  const blocks = exampleBlockCodec.parse(CONTENT);

  it('splits a paragraph or a list item where Enter was pressed, keeping every character', () => {
    const split = splitBlock(blocks, [0], 'O', 'ne');
    expect(contents(split)).toEqual(['O', 'ne', 'Two', 'a', 'b']);
    const item = splitBlock(blocks, [2, 1], 'b', '');
    expect(item[2]?.innerBlocks.map((block) => block.name)).toEqual([
      'core/list-item',
      'core/list-item',
      'core/list-item',
    ]);
    // The blocks given are not changed (the store hands the same objects to everyone).
    expect(contents(blocks)).toEqual(['One', 'Two', 'a', 'b']);
    expect(exampleBlockCodec.serialize(blocks)).toBe(CONTENT);
  });

  it('joins a block to the text block before it on Backspace, and drops a list left empty', () => {
    const joined = mergeIntoPrevious(blocks, [1], [0]);
    expect(contents(joined)).toEqual(['OneTwo', 'a', 'b']);
    const single = exampleBlockCodec.parse(
      '<!-- wp:paragraph -->\n<p>P</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>only</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
    );
    const merged = mergeIntoPrevious(single, [1, 0], [0]);
    expect(merged.map((block) => block.name)).toEqual(['core/paragraph']);
    expect(contents(merged)).toEqual(['Ponly']);
  });
});
