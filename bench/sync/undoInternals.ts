/**
 * `npm run bench:undo-internals`: what the two patches on `Y.UndoManager` internals
 * (`src/sync/client/yjsUndoInternals.ts`) cost and save.
 *
 * 1. Typing: 2,000 keystrokes, one transaction each, at the end of a `Y.Text` inside the root map
 *    `document` (the store's layout), tracked by an undo manager with the store's options (one
 *    origin, no time split: the burst is one step). Three variants, in a rotating order: no undo
 *    manager (what Yjs itself costs), Yjs's own capture (`afterTransactionHandler`), and the capture
 *    in place (`captureInsertionsInPlace`). Printed: the median CPU time per keystroke over the
 *    rounds, and the undo manager's share (the variant minus no manager).
 * 2. Liveness: `hasEffectiveItem` over an undo stack of 200 steps of 10 keystrokes each, with a peer
 *    having deleted all of it (the worst case: every step is walked and found dead), per call; and
 *    over the live stack (the common case: the newest step answers). Public API has no way to ask
 *    this without undoing, so there is no variant to compare with; this is its cost.
 *
 * @module
 */
import * as Y from 'yjs';
import { captureInsertionsInPlace, hasEffectiveItem } from '../../src/sync/client/yjsUndoInternals.js';
import { median } from '../stats.js';

const KEYSTROKES = 2_000;
const ROUNDS = 40;
const ORIGIN = { person: 'me' };

type Variant = 'no undo manager' | "Yjs's capture" | 'capture in place';
const VARIANTS: readonly Variant[] = ['no undo manager', "Yjs's capture", 'capture in place'];

/** CPU milliseconds of this process (user + system): steadier than wall time on a shared machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU milliseconds to type the burst in a fresh document with `variant`'s undo. */
function typeBurst(variant: Variant): number {
  const doc = new Y.Doc();
  const map = doc.getMap('document');
  doc.transact(() => map.set('title', new Y.Text('Hello')));
  const text = map.get('title') as Y.Text;
  let stop = (): void => undefined;
  let manager: Y.UndoManager | undefined;
  if (variant !== 'no undo manager') {
    manager = new Y.UndoManager(doc, { trackedOrigins: new Set([ORIGIN]), captureTimeout: Infinity });
    if (variant === 'capture in place') stop = captureInsertionsInPlace(manager, doc);
  }
  const started = cpuMs();
  for (let i = 0; i < KEYSTROKES; i++) doc.transact(() => text.insert(text.length, 'x'), ORIGIN);
  const elapsed = cpuMs() - started;
  if (manager !== undefined && manager.undoStack.length !== 1) throw new Error('the burst is not one step');
  stop();
  manager?.destroy();
  doc.destroy();
  return elapsed;
}

function benchTyping(): void {
  const times = new Map<Variant, number[]>(VARIANTS.map((variant) => [variant, []]));
  for (let round = 0; round < ROUNDS + 2; round++) {
    for (let i = 0; i < VARIANTS.length; i++) {
      const variant = VARIANTS[(round + i) % VARIANTS.length] as Variant;
      const ms = typeBurst(variant);
      if (round >= 2) times.get(variant)?.push(ms);
    }
  }
  const perKey = (variant: Variant): number => (median(times.get(variant) ?? []) / KEYSTROKES) * 1000;
  const bare = perKey('no undo manager');
  console.log(`Typing: ${KEYSTROKES} keystrokes, median of ${ROUNDS} rounds (CPU µs per keystroke)`);
  for (const variant of VARIANTS) {
    const us = perKey(variant);
    const share = variant === 'no undo manager' ? '' : `  undo manager ${(us - bare).toFixed(2)} µs`;
    console.log(`  ${variant.padEnd(18)} ${us.toFixed(2)} µs${share}`);
  }
  const own = perKey("Yjs's capture") - bare;
  const inPlace = perKey('capture in place') - bare;
  console.log(
    `  capture in place saves ${(own - inPlace).toFixed(2)} µs per keystroke (${((1 - inPlace / own) * 100).toFixed(0)} % of the undo manager's cost)`,
  );
}

function benchLiveness(): void {
  const doc = new Y.Doc();
  const text = doc.getText('title');
  const manager = new Y.UndoManager(doc, { trackedOrigins: new Set([ORIGIN]), captureTimeout: Infinity });
  for (let step = 0; step < 200; step++) {
    for (let i = 0; i < 10; i++) doc.transact(() => text.insert(text.length, 'x'), ORIGIN);
    manager.stopCapturing();
  }
  const timeCalls = (): number => {
    const samples: number[] = [];
    for (let round = 0; round < 200; round++) {
      const started = performance.now();
      hasEffectiveItem(doc, manager.undoStack as never);
      samples.push(performance.now() - started);
    }
    return median(samples) * 1000;
  };
  const live = timeCalls();
  const peer = new Y.Doc();
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
  peer.getText('title').delete(0, peer.getText('title').length);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer));
  if (hasEffectiveItem(doc, manager.undoStack as never)) throw new Error('the stack should be dead');
  const dead = timeCalls();
  console.log('Liveness: hasEffectiveItem over 200 steps of 10 keystrokes (µs per call, median of 200)');
  console.log(`  live stack (newest step answers)  ${live.toFixed(2)} µs`);
  console.log(`  dead stack (every step walked)    ${dead.toFixed(2)} µs`);
}

benchTyping();
benchLiveness();
