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
import { TEST_MS, until, type CoEditingTarget } from './coEditingSuite.js';

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
    async function joinedStore(pageExit?: {
      subscribe(listener: () => void): () => void;
    }): Promise<{
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
