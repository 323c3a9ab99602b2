/**
 * Hydration: the record's stored document (post meta `_crdt_document`) applied before anything of
 * this person's, and what of it is stale against the saved record. A stale stored text or entry
 * stands for the saved value until someone changes it (see `docValue`); this person's first edit
 * of a stale text repairs it to the saved text first, the same way everyone does.
 *
 * @module
 */
import * as Y from 'yjs';
import { SyncError } from '../../../../core/errors.js';
import { deepEqual, isPlainObject, type PlainObject } from '../../../../models/snapshot.js';
import {
  SEED_ORIGIN,
  applyStateGenesis,
  documentMapOf,
  rawTextOf,
  sharedTextOf,
} from '../../shared/recordDoc.js';
import {
  InvalidStoredDocument,
  STORED_DOCUMENT_META_KEY,
  firstDocumentOf,
  isStoredDocumentRegistered,
  readStoredDocument,
  repairClientOf,
  serializeStoredDocument,
  storedDocumentValueOf,
  textRepairOf,
} from '../../shared/storedDocument.js';
import { isStaleEntry } from './documentReads.js';
import { whileSeeding } from './seeding.js';
import { persistedOf, rawValueIn, savedValueOf, type Binding } from './state.js';

/**
 * Applies the record's stored document, when it has a valid one, then the genesis of the fields it
 * does not hold: nothing of this person's is in the document before the stored document (the block
 * editor's order; see `storedDocument.ts`). The binding is `hydrated` after it.
 */
export function hydrate(binding: Binding): void {
  const persisted = persistedOf(binding);
  let storeFirst: (() => void) | undefined;
  let value = storedDocumentValueOf(persisted);
  if (value === undefined && persisted !== undefined) {
    const first = firstDocument(binding, persisted);
    value = first?.value;
    storeFirst = first?.store;
  }
  if (value !== undefined && persisted !== undefined) {
    try {
      const stored = readStoredDocument(value, binding.rules);
      const update = Y.encodeStateAsUpdateV2(stored);
      Y.applyUpdateV2(binding.doc, update, SEED_ORIGIN);
      binding.state.stored.applied = { update, value: value as string };
      noteStale(binding, stored, persisted);
      stored.destroy();
    } catch (error) {
      if (!(error instanceof InvalidStoredDocument)) throw error;
      const { kind, name, id } = binding.record;
      binding.host.reportError(
        new SyncError(
          `The stored document (post meta ${STORED_DOCUMENT_META_KEY}) of ${kind}/${name}/${String(id)} was ignored: ${error.message}.`,
          'invalid-stored-document',
          { cause: error },
        ),
      );
    }
  }
  // Each field's genesis waits for its first write (see `applyFieldGenesis`).
  applyStateGenesis(binding.doc);
  binding.state.phase = { name: 'hydrated', storeFirst };
}

/**
 * With no stored document yet, on a site that keeps one and with a provider that can store it:
 * the record's first document ({@link firstDocumentOf}), as the stored one to apply, and how to
 * store it on the site at start, so whoever opens the record next (the block editor too) starts
 * from it and builds no second one.
 */
function firstDocument(
  binding: Binding,
  persisted: PlainObject,
): { readonly value: string; readonly store: () => void } | undefined {
  const { record, rules } = binding;
  if (record.kind !== 'postType' || persisted.status === 'auto-draft') return undefined;
  if (!isStoredDocumentRegistered(persisted)) return undefined;
  const store = binding.host.documentStoreOf(record);
  if (store === undefined) return undefined;
  const first = firstDocumentOf(persisted, rules);
  if (first === undefined) return undefined;
  const value = serializeStoredDocument(first);
  first.destroy();
  return { value, store: () => store(value) };
}

/** Notes what of the stored document differs from the saved record (stale texts and entries). */
function noteStale(binding: Binding, stored: Y.Doc, persisted: PlainObject): void {
  const { rules, documentMap } = binding;
  const { texts, staleTexts, staleItems } = binding.state.stored;
  const storedMap = documentMapOf(stored);
  const rawAttributes = binding.record.config?.rawAttributes;
  storedMap.forEach((value, field) => {
    if (!(field in persisted)) return;
    const saved = rawValueIn(persisted, field, rawAttributes);
    if (rules.textFields.has(field)) {
      if (!(value instanceof Y.Text)) return;
      texts.add(field);
      const text = value.toString();
      if (text !== rawTextOf(saved)) staleTexts.set(field, text);
      return;
    }
    const item = documentMap._map.get(field);
    if (rules.mergedFields.has(field)) {
      const merged = documentMap.get(field);
      if (!(value instanceof Y.Map) || !(merged instanceof Y.Map)) return;
      const savedKeys = isPlainObject(saved) ? saved : {};
      value.forEach((entry, key) => {
        const entryItem = merged._map.get(key);
        if (key === STORED_DOCUMENT_META_KEY || entryItem === undefined) return;
        if (!deepEqual(entry, savedKeys[key])) staleItems.add(entryItem);
      });
      return;
    }
    if (item !== undefined && !deepEqual(value, saved)) staleItems.add(item);
  });
}

/**
 * Before this person's first edit of a text the stale stored document still holds as it was:
 * brings it to the saved text with the repair everyone makes alike (see `textRepairOf`), so the
 * edit starts from the saved text and two people doing this at once add the saved text once.
 */
export function repairStaleText(binding: Binding, field: string): void {
  const stored = binding.state.stored;
  const storedText = stored.staleTexts.get(field);
  const text = sharedTextOf(binding.doc, field);
  if (storedText === undefined || stored.applied === undefined || text === undefined) return;
  stored.staleTexts.delete(field);
  if (text.toString() !== storedText) return;
  const saved = rawTextOf(savedValueOf(binding, field));
  const repair = textRepairOf(stored.applied.update, stored.applied.value, field, saved);
  if (repair === undefined) return;
  binding.state.seeds.repairClients.add(repairClientOf(stored.applied.value, field, saved));
  whileSeeding(binding, () => Y.applyUpdate(binding.doc, repair, SEED_ORIGIN));
}

/**
 * The saved value under a stale entry of the stored document, before this person's first change
 * of it (as `writeDocBase` writes it under a field the document lacks): undoing that change
 * then brings the saved value back, not the stale one.
 */
export function writeStaleBase(binding: Binding, field: string, value: unknown, persistedRaw: unknown): void {
  const { rules, documentMap } = binding;
  if (binding.state.stored.staleItems.size === 0 || rules.textFields.has(field)) return;
  if (rules.mergedFields.has(field)) {
    const merged = documentMap.get(field);
    if (!(merged instanceof Y.Map) || !isPlainObject(value) || !isPlainObject(persistedRaw)) return;
    for (const key of Object.keys(value)) {
      if (
        isStaleEntry(binding, merged, key) &&
        key in persistedRaw &&
        !deepEqual(persistedRaw[key], value[key])
      )
        merged.set(key, persistedRaw[key]);
    }
    return;
  }
  if (
    isStaleEntry(binding, documentMap, field) &&
    persistedRaw !== undefined &&
    !deepEqual(persistedRaw, value)
  )
    documentMap.set(field, persistedRaw);
}
