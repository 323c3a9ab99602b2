/**
 * Two people collaborate on a 1 MB post through the mock WordPress's relay (issue 45): the relay
 * refuses a row whose base64 is over 1 MB, so the first write of the post into the document, the
 * state answering a second person who joins empty, and the compactions leave in pieces. Nobody's
 * request is refused, every row fits, both documents end alike and both people's characters stay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import '../../../src/sync/index.js';
import { httpPollingProvider } from '../../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { MAX_UPDATE_DATA_CHARS } from '../../../src/sync/shared/pollingProtocol.js';
import { createMockWordPress, type MockWordPress } from '../../../src/testing/index.js';
import { contentOf, longPostCodec, longPostContent, noCalls } from '../longPostFixture.js';
import { until } from './helpers.js';

/** What the relay saw of one person's requests. */
interface Wire {
  /** The longest `data` of a row sent. */
  longestRow: number;
  /** Rows sent, by type. */
  rows: Record<string, number>;
  /** Answers of the relay that were not 2xx. */
  refused: string[];
}

const stores: RootStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

function person(mock: MockWordPress, n: number): { store: RootStore; wire: Wire } {
  const wire: Wire = { longestRow: 0, rows: {}, refused: [] };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const isSync = request.url.includes('/wp-sync/v1/updates');
    if (isSync) {
      const body = (await request.clone().json()) as {
        rooms: { updates: { type: string; data: string }[] }[];
      };
      for (const row of body.rooms.flatMap((room) => room.updates)) {
        wire.longestRow = Math.max(wire.longestRow, row.data.length);
        wire.rows[row.type] = (wire.rows[row.type] ?? 0) + 1;
      }
    }
    const response = await mock.handle(request);
    if (!response.ok)
      wire.refused.push(
        `${request.method} ${request.url}: ${response.status} ${await response.clone().text()}`,
      );
    return response;
  };
  const store = new RootStore({
    transport: new RestTransport({ root: mock.restRoot, fetch, retry: { limit: 0 } }),
    sync: {
      user: { id: n, name: `User ${n}`, color: '#333' },
      providers: [httpPollingProvider()],
      undoCaptureTimeoutMs: 0,
      blockCodec: longPostCodec(noCalls()),
    },
  });
  stores.push(store);
  return { store, wire };
}

async function open(store: RootStore, id: number): Promise<EntityRecord<object>> {
  const record = store.record('postType', 'post', id) as EntityRecord<object>;
  await record.fetch();
  await store.sync!.join(record);
  return record;
}

/** The text of the block with `clientId` as the person's blocks view shows it. */
function blockText(store: RootStore, record: EntityRecord<object>, clientId: string): string {
  const block = store.sync!.blocks(record).find((each) => each.clientId === clientId);
  return String(block?.attributes.content ?? '');
}

describe('a 1 MB post over the polling relay', () => {
  it(
    'two people converge, every row fits the relay, and both keep their characters',
    { timeout: 120_000 },
    async () => {
      const markup = longPostContent(5_000);
      expect(markup.length).toBeGreaterThan(1_000_000);
      const mock = createMockWordPress({ collaboration: true });
      mock.setCurrentRole('administrator');
      // A short saved post: everyone who joins makes the same document of it, so what Ann writes
      // next is hers alone and must cross the relay.
      const id = mock.addPost('post', { title: 'Long', content: longPostContent(10), status: 'draft' });

      // Ann opens the post and pastes 1 MB of blocks into it (one change of over 1 MB).
      const ann = person(mock, 1);
      const annRecord = await open(ann.store, id);
      annRecord.edit({ content: markup });
      expect(ann.store.sync!.blocks(annRecord)).toHaveLength(5_000);

      // Bob joins with an empty document: Ann's answer to his step 1 is the whole post.
      const bob = person(mock, 2);
      const bobRecord = await open(bob.store, id);
      const wait = { timeoutMs: 90_000 };
      await until(
        () =>
          bob.store.sync!.blocks(bobRecord).length === 5_000 && contentOf(bobRecord) === contentOf(annRecord),
        wait.timeoutMs,
        "Ann's 1 MB post in Bob's document",
      );

      // Both type at once, in the same block near the end and in the first one.
      const blocks = ann.store.sync!.blocks(annRecord);
      const late = blocks[4_500]!.clientId as string;
      const first = blocks[0]!.clientId as string;
      ann.store.sync!.editBlock(annRecord, late, 'content', `${blockText(ann.store, annRecord, late)} Ann`);
      bob.store.sync!.editBlock(bobRecord, late, 'content', `Bob ${blockText(bob.store, bobRecord, late)}`);
      bob.store.sync!.editBlock(bobRecord, first, 'content', `${blockText(bob.store, bobRecord, first)}!`);
      await until(
        () =>
          contentOf(annRecord) === contentOf(bobRecord) &&
          blockText(ann.store, annRecord, late).startsWith('Bob ') &&
          blockText(ann.store, annRecord, late).endsWith(' Ann') &&
          blockText(ann.store, annRecord, first).endsWith('!'),
        wait.timeoutMs,
        "both people's characters on both sides",
      );

      // Ann saves: the post and its stored document (over 1 MB, in one PUT) are written together.
      await annRecord.save();
      expect(String((mock.getPost(id)?.content as { raw?: string } | string | undefined) ?? '')).toBeTruthy();
      const stored = (mock.getPost(id)?.meta as Record<string, unknown> | undefined)?._crdt_document;
      expect(typeof stored === 'string' && stored.length > MAX_UPDATE_DATA_CHARS).toBe(true);

      for (const { wire } of [ann, bob]) {
        expect(wire.refused).toEqual([]);
        expect(wire.longestRow).toBeLessThanOrEqual(MAX_UPDATE_DATA_CHARS);
      }
      // The state crossed the relay in pieces, not as one row.
      expect((ann.wire.rows.update ?? 0) + (ann.wire.rows.sync_step2 ?? 0)).toBeGreaterThan(2);
      expect(ann.wire.longestRow).toBeGreaterThan(MAX_UPDATE_DATA_CHARS / 2);
    },
  );
});
