/**
 * What a transaction of the document does to a live binding: a change the binding did not make
 * (a peer's update, this person's `Y.UndoManager`, a seed) is read back into the record
 * (`documentToRecord.ts`), marked with who made it, and settles seeds that met; a shared type a
 * peer replaced under this person's unsaved edit gets that edit again; a new save marker may send
 * this person to refetch.
 *
 * @module
 */
import type * as Y from 'yjs';
import { BLOCKS_FIELD, sharedBlocksOf } from '../../shared/blockDoc.js';
import {
  SAVED_AT_KEY,
  SAVED_VERSION_KEY,
  SEED_ORIGIN,
  SEED_PREFIX,
  rawTextOf,
  seedCountOf,
  sharedTextOf,
} from '../../shared/recordDoc.js';
import { RebasedText } from '../../shared/textDiff.js';
import { contentFromBlocks, refreshTypes } from './documentReads.js';
import { resyncFields } from './documentToRecord.js';
import { writeBlocks, writeText } from './documentWrites.js';
import { refetchWhenBehind } from './saveFollowing.js';
import { bringsPeersChanges, markForeign, settle } from './seeding.js';
import { CONTENT_FIELD, editsOf, savedValueOf, type Binding, type YType } from './state.js';

/**
 * Takes one transaction of the document, once the binding is live. `isBlocksChange`: it changed
 * the blocks (told by the `BlocksView`, which sees every transaction).
 */
export function onDocumentTransaction(
  binding: Binding,
  transaction: Y.Transaction,
  isBlocksChange: boolean,
): void {
  const { origins, state, rules, documentMap, stateMap } = binding;
  const phase = state.phase;
  if (phase.name !== 'live') return;
  const origin = transaction.origin as unknown;
  const isOwn =
    origin === origins.local ||
    origin === origins.unrecorded ||
    origin === origins.server ||
    origin === origins.undo;
  if (isOwn) return;
  // One listener per document for both: each listener costs every keystroke's transaction.
  if (!transaction.local) binding.host.peerChanged(binding.record);
  // Only the binding's own writes keep what it knows of the texts.
  state.knownTexts.forget();
  const fields = new Set<string>();
  const documentKeys = transaction.changed.get(documentMap as unknown as YType);
  if (documentKeys !== undefined) {
    for (const key of documentKeys) if (key !== null) fields.add(key);
    // A text or map replaced by someone (not in this layout's way): look the types up again.
    const replaced = transaction.local ? [] : replacedUnderOwnWork(binding, documentKeys);
    refreshTypes(binding);
    for (const field of replaced) rebaseOntoReplaced(binding, field);
  }
  for (const [type, field] of state.fieldOfType) if (transaction.changed.has(type)) fields.add(field);
  if (rules.blockCodec !== undefined) {
    // The blocks are the content (the key replaced, or any block, attribute or text inside changed).
    if (fields.delete(BLOCKS_FIELD) || isBlocksChange) fields.add(CONTENT_FIELD);
  }
  const stateKeys = transaction.changed.get(stateMap as unknown as YType);
  let isNewSave = false;
  const seedsOf = new Set<string>();
  if (stateKeys !== undefined) {
    for (const key of stateKeys) {
      if (key === null) continue;
      if (key.startsWith(SEED_PREFIX)) {
        state.seeds.clients = undefined;
        const field = key.slice(SEED_PREFIX.length, key.lastIndexOf('.'));
        if (rules.textFields.has(field)) seedsOf.add(field);
      } else if ((key === SAVED_AT_KEY || key === SAVED_VERSION_KEY) && origin !== SEED_ORIGIN) {
        isNewSave = true;
      }
    }
  }
  for (const field of seedsOf) {
    state.seeds.seeded.add(field);
    fields.add(field);
    if (seedCountOf(binding.doc, field) > 1) state.seeds.unsettled.add(field);
  }
  if (!transaction.local && fields.size > 0) markForeign(binding, transaction, fields);
  if (fields.size > 0) {
    if (!state.activity.seeding)
      resyncFields(binding, [...fields], origin === phase.undoManager ? 'undo' : 'peer');
    else if (transaction.origin !== SEED_ORIGIN || bringsPeersChanges(binding, transaction))
      for (const field of fields) state.seeds.changedWhileSeeding.add(field);
  }
  // Seeds of different saved copies met: settle them (outside this transaction); an undo may have
  // brought back characters of a losing seed, so settle again after this person's undo.
  for (const field of seedsOf) settle(binding, field);
  if (origin === phase.undoManager) for (const field of state.seeds.unsettled) settle(binding, field);
  if (isNewSave) refetchWhenBehind(binding);
}

/**
 * The text fields (and `content`, for `document.blocks`) whose shared type a peer's update just
 * replaced while the record holds an unsaved edit of them. Someone who built the document on
 * their own before hearing of this one (the block editor opening a post nobody had stored a
 * document of, at the same time) set the key too, and Yjs keeps one of the two: the edit typed
 * into the other would vanish (see {@link rebaseOntoReplaced}).
 */
function replacedUnderOwnWork(binding: Binding, keys: ReadonlySet<string | null>): string[] {
  const { rules, state, documentMap } = binding;
  const edits = editsOf(binding);
  const fields = new Set<string>();
  for (const key of keys) {
    if (key === null) continue;
    let field: string;
    let before: unknown;
    if (key === BLOCKS_FIELD && rules.blockCodec !== undefined) {
      field = CONTENT_FIELD;
      before = state.knownBlocks;
    } else if (rules.textFields.has(key)) {
      field = key;
      before = undefined;
      for (const [type, known] of state.fieldOfType) if (known === key) before = type;
    } else continue;
    if (before === undefined || before === documentMap.get(key)) continue;
    if (typeof edits[field] === 'string') fields.add(field);
  }
  return [...fields];
}

/**
 * Puts the record's unsaved edit of `field` on top of what the type that replaced its own holds:
 * the edit (from the saved text to the record's) is made again in the winning text, keeping
 * everything the others wrote into it. Shared, but no undo step of this person's.
 */
function rebaseOntoReplaced(binding: Binding, field: string): void {
  const base = rawTextOf(savedValueOf(binding, field));
  const mine = editsOf(binding)[field] as string;
  const blocks = field === CONTENT_FIELD ? sharedBlocksOf(binding.documentMap) : undefined;
  const text = sharedTextOf(binding.doc, field);
  const theirs = blocks !== undefined ? contentFromBlocks(binding) : text?.toString();
  if (theirs === undefined) return;
  const merged = new RebasedText(base, mine, theirs).value;
  if (merged === theirs) return;
  binding.doc.transact(() => {
    if (text !== undefined) writeText(binding, text, merged);
    if (field === CONTENT_FIELD) writeBlocks(binding, merged);
  }, binding.origins.unrecorded);
}
