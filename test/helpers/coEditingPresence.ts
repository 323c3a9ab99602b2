/**
 * Presence between the block editor's data layer (`blockEditorPeer.ts`) and a `RootStore`: a store
 * that leaves (a closed tab's `pagehide`, or `leave()` in Node) sends one leave and nothing more,
 * and the block editor sees the person gone within 2 s.
 *
 * The calling file runs in jsdom and calls {@link describePresence} once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import { wordpressBlockCodec, type WordPressBlocksApi } from '../../src/sync/shared/blockCodec.js';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { startBlockEditorPeer, type BlockEditorPeer, type BlockEditorTarget } from './blockEditorPeer.js';
import { paragraph, TEST_MS, until, type CoEditingTarget } from './coEditingSuite.js';

/** How long the block editor may take to show that someone left (its poll is 1 s with others). */
const GONE_WITHIN_MS = 2000;
/** How long after leaving the test still watches for requests. */
const QUIET_MS = 3000;

/** One `/wp-sync/v1/updates` request as sent. */
interface SyncRequest {
  readonly at: number;
  readonly keepalive: boolean;
  readonly body: { rooms: { room: string; awareness: unknown; client_id: number }[] };
}

/** A fetch that records the store's sync requests it forwards. */
function recordingSync(fetch: BlockEditorTarget['fetch']): {
  fetch: BlockEditorTarget['fetch'];
  requests: SyncRequest[];
} {
  const requests: SyncRequest[] = [];
  return {
    requests,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && decodeURIComponent(request.url).includes('/wp-sync/v1/updates')) {
        const body = JSON.parse(await request.clone().text()) as SyncRequest['body'];
        requests.push({ at: Date.now(), keepalive: request.keepalive, body });
      }
      return fetch(request);
    },
  };
}

/** Registers the presence scenarios for `target` (made once). */
export function describePresence(label: string, makeTarget: () => Promise<CoEditingTarget>): void {
  describe(`presence between the block editor's data layer and a store (${label})`, () => {
    let target: CoEditingTarget;
    let peer: BlockEditorPeer;
    let blocks: WordPressBlocksApi;
    let id: number;
    const stores: RootStore[] = [];

    beforeAll(async () => {
      target = await makeTarget();
      peer = await startBlockEditorPeer(target);
      blocks = createRequire(import.meta.url)('@wordpress/blocks') as WordPressBlocksApi;
      id = await target.newPost();
      await peer.open(id);
    }, 300_000);

    afterAll(async () => {
      for (const store of stores) store.dispose();
      peer?.stop();
      await target?.close();
    });

    /** A store in the post's room, seen by the block editor; its sync requests recorded. */
    async function joinedStore(pageExit?: { subscribe(listener: () => void): () => void }): Promise<{
      store: RootStore;
      record: EntityRecord<object>;
      requests: SyncRequest[];
      clientId: number;
    }> {
      const recording = recordingSync(target.fetch);
      const store = new RootStore({
        transport: target.transport(recording.fetch),
        sync: {
          user: { id: 1, name: 'wp-entities', color: '#336' },
          providers: [httpPollingProvider(pageExit === undefined ? {} : { pageExit })],
          blockCodec: wordpressBlockCodec(blocks),
          undoCaptureTimeoutMs: 0,
        },
      });
      stores.push(store);
      const record = store.record('postType', 'post', id) as EntityRecord<object>;
      await record.fetch();
      await store.sync!.join(record);
      const clientId = store.sync!.doc(record).clientID;
      await until(
        () => peer.awareness()?.getStates().has(clientId) === true,
        'the store in the block editor',
      );
      return { store, record, requests: recording.requests, clientId };
    }

    /** Waits for the block editor to lose `clientId`; returns how long it took from `since`. */
    async function goneAfter(clientId: number, since: number): Promise<number> {
      await until(
        () => peer.awareness()?.getStates().has(clientId) === false,
        'the store gone from the block editor',
      );
      return Date.now() - since;
    }

    /** Checks that exactly one request, a keepalive leave of the post's room, went after `since`. */
    async function expectOneLeave(requests: SyncRequest[], since: number, clientId: number): Promise<void> {
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      const after = requests.filter((request) => request.at >= since);
      expect(after, 'requests after leaving').toHaveLength(1);
      const [leave] = after;
      expect(leave?.keepalive).toBe(true);
      expect(leave?.body.rooms).toEqual([
        expect.objectContaining({ room: `postType/post:${id}`, awareness: null, client_id: clientId }),
      ]);
    }

    it(
      "resolves the store's caret in a block to the same block and offset in the block editor",
      async () => {
        const { store, record, clientId } = await joinedStore();
        record.edit({ content: paragraph('Carets here') });
        await until(
          () => String(peer.blocks()[0]?.attributes.content ?? '') === 'Carets here',
          'the paragraph in the block editor',
        );
        const blockId = store.sync!.doc(record).getMap('document').get('blocks') as {
          get(index: number): { get(key: string): unknown };
        };
        const clientIdOfBlock = blockId.get(0).get('clientId') as string;
        store.sync!.setLocalPresence(record, {
          field: 'content',
          block: { clientId: clientIdOfBlock, attribute: 'content' },
          selection: { start: 6, end: 6 },
        });
        await until(
          () => peer.caretOf(clientId)?.offset === 6,
          () => `the caret in the block editor (${JSON.stringify(peer.caretOf(clientId))})`,
        );
        expect(peer.caretOf(clientId)).toEqual({
          index: 0,
          clientId: clientIdOfBlock,
          attribute: 'content',
          offset: 6,
        });
        // The caret stays with its character while the block editor types before it.
        peer.typeInBlock(0, 'content', 0, '> ');
        await until(() => peer.caretOf(clientId)?.offset === 8, 'the caret moved by the typing before it');
        store.sync!.leave(record);
      },
      TEST_MS,
    );

    it(
      "resolves the block editor's caret to the same block and offset in the store, with who the site says it is",
      async () => {
        const { store, record } = await joinedStore();
        await until(
          () => String((record.edited as Record<string, unknown>).content ?? '').includes('Carets here'),
          'the paragraph in the store',
        );
        peer.setCaret(0, 'content', 4);
        const blocks = store.sync!.doc(record).getMap('document').get('blocks') as {
          get(index: number): { get(key: string): unknown };
        };
        await until(
          () => store.sync!.peers(record)[0]?.selection?.start === 4,
          () => `the caret in the store (${JSON.stringify(store.sync!.peers(record))})`,
        );
        const [them] = store.sync!.peers(record);
        expect(them?.field).toBe('content');
        expect(them?.block).toEqual({
          clientId: blocks.get(0).get('clientId'),
          path: [0],
          attribute: 'content',
        });
        expect(them?.selection).toEqual({ start: 4, end: 4 });
        // As the server rewrote it: the WordPress user's name and avatars, when they came, the browser.
        expect(them?.info?.name).toBe(them?.user.name);
        expect(typeof them?.info?.enteredAt).toBe('number');
        expect(them?.info?.avatarUrls?.['48']).toMatch(/^https?:/);
        expect(typeof them?.info?.browserType).toBe('string');
        store.sync!.leave(record);
      },
      TEST_MS,
    );

    it(
      "is gone for the block editor within 2 s of the store's tab closing (pagehide), after one keepalive leave",
      async () => {
        const listeners = new Set<() => void>();
        const pageExit = {
          subscribe: (listener: () => void) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
        };
        const { requests, clientId } = await joinedStore(pageExit);
        expect(listeners.size).toBeGreaterThan(0);
        const closedAt = Date.now();
        for (const listener of [...listeners]) listener();
        expect(await goneAfter(clientId, closedAt)).toBeLessThanOrEqual(GONE_WITHIN_MS);
        await expectOneLeave(requests, closedAt, clientId);
      },
      TEST_MS,
    );

    it(
      'is gone for the block editor within 2 s of leave(), after one keepalive leave',
      async () => {
        const { store, record, requests, clientId } = await joinedStore();
        const leftAt = Date.now();
        store.sync!.leave(record);
        expect(await goneAfter(clientId, leftAt)).toBeLessThanOrEqual(GONE_WITHIN_MS);
        await expectOneLeave(requests, leftAt, clientId);
      },
      TEST_MS,
    );
  });
}
