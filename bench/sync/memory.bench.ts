/**
 * `npm run bench:sync` (this file: BENCH=memory): what collaborative mode costs on top of Yjs.
 *
 * 1. 1,000 keystrokes in a post's title, each a `record.edit({ title })` through a RootStore with
 *    sync on (edit pipeline, MobX, edit funnel, binding's diff into the Y.Text, per-person undo),
 *    against the same keystrokes as raw `Y.Text.insert` calls (with and without a Y.UndoManager),
 *    and against the store with sync off.
 * 2. One keystroke from one store to the other store's observer (an autorun reading
 *    `record.edited.title`) over the in-memory provider, against the same keystroke between two raw
 *    Y.Docs over the same provider with a `Y.Text` observer. Updates are encoded and decoded on
 *    the way, so parsing is counted.
 *
 * The post is ~5.5 KB of JSON, as WordPress sends one with `context=edit`. Figures are medians of
 * rounds; the machine is shared, so read ratios, not absolute times. Nothing is asserted.
 */
import { autorun } from 'mobx';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { PostTypeConfig, RootStore, type EntityRecord, type Transport } from 'wp-entities';
import { memoryNetwork } from 'wp-entities/testing';
import type { ProviderFactory } from 'wp-entities/sync';
import { post } from '../scenarios/fixtures.js';

const KEYSTROKES = 1_000;
const ROUNDS = 7;

/** The bench's post, with a content as long as a real article's (the JSON is ~5 KB). */
function bigPost(id: number): Record<string, unknown> {
  const paragraphs = Array.from(
    { length: 22 },
    (_, i) =>
      `<!-- wp:paragraph -->\n<p>Paragraph ${i} of post ${id}: a sentence of ordinary length, with words.</p>\n<!-- /wp:paragraph -->`,
  ).join('\n\n');
  const base = post(id);
  return {
    ...base,
    status: 'draft',
    content: {
      raw: paragraphs,
      rendered: paragraphs.replace(/<!--[^>]*-->\n?/g, ''),
      protected: false,
      block_version: 1,
    },
  };
}

const offline: Transport = {
  request: () => Promise.reject(new Error('offline bench')),
  fetchAll: () => Promise.reject(new Error('offline bench')),
  allowedMethods: () => Promise.reject(new Error('offline bench')),
  batch: () => Promise.reject(new Error('offline bench')),
} as unknown as Transport;

const POST_JSON = JSON.stringify(bigPost(1));

function makeStore(providers: ProviderFactory[] | undefined, user = 1): RootStore {
  const store = new RootStore({
    transport: offline,
    ...(providers === undefined
      ? {}
      : { sync: { user: { id: user, name: `U${user}`, color: '#000' }, providers } }),
  });
  store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' }));
  // Parsing the JSON is part of loading a record, in every variant.
  store.collection('postType', 'post').receive(JSON.parse(POST_JSON) as Record<string, unknown>);
  return store;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function timeMs(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timeAsyncMs(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function typedTitle(i: number): string {
  return `Post number 1 ${'x'.repeat(i + 1)}`;
}

async function localEdits(): Promise<Record<string, number>> {
  const raw: number[] = [];
  const rawUndo: number[] = [];
  const rawConnected: number[] = [];
  const storeOff: number[] = [];
  const storeOn: number[] = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    {
      const doc = new Y.Doc();
      const awareness = new Awareness(doc);
      const text = doc.getText('title');
      text.insert(0, 'Post number 1 ');
      raw.push(
        timeMs(() => {
          for (let i = 0; i < KEYSTROKES; i++) doc.transact(() => text.insert(text.length, 'x'), 'me');
        }),
      );
      awareness.destroy();
    }
    {
      const doc = new Y.Doc();
      const awareness = new Awareness(doc);
      const text = doc.getText('title');
      text.insert(0, 'Post number 1 ');
      const origin = {};
      const undo = new Y.UndoManager(doc, { trackedOrigins: new Set([origin]) });
      rawUndo.push(
        timeMs(() => {
          for (let i = 0; i < KEYSTROKES; i++) doc.transact(() => text.insert(text.length, 'x'), origin);
        }),
      );
      undo.destroy();
      awareness.destroy();
    }
    {
      // The same, with what a joined room adds around a document: a provider listening to its
      // updates (each transaction is encoded to be sent) and awareness.
      const net = memoryNetwork();
      const doc = new Y.Doc();
      const awareness = new Awareness(doc);
      net.provider()({
        room: 'r',
        doc,
        awareness,
        transport: offline,
        setStatus: () => undefined,
        reportError: () => undefined,
      });
      const text = doc.getText('title');
      text.insert(0, 'Post number 1 ');
      const origin = {};
      const undo = new Y.UndoManager(doc, { trackedOrigins: new Set([origin]) });
      rawConnected.push(
        timeMs(() => {
          for (let i = 0; i < KEYSTROKES; i++) doc.transact(() => text.insert(text.length, 'x'), origin);
        }),
      );
      undo.destroy();
      awareness.destroy();
      net.dispose();
    }
    {
      const store = makeStore(undefined);
      const record = store.record('postType', 'post', 1);
      storeOff.push(
        timeMs(() => {
          for (let i = 0; i < KEYSTROKES; i++) record.edit({ title: typedTitle(i) });
        }),
      );
      store.dispose();
    }
    {
      const net = memoryNetwork();
      const store = makeStore([net.provider()]);
      const record = store.record('postType', 'post', 1) as EntityRecord<object>;
      await store.sync?.join(record);
      storeOn.push(
        timeMs(() => {
          for (let i = 0; i < KEYSTROKES; i++) record.edit({ title: typedTitle(i) });
        }),
      );
      if ((record.edited as { title?: string }).title !== typedTitle(KEYSTROKES - 1))
        throw new Error('edits lost');
      if (store.sync?.doc(record).getMap('edits').size !== 1) throw new Error('edits not in the document');
      store.dispose();
      net.dispose();
    }
  }
  // The first round warms the JIT; it is left out.
  const pick = (values: number[]): number => median(values.slice(1));
  return {
    raw: pick(raw),
    rawUndo: pick(rawUndo),
    rawConnected: pick(rawConnected),
    storeOff: pick(storeOff),
    storeOn: pick(storeOn),
  };
}

async function keystrokeToPeer(): Promise<Record<string, number>> {
  const ours: number[] = [];
  const raw: number[] = [];
  const COUNT = 500;
  for (let round = 0; round < ROUNDS + 1; round++) {
    {
      const net = memoryNetwork();
      const a = makeStore([net.provider()], 1);
      const b = makeStore([net.provider()], 2);
      const ra = a.record('postType', 'post', 1) as EntityRecord<object>;
      const rb = b.record('postType', 'post', 1) as EntityRecord<object>;
      await Promise.all([a.sync?.join(ra), b.sync?.join(rb)]);
      await net.flush();
      let seen = '';
      const stop = autorun(() => {
        seen = (rb.edited as { title?: string }).title ?? '';
      });
      ours.push(
        await timeAsyncMs(async () => {
          for (let i = 0; i < COUNT; i++) {
            ra.edit({ title: typedTitle(i) });
            await net.flush();
            if (seen.length !== typedTitle(i).length) throw new Error(`keystroke ${i} did not arrive`);
          }
        }),
      );
      stop();
      a.dispose();
      b.dispose();
      net.dispose();
    }
    {
      const net = memoryNetwork();
      const docA = new Y.Doc();
      const docB = new Y.Doc();
      const pa = net.provider();
      const pb = net.provider();
      const context = (doc: Y.Doc) => ({
        room: 'r',
        doc,
        awareness: new Awareness(doc),
        transport: offline,
        setStatus: () => undefined,
        reportError: () => undefined,
      });
      const ca = context(docA);
      const cb = context(docB);
      pa(ca);
      pb(cb);
      docA.getText('title').insert(0, 'Post number 1 ');
      await net.flush();
      let seen = '';
      const textB = docB.getText('title');
      textB.observe(() => {
        seen = textB.toString();
      });
      const textA = docA.getText('title');
      raw.push(
        await timeAsyncMs(async () => {
          for (let i = 0; i < COUNT; i++) {
            textA.insert(textA.length, 'x');
            await net.flush();
            if (seen.length !== typedTitle(i).length) throw new Error(`raw keystroke ${i} did not arrive`);
          }
        }),
      );
      ca.awareness.destroy();
      cb.awareness.destroy();
      net.dispose();
    }
  }
  const pick = (values: number[]): number => (median(values.slice(1)) / COUNT) * 1000;
  return { oursUs: pick(ours), rawUs: pick(raw) };
}

console.log(
  `post JSON: ${(POST_JSON.length / 1024).toFixed(1)} KB; ${KEYSTROKES} keystrokes; median of ${ROUNDS} rounds`,
);
const local = await localEdits();
console.log('1,000 local title keystrokes (ms):');
console.log(`  raw Y.Text.insert                      ${local.raw?.toFixed(2)}`);
console.log(`  raw Y.Text.insert + Y.UndoManager      ${local.rawUndo?.toFixed(2)}`);
console.log(`  raw, + UndoManager + provider, awareness ${local.rawConnected?.toFixed(2)}`);
console.log(`  RootStore, sync off                    ${local.storeOff?.toFixed(2)}`);
console.log(`  RootStore, sync on (room joined)       ${local.storeOn?.toFixed(2)}`);
console.log(
  `  ratio sync on / raw Yjs                ${((local.storeOn ?? 0) / (local.raw ?? 1)).toFixed(2)}x`,
);
console.log(
  `  ratio sync on / raw Yjs + UndoManager  ${((local.storeOn ?? 0) / (local.rawUndo ?? 1)).toFixed(2)}x`,
);
console.log(
  `  ratio sync on / raw connected          ${((local.storeOn ?? 0) / (local.rawConnected ?? 1)).toFixed(2)}x`,
);
console.log(
  `  sync's own cost: on - off              ${((local.storeOn ?? 0) - (local.storeOff ?? 0)).toFixed(2)} ms`,
);
const peer = await keystrokeToPeer();
console.log('one keystroke, store A edit -> store B observer, memory provider (us per keystroke):');
console.log(`  raw Y.Doc -> Y.Doc observer            ${peer.rawUs?.toFixed(1)}`);
console.log(`  RootStore -> RootStore autorun         ${peer.oursUs?.toFixed(1)}`);
console.log(
  `  ratio                                  ${((peer.oursUs ?? 0) / (peer.rawUs ?? 1)).toFixed(2)}x`,
);
