/**
 * `npm run bench:sync` (this file: BENCH=memory): what collaborative mode costs on top of Yjs.
 *
 * 1. 1,000 keystrokes at the end of a post's title, then 1,000 in the middle of its content (where
 *    the diff has the most to compare), each a `record.edit({ title }, { isCached })` (or
 *    `{ content }`; the burst is one undo step) through a RootStore with sync on (edit pipeline,
 *    MobX, edit funnel, binding's diff into the Y.Text, per-person undo, the provider's update
 *    encoding, awareness), against what a hand-written Yjs editor does for
 *    the same keystrokes: the minimal diff from the previous value (`diffText`, the same function
 *    the binding uses) applied in one transaction with its own origin, a `Y.UndoManager` tracking
 *    that origin (same capture timeout), the same provider listening to updates, and awareness.
 *    Also printed: bare Yjs (the diff and the transaction, nothing attached) and the store with
 *    sync off (the plain store edit path), so the cost is visible by layer.
 * 2. One keystroke from one store to the other store's observer (an autorun reading
 *    `record.edited.title`) over the in-memory provider, against the same keystroke between two
 *    hand-written Yjs editors as above (diff, origin, undo manager and awareness on both sides) over
 *    the same provider, with a `Y.Text` observer reading the text. Updates are encoded and decoded
 *    on the way, so parsing is counted.
 *
 * The post is the bench fixtures' post (~5.4 KB of JSON, as WordPress sends one with
 * `context=edit`), parsed from JSON as a load would. The variants run in turn, in a rotating order,
 * in every round (no forced GC before a run: V8 then shrinks the young generation and the run that
 * follows collects more often); the figures are medians of rounds (the first round warms the
 * JIT and is left out; `ROUNDS=n` for more). Wall-clock time and process CPU time are both
 * printed: the machine is shared, and CPU time is less disturbed by other processes (it does count
 * V8's GC and compiler threads). Nothing is asserted.
 *
 * @module
 */
import { autorun } from 'mobx';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { PostTypeConfig, RootStore, type EntityRecord, type Transport } from 'wp-entities';
import { memoryNetwork, type MemoryNetwork } from 'wp-entities/testing';
import type { ProviderContext, ProviderFactory } from 'wp-entities/sync';
import { diffText } from '../../src/sync/textDiff.js';
import { post } from '../scenarios/fixtures.js';
import { median } from '../stats.js';

const KEYSTROKES = 1_000;
const PEER_KEYSTROKES = 500;
const ROUNDS = Number(process.env.ROUNDS ?? 15);
/** The store's default `undoCaptureTimeoutMs`; the raw editors' undo managers use the same. */
const CAPTURE_TIMEOUT_MS = 500;
const TITLE = 'Post number 1 ';

const offline: Transport = {
  request: () => Promise.reject(new Error('offline bench')),
  fetchAll: () => Promise.reject(new Error('offline bench')),
  allowedMethods: () => Promise.reject(new Error('offline bench')),
  batch: () => Promise.reject(new Error('offline bench')),
} as unknown as Transport;

const POST_JSON = JSON.stringify({ ...post(1), status: 'draft', title: { raw: TITLE, rendered: TITLE } });

/** One timed run: wall-clock and CPU milliseconds. */
interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
}

async function time(run: () => void | Promise<void>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await run();
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

function typedTitle(i: number): string {
  return `${TITLE}${'x'.repeat(i + 1)}`;
}

const CONTENT = (JSON.parse(POST_JSON) as { content: { raw: string } }).content.raw;
const MIDDLE = Math.floor(CONTENT.length / 2);

/** The content after `i + 1` keystrokes typed in its middle (where diffing costs the most). */
function typedContent(i: number): string {
  return `${CONTENT.slice(0, MIDDLE)}${'x'.repeat(i + 1)}${CONTENT.slice(MIDDLE)}`;
}

/**
 * How an editor hands a keystroke to the store: the first opens an undo step, the rest of the
 * burst join it (`isCached`), as the example editor's typing does. The raw editors' undo managers
 * likewise make one step of a burst (their capture timeout).
 */
function typing(i: number): { isCached: boolean } {
  return { isCached: i > 0 };
}

/** A field typed into by the local benchmark, and its value after each keystroke. */
interface TypedField {
  readonly name: 'title' | 'content';
  readonly typed: (i: number) => string;
}

const IN_TITLE: TypedField = { name: 'title', typed: typedTitle };
const IN_CONTENT: TypedField = { name: 'content', typed: typedContent };

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

/**
 * A hand-written Yjs editor of one post: the document built from the same parsed JSON, awareness,
 * an undo manager tracking this editor's origin, and (when `net` is given) a provider on it.
 * {@link RawEditor.type} is one keystroke: the minimal diff from the previous value, in one
 * transaction.
 */
class RawEditor {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  readonly title: Y.Text;
  private readonly origin = {};
  private readonly undo: Y.UndoManager | undefined;
  private value: string;

  constructor(options: { net?: MemoryNetwork; undo: boolean; field?: TypedField['name'] }) {
    const field = options.field ?? 'title';
    this.title = this.doc.getText(field);
    const parsed = JSON.parse(POST_JSON) as Record<TypedField['name'], { raw: string }>;
    this.value = parsed[field].raw;
    this.awareness.setLocalState({ user: { id: 1, name: 'U1', color: '#000' } });
    if (options.net !== undefined) {
      const context: ProviderContext = {
        room: 'r',
        doc: this.doc,
        awareness: this.awareness,
        transport: offline,
        setStatus: () => undefined,
        reportError: () => undefined,
      };
      options.net.provider()(context);
    }
    this.undo = options.undo
      ? new Y.UndoManager(this.doc, {
          trackedOrigins: new Set([this.origin]),
          captureTimeout: CAPTURE_TIMEOUT_MS,
        })
      : undefined;
  }

  /** Starts the text from the loaded value (once, by the first editor of a room). */
  seed(): void {
    this.title.insert(0, this.value);
  }

  type(next: string): void {
    const change = diffText(this.value, next);
    this.value = next;
    if (change === undefined) return;
    this.doc.transact(() => {
      if (change.deleteCount > 0) this.title.delete(change.index, change.deleteCount);
      if (change.insert !== '') this.title.insert(change.index, change.insert);
    }, this.origin);
  }

  destroy(): void {
    this.undo?.destroy();
    this.awareness.destroy();
    this.doc.destroy();
  }
}

type LocalVariant = 'bareYjs' | 'rawEditor' | 'storeOff' | 'storeOn';

async function localRun(variant: LocalVariant, field: TypedField): Promise<Timing> {
  const last = field.typed(KEYSTROKES - 1);
  if (variant === 'bareYjs' || variant === 'rawEditor') {
    const net = memoryNetwork();
    const editor =
      variant === 'bareYjs'
        ? new RawEditor({ undo: false, field: field.name })
        : new RawEditor({ net, undo: true, field: field.name });
    editor.seed();
    const timing = await time(() => {
      for (let i = 0; i < KEYSTROKES; i++) editor.type(field.typed(i));
    });
    if (editor.title.toString() !== last) throw new Error('raw edits lost');
    editor.destroy();
    net.dispose();
    return timing;
  }
  const net = memoryNetwork();
  const store = makeStore(variant === 'storeOn' ? [net.provider()] : undefined);
  const record = store.record('postType', 'post', 1) as EntityRecord<object>;
  if (variant === 'storeOn') await store.sync?.join(record);
  const timing = await time(() => {
    for (let i = 0; i < KEYSTROKES; i++) record.edit({ [field.name]: field.typed(i) }, typing(i));
  });
  if ((record.edited as Record<string, unknown>)[field.name] !== last) throw new Error('edits lost');
  if (variant === 'storeOn') {
    if (store.sync?.sharedText(record, field.name)?.toString() !== last)
      throw new Error('edits not in the document');
    if (!store.history.hasUndo) throw new Error('no undo step');
  }
  store.dispose();
  net.dispose();
  return timing;
}

type PeerVariant = 'rawEditors' | 'stores';

async function peerRun(variant: PeerVariant): Promise<Timing> {
  const net = memoryNetwork();
  if (variant === 'rawEditors') {
    const a = new RawEditor({ net, undo: true });
    const b = new RawEditor({ net, undo: true });
    a.seed();
    await net.flush();
    let seen = '';
    b.title.observe(() => {
      seen = b.title.toString();
    });
    const timing = await time(async () => {
      for (let i = 0; i < PEER_KEYSTROKES; i++) {
        a.type(typedTitle(i));
        await net.flush();
        if (seen.length !== typedTitle(i).length) throw new Error(`raw keystroke ${i} did not arrive`);
      }
    });
    a.destroy();
    b.destroy();
    net.dispose();
    return timing;
  }
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
  const timing = await time(async () => {
    for (let i = 0; i < PEER_KEYSTROKES; i++) {
      ra.edit({ title: typedTitle(i) }, typing(i));
      await net.flush();
      if (seen.length !== typedTitle(i).length) throw new Error(`keystroke ${i} did not arrive`);
    }
  });
  stop();
  a.dispose();
  b.dispose();
  net.dispose();
  return timing;
}

/** Runs every variant once per round, in a rotating order; the first round is left out. */
async function rounds<V extends string>(
  variants: readonly V[],
  run: (variant: V) => Promise<Timing>,
): Promise<Record<V, Timing>> {
  const samples = new Map<V, Timing[]>(variants.map((variant) => [variant, []]));
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(round + k) % variants.length] as V;
      const timing = await run(variant);
      if (round > 0) samples.get(variant)?.push(timing);
    }
  }
  const result = {} as Record<V, Timing>;
  for (const [variant, list] of samples) {
    result[variant] = {
      wallMs: median(list.map((timing) => timing.wallMs)),
      cpuMs: median(list.map((timing) => timing.cpuMs)),
    };
  }
  return result;
}

function row(label: string, timing: Timing, scale = 1, digits = 2): string {
  const wall = (timing.wallMs * scale).toFixed(digits).padStart(9);
  const cpu = (timing.cpuMs * scale).toFixed(digits).padStart(9);
  return `  ${label.padEnd(52)}${wall}${cpu}`;
}

function ratio(label: string, ours: Timing, base: Timing): string {
  const wall = `${(ours.wallMs / base.wallMs).toFixed(2)}x`.padStart(9);
  const cpu = `${(ours.cpuMs / base.cpuMs).toFixed(2)}x`.padStart(9);
  return `  ${label.padEnd(52)}${wall}${cpu}`;
}

console.log(
  `post JSON: ${(POST_JSON.length / 1024).toFixed(1)} KB; median of ${ROUNDS} rounds (variants alternate); wall and CPU time`,
);
for (const [field, where] of [
  [IN_TITLE, 'at the end of the title'],
  [IN_CONTENT, `in the middle of the content (${(CONTENT.length / 1024).toFixed(1)} KB)`],
] as const) {
  const local = await rounds<LocalVariant>(['bareYjs', 'rawEditor', 'storeOff', 'storeOn'], (variant) =>
    localRun(variant, field),
  );
  console.log(
    `${KEYSTROKES.toLocaleString('en')} local keystrokes ${where} (ms)`.padEnd(54) + '     wall      cpu',
  );
  console.log(row('bare Yjs: diff + transaction', local.bareYjs));
  console.log(row('raw Yjs editor: + UndoManager, provider, awareness', local.rawEditor));
  console.log(row('RootStore, sync off (plain store edit path)', local.storeOff));
  console.log(row('RootStore, sync on (room joined)', local.storeOn));
  console.log(ratio('ratio sync on / raw Yjs editor (target <= 1.5x)', local.storeOn, local.rawEditor));
  console.log(ratio('ratio sync on / bare Yjs', local.storeOn, local.bareYjs));
  console.log(
    row('sync on - sync off - raw Yjs editor (the glue)', {
      wallMs: local.storeOn.wallMs - local.storeOff.wallMs - local.rawEditor.wallMs,
      cpuMs: local.storeOn.cpuMs - local.storeOff.cpuMs - local.rawEditor.cpuMs,
    }),
  );
}
const peer = await rounds<PeerVariant>(['rawEditors', 'stores'], peerRun);
const perKeystroke = 1000 / PEER_KEYSTROKES;
console.log('one keystroke, A edits -> B observer, memory provider (us)'.padEnd(54) + '     wall      cpu');
console.log(row('raw Yjs editor -> raw Yjs editor, Y.Text observer', peer.rawEditors, perKeystroke, 1));
console.log(row('RootStore -> RootStore autorun', peer.stores, perKeystroke, 1));
console.log(ratio('ratio (target <= 1.5x)', peer.stores, peer.rawEditors));
