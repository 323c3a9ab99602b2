/**
 * Pins the Yjs behaviour `src/sync/client/yjsUndoInternals.ts` relies on, so that a Yjs upgrade
 * that changes any of it fails here, by name, instead of breaking undo silently. When one fails,
 * read that module's comment: each check names what it stands for.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  captureInsertionsInPlace,
  changesSomething,
  hasEffectiveItem,
} from '../../src/sync/client/yjsUndoInternals.js';

/** The Yjs release these internals were checked against. */
const CHECKED_YJS = '13.6.33';

const ORIGIN = { person: 'me' };

function typingDoc(): { doc: Y.Doc; text: Y.Text; manager: Y.UndoManager } {
  const doc = new Y.Doc();
  const text = doc.getText('title');
  const manager = new Y.UndoManager(doc, {
    trackedOrigins: new Set([ORIGIN]),
    captureTimeout: Number.POSITIVE_INFINITY,
  });
  return { doc, text, manager };
}

function type(doc: Y.Doc, text: Y.Text, at: number, value: string): void {
  doc.transact(() => text.insert(at, value), ORIGIN);
}

/** A stack item's insertion ranges of one client, as `{ clock, len }` pairs. */
function rangesOf(item: { insertions: Y.Snapshot['ds'] }, client: number): { clock: number; len: number }[] {
  return (item.insertions.clients.get(client) ?? []).map(({ clock, len }) => ({ clock, len }));
}

describe('the Yjs internals undo relies on', () => {
  it(`is Yjs ${CHECKED_YJS} (check every case below, then this pin, when upgrading)`, () => {
    const version = (createRequire(import.meta.url)('yjs/package.json') as { version: string }).version;
    expect(version).toBe(CHECKED_YJS);
  });

  it("registers the manager's afterTransactionHandler on the document's afterTransaction", () => {
    const { doc, manager } = typingDoc();
    expect(typeof manager.afterTransactionHandler).toBe('function');
    const observers = (doc as unknown as { _observers: Map<string, Set<unknown>> })._observers;
    expect(observers.get('afterTransaction')?.has(manager.afterTransactionHandler)).toBe(true);
  });

  it('keeps the fields a capture reads and writes, of the types it reads them as', () => {
    const { doc, text, manager } = typingDoc();
    type(doc, text, 0, 'a');
    expect(manager.scope).toEqual([doc]);
    expect(manager.trackedOrigins.has(ORIGIN)).toBe(true);
    expect(typeof manager.captureTransaction).toBe('function');
    expect(manager.captureTimeout).toBe(Number.POSITIVE_INFINITY);
    expect(manager.lastChange).toBeGreaterThan(0);
    expect([manager.undoing, manager.redoing]).toEqual([false, false]);
    expect(Array.isArray(manager.undoStack) && Array.isArray(manager.redoStack)).toBe(true);
  });

  it("holds a step's insertions as one { clock, len } range per run of a client's typing, which Yjs lengthens", () => {
    const { doc, text, manager } = typingDoc();
    type(doc, text, 0, 'ab');
    type(doc, text, 2, 'c');
    expect(manager.undoStack).toHaveLength(1);
    // Yjs's own handler joins adjacent ranges into one: what the capture does in place.
    expect(rangesOf(manager.undoStack[0] as never, doc.clientID)).toEqual([{ clock: 0, len: 3 }]);
  });

  it("makes the same step and events with the capture as Yjs's own handler", () => {
    const plain = typingDoc();
    const patched = typingDoc();
    patched.doc.clientID = plain.doc.clientID;
    const stop = captureInsertionsInPlace(patched.manager, patched.doc);
    const updated: unknown[] = [];
    patched.manager.on('stack-item-updated', (event: { stackItem: unknown; type: string; origin: unknown }) =>
      updated.push([event.type, event.origin === ORIGIN, event.stackItem === patched.manager.undoStack[0]]),
    );
    for (const { doc, text } of [plain, patched]) {
      type(doc, text, 0, 'ab');
      type(doc, text, 2, 'c');
      type(doc, text, 3, 'd');
    }
    expect(rangesOf(patched.manager.undoStack[0] as never, patched.doc.clientID)).toEqual(
      rangesOf(plain.manager.undoStack[0] as never, plain.doc.clientID),
    );
    expect(updated).toEqual([
      ['undo', true, true],
      ['undo', true, true],
    ]);
    patched.manager.undo();
    expect(patched.text.toString()).toBe('');
    stop();
  });

  it('links a brought-back item by redone, and finds structs with findIndexSS, getItem and isDeleted', () => {
    const { doc, text, manager } = typingDoc();
    type(doc, text, 0, 'ab');
    manager.stopCapturing();
    doc.transact(() => text.delete(0, 2), ORIGIN);
    manager.undo();
    const first = Y.getItem(doc.store, Y.createID(doc.clientID, 0)) as Y.Item;
    expect(first).toBeInstanceOf(Y.Item);
    expect(first.deleted).toBe(true);
    expect(first.redone).not.toBeNull();
    const structs = doc.store.clients.get(doc.clientID) as (Y.Item | Y.GC)[];
    expect(structs[Y.findIndexSS(structs, 0)]?.id.clock).toBe(0);
    expect(typeof Y.isDeleted).toBe('function');
  });

  it('lets Yjs skip a step whose insertions a peer deleted, as changesSomething says beforehand', () => {
    const { doc, text, manager } = typingDoc();
    type(doc, text, 0, 'mine');
    manager.stopCapturing();
    const peer = new Y.Doc();
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
    peer.getText('title').delete(0, 4);
    const item = manager.undoStack[0] as never;
    expect(changesSomething(doc, item)).toBe(true);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer));
    expect(changesSomething(doc, item)).toBe(false);
    expect(hasEffectiveItem(doc, manager.undoStack as never)).toBe(false);
    // Yjs agrees: undo finds nothing to change and returns null.
    expect(manager.undo()).toBeNull();
  });

  it("keeps a map value that someone set after this person's to the right of it", () => {
    const { doc, manager } = typingDoc();
    const map = doc.getMap('document');
    doc.transact(() => map.set('status', 'draft'), ORIGIN);
    manager.stopCapturing();
    doc.transact(() => map.delete('status'), ORIGIN);
    const deletion = manager.undoStack[1] as never;
    expect(changesSomething(doc, deletion)).toBe(true);
    doc.transact(() => map.set('status', 'pending'), 'peer');
    expect(changesSomething(doc, deletion)).toBe(false);
  });
});
