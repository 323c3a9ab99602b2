import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  DEFAULT_TEXT_FIELDS,
  applyGenesis,
  documentMapOf,
  seedField,
  settleSeeds,
  sharedTextOf,
  stateMapOf,
  writeDocField,
  type DocFieldRules,
} from '../../src/sync/shared/recordDoc.js';

const rules: DocFieldRules = { textFields: DEFAULT_TEXT_FIELDS, mergedFields: new Set(['meta']) };

function exchange(a: Y.Doc, b: Y.Doc): void {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB);
  Y.applyUpdate(a, toA);
}

function fresh(): Y.Doc {
  const doc = new Y.Doc();
  applyGenesis(doc, rules);
  return doc;
}

describe('record document layout (the block editor’s)', () => {
  it('holds title, content and excerpt as Y.Text and meta as Y.Map inside root map document, version 1 in state', () => {
    const doc = fresh();
    const document = documentMapOf(doc);
    for (const field of ['title', 'content', 'excerpt']) expect(document.get(field)).toBeInstanceOf(Y.Text);
    expect(document.get('meta')).toBeInstanceOf(Y.Map);
    expect(stateMapOf(doc).get('version')).toBe(1);
  });

  it('gives everyone the same genesis bytes, so two documents share each text', () => {
    const a = fresh();
    const b = fresh();
    expect(Y.encodeStateAsUpdate(a)).toEqual(Y.encodeStateAsUpdate(b));
    sharedTextOf(a, 'title')?.insert(0, 'A');
    sharedTextOf(b, 'title')?.insert(0, 'B');
    exchange(a, b);
    expect(sharedTextOf(a, 'title')?.toString()).toHaveLength(2);
    expect(sharedTextOf(a, 'title')?.toString()).toBe(sharedTextOf(b, 'title')?.toString());
  });

  it('keeps one copy of a saved text that several people seeded from the same saved version', () => {
    const docs = [fresh(), fresh(), fresh()];
    for (const doc of docs) seedField(doc, 'title', '2026-11-27T01:00:00', 'Hello');
    sharedTextOf(docs[0] as Y.Doc, 'title')?.insert(5, ' A');
    sharedTextOf(docs[1] as Y.Doc, 'title')?.insert(0, 'B ');
    exchange(docs[0] as Y.Doc, docs[1] as Y.Doc);
    exchange(docs[1] as Y.Doc, docs[2] as Y.Doc);
    exchange(docs[0] as Y.Doc, docs[2] as Y.Doc);
    for (const doc of docs) expect(sharedTextOf(doc, 'title')?.toString()).toBe('B Hello A');
  });

  it('settles seeds of different saved versions on the oldest, keeping what anyone typed', () => {
    const older = fresh();
    const newer = fresh();
    seedField(older, 'title', '2026-11-27T01:00:00', 'Hello');
    sharedTextOf(older, 'title')?.insert(5, ' A');
    seedField(newer, 'title', '2026-11-27T01:05:00', 'Hello A');
    sharedTextOf(newer, 'title')?.insert(0, 'C ');
    exchange(older, newer);
    for (const doc of [older, newer]) settleSeeds(doc, 'title');
    exchange(older, newer);
    for (const doc of [older, newer]) {
      const title = sharedTextOf(doc, 'title')?.toString() ?? '';
      expect(title.match(/Hello A/g)).toHaveLength(1);
      expect(title).toContain('C ');
      expect(title).toHaveLength('C Hello A'.length);
    }
  });

  it('derives a seed’s client id from exactly what it writes: other content, other id', () => {
    const a = fresh();
    const b = fresh();
    seedField(a, 'title', 'v1', 'One');
    seedField(b, 'title', 'v1', 'Two');
    const clientsOf = (doc: Y.Doc): number[] => [...Y.decodeStateVector(Y.encodeStateVector(doc)).keys()];
    const seedA = clientsOf(a).filter((client) => !clientsOf(fresh()).includes(client));
    const seedB = clientsOf(b).filter((client) => !clientsOf(fresh()).includes(client));
    expect(seedA).toHaveLength(1);
    expect(seedA).not.toEqual(seedB);
  });

  it('merges meta per key and never shares the block editor’s stored document (_crdt_document)', () => {
    const doc = fresh();
    const saved = { a: '0', _crdt_document: '{"document":"…"}' };
    doc.transact(() =>
      writeDocField(
        doc,
        rules,
        'meta',
        { ...saved, a: '1', _crdt_document: 'changed' },
        saved,
        () => undefined,
      ),
    );
    expect((documentMapOf(doc).get('meta') as Y.Map<unknown>).toJSON()).toEqual({ a: '1' });
  });
});
