/**
 * Following saves. A save changes no text: this person's save writes the save marker, and a peer
 * who sees a marker of a version it does not have refetches the record. Every new saved copy (a
 * save, a refetch, a list) makes the record's edits what differs from it; after this person's save,
 * the fields the server rewrote (e.g. a slug made unique) take its value in the document when no
 * one changed them since.
 *
 * @module
 */
import { reaction } from 'mobx';
import { deepEqual, isPlainObject, type PlainObject } from '../../../../models/snapshot.js';
import {
  SAVED_AT_KEY,
  SAVED_VERSION_KEY,
  modifiedOf,
  rawTextOf,
  saveMarkerOf,
  sharedTextOf,
  writeDocField,
  writeSaveMarker,
} from '../../shared/recordDoc.js';
import {
  STORED_DOCUMENT_META_KEY,
  isStoredDocumentRegistered,
  serializeStoredDocument,
} from '../../shared/storedDocument.js';
import { docValue } from './documentReads.js';
import { resync } from './documentToRecord.js';
import { writeBlocks, writeText } from './documentWrites.js';
import {
  CONTENT_FIELD,
  editsOf,
  hasOwn,
  isDeferred,
  isLive,
  isShared,
  rawValueIn,
  type Binding,
} from './state.js';

/**
 * Follows the record's saves and saved copies until the returned function is called: notes what
 * a save of this person's sends as it starts, and takes each new saved copy.
 */
export function followSaves(binding: Binding): () => void {
  const record = binding.record;
  return reaction(
    () => [record.persisted, record.isSaving] as const,
    ([persisted, isSaving], [previous, wasSaving]) => {
      const phase = binding.state.phase;
      if (phase.name !== 'live') return;
      if (isSaving && !wasSaving) {
        phase.sending = sharedEdits(binding);
        freshenContentText(binding);
      }
      // A save's answer arrives in the action that ends it; a refetch answered during the save is not it.
      const sent = !isSaving && wasSaving ? phase.sending : undefined;
      if (!isSaving) phase.sending = undefined;
      if (persisted !== previous) onNewSavedCopy(binding, persisted as PlainObject | undefined, sent);
    },
  );
}

/** The record's shared, non-deferred edits. */
function sharedEdits(binding: Binding): Record<string, unknown> {
  const edits = editsOf(binding);
  const result: Record<string, unknown> = {};
  for (const field of Object.keys(edits)) {
    if (isShared(binding, field) && !isDeferred(binding, field)) result[field] = edits[field];
  }
  return result;
}

/**
 * With a block codec, as a save starts: makes `document.content` the content being saved. The
 * blocks are the content's truth and a peer's typing changes only them; a block editor takes the
 * text as its edit of `content`, which then equals the copy it refetches after this save (it ends
 * clean), where a stale text would leave it an edit of old content.
 */
function freshenContentText(binding: Binding): void {
  const text = sharedTextOf(binding.doc, CONTENT_FIELD);
  const edits = editsOf(binding);
  if (binding.rules.blockCodec === undefined || text === undefined || !hasOwn(edits, CONTENT_FIELD)) return;
  const content = edits[CONTENT_FIELD];
  if (typeof content !== 'string' || text.toString() === content) return;
  binding.doc.transact(() => writeText(binding, text, content), binding.origins.server);
}

/**
 * A new saved copy: the record's edits become what differs from it; after this person's save
 * (`sent` is what it sent), the fields the server rewrote take its value in the document when no
 * one changed them since; this person's save is announced in the save marker.
 */
function onNewSavedCopy(
  binding: Binding,
  persisted: PlainObject | undefined,
  sent: Record<string, unknown> | undefined,
): void {
  if (persisted === undefined || !isLive(binding)) return;
  const { doc, rules } = binding;
  if (sent !== undefined) {
    const rawAttributes = binding.record.config?.rawAttributes;
    const rewritten: Record<string, unknown> = {};
    for (const field of Object.keys(sent)) {
      const shown = docValue(binding, field);
      const saved = rawValueIn(persisted, field, rawAttributes);
      if (shown !== undefined && deepEqual(shown.value, sent[field]) && !deepEqual(saved, sent[field]))
        rewritten[field] = saved;
    }
    if (Object.keys(rewritten).length > 0)
      doc.transact(() => {
        for (const field of Object.keys(rewritten)) {
          const saved = rewritten[field];
          writeDocField(doc, rules, field, saved, saved, (text, value) => writeText(binding, text, value));
          if (field === CONTENT_FIELD) writeBlocks(binding, rawTextOf(saved));
        }
      }, binding.origins.server);
  }
  // Only this person's save is announced: a refetch of someone else's would send everyone to read again.
  const version = modifiedOf(persisted);
  if (sent !== undefined && version !== '') {
    binding.state.saves.heardVersion = version;
    doc.transact(() => writeSaveMarker(doc, version), binding.origins.server);
  }
  resync(binding);
}

/**
 * Asks the server for the record, once, when the document's save marker tells of a save this
 * person has not read: a marker of ours names its version (`wpEntities.savedVersion`, read when
 * it differs from the record's); the block editor's names only a time and its client
 * (`savedAt`, `savedBy`), read when it is newer than this room and than the last one read (as
 * the block editor does). A marker of this person's own is never read again, and the answer
 * writes no marker, unless two saves of ours crossed (below): a block editor takes any new
 * marker for a save and reads the post again.
 */
export function refetchWhenBehind(binding: Binding): void {
  const { doc, record } = binding;
  const saves = binding.state.saves;
  const marker = saveMarkerOf(doc);
  if (marker.savedAt === undefined && marker.version === '') return;
  if (marker.savedBy === doc.clientID) return;
  if (isMarkerVersioned(binding)) {
    if (marker.version === modifiedOf(record.persisted)) return;
    if (marker.version === saves.heardVersion) return;
    saves.heardVersion = marker.version;
  } else {
    const savedAt = marker.savedAt;
    if (savedAt === undefined || savedAt <= saves.openedAt || savedAt === saves.heardSavedAt) return;
    saves.heardSavedAt = savedAt;
  }
  void binding.host.refetch(record).then((isAnswered) => {
    if (!isAnswered || binding.state.phase.name === 'disposed' || !isMarkerVersioned(binding)) return;
    // Two saves of ours crossed and the older one's marker won: the marker ends at the newest
    // save anyone knows, or those who heard only the older one would never read the newer.
    const own = modifiedOf(record.persisted);
    if (own !== '' && own > saveMarkerOf(doc).version)
      doc.transact(() => writeSaveMarker(doc, own), binding.origins.server);
  });
}

/**
 * True when the marker's version is that of its newest save: the three keys were written in one
 * transaction (ours). A block editor's save writes `savedAt` and `savedBy` only, leaving a
 * version of an older save beside them.
 */
function isMarkerVersioned(binding: Binding): boolean {
  const state = binding.stateMap._map;
  const version = state.get(SAVED_VERSION_KEY);
  const savedAt = state.get(SAVED_AT_KEY);
  if (version === undefined || version.deleted) return false;
  if (savedAt === undefined || savedAt.deleted) return true;
  return version.id.client === savedAt.id.client && Math.abs(version.id.clock - savedAt.id.clock) <= 2;
}

/**
 * Told of the body of this person's save of the record, as it is sent; returns the fields to add
 * (see `RecordBinding.onSaveBody`).
 */
export function onSaveBody(
  binding: Binding,
  body: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const phase = binding.state.phase;
  if (phase.name !== 'live') return undefined;
  const sending = phase.sending;
  if (sending !== undefined) {
    const sent: Record<string, unknown> = {};
    for (const field of Object.keys(sending)) if (hasOwn(body, field)) sent[field] = sending[field];
    phase.sending = sent;
  }
  if (!isStoredDocumentRegistered(binding.record.persisted)) return undefined;
  const edits = sharedEdits(binding);
  for (const field of Object.keys(edits)) {
    if (!hasOwn(body, field) || !deepEqual(body[field], edits[field])) return undefined;
  }
  const meta = isPlainObject(body.meta) ? body.meta : {};
  return { meta: { ...meta, [STORED_DOCUMENT_META_KEY]: serializeStoredDocument(binding.doc) } };
}
