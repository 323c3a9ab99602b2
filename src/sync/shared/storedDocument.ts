/**
 * The stored document: the copy of a post's shared document that the block editor keeps in post
 * meta `_crdt_document` (`@wordpress/core-data` 8.1 `POST_META_KEY_FOR_CRDT_DOC_PERSISTENCE`), where
 * the site registers that meta (the Gutenberg plugin's collaboration experiment, this repository's
 * plugin, the mock with `collaboration: true`). Its value is what `@wordpress/sync` 1.56's
 * `serializeCrdtDoc` writes: `JSON.stringify({ document: base64(Y.encodeStateAsUpdateV2(doc)),
 * updateId })`, of a compacted copy of the document (undo's kept deletions garbage-collected).
 *
 * - On join it is applied before anything local is written (the block editor does the same: a
 *   joiner that applied the stored document adds nothing of its own for a field the document
 *   already holds, so two joiners never make two texts for one field).
 * - It is written with every save, in the same request (core-data's `__unstablePrePersist`), so
 *   the saved post and its document are committed together.
 * - A value that is not such a document is ignored, with a `SyncError` (`invalid-stored-document`)
 *   in `sync.errors`: the join goes on from the layout's genesis, as without one.
 *
 * A stored document can be stale: written before a save the server changed (a unique slug, a
 * filtered title) or before an edit that did not come through the document (WP-CLI, another
 * client). See `RecordBinding` for how a joiner reconciles it with the saved record without
 * losing anyone's typing.
 *
 * @module
 */
import * as Y from 'yjs';
import { isPlainObject, type PlainObject } from '../../../models/snapshot.js';
import { fromBase64, toBase64 } from './pollingProtocol.js';
import { plainBlocks, withDerivedClientIds, writePlainBlocks } from './blockDoc.js';
import { derivedClientId, documentMapOf, rawTextOf, type DocFieldRules } from './recordDoc.js';
import { applyTextValue } from './textDiff.js';

/** The post meta key of the stored document (the block editor's). */
export const STORED_DOCUMENT_META_KEY = '_crdt_document';

/** Why a stored document was ignored. */
export class InvalidStoredDocument extends Error {
  override name = 'InvalidStoredDocument';
}

/** True when the record's `meta` carries the key at all: the site registers it (any value, '' included). */
export function isStoredDocumentRegistered(persisted: object | undefined): boolean {
  const meta = (persisted as PlainObject | undefined)?.meta;
  return isPlainObject(meta) && Object.prototype.hasOwnProperty.call(meta, STORED_DOCUMENT_META_KEY);
}

/** The raw meta value of the stored document: `undefined` when the record has none (or an empty one). */
export function storedDocumentValueOf(persisted: object | undefined): unknown {
  const meta = (persisted as PlainObject | undefined)?.meta;
  if (!isPlainObject(meta)) return undefined;
  const value = meta[STORED_DOCUMENT_META_KEY];
  return value === '' || value === null || value === undefined ? undefined : value;
}

/** A random `updateId`, as `serializeCrdtDoc` writes (the block editor uses it for debugging only). */
function updateId(): number {
  return Math.floor(Math.random() * 1_000_000_000);
}

/**
 * The stored document of `doc`, as the meta value the block editor writes: a compacted copy
 * (applying the state to a fresh document drops what undo kept alive; item ids are unchanged, so
 * peers merge it as they would the document itself).
 */
export function serializeStoredDocument(doc: Y.Doc): string {
  const copy = new Y.Doc();
  Y.applyUpdateV2(copy, Y.encodeStateAsUpdateV2(doc));
  const compacted = Y.encodeStateAsUpdateV2(copy);
  copy.destroy();
  return JSON.stringify({ document: toBase64(compacted), updateId: updateId() });
}

/**
 * Reads a stored document into a new `Y.Doc` (the caller destroys it). Throws
 * {@link InvalidStoredDocument} when the value is not the block editor's JSON, the bytes are not
 * a complete Yjs V2 update, or the document's layout contradicts `rules` (a text field that is not
 * a `Y.Text`, a merged field that is not a `Y.Map`).
 */
export function readStoredDocument(value: unknown, rules: DocFieldRules): Y.Doc {
  if (typeof value !== 'string') throw new InvalidStoredDocument('it is not a string');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidStoredDocument('it is not JSON');
  }
  if (!isPlainObject(parsed) || typeof parsed.document !== 'string') {
    throw new InvalidStoredDocument('it has no `document` string');
  }
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(parsed.document);
  } catch {
    throw new InvalidStoredDocument('its `document` is not base64');
  }
  const doc = new Y.Doc();
  try {
    Y.applyUpdateV2(doc, bytes);
  } catch (error) {
    doc.destroy();
    throw new InvalidStoredDocument(`its \`document\` is not a Yjs update (${String(error)})`);
  }
  const store = doc.store;
  if (store.pendingStructs !== null || store.pendingDs !== null) {
    doc.destroy();
    throw new InvalidStoredDocument('its `document` depends on changes it does not hold');
  }
  const map = documentMapOf(doc);
  for (const field of rules.textFields) {
    if (map.has(field) && !(map.get(field) instanceof Y.Text)) {
      doc.destroy();
      throw new InvalidStoredDocument(`its \`document.${field}\` is not a Y.Text`);
    }
  }
  for (const field of rules.mergedFields) {
    if (map.has(field) && !(map.get(field) instanceof Y.Map)) {
      doc.destroy();
      throw new InvalidStoredDocument(`its \`document.${field}\` is not a Y.Map`);
    }
  }
  return doc;
}

/**
 * The client id of the repair {@link textRepairOf} makes of `field` in the stored document
 * `storedValue` to the saved text `saved`: derived from exactly what it writes, and no one's change.
 */
export function repairClientOf(storedValue: string, field: string, saved: string): number {
  return derivedClientId(`repair\u0000${storedValue}\u0000${field}\u0000${saved}`);
}

/**
 * The update that brings the text of `field` from what the stored document holds to `saved` (the
 * saved record's text): the smallest diff, made on a copy of the stored document by a client id
 * derived from exactly the stored document, the field and the saved text. Everyone who reconciles
 * the same stored document with the same saved record makes the same bytes, and Yjs applies them
 * once: two people who join at once never insert the missing text twice. `undefined` when the
 * stored document holds no text for `field`.
 */
export function textRepairOf(
  storedUpdate: Uint8Array,
  storedValue: string,
  field: string,
  saved: string,
): Uint8Array | undefined {
  const scratch = new Y.Doc();
  Y.applyUpdateV2(scratch, storedUpdate);
  const text = documentMapOf(scratch).get(field);
  if (!(text instanceof Y.Text)) {
    scratch.destroy();
    return undefined;
  }
  const before = Y.encodeStateVector(scratch);
  scratch.clientID = repairClientOf(storedValue, field, saved);
  scratch.transact(() => applyTextValue(text, saved));
  const update = Y.encodeStateAsUpdate(scratch, before);
  scratch.destroy();
  return update;
}

/**
 * The client ids of first documents ({@link firstDocumentOf}) lie below this: Yjs keeps the value
 * of the highest client id when two people set one key without having seen each other, so a
 * document the block editor built at the same moment (a random 32-bit id) wins nearly always,
 * and this person's binding puts its own typing on top of the winner (`RecordBinding`). The block
 * editor does not do that for its own: it must not be the one that loses.
 */
const FIRST_DOCUMENT_CLIENTS = 2 ** 20;

/**
 * The document of a record nobody stored one of yet, as the block editor builds it when it opens
 * such a post (`applyChangesToCRDTDoc` of the saved record): each text field the record has as a
 * `Y.Text` of its raw value, `blocks` parsed from the content (with a block codec), and the merged
 * fields (`meta`, without `_crdt_document`) as `Y.Map`s. `undefined` when the record has none of
 * these. Everything in it is derived from the record (block clientIds included), written by a
 * client id derived from exactly that (below {@link FIRST_DOCUMENT_CLIENTS}): two people of this
 * library who open one saved copy at once make the same bytes, which Yjs applies once.
 */
export function firstDocumentOf(persisted: PlainObject, rules: DocFieldRules): Y.Doc | undefined {
  const texts: [string, string][] = [];
  for (const field of rules.textFields) {
    if (!(field in persisted)) continue;
    texts.push([field, rawTextOf(persisted[field])]);
  }
  const merged: [string, [string, unknown][]][] = [];
  for (const field of rules.mergedFields) {
    const value = persisted[field];
    if (!isPlainObject(value)) continue;
    merged.push([field, Object.entries(value).filter(([key]) => key !== STORED_DOCUMENT_META_KEY)]);
  }
  const codec = rules.blockCodec;
  const content = texts.find(([field]) => field === 'content')?.[1];
  const blocks =
    codec !== undefined && content !== undefined
      ? withDerivedClientIds(plainBlocks(codec, codec.parse(content)), content)
      : undefined;
  if (texts.length === 0 && merged.length === 0 && blocks === undefined) return undefined;
  const key = JSON.stringify({ texts, merged, blocks });
  const doc = new Y.Doc();
  doc.clientID = 1 + (derivedClientId(`first\u0000${key}`) % (FIRST_DOCUMENT_CLIENTS - 1));
  const map = documentMapOf(doc);
  doc.transact(() => {
    for (const [field, text] of texts) map.set(field, new Y.Text(text));
    for (const [field, entries] of merged) {
      const entryMap = new Y.Map<unknown>();
      map.set(field, entryMap);
      for (const [entry, value] of entries) entryMap.set(entry, value);
    }
    if (blocks !== undefined && codec !== undefined) writePlainBlocks(map, codec, blocks);
  });
  return doc;
}
