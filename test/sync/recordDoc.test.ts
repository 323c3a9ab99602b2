import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  DEFAULT_TEXT_FIELDS,
  prepareDocField,
  readDocEdits,
  writeDocField,
  type DocFieldRules,
  type FieldState,
} from '../../src/sync/recordDoc.js';

const rules: DocFieldRules = { textFields: DEFAULT_TEXT_FIELDS, mergedFields: new Set(['meta']) };
const persisted = { title: 'Hello', status: 'draft', meta: { a: 0, b: 0 } };

function write(doc: Y.Doc, field: keyof typeof persisted, value: unknown, isSaved = false): void {
  const persistedRaw = persisted[field];
  const state: FieldState = {
    field,
    hasEdit: JSON.stringify(value) !== JSON.stringify(persistedRaw),
    value,
    persistedRaw,
    modified: '2026-11-24T10:00:00',
  };
  prepareDocField(doc, rules, state);
  doc.transact(() => writeDocField(doc, rules, state, isSaved), 'local');
}

function exchange(a: Y.Doc, b: Y.Doc): void {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB);
  Y.applyUpdate(a, toA);
}

describe('record document layout', () => {
  it('keeps both first keystrokes when two people start typing in one title at once', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    write(a, 'title', 'Hello world');
    write(b, 'title', 'Hello!');
    exchange(a, b);
    const title = readDocEdits(a, rules, persisted).title as string;
    expect(readDocEdits(b, rules, persisted).title).toBe(title);
    expect(title).toContain(' world');
    expect(title).toContain('!');
    expect(title.startsWith('Hello')).toBe(true);
    expect(title).toHaveLength('Hello world!'.length);
  });

  it('merges edits of different meta keys', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    write(a, 'meta', { a: 1, b: 0 });
    write(b, 'meta', { a: 0, b: 2 });
    exchange(a, b);
    expect(readDocEdits(a, rules, persisted).meta).toEqual({ a: 1, b: 2 });
    expect(readDocEdits(b, rules, persisted).meta).toEqual({ a: 1, b: 2 });
  });

  it('converges plain fields on one writer', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    write(a, 'status', 'pending');
    write(b, 'status', 'publish');
    exchange(a, b);
    expect(readDocEdits(a, rules, persisted).status).toBe(readDocEdits(b, rules, persisted).status);
  });

  it('deletes a plain field back at its saved value from the map', () => {
    const doc = new Y.Doc();
    write(doc, 'status', 'pending');
    write(doc, 'status', 'draft');
    expect(readDocEdits(doc, rules, persisted)).toEqual({});
  });

  it('keeps a text back at its saved value until a save removes it', () => {
    const doc = new Y.Doc();
    write(doc, 'title', 'Hello you');
    write(doc, 'title', 'Hello');
    expect(readDocEdits(doc, rules, persisted)).toEqual({ title: 'Hello' });
    write(doc, 'title', 'Hello', true);
    expect(readDocEdits(doc, rules, persisted)).toEqual({});
  });
});
