/**
 * Saves between the block editor's data layer (`blockEditorPeer.ts`) and a `RootStore`: each side
 * reads the post again once per save the other made (one GET per save per peer), announces only
 * its own saves (never a refetch of someone else's), follows every save it hears of (the block
 * editor's marker alone too: two saves in a row, content then meta only), and ends clean.
 *
 * The calling file runs in jsdom and calls {@link describeSaves} once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import { wordpressBlockCodec, type WordPressBlocksApi } from '../../src/sync/shared/blockCodec.js';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { startBlockEditorPeer, type BlockEditorPeer, type BlockEditorTarget } from './blockEditorPeer.js';
import { paragraph, raw, STARTING_POST, TEST_MS, until, type CoEditingTarget } from './coEditingSuite.js';

type Post = Record<string, unknown>;

/** How long after a save the test still counts the requests it caused (the relay polls every 1 s). */
const SETTLE_MS = 3000;

/** A fetch that counts the GETs of one post (`/wp/v2/posts/{id}`) it forwards. */
function countingPostReads(fetch: BlockEditorTarget['fetch']): {
  fetch: BlockEditorTarget['fetch'];
  readsOf(id: number): number;
} {
  const reads = new Map<number, number>();
  return {
    fetch: (input, init) => {
      const request = new Request(input, init);
      const match = /\/wp\/v2\/posts\/(\d+)(?:[?&]|$)/.exec(decodeURIComponent(request.url));
      if (request.method === 'GET' && match !== null) {
        const id = Number(match[1]);
        reads.set(id, (reads.get(id) ?? 0) + 1);
      }
      return fetch(request);
    },
    readsOf: (id) => reads.get(id) ?? 0,
  };
}

/** Registers the save scenarios for `target` (made once). */
export function describeSaves(label: string, makeTarget: () => Promise<CoEditingTarget>): void {
  describe(`saves between the block editor's data layer and a store (${label})`, () => {
    let target: CoEditingTarget;
    let peer: BlockEditorPeer;
    let peerReads: ReturnType<typeof countingPostReads>;
    let storeReads: ReturnType<typeof countingPostReads>;
    let store: RootStore;
    let record: EntityRecord<object>;
    let id: number;

    beforeAll(async () => {
      target = await makeTarget();
      peerReads = countingPostReads(target.fetch);
      storeReads = countingPostReads(target.fetch);
      peer = await startBlockEditorPeer({ ...target, fetch: peerReads.fetch });
      const blocks = createRequire(import.meta.url)('@wordpress/blocks') as WordPressBlocksApi;
      id = await target.newPost();
      await peer.open(id);
      store = new RootStore({
        transport: target.transport(storeReads.fetch),
        sync: {
          user: { id: 1, name: 'wp-entities', color: '#336' },
          providers: [httpPollingProvider()],
          blockCodec: wordpressBlockCodec(blocks),
          undoCaptureTimeoutMs: 0,
        },
      });
      record = store.record('postType', 'post', id) as EntityRecord<object>;
      await record.fetch();
      await store.sync!.join(record);
      await until(() => store.sync!.peers(record).length === 1, 'the block editor in the room');
    }, 300_000);

    afterAll(async () => {
      store?.dispose();
      peer?.stop();
      await target?.close();
    });

    const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const savedBy = (): unknown => peer.doc()?.getMap('state').get('savedBy');

    it(
      "makes the block editor read the post once per save of the store's, and the store none",
      async () => {
        record.edit({ title: 'Saved by the store' });
        await until(() => raw(peer.edited().title) === 'Saved by the store', 'the title in the editor');
        const peerBefore = peerReads.readsOf(id);
        const storeBefore = storeReads.readsOf(id);
        await record.save();
        await until(
          () => raw(peer.saved().title) === 'Saved by the store',
          'the block editor reading the saved post',
        );
        await settle();
        expect(peerReads.readsOf(id) - peerBefore, 'GETs of the block editor').toBe(1);
        expect(storeReads.readsOf(id) - storeBefore, 'GETs of the store').toBe(0);
        expect(record.isDirty).toBe(false);
      },
      TEST_MS,
    );

    it(
      "reads the post once per save of the block editor's and announces no save of its own",
      async () => {
        peer.edit({ excerpt: 'Saved by the editor' });
        await until(
          () => (record.edited as Post).excerpt === 'Saved by the editor',
          'the excerpt in the store',
        );
        const peerBefore = peerReads.readsOf(id);
        const storeBefore = storeReads.readsOf(id);
        await peer.save();
        const editorsMarker = savedBy();
        await until(
          () => raw((record.persisted as Post).excerpt) === 'Saved by the editor',
          'the store reading the saved post',
        );
        await settle();
        expect(storeReads.readsOf(id) - storeBefore, 'GETs of the store').toBe(1);
        // Its own save's answer is all the block editor needs: a marker of ours would send it to read again.
        expect(peerReads.readsOf(id) - peerBefore, 'GETs of the block editor').toBe(0);
        expect(savedBy(), "the save marker stays the block editor's").toBe(editorsMarker);
        expect(store.sync!.doc(record).getMap('state').get('savedBy')).toBe(editorsMarker);
        expect(record.isDirty).toBe(false);
      },
      TEST_MS,
    );

    it(
      'follows two saves in a row by the block editor, content then meta only, and ends clean',
      async () => {
        const inner = String(peer.blocks()[0]?.attributes.content ?? '');
        peer.typeInBlock(0, 'content', inner.length, ' saved twice');
        await until(
          () => String((record.edited as Post).content).includes(' saved twice'),
          "the editor's typing in the store",
        );
        await peer.save();
        await until(
          () => raw((record.persisted as Post).content).includes(' saved twice'),
          'the store following the first save',
        );
        peer.edit({ meta: { ...(peer.edited().meta as Post), [STARTING_POST.metaKey]: 'Second save' } });
        await until(
          () => ((record.edited as Post).meta as Post)[STARTING_POST.metaKey] === 'Second save',
          'the meta key in the store',
        );
        await peer.save();
        const theirs = peer.saved();
        await until(
          () =>
            ((record.persisted as Post).meta as Post)[STARTING_POST.metaKey] === 'Second save' &&
            (record.persisted as Post).modified_gmt === theirs.modified_gmt &&
            !record.isDirty,
          () =>
            `the store following the second save, clean (saved meta: ${JSON.stringify((record.persisted as Post).meta)}, edits: ${JSON.stringify(record.edits)})`,
        );
        expect(raw((record.persisted as Post).content)).toBe(raw(theirs.content));
        expect(raw((record.edited as Post).content)).toContain(
          paragraph(`${inner} saved twice`).slice(0, 10),
        );
        await until(
          () => Object.keys(peer.unsavedDifferences()).length === 0,
          () => `the block editor clean (unsaved: ${JSON.stringify(peer.unsavedDifferences())})`,
        );
      },
      TEST_MS,
    );
  });
}
