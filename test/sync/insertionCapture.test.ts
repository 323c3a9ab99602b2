import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { captureInsertionsInPlace } from '../../src/sync/client/yjsUndoInternals.js';

/** One thing that happens to the document: this person's or a peer's typing, a step boundary, undo, redo. */
type Op =
  | { readonly kind: 'type'; readonly at: number; readonly text: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'replace'; readonly at: number; readonly length: number; readonly text: string }
  | { readonly kind: 'peerType'; readonly at: number; readonly text: string }
  | { readonly kind: 'peerDelete'; readonly at: number; readonly length: number }
  | { readonly kind: 'untracked'; readonly at: number; readonly text: string }
  | { readonly kind: 'stop' | 'undo' | 'redo' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('type' as const),
      at: fc.nat(),
      text: fc.string({ minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 3 }),
      text: fc.string({ minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('peerType' as const),
      at: fc.nat(),
      text: fc.string({ minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('peerDelete' as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('untracked' as const),
      at: fc.nat(),
      text: fc.string({ minLength: 1, maxLength: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom<Op>({ kind: 'stop' }, { kind: 'undo' }, { kind: 'redo' }) },
);

/** A person's document with an undo manager tracking `origin` (as `SyncUndo` makes it), and a peer's. */
function makeEditor(fast: boolean) {
  const doc = new Y.Doc();
  doc.clientID = 1;
  const peer = new Y.Doc();
  peer.clientID = 2;
  const origin = {};
  const manager = new Y.UndoManager(doc, {
    trackedOrigins: new Set([origin]),
    captureTimeout: Number.POSITIVE_INFINITY,
  });
  const stop = fast ? captureInsertionsInPlace(manager, doc) : () => undefined;
  const events: string[] = [];
  manager.on('stack-item-added', (event) => events.push(`added:${event.type}`));
  manager.on('stack-item-updated', (event) => events.push(`updated:${event.type}`));
  const text = doc.getText('t');
  const peerText = peer.getText('t');
  const fromPeer = (): void =>
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer, Y.encodeStateVector(doc)), 'peer');
  const toPeer = (): void =>
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc, Y.encodeStateVector(peer)), 'remote');
  const apply = (op: Op): void => {
    const length = text.length;
    switch (op.kind) {
      case 'type':
        doc.transact(() => text.insert(op.at % (length + 1), op.text), origin);
        return;
      case 'untracked':
        doc.transact(() => text.insert(op.at % (length + 1), op.text), 'server');
        return;
      case 'delete':
        if (length === 0) return;
        doc.transact(
          () => text.delete(op.at % length, Math.min(op.length, length - (op.at % length))),
          origin,
        );
        return;
      case 'replace': {
        // A selection typed over: one transaction that deletes and inserts.
        if (length === 0) return;
        const at = op.at % length;
        doc.transact(() => {
          text.delete(at, Math.min(op.length, length - at));
          text.insert(at, op.text);
        }, origin);
        return;
      }
      case 'peerType':
        toPeer();
        peerText.insert(op.at % (peerText.length + 1), op.text);
        fromPeer();
        return;
      case 'peerDelete':
        toPeer();
        if (peerText.length === 0) return;
        peerText.delete(
          op.at % peerText.length,
          Math.min(op.length, peerText.length - (op.at % peerText.length)),
        );
        fromPeer();
        return;
      case 'stop':
        manager.stopCapturing();
        return;
      case 'undo':
        manager.undo();
        return;
      case 'redo':
        manager.redo();
    }
  };
  const state = () => ({
    text: text.toString(),
    undo: manager.undoStack.length,
    redo: manager.redoStack.length,
    events: [...events],
  });
  const destroy = (): void => {
    stop();
    manager.destroy();
    doc.destroy();
    peer.destroy();
  };
  return { doc, manager, text, origin, apply, state, destroy };
}

describe('captureInsertionsInPlace', () => {
  it('lengthens the step being captured in place for typing that continues it', () => {
    const editor = makeEditor(true);
    editor.apply({ kind: 'type', at: 0, text: 'a' });
    const insertions = editor.manager.undoStack[0]?.insertions;
    editor.apply({ kind: 'type', at: 1, text: 'b' });
    editor.apply({ kind: 'type', at: 2, text: 'c' });
    // The undo manager's own handler would have replaced the step's delete set at each keystroke.
    expect(editor.manager.undoStack[0]?.insertions).toBe(insertions);
    expect(editor.state().events).toEqual(['added:undo', 'updated:undo', 'updated:undo']);
    editor.manager.undo();
    expect(editor.text.toString()).toBe('');
    editor.manager.redo();
    expect(editor.text.toString()).toBe('abc');
    editor.destroy();
  });

  it('leaves the document once stopped (the undo manager is destroyed right after)', () => {
    const doc = new Y.Doc();
    const origin = {};
    const manager = new Y.UndoManager(doc, { trackedOrigins: new Set([origin]) });
    const stop = captureInsertionsInPlace(manager, doc);
    const text = doc.getText('t');
    doc.transact(() => text.insert(0, 'a'), origin);
    expect(manager.undoStack).toHaveLength(1);
    stop();
    manager.destroy();
    doc.transact(() => text.insert(1, 'b'), origin);
    expect(manager.undoStack).toHaveLength(1);
    expect(doc._observers.get('afterTransaction')?.size ?? 0).toBe(0);
  });

  it('undoes and redoes exactly as the undo manager alone, whatever people type, delete and undo', () => {
    fc.assert(
      fc.property(fc.array(opArbitrary, { minLength: 1, maxLength: 40 }), (ops) => {
        const plain = makeEditor(false);
        const fast = makeEditor(true);
        try {
          for (const op of ops) {
            plain.apply(op);
            fast.apply(op);
            expect(fast.state()).toEqual(plain.state());
          }
          // Undoing everything takes back exactly what this person did, in both.
          while (plain.manager.undoStack.length > 0) plain.manager.undo();
          while (fast.manager.undoStack.length > 0) fast.manager.undo();
          expect(fast.state()).toEqual(plain.state());
          while (plain.manager.redoStack.length > 0) plain.manager.redo();
          while (fast.manager.redoStack.length > 0) fast.manager.redo();
          expect(fast.state()).toEqual(plain.state());
        } finally {
          plain.destroy();
          fast.destroy();
        }
      }),
      { numRuns: 500, seed: 2411 },
    );
    // ~1 s alone; a loaded 2-core machine (CI's three Node versions, other suites) takes several.
  }, 60_000);
});
