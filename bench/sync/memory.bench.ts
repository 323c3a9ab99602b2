/**
 * `npm run bench:sync` (this file: BENCH=memory): what collaborative mode costs on top of Yjs.
 *
 * The baseline is a hand-written Yjs editor doing what any editor must for a keystroke, no less:
 * the minimal diff from the value it shows (`diffText`, the function the binding uses) applied in
 * one transaction with its own origin, a `Y.UndoManager` tracking that origin (same capture
 * timeout as the store), the same provider listening to updates, awareness, a `Y.Text` observer
 * that reads a change it did not make (a peer's, an undo) back from the text, and the value as an
 * observable: each new value goes to its subscribers, as a UI re-renders.
 *
 * 1. 1,000 keystrokes at the end of a post's title, then 1,000 in the middle of its content (where
 *    the diff has the most to compare), each a `record.edit({ title }, { isCached })` (or
 *    `{ content }`; the burst is one undo step) through a RootStore with sync on (edit pipeline,
 *    MobX, edit funnel, binding's diff into the Y.Text, per-person undo, the provider's update
 *    encoding, awareness), against the raw editor typing the same values. The store's first
 *    keystroke also seeds the field's text (counted); the raw editor's text is filled before
 *    timing. Also printed, so the cost is visible by layer: bare Yjs (the diff and the
 *    transaction, nothing attached), the raw editor on the store's document layout (the text
 *    inside the root map `document`, with the genesis updates of `state` and the field and the seed:
 *    more client ids in the document, which every transaction's state vectors walk), and the store with sync off.
 * 2. One keystroke from one store to the other store's observer (an autorun reading
 *    `record.edited.title`) over the in-memory provider, against the same keystroke between two
 *    raw editors as above over the same provider, the receiving one's value subscriber reading
 *    the new value. Updates are encoded and decoded on the way, so parsing is counted. The target
 *    row times from the first keystroke (the store's seeds its text); a second reading, printed
 *    below it and not the target's, times after {@link STEADY_AFTER} keystrokes both sides type
 *    untimed.
 *
 * The post is the bench fixtures' post (~5.4 KB of JSON, as WordPress sends one with
 * `context=edit`), parsed from JSON as a load would. The variants run in turn, in a rotating order,
 * in every round (no forced GC before a run: V8 then shrinks the young generation and the run that
 * follows collects more often); the timings are medians of rounds (`ROUNDS=n`, 15 by default).
 * The first rounds warm the JIT and are left out (`WARMUP=n`, 8 by default): the store's path is
 * several times more code than the raw editor's and takes more rounds to reach its steady speed
 * (measured per round: the peer scenario's stores fall from ~400 to ~35 µs per keystroke over
 * about 8 rounds, the raw editors from ~150 to ~20 µs over about 4); with one round left out, the
 * median counted the compiler's warm-up as the store's cost per keystroke. A ratio is taken per round, between runs made one after
 * the other under the same load, and printed as the median with the lowest and highest round.
 * Wall-clock time and process CPU time are both printed (the target applies to both): the machine
 * may be shared, and CPU time is less disturbed by other processes (it does count V8's GC and
 * compiler threads); the load average is printed before and after. Nothing is asserted.
 *
 * @module
 */
import { loadavg } from 'node:os';
import { autorun } from 'mobx';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { PostTypeConfig, RootStore, type EntityRecord, type Transport } from 'wp-entities';
import { memoryNetwork, type MemoryNetwork } from 'wp-entities/testing';
import type { ProviderContext, ProviderFactory } from 'wp-entities/sync';
import {
  applyFieldGenesis,
  applyStateGenesis,
  DEFAULT_TEXT_FIELDS,
  seedField,
  sharedTextOf,
} from '../../src/sync/shared/recordDoc.js';
import { diffText } from '../../src/sync/shared/textDiff.js';
import { post } from '../scenarios/fixtures.js';
import { median } from '../stats.js';

const KEYSTROKES = 1_000;
const PEER_KEYSTROKES = 500;
const ROUNDS = Number(process.env.ROUNDS ?? 15);
/** Rounds run first and left out (see the module comment). */
const WARMUP = Number(process.env.WARMUP ?? 8);
/** The store's default `undoCaptureTimeoutMs`; the raw editors' undo managers use the same. */
const CAPTURE_TIMEOUT_MS = 500;
const TITLE = 'Post number 1 ';
/** The store's document layout for a post (see `src/sync/shared/recordDoc.ts`). */
const LAYOUT_RULES = { textFields: DEFAULT_TEXT_FIELDS, mergedFields: new Set(['meta']) };

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
 * A hand-written Yjs editor of one post, doing what any editor must for a keystroke: the document
 * built from the same parsed JSON, awareness, an undo manager tracking this editor's origin, (when
 * `net` is given) a provider on it, and the field's value as an observable the UI subscribes to
 * ({@link RawEditor.subscribe}). {@link RawEditor.type} is one keystroke: the minimal diff from the
 * value the editor shows, in one transaction, then the new value to the subscribers. A change the
 * editor did not make (a peer's, an undo) is read back from the text into the value, and the
 * subscribers are told.
 */
class RawEditor {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  readonly title: Y.Text;
  private readonly origin = {};
  private readonly undo: Y.UndoManager | undefined;
  private readonly onLayout: boolean;
  private readonly field: TypedField['name'];
  private readonly subscribers = new Set<(value: string) => void>();
  private shown: string;

  constructor(options: {
    net?: MemoryNetwork;
    bare?: boolean;
    onLayout?: boolean;
    field?: TypedField['name'];
  }) {
    const field = options.field ?? 'title';
    this.field = field;
    this.onLayout = options.onLayout === true;
    if (this.onLayout) {
      // The store's layout: the text inside the root map `document`, created by the genesis
      // updates of `state` and of the field (a client id each; the store makes a field's at its
      // first write), seeded by a client of its own.
      applyStateGenesis(this.doc);
      applyFieldGenesis(this.doc, LAYOUT_RULES, field);
      this.title = sharedTextOf(this.doc, field) as Y.Text;
    } else {
      this.title = this.doc.getText(field);
    }
    const parsed = JSON.parse(POST_JSON) as Record<TypedField['name'], { raw: string }>;
    this.shown = parsed[field].raw;
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
    this.undo =
      options.bare !== true
        ? new Y.UndoManager(this.doc, {
            trackedOrigins: new Set([this.origin]),
            captureTimeout: CAPTURE_TIMEOUT_MS,
          })
        : undefined;
    if (options.bare === true) return;
    this.title.observe((event) => {
      if (event.transaction.origin === this.origin) return;
      this.show(this.title.toString());
    });
  }

  /** The value the editor shows. */
  get value(): string {
    return this.shown;
  }

  /** Calls `subscriber` with each new value (as a UI component re-renders). */
  subscribe(subscriber: (value: string) => void): void {
    this.subscribers.add(subscriber);
  }

  /** Starts the text from the loaded value (once, by the first editor of a room). */
  seed(): void {
    if (this.onLayout) seedField(this.doc, this.field, '', this.shown);
    else this.title.insert(0, this.shown);
  }

  type(next: string): void {
    const change = diffText(this.shown, next);
    if (change === undefined) return;
    this.doc.transact(() => {
      if (change.deleteCount > 0) this.title.delete(change.index, change.deleteCount);
      if (change.insert !== '') this.title.insert(change.index, change.insert);
    }, this.origin);
    this.show(next);
  }

  private show(value: string): void {
    this.shown = value;
    for (const subscriber of this.subscribers) subscriber(value);
  }

  destroy(): void {
    this.undo?.destroy();
    this.awareness.destroy();
    this.doc.destroy();
  }
}

type LocalVariant = 'bareYjs' | 'rawEditor' | 'rawOnLayout' | 'storeOff' | 'storeOn';

async function localRun(variant: LocalVariant, field: TypedField): Promise<Timing> {
  const last = field.typed(KEYSTROKES - 1);
  if (variant === 'bareYjs' || variant === 'rawEditor' || variant === 'rawOnLayout') {
    const net = memoryNetwork();
    const editor =
      variant === 'bareYjs'
        ? new RawEditor({ bare: true, field: field.name })
        : new RawEditor({ net, field: field.name, onLayout: variant === 'rawOnLayout' });
    editor.seed();
    const timing = await time(() => {
      for (let i = 0; i < KEYSTROKES; i++) editor.type(field.typed(i));
    });
    if (editor.title.toString() !== last || editor.value !== last) throw new Error('raw edits lost');
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

/**
 * Keystrokes typed before the timing starts in the steady-state reading of the peer scenario (both
 * sides alike): the store's first keystroke seeds the field's text (the raw editor's text is filled
 * before timing), and the young generation still holds what making the stores allocated.
 */
const STEADY_AFTER = 20;

async function peerRun(variant: PeerVariant, untimed = 0): Promise<Timing> {
  const net = memoryNetwork();
  if (variant === 'rawEditors') {
    const a = new RawEditor({ net });
    const b = new RawEditor({ net });
    a.seed();
    await net.flush();
    let seen = '';
    b.subscribe((value) => {
      seen = value;
    });
    for (let i = 0; i < untimed; i++) {
      a.type(typedTitle(i));
      await net.flush();
    }
    const timing = await time(async () => {
      for (let i = untimed; i < untimed + PEER_KEYSTROKES; i++) {
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
  for (let i = 0; i < untimed; i++) {
    ra.edit({ title: typedTitle(i) }, typing(i));
    await net.flush();
  }
  const timing = await time(async () => {
    for (let i = untimed; i < untimed + PEER_KEYSTROKES; i++) {
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

/** Each variant's timings, one per round (same order), and their medians. */
interface Measured<V extends string> {
  readonly median: Record<V, Timing>;
  readonly perRound: Record<V, Timing[]>;
}

/** Runs every variant once per round, in a rotating order; the {@link WARMUP} rounds are left out. */
async function rounds<V extends string>(
  variants: readonly V[],
  run: (variant: V) => Promise<Timing>,
): Promise<Measured<V>> {
  const perRound = {} as Record<V, Timing[]>;
  for (const variant of variants) perRound[variant] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(round + k) % variants.length] as V;
      const timing = await run(variant);
      if (round >= WARMUP) perRound[variant].push(timing);
    }
  }
  const medians = {} as Record<V, Timing>;
  for (const variant of variants) {
    const list = perRound[variant];
    medians[variant] = {
      wallMs: median(list.map((timing) => timing.wallMs)),
      cpuMs: median(list.map((timing) => timing.cpuMs)),
    };
  }
  return { median: medians, perRound };
}

function row(label: string, timing: Timing, scale = 1, digits = 2): string {
  const wall = (timing.wallMs * scale).toFixed(digits).padStart(9);
  const cpu = (timing.cpuMs * scale).toFixed(digits).padStart(17);
  return `  ${label.padEnd(60)}${wall}${cpu}`;
}

/** Median, lowest and highest of the per-round ratios, as `1.23x (1.10-1.40)`. */
function spread(ratios: readonly number[]): string {
  const low = Math.min(...ratios).toFixed(2);
  const high = Math.max(...ratios).toFixed(2);
  return `${median(ratios).toFixed(2)}x (${low}-${high})`;
}

/**
 * The ratio of two variants measured in the same rounds: each round's ratio (the two ran one after
 * the other, under the same load), then their median and range.
 */
function ratio(label: string, ours: readonly Timing[], base: readonly Timing[]): string {
  const wall = ours.map((timing, i) => timing.wallMs / (base[i] as Timing).wallMs);
  const cpu = ours.map((timing, i) => timing.cpuMs / (base[i] as Timing).cpuMs);
  return `  ${label.padEnd(60)}${spread(wall).padStart(19)}${spread(cpu).padStart(19)}`;
}

function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

const HEADER = '     wall (ms)' + '   cpu (ms)'.padStart(17);
const RATIO_HEADER = '  ratios: median of rounds (lowest-highest)';
console.log(
  `post JSON: ${(POST_JSON.length / 1024).toFixed(1)} KB; median of ${ROUNDS} rounds after ${WARMUP} left out (variants alternate); load average ${loadAverage()}`,
);
for (const [field, where] of [
  [IN_TITLE, 'at the end of the title'],
  [IN_CONTENT, `in the middle of the content (${(CONTENT.length / 1024).toFixed(1)} KB)`],
] as const) {
  const local = await rounds<LocalVariant>(
    ['bareYjs', 'rawEditor', 'rawOnLayout', 'storeOff', 'storeOn'],
    (variant) => localRun(variant, field),
  );
  const m = local.median;
  console.log(`${KEYSTROKES.toLocaleString('en')} local keystrokes ${where}`.padEnd(62) + HEADER);
  console.log(row('bare Yjs: diff + transaction', m.bareYjs));
  console.log(row('raw Yjs editor: + UndoManager, observer, provider, awareness', m.rawEditor));
  console.log(row("raw Yjs editor on the store's document layout", m.rawOnLayout));
  console.log(row('RootStore, sync off (plain store edit path)', m.storeOff));
  console.log(row('RootStore, sync on (room joined)', m.storeOn));
  console.log(
    row('sync on - sync off - raw Yjs editor (the glue)', {
      wallMs: m.storeOn.wallMs - m.storeOff.wallMs - m.rawEditor.wallMs,
      cpuMs: m.storeOn.cpuMs - m.storeOff.cpuMs - m.rawEditor.cpuMs,
    }),
  );
  console.log(RATIO_HEADER);
  const on = local.perRound.storeOn;
  console.log(ratio('sync on / raw Yjs editor (target <= 1.5x)', on, local.perRound.rawEditor));
  console.log(
    ratio(
      'raw Yjs editor on the layout / raw Yjs editor',
      local.perRound.rawOnLayout,
      local.perRound.rawEditor,
    ),
  );
  console.log(ratio('sync on / raw Yjs editor on the layout', on, local.perRound.rawOnLayout));
  console.log(ratio('sync on / bare Yjs', on, local.perRound.bareYjs));
}
const peer = await rounds<PeerVariant>(['rawEditors', 'stores'], (variant) => peerRun(variant));
const perKeystroke = 1000 / PEER_KEYSTROKES;
console.log(
  'one keystroke, A edits -> B observer, memory provider'.padEnd(62) + HEADER.replaceAll('ms', 'us'),
);
console.log(
  row('raw Yjs editor -> raw Yjs editor, value subscriber', peer.median.rawEditors, perKeystroke, 1),
);
console.log(row('RootStore -> RootStore autorun', peer.median.stores, perKeystroke, 1));
console.log(RATIO_HEADER);
console.log(
  ratio('stores / raw Yjs editors (target <= 1.5x)', peer.perRound.stores, peer.perRound.rawEditors),
);
// Not the target's reading: the same, after keystrokes both sides type untimed (see STEADY_AFTER).
const steady = await rounds<PeerVariant>(['rawEditors', 'stores'], (variant) =>
  peerRun(variant, STEADY_AFTER),
);
console.log(
  ratio(
    `the same after ${STEADY_AFTER} untimed keystrokes (no seed, setup's garbage collected)`,
    steady.perRound.stores,
    steady.perRound.rawEditors,
  ),
);
console.log(`load average at the end: ${loadAverage()}`);
