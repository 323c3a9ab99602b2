/**
 * Record → document: this person's edits (`local`, `undo`, a journal restore, a deferred edit's
 * value at save time) go into the document in one transaction as this person's change, so peers
 * see them and the document never overwrites them. A field's first edit seeds its text or applies
 * its genesis first (`seeding.ts`); a peer's change that came in with the seed is merged with the
 * edit, then read back into the record.
 *
 * @module
 */
import type * as Y from 'yjs';
import { deepEqual, isPlainObject, type PlainObject } from '../../../../models/snapshot.js';
import { rawTextOf, sharedTextOf, writeDocBase, writeDocField } from '../../shared/recordDoc.js';
import { RebasedText } from '../../shared/textDiff.js';
import { docValue, shownValue } from './documentReads.js';
import { resyncFields } from './documentToRecord.js';
import { docText, writeBlocks, writeText } from './documentWrites.js';
import { repairStaleText, writeStaleBase } from './hydration.js';
import {
  applyGenesisOf,
  needsBlocksSeed,
  needsSeeding,
  seed,
  seedBlocks,
  takeChangedWhileSeeding,
} from './seeding.js';
import { CONTENT_FIELD, editsOf, hasOwn, isLive, persistedOf, rawValueIn, type Binding } from './state.js';

/**
 * The edit funnel's origins the binding takes: this person's own work (typing, undo, a journal
 * restore, a deferred edit's value at save time) and a saved copy's clearing (checked against the
 * document). A `peer` change came from the document; a `discard` is a delete.
 */
const WRITTEN_ORIGINS: ReadonlySet<string> = new Set(['local', 'undo', 'server', 'restore', 'deferred']);

/**
 * Takes one change of the record's edits from the edit funnel (see `RecordBinding.onEdit`): this
 * person's work is written into the document; a `server` change (a save or a newer copy cleared
 * an edit) is checked against the document, whose values stay.
 */
export function onRecordEdit(
  binding: Binding,
  changes: Readonly<Record<string, unknown>>,
  origin: string,
  undoIgnore: boolean,
): void {
  if (!isLive(binding)) return;
  if (binding.state.activity.applying && origin !== 'local') return;
  if (!WRITTEN_ORIGINS.has(origin)) return;
  const edits = editsOf(binding);
  const transient = binding.record.config?.transientEdits;
  const fields: string[] = [];
  for (const field in changes) {
    if (!hasOwn(changes, field) || transient?.has(field) === true) continue;
    if (typeof edits[field] !== 'function') fields.push(field);
  }
  if (fields.length === 0) return;
  if (origin === 'server') {
    resyncFields(binding, fields);
    return;
  }
  const origins = binding.origins;
  const transactionOrigin =
    origin === 'undo'
      ? origins.undo
      : origin === 'deferred' || undoIgnore
        ? origins.unrecorded
        : origins.local;
  write(binding, fields, transactionOrigin);
  // A plain value this person sets is wholly theirs; texts and merged maps keep others' parts.
  const { rules, foreignMarks } = binding;
  if (origin === 'local' && !foreignMarks.isEmpty)
    foreignMarks.clear(
      fields.filter((field) => !rules.textFields.has(field) && !rules.mergedFields.has(field)),
    );
}

/** Writes the record's value of `fields` into the document, seeding the texts that need it first. */
export function write(binding: Binding, fields: readonly string[], origin: object): void {
  const { doc, rules, state } = binding;
  for (const field of fields) if (state.stored.staleTexts.has(field)) repairStaleText(binding, field);
  const persisted = persistedOf(binding);
  const only = fields.length === 1 ? (fields[0] as string) : undefined;
  // The content's first write on a document without blocks makes them from the saved content first.
  const blocksSeed = fields.includes(CONTENT_FIELD) && needsBlocksSeed(binding);
  if (
    only !== undefined &&
    !blocksSeed &&
    state.seeds.seeded.has(only) &&
    state.seeds.changedWhileSeeding.size === 0
  ) {
    // A keystroke: one seeded text, nothing else to prepare.
    const text = sharedTextOf(doc, only);
    const edits = editsOf(binding);
    if (text !== undefined) {
      const next = rawTextOf(hasOwn(edits, only) ? edits[only] : persisted?.[only]);
      doc.transact(() => {
        writeText(binding, text, next);
        if (only === CONTENT_FIELD) writeBlocks(binding, next);
      }, origin);
      return;
    }
  }
  const rawAttributes = binding.record.config?.rawAttributes;
  // What the record showed of each text and merged field before this edit, when seeding could
  // bring in peers' changes it has not seen (see `changedWhileSeeding`).
  const shownBefore = new Map<string, unknown>();
  if (blocksSeed || fields.some((field) => needsSeeding(binding, field))) {
    for (const field of fields) {
      if (rules.textFields.has(field) || rules.mergedFields.has(field))
        shownBefore.set(field, shownValue(binding, field, rawValueIn(persisted, field, rawAttributes)));
    }
  }
  for (const field of fields) {
    if (rules.textFields.has(field) && !state.seeds.seeded.has(field)) seed(binding, field, persisted);
    else if (rules.mergedFields.has(field)) applyGenesisOf(binding, field);
  }
  if (blocksSeed) seedBlocks(binding);
  const changedUnseen = takeChangedWhileSeeding(binding);
  const edits = editsOf(binding);
  const values = fields.map((field) => {
    const persistedRaw = rawValueIn(persisted, field, rawAttributes);
    let value = hasOwn(edits, field) ? edits[field] : persistedRaw;
    // A peer's change came in with the seed: this edit is made on top of it, not over it.
    if (shownBefore.has(field) && changedUnseen.includes(field))
      value = rebasedValue(binding, field, shownBefore.get(field), value);
    return { field, persistedRaw, value };
  });
  // The saved values a first change replaces, as a change of no one's (see writeDocBase); a
  // keystroke (text fields only) needs none.
  if (fields.some((field) => !rules.textFields.has(field))) {
    doc.transact(() => {
      for (const { field, value, persistedRaw } of values) {
        writeStaleBase(binding, field, value, persistedRaw);
        writeDocBase(doc, rules, field, value, persistedRaw);
      }
    }, binding.origins.server);
  }
  const writeTextOf = (text: Y.Text, value: string): void => writeText(binding, text, value);
  doc.transact(() => {
    for (const { field, value, persistedRaw } of values) {
      if (value instanceof RebasedText) value.applyTo(sharedTextOf(doc, field));
      else writeDocField(doc, rules, field, value, persistedRaw, writeTextOf);
      if (field === CONTENT_FIELD) writeBlocks(binding, docText(binding, field, value));
    }
  }, origin);
  // The record shows the peers' changes that came in with a seed (merged with this edit).
  if (changedUnseen.length > 0) resyncFields(binding, changedUnseen);
}

/**
 * `mine` (the record's new value of `field`) made on top of what the document holds, for a field
 * whose seed or genesis brought in peers' changes the record had not seen (`shown` is what the
 * record showed before the edit): a text keeps their characters and gets this person's change
 * where it was made; a merged field keeps their keys and gets the keys this person changed.
 */
function rebasedValue(binding: Binding, field: string, shown: unknown, mine: unknown): unknown {
  if (binding.rules.textFields.has(field)) {
    const text = sharedTextOf(binding.doc, field);
    if (text === undefined) return mine;
    return new RebasedText(rawTextOf(shown), rawTextOf(mine), text.toString());
  }
  const theirs = docValue(binding, field)?.value;
  if (!isPlainObject(theirs) || !isPlainObject(mine)) return mine;
  const base = isPlainObject(shown) ? shown : {};
  const merged: PlainObject = { ...theirs };
  for (const key of Object.keys(mine)) if (!deepEqual(mine[key], base[key])) merged[key] = mine[key];
  for (const key of Object.keys(base)) if (!hasOwn(mine, key)) delete merged[key];
  return merged;
}
