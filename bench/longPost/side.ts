/**
 * One process of the long-post bench (`bench/longPost.ts`): one side on the long post, in Node +
 * jsdom, against the mock WordPress's `wp-sync/v1` relay in the same process (requests straight
 * into `mock.handle`, the same for both sides). Prints one JSON line of figures.
 *
 * - `--side ours`: a `RootStore` with `httpPollingProvider` and the `@wordpress/blocks` codec; a
 *   keystroke is `sync.editBlock` (the blocks view).
 * - `--side core81`: the block editor's data layer, `@wordpress/core-data` 8.1 + `@wordpress/sync`
 *   1.56 (`test/helpers/blockEditorPeer.ts`); a keystroke is what RichText dispatches
 *   (`editEntityRecord` with the new blocks, a lazy content serializer and the selection).
 *
 * After each keystroke both read the blocks an editor shows (`sync.blocks`, the edited blocks).
 * - `--make-fixture FILE`: writes the post both sides open: its saved content and the stored
 *   document (`_crdt_document`) after a history of edits (see `makeFixture`).
 *
 * Both sides load their modules and register the core blocks before the clock starts; the other
 * person in the room is the same bare Yjs client for both (`rawPeer.ts`).
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as Y from 'yjs';
import { installDom } from '../scenarios/dom.js';
import { postMarkup } from '../sync/fixtures/postMarkup.js';
import { startRawPeer } from './rawPeer.js';

installDom();
const require = createRequire(import.meta.url);

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    let ok = false;
    try {
      ok = check();
    } catch {
      ok = false;
    }
    if (ok) return;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(5);
  }
}

/** The saved post both sides open. */
export interface LongPostFixture {
  readonly blocks: number;
  readonly edits: number;
  readonly content: string;
  readonly storedDocument: string;
}

/** The block typed into: a paragraph without markup near 90 % of the post (block 902 of 1,000). */
export function typedBlockIndex(blocks: number): number {
  let index = Math.floor(blocks * 0.9);
  while (index % 3 !== 2 || index % 10 === 0 || index % 10 === 7 || index % 50 === 25 || index % 100 === 55)
    index += 1;
  return index;
}

/** Requests of one side to the relay, counted. */
interface Wire {
  updateBytes: number;
  updateRows: number;
  requests: number;
}

function countingFetch(
  mock: { handle(request: Request): Promise<Response> },
  wire: Wire,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.url.includes('/wp-sync/v1/updates')) {
      wire.requests += 1;
      const body = (await request.clone().json()) as {
        rooms: { updates: { type: string; data: string }[] }[];
      };
      for (const row of body.rooms.flatMap((room) => room.updates)) {
        if (row.type !== 'update') continue;
        wire.updateRows += 1;
        wire.updateBytes += Buffer.from(row.data, 'base64').byteLength;
      }
    }
    return mock.handle(request);
  };
}

async function newMock(content: string, storedDocument: string) {
  const { createMockWordPress } = await import('../../src/testing/index.js');
  const mock = createMockWordPress({ collaboration: true });
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', {
    title: 'A long post',
    content,
    status: 'draft',
    ...(storedDocument === '' ? {} : { meta: { _crdt_document: storedDocument } }),
  });
  return { mock, id };
}

/** What one side measures. */
export interface SideFigures {
  openMs: number;
  joinedMs: number;
  keystrokeMs: number;
  keystrokeP95Ms: number;
  deliveredMs: number;
  wireBytesPerKeystroke: number;
  saveMs: number;
  saveCpuMs: number;
  sharedDocBytes: number;
  storedBefore: number;
  storedAfter: number;
  heapPerPostMB: number;
  rssMB: number;
}

/** One side's steps, as the bench drives them. */
interface Side {
  open(): Promise<void>;
  /** The Yjs document of the post. */
  doc(): Y.Doc;
  /** The text of the typed block's `content`, as the side shows it. */
  typedText(): string;
  /** One keystroke: `text` appended to the typed block. */
  type(text: string): void;
  save(): Promise<void>;
  /** Block `index`'s name and `content` text (the fixture maker's history). */
  blockAt?(index: number): { name: string; text: string; count: number };
  /** Sets block `index`'s `content` as this person's edit (the fixture maker's history). */
  setBlockText?(index: number, text: string): void;
}

const KEYSTROKES = Number(option('keystrokes') ?? 30);
const WARMUP = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function ours(
  fetch: ReturnType<typeof countingFetch>,
  restRoot: string,
  id: number,
  blockIndex: number,
): Promise<Side> {
  const { RestTransport, RootStore } = await import('wp-entities');
  await import('../../src/sync/index.js');
  const { wordpressBlockCodec } = await import('../../src/sync/shared/blockCodec.js');
  const { httpPollingProvider } = await import('../../src/sync/providers/httpPolling/httpPollingProvider.js');
  const blocks = require('@wordpress/blocks') as Parameters<typeof wordpressBlockCodec>[0];
  (require('@wordpress/block-library') as { registerCoreBlocks(): void }).registerCoreBlocks();
  type Store = InstanceType<typeof RootStore>;
  let store: Store | undefined;
  let record: ReturnType<Store['record']> | undefined;
  let clientId = '';
  const sync = () => store!.sync!;
  return {
    async open() {
      store = new RootStore({
        transport: new RestTransport({ root: restRoot, fetch, retry: { limit: 0 } }),
        sync: {
          user: { id: 1, name: 'wp-entities', color: '#336' },
          providers: [httpPollingProvider()],
          blockCodec: wordpressBlockCodec(blocks),
        },
      });
      record = store.record('postType', 'post', id);
      await record.fetch();
      await sync().join(record);
      await until(() => sync().blocks(record!).length > blockIndex, 'our blocks');
      clientId = String(sync().blocks(record).at(blockIndex)?.clientId);
    },
    doc: () => sync().doc(record!),
    typedText: () => String(sync().blocks(record!).at(blockIndex)?.attributes.content ?? ''),
    type(text) {
      const current = String(sync().blocks(record!).at(blockIndex)?.attributes.content ?? '');
      sync().editBlock(record!, clientId, 'content', `${current}${text}`);
      // What an editor reads after a keystroke: the blocks it shows.
      sync().blocks(record!);
    },
    async save() {
      await record!.save();
    },
    blockAt(index) {
      const list = sync().blocks(record!);
      const block = list[index];
      return { name: String(block?.name), text: String(block?.attributes.content ?? ''), count: list.length };
    },
    setBlockText(index, text) {
      sync().editBlock(record!, String(sync().blocks(record!)[index]?.clientId), 'content', text);
    },
  };
}

async function core81(
  fetch: ReturnType<typeof countingFetch>,
  restRoot: string,
  id: number,
  blockIndex: number,
): Promise<Side> {
  const { startBlockEditorPeer } = await import('../../test/helpers/blockEditorPeer.js');
  const peer = await startBlockEditorPeer({ restRoot, fetch });
  return {
    async open() {
      await peer.open(id);
      await until(() => {
        const blocks = peer.doc()?.getMap('document').get('blocks') as Y.Array<unknown> | undefined;
        return (blocks?.length ?? 0) > blockIndex && peer.blocks().length > blockIndex;
      }, "the block editor's blocks");
    },
    doc: () => peer.doc() as Y.Doc,
    typedText: () => String(peer.blocks()[blockIndex]?.attributes.content ?? ''),
    type(text) {
      const html = String(peer.blocks()[blockIndex]?.attributes.content ?? '');
      peer.typeInBlock(blockIndex, 'content', html.length, text);
      // What an editor reads after a keystroke: the blocks it shows.
      peer.blocks();
    },
    async save() {
      await peer.save();
    },
  };
}

/** The typed block's text in a bare document (the neutral peer's). */
function rawBlockText(doc: Y.Doc, index: number): string {
  const blocks = doc.getMap('document').get('blocks') as Y.Array<Y.Map<unknown>> | undefined;
  const block = blocks?.get(index);
  const text = (block?.get('attributes') as Y.Map<unknown> | undefined)?.get('content');
  return text === undefined ? '' : String(text);
}

async function measure(sideName: string, fixture: LongPostFixture): Promise<SideFigures> {
  const { mock, id } = await newMock(fixture.content, fixture.storedDocument);
  const wire: Wire = { updateBytes: 0, updateRows: 0, requests: 0 };
  const fetch = countingFetch(mock, wire);
  const blockIndex = typedBlockIndex(fixture.blocks);
  const side =
    sideName === 'ours'
      ? await ours(fetch, mock.restRoot, id, blockIndex)
      : await core81(fetch, mock.restRoot, id, blockIndex);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;

  // Open: fetch, parse, join the room, hydrate the stored document, the blocks readable.
  const openStarted = performance.now();
  await side.open();
  const openMs = performance.now() - openStarted;

  // The other person joins (the neutral peer); both sides open their queues when they see it.
  const peer = startRawPeer(
    (input, init) => mock.handle(new Request(input, init)),
    mock.restRoot,
    `postType/post:${id}`,
  );
  const joinStarted = performance.now();
  await until(
    () => peer.others().length > 0 && rawBlockText(peer.doc, blockIndex) === side.typedText(),
    'the peer has the post',
  );
  const joinedMs = performance.now() - joinStarted;

  // Keystrokes in the typed block: the time until the side's document emitted the change, then
  // the time until the peer has it (polling intervals included), and the bytes of update rows.
  const doc = side.doc();
  let lastUpdate = 0;
  doc.on('updateV2', () => {
    lastUpdate = performance.now();
  });
  const keystrokes: number[] = [];
  const delivered: number[] = [];
  let bytesBefore = 0;
  let rowsBefore = 0;
  for (let i = 0; i < WARMUP + KEYSTROKES; i++) {
    if (i === WARMUP) {
      bytesBefore = wire.updateBytes;
      rowsBefore = wire.updateRows;
    }
    lastUpdate = 0;
    const started = performance.now();
    side.type('x');
    const returned = performance.now();
    await until(() => lastUpdate > 0, 'the keystroke in the document', 10_000);
    const ended = Math.max(returned, lastUpdate);
    const expected = side.typedText();
    await until(() => rawBlockText(peer.doc, blockIndex) === expected, 'the keystroke at the peer', 30_000);
    const arrived = performance.now();
    if (i >= WARMUP) {
      keystrokes.push(ended - started);
      delivered.push(arrived - started);
    }
  }
  // Let the last rows leave before counting the bytes.
  await sleep(200);
  const wireBytesPerKeystroke = (wire.updateBytes - bytesBefore) / KEYSTROKES;
  void rowsBefore;
  const sharedDocBytes = Y.encodeStateAsUpdateV2(doc).byteLength;

  const saveStarted = performance.now();
  const saveCpu = process.cpuUsage();
  await side.save();
  const saveMs = performance.now() - saveStarted;
  const saveCpuUsage = process.cpuUsage(saveCpu);
  const saveCpuMs = (saveCpuUsage.user + saveCpuUsage.system) / 1000;
  const stored = (mock.getPost(id)?.meta as Record<string, unknown> | undefined)?._crdt_document;

  gc?.();
  gc?.();
  const heapPerPostMB = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  peer.stop();
  const sorted = [...keystrokes].sort((a, b) => a - b);
  return {
    openMs,
    joinedMs,
    keystrokeMs: median(keystrokes),
    keystrokeP95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
    deliveredMs: median(delivered),
    wireBytesPerKeystroke,
    saveMs,
    saveCpuMs,
    sharedDocBytes,
    storedBefore: fixture.storedDocument.length,
    storedAfter: typeof stored === 'string' ? stored.length : 0,
    heapPerPostMB,
    rssMB: process.memoryUsage().rss / 1024 / 1024,
  };
}

/**
 * The fixture: the block editor opens the post first (no stored document yet: it writes the post
 * into a new document and stores it, as on a site where it was edited first), then a `RootStore`
 * joins from that and makes `edits` edits in the post's paragraphs (eight of ten add a character,
 * two take one typed before back), each its own change, and saves: the saved content and the stored document then
 * hold that history. Both sides open this same saved post.
 */
async function makeFixture(file: string, blockCount: number, edits: number): Promise<void> {
  const { mock, id } = await newMock(postMarkup(blockCount), '');
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    mock.handle(new Request(input, init));
  const { startBlockEditorPeer } = await import('../../test/helpers/blockEditorPeer.js');
  const peer = await startBlockEditorPeer({ restRoot: mock.restRoot, fetch });
  await peer.open(id);
  const storedOf = (): string =>
    String((mock.getPost(id)?.meta as Record<string, unknown> | undefined)?._crdt_document ?? '');
  await until(() => storedOf() !== '', "the block editor's stored document");
  peer.stop();
  const side = await ours(fetch, mock.restRoot, id, 0);
  await side.open();
  const count = side.blockAt!(0).count;
  const paragraphs: number[] = [];
  for (let index = 0; index < count; index++)
    if (side.blockAt!(index).name === 'core/paragraph') paragraphs.push(index);
  // Each edit its own change through the blocks view, as typing makes them.
  for (let i = 0; i < edits; i++) {
    const index = paragraphs[(i * 7) % paragraphs.length] as number;
    const text = side.blockAt!(index).text;
    // A deletion takes back a character typed here before (never a character of the markup).
    const deletes = i % 10 >= 8 && /[e ]$/.test(text);
    side.setBlockText!(index, deletes ? text.slice(0, -1) : `${text}${i % 5 === 0 ? ' ' : 'e'}`);
  }
  await side.save();
  const saved = mock.getPost(id)?.content as { raw?: string } | string | undefined;
  const content = typeof saved === 'string' ? saved : (saved?.raw ?? '');
  const fixture: LongPostFixture = { blocks: blockCount, edits, content, storedDocument: storedOf() };
  writeFileSync(file, JSON.stringify(fixture));
}

const fixtureOut = option('make-fixture');
if (fixtureOut !== undefined) {
  await makeFixture(fixtureOut, Number(option('blocks') ?? 1000), Number(option('edits') ?? 10_000));
  process.exit(0);
}
const fixture = JSON.parse(readFileSync(option('fixture') as string, 'utf8')) as LongPostFixture;
const figures = await measure(option('side') ?? 'ours', fixture);
console.log(`RESULT ${JSON.stringify(figures)}`);
process.exit(0);
