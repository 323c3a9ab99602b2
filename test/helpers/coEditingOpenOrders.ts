/**
 * Who opens a post first must not decide whose work survives. The block editor's data layer
 * (`blockEditorPeer.ts`) and a `RootStore` open a fresh post (no stored document yet) in each
 * order, and both at once; whoever is there types in the title and the paragraph before the other
 * arrives (and the other types once it has). Every character typed is on both sides, both show the
 * same post, and both are clean after a save.
 *
 * The calling file runs in jsdom and calls {@link describeOpenOrders} once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { RootStore, type EntityRecord } from 'wp-entities';
import * as Y from 'yjs';
import { fromBase64 } from '../../src/sync/shared/pollingProtocol.js';
import '../../src/sync/index.js';
import { wordpressBlockCodec, type WordPressBlocksApi } from '../../src/sync/shared/blockCodec.js';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { startBlockEditorPeer, type BlockEditorPeer } from './blockEditorPeer.js';
import {
  paragraph,
  raw,
  STARTING_POST,
  TEST_MS,
  until,
  WAIT_MS,
  type CoEditingTarget,
} from './coEditingSuite.js';

type Post = Record<string, unknown>;

/** The paragraph text of the starting post. */
const BODY = 'Body';

/** One side's view of the post: title and paragraph text. */
interface Shown {
  title: string;
  paragraph: string;
}

/** The text inside the first `<p>` of `content`. */
function paragraphOf(content: string): string {
  return /<p>([\s\S]*?)<\/p>/.exec(content)?.[1] ?? '';
}

/** Registers the open-order scenarios for `target` (made once). */
export function describeOpenOrders(label: string, makeTarget: () => Promise<CoEditingTarget>): void {
  describe(`opening a post in either order with the block editor's data layer (${label})`, () => {
    let target: CoEditingTarget;
    let peer: BlockEditorPeer;
    let blocks: WordPressBlocksApi;
    const stores: RootStore[] = [];

    beforeAll(async () => {
      target = await makeTarget();
      peer = await startBlockEditorPeer(target);
      blocks = createRequire(import.meta.url)('@wordpress/blocks') as WordPressBlocksApi;
    }, 300_000);

    afterAll(async () => {
      for (const store of stores) store.dispose();
      peer?.stop();
      await target?.close();
    });

    function newStore(): RootStore {
      const store = new RootStore({
        transport: target.transport(),
        sync: {
          user: { id: 1, name: 'wp-entities', color: '#336' },
          providers: [httpPollingProvider()],
          blockCodec: wordpressBlockCodec(blocks),
          undoCaptureTimeoutMs: 0,
        },
      });
      stores.push(store);
      return store;
    }

    async function openInStore(store: RootStore, id: number): Promise<EntityRecord<object>> {
      const record = store.record('postType', 'post', id) as EntityRecord<object>;
      await record.fetch();
      await store.sync!.join(record);
      return record;
    }

    /** Types `text` at the end of the title and of the paragraph, one character per edit. */
    function typeInStore(record: EntityRecord<object>, text: string): void {
      for (const character of text) {
        const post = record.edited as Post;
        record.edit({ title: `${raw(post.title)}${character}` });
        const content = raw(post.content);
        const inner = paragraphOf(content);
        record.edit({ content: paragraph(`${inner}${character}`) });
      }
    }

    function typeInEditor(text: string): void {
      for (const character of text) {
        peer.edit({ title: `${raw(peer.edited().title)}${character}` });
        const inner = String(peer.blocks()[0]?.attributes.content ?? '');
        peer.typeInBlock(0, 'content', inner.length, character);
      }
    }

    const storeShows = (record: EntityRecord<object>): Shown => {
      const post = record.edited as Post;
      return { title: raw(post.title), paragraph: paragraphOf(raw(post.content)) };
    };
    const editorShows = (): Shown => ({
      title: raw(peer.edited().title),
      paragraph: String(peer.blocks()[0]?.attributes.content ?? ''),
    });

    /**
     * Waits until both sides show the same title and paragraph, each holding every piece typed
     * (in the order each side typed its own), and no second paragraph appeared.
     */
    async function bothHoldAll(record: EntityRecord<object>, typed: readonly string[]): Promise<void> {
      const holdsAll = (shown: Shown): boolean =>
        typed.every((piece) => shown.title.includes(piece) && shown.paragraph.includes(piece));
      await until(
        () => {
          const mine = storeShows(record);
          const theirs = editorShows();
          return (
            holdsAll(mine) &&
            mine.title === theirs.title &&
            mine.paragraph === theirs.paragraph &&
            peer.blocks().length === 1
          );
        },
        () =>
          `both sides to hold ${JSON.stringify(typed)} (store: ${JSON.stringify(storeShows(record))}; editor: ${JSON.stringify(editorShows())}, ${peer.blocks().length} blocks)`,
      );
      const shown = storeShows(record);
      expect(shown.title.startsWith(STARTING_POST.title)).toBe(true);
      expect(shown.paragraph.startsWith(BODY)).toBe(true);
      // Nothing typed twice either.
      for (const piece of typed) {
        expect(shown.title.split(piece)).toHaveLength(2);
        expect(shown.paragraph.split(piece)).toHaveLength(2);
      }
    }

    /** Saves in the store, then waits for both to be clean with one saved copy. */
    async function saveAndSettle(record: EntityRecord<object>, typed: readonly string[]): Promise<void> {
      await record.save();
      await until(
        () => !record.isDirty,
        () => `the store clean (edits: ${JSON.stringify(record.edits)})`,
      );
      await until(
        () => Object.keys(peer.unsavedDifferences()).length === 0,
        () => `the block editor clean (unsaved: ${JSON.stringify(peer.unsavedDifferences())})`,
      );
      const saved = record.persisted as Post;
      await until(
        () => raw(peer.saved().title) === raw(saved.title),
        'the block editor holding the saved copy',
      );
      for (const piece of typed) {
        expect(raw(saved.title)).toContain(piece);
        expect(raw(saved.content)).toContain(piece);
      }
    }

    /** Waits for the post's stored document (the first opener's `POST /wp-sync/v1/save`). */
    async function storedDocumentOf(id: number, timeoutMs = WAIT_MS): Promise<string> {
      const started = Date.now();
      for (;;) {
        const stored = await target.storedDocument(id);
        if (stored !== '') return stored;
        if (Date.now() - started > timeoutMs) throw new Error(`Post ${id} got no stored document.`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    /** A fresh post with the block editor's previous post closed. */
    async function freshPost(): Promise<number> {
      peer.stop();
      return target.newPost();
    }

    it(
      "keeps the store's typing when the store opens first and the block editor joins",
      async () => {
        const id = await freshPost();
        const store = newStore();
        const record = await openInStore(store, id);
        // As the block editor does when it opens a post first: it stores the document it starts.
        const stored = await storedDocumentOf(id, 10_000);
        typeInStore(record, ' by B');
        // The store is alone for a while: its typing is unsaved and nobody has seen it yet.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await peer.open(id);
        await bothHoldAll(record, [' by B']);
        // The block editor started from that document: it made no title or blocks of its own.
        const first = new Y.Doc();
        Y.applyUpdateV2(first, fromBase64((JSON.parse(stored) as { document: string }).document));
        const itemClient = (doc: { getMap(name: string): { get(key: string): unknown } }, key: string) =>
          (doc.getMap('document').get(key) as { _item?: { id: { client: number } } } | undefined)?._item?.id
            .client;
        for (const key of ['title', 'blocks']) {
          expect(itemClient(peer.doc()!, key), key).toBe(itemClient(first, key));
          expect(itemClient(store.sync!.doc(record), key), key).toBe(itemClient(first, key));
        }
        typeInEditor(' by E');
        await bothHoldAll(record, [' by B', ' by E']);
        await saveAndSettle(record, [' by B', ' by E']);
        store.dispose();
      },
      TEST_MS,
    );

    it(
      "keeps the block editor's typing when it opens first and the store joins",
      async () => {
        const id = await freshPost();
        await peer.open(id);
        await storedDocumentOf(id);
        typeInEditor(' by E');
        const store = newStore();
        const record = await openInStore(store, id);
        await bothHoldAll(record, [' by E']);
        typeInStore(record, ' by B');
        await bothHoldAll(record, [' by E', ' by B']);
        await saveAndSettle(record, [' by E', ' by B']);
        store.dispose();
      },
      TEST_MS,
    );

    it(
      "keeps both people's typing when both open the post at once",
      async () => {
        const id = await freshPost();
        const store = newStore();
        const [record] = await Promise.all([openInStore(store, id), peer.open(id)]);
        typeInStore(record, ' by B');
        typeInEditor(' by E');
        await bothHoldAll(record, [' by B', ' by E']);
        await saveAndSettle(record, [' by B', ' by E']);
        store.dispose();
      },
      TEST_MS,
    );
  });
}
