import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { SyncUndo } from '../../src/sync/client/SyncUndo.js';

describe('SyncUndo', () => {
  it('undoes only its own origin and never a peer change', () => {
    const doc = new Y.Doc();
    const own = { origin: 'local' };
    const undo = new SyncUndo(doc, { origin: own, captureTimeoutMs: 0 });
    const text = doc.getText('t');
    doc.transact(() => text.insert(0, 'mine '), own);
    doc.transact(() => text.insert(5, 'peer '), 'peer');
    expect(undo.undo()).toBe(true);
    expect(text.toString()).toBe('peer ');
    expect(undo.redo()).toBe(true);
    expect(text.toString()).toBe('mine peer ');
    undo.destroy();
  });

  it('reports a new step per capture window and none for peers or for undo itself', () => {
    const doc = new Y.Doc();
    const own = {};
    const undo = new SyncUndo(doc, { origin: own, captureTimeoutMs: 10_000 });
    let steps = 0;
    undo.onStep(() => (steps += 1));
    const map = doc.getMap('m');
    doc.transact(() => map.set('a', 1), own);
    doc.transact(() => map.set('a', 2), own);
    doc.transact(() => map.set('b', 1), 'peer');
    expect(steps).toBe(1);
    undo.closeStep();
    doc.transact(() => map.set('a', 3), own);
    expect(steps).toBe(2);
    undo.undo();
    undo.redo();
    expect(steps).toBe(2);
    undo.destroy();
  });
});
