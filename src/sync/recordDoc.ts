/**
 * The layout of one record's shared document, and the reads and writes the binding makes on it.
 *
 * - map `edits`: field → value for plain fields (last writer wins). A field back at its saved value
 *   is deleted from the map.
 * - text fields (`title`, `content`, `excerpt`, …) are `Y.Text`, merged character by character. Each
 *   lives as a root-level text named after the saved value it starts from (its *base*), and
 *   `edits` holds that name for the field. A root type is the same object for every person, and the
 *   base's content is written by a client id derived from the name, so two people who start typing
 *   at the same moment build the very same base and both insertions are kept (a nested Y.Text made
 *   by each of them would be two rival values of one map key, and one would be lost).
 * - merged fields (`meta`) are a root-level map per field (`merged:meta`) holding only the keys
 *   people changed, so edits of different keys merge.
 * - map `saved`: per field, the server's value after the last save of it and that save's
 *   `modified_gmt` (`{ value, modified }`), so peers take in a save as if from the server, and
 *   concurrent saves leave each field with the version it came from.
 *
 * @module
 */
import * as Y from 'yjs';
import { deepEqual, isPlainObject, type PlainObject } from '../../models/snapshot.js';
import type { KnownTextValues } from './KnownTextValues.js';
import { applyTextValue } from './textDiff.js';

/** Name of the map of plain fields and text references. */
export const EDITS_MAP = 'edits';
/** Name of the map of saved server values. */
export const SAVED_MAP = 'saved';
/** One field of map `saved`: the server's value and the `modified_gmt` of the save that wrote it. */
export interface SavedEntry {
  /** The field as the server sent it after the save. */
  readonly value: unknown;
  /** The saved record's `modified_gmt` ('' when it has none). */
  readonly modified: string;
}

/** Reads one entry of map `saved`; `undefined` for anything else. */
export function savedEntryOf(value: unknown): SavedEntry | undefined {
  if (!isPlainObject(value) || typeof value.modified !== 'string' || !('value' in value)) return undefined;
  return { value: value.value, modified: value.modified };
}
/** The prefix of a merged field's root map. */
export const MERGED_PREFIX = 'merged:';
/** The prefix of a text field's root text. */
export const TEXT_PREFIX = 'text:';
/** Transaction origin of base texts: never an undo step, never sent back to the record as a change. */
export const BASE_ORIGIN = Symbol('wp-entities.sync.base');

/** The text fields of a post: what `SyncOptions.textFields` defaults to. */
export const DEFAULT_TEXT_FIELDS: ReadonlySet<string> = new Set(['title', 'content', 'excerpt']);

/** Which fields of a record are laid out how. */
export interface DocFieldRules {
  /** Fields kept as Y.Text. */
  readonly textFields: ReadonlySet<string>;
  /** Fields whose keys merge (`meta`). */
  readonly mergedFields: ReadonlySet<string>;
}

/** FNV-1a over UTF-16 code units with a chosen offset basis, as an unsigned 32-bit number. */
function fnv1a(value: string, basis: number): number {
  let hash = basis >>> 0;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The root text name of `field` when it starts from `base` in the save described by `modified`:
 * 64 bits of hash, so two different bases never share a name in practice.
 */
export function textNameOf(field: string, base: string, modified: string): string {
  const key = `${field}\u0000${base}\u0000${modified}`;
  const high = fnv1a(key, 0x811c9dc5).toString(36);
  const low = fnv1a(key, 0x050c5d1f).toString(36);
  return `${TEXT_PREFIX}${field}:${high}${low}`;
}

const baseUpdates = new Map<string, Uint8Array>();
const BASE_CACHE_LIMIT = 256;

/**
 * The update that writes `content` into the root text `name`, made by a client id derived from the
 * name: every person builds the same bytes, and Yjs applies them once however often they arrive.
 */
function baseUpdateOf(name: string, content: string): Uint8Array {
  const cached = baseUpdates.get(name);
  if (cached !== undefined) return cached;
  const scratch = new Y.Doc();
  // Client 0..2^32-1; a derived id is shared by every person starting from this base.
  scratch.clientID = fnv1a(name, 0x01000193);
  scratch.getText(name).insert(0, content);
  const update = Y.encodeStateAsUpdate(scratch);
  scratch.destroy();
  if (baseUpdates.size >= BASE_CACHE_LIMIT) baseUpdates.delete(baseUpdates.keys().next().value as string);
  baseUpdates.set(name, update);
  return update;
}

/** The raw string of a persisted text field (its `.raw` when it is `{ raw, rendered }`). */
export function rawTextOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isPlainObject(value) && typeof value.raw === 'string') return value.raw;
  return '';
}

/** The `modified_gmt` (else `modified`) of a persisted record, '' when it has none. */
export function modifiedOf(persisted: object | undefined): string {
  const record = persisted as PlainObject | undefined;
  const value = record?.modified_gmt ?? record?.modified;
  return typeof value === 'string' ? value : '';
}

/** The map of plain fields and text references. */
export function editsMapOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(EDITS_MAP);
}

/** The map of saved values. */
export function savedMapOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(SAVED_MAP);
}

/** The root map of a merged field. */
export function mergedMapOf(doc: Y.Doc, field: string): Y.Map<unknown> {
  return doc.getMap(`${MERGED_PREFIX}${field}`);
}

/**
 * The shared edits as the record should hold them: every plain field of `edits`, every text field
 * with its text, every merged field with at least one key (over the persisted value's keys).
 * `persistedRaw` is the record's raw persisted value, used to fill in merged fields.
 */
export function readDocEdits(
  doc: Y.Doc,
  rules: DocFieldRules,
  persistedRaw: object | undefined,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  editsMapOf(doc).forEach((value, field) => {
    if (rules.textFields.has(field)) {
      if (typeof value === 'string') result[field] = doc.getText(value).toString();
      return;
    }
    if (rules.mergedFields.has(field)) return;
    result[field] = value;
  });
  for (const field of rules.mergedFields) {
    const map = mergedMapOf(doc, field);
    if (map.size === 0) continue;
    const base = (persistedRaw as PlainObject | undefined)?.[field];
    result[field] = { ...(isPlainObject(base) ? base : {}), ...map.toJSON() };
  }
  return result;
}

/**
 * {@link readDocEdits} for some fields only (what a transaction touched): a field without a shared
 * edit is absent from the result.
 */
export function readDocFields(
  doc: Y.Doc,
  rules: DocFieldRules,
  persistedRaw: object | undefined,
  fields: Iterable<string>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const edits = editsMapOf(doc);
  for (const field of fields) {
    if (rules.mergedFields.has(field)) {
      const map = mergedMapOf(doc, field);
      if (map.size === 0) continue;
      const base = (persistedRaw as PlainObject | undefined)?.[field];
      result[field] = { ...(isPlainObject(base) ? base : {}), ...map.toJSON() };
      continue;
    }
    if (!edits.has(field)) continue;
    const value = edits.get(field);
    if (rules.textFields.has(field)) {
      if (typeof value === 'string') result[field] = doc.getText(value).toString();
      continue;
    }
    result[field] = value;
  }
  return result;
}

/** What {@link writeDocField} needs about the record's state after a change. */
export interface FieldState {
  /** The field. */
  readonly field: string;
  /** True when the record now has an edit of this field. */
  readonly hasEdit: boolean;
  /** The edited value (the persisted raw value when there is no edit). */
  readonly value: unknown;
  /** The persisted raw value of the field. */
  readonly persistedRaw: unknown;
  /** The persisted record's `modified_gmt`, part of a text's base. */
  readonly modified: string;
}

/**
 * Makes the document hold `state` for one field (call it inside a transaction): a plain field is
 * set or deleted, a text field gets the minimal diff into its text, a merged field's keys that
 * differ from the persisted value are set and the others deleted.
 *
 * A text field back at its saved value keeps its text (with the saved content), so a peer typing
 * in it at that moment keeps their insertion; only a save (`isSaved`) removes it from `edits`.
 *
 * `known`, when given, holds what the texts contain (the caller vouches for it: nothing else wrote
 * into them since), so a text is diffed against that instead of being read back; it is updated
 * with what this write leaves in the text.
 */
export function writeDocField(
  doc: Y.Doc,
  rules: DocFieldRules,
  state: FieldState,
  isSaved = false,
  known?: KnownTextValues,
): void {
  const edits = editsMapOf(doc);
  const { field } = state;
  if (rules.mergedFields.has(field)) {
    writeMergedField(mergedMapOf(doc, field), state);
    return;
  }
  if (rules.textFields.has(field) && (typeof state.value === 'string' || !state.hasEdit)) {
    writeTextField(doc, edits, state, isSaved, known);
    return;
  }
  if (!state.hasEdit) {
    if (edits.has(field)) edits.delete(field);
    return;
  }
  if (!edits.has(field) || !deepEqual(edits.get(field), state.value)) edits.set(field, state.value);
}

function writeTextField(
  doc: Y.Doc,
  edits: Y.Map<unknown>,
  state: FieldState,
  isSaved: boolean,
  known: KnownTextValues | undefined,
): void {
  const current = edits.get(state.field);
  if (!state.hasEdit) {
    if (current === undefined) return;
    if (isSaved || typeof current !== 'string') edits.delete(state.field);
    else writeText(doc.getText(current), rawTextOf(state.persistedRaw), known);
    return;
  }
  const value = state.value as string;
  let name = typeof current === 'string' ? current : undefined;
  if (name === undefined) {
    name = textNameOf(state.field, rawTextOf(state.persistedRaw), state.modified);
    edits.set(state.field, name);
  }
  writeText(doc.getText(name), value, known);
}

/** Brings `text` to `value` by the minimal diff, from what `known` says it holds when it knows. */
function writeText(text: Y.Text, value: string, known: KnownTextValues | undefined): void {
  if (known === undefined) {
    applyTextValue(text, value);
    return;
  }
  const before = known.valueOf(text);
  try {
    applyTextValue(text, value, before);
  } catch (error) {
    // A write that threw half way leaves the text unknown.
    known.forgetText(text);
    throw error;
  }
  known.wrote(text, value);
}

/**
 * Starts the text of a field the next {@link writeDocField} will write, when it has none yet: writes
 * its base and points `edits` at it, each in a transaction of origin {@link BASE_ORIGIN}. Call it
 * before that write's transaction, not inside it: Yjs takes another client's structs inside a local
 * transaction for a client-id clash, and this person's undo must not take the text away (it only
 * takes back what this person typed into it).
 */
export function prepareDocField(doc: Y.Doc, rules: DocFieldRules, state: FieldState): void {
  if (!rules.textFields.has(state.field) || !state.hasEdit || typeof state.value !== 'string') return;
  const edits = editsMapOf(doc);
  if (edits.get(state.field) !== undefined) return;
  const base = rawTextOf(state.persistedRaw);
  const name = textNameOf(state.field, base, state.modified);
  Y.applyUpdate(doc, baseUpdateOf(name, base), BASE_ORIGIN);
  doc.transact(() => edits.set(state.field, name), BASE_ORIGIN);
}

function writeMergedField(map: Y.Map<unknown>, state: FieldState): void {
  const persisted = isPlainObject(state.persistedRaw) ? state.persistedRaw : {};
  const value = state.hasEdit && isPlainObject(state.value) ? state.value : persisted;
  const keys = new Set([...Object.keys(value), ...map.keys()]);
  for (const key of keys) {
    const next = value[key];
    const isSaved = !(key in value) || deepEqual(next, persisted[key]);
    if (isSaved) {
      if (map.has(key)) map.delete(key);
    } else if (!map.has(key) || !deepEqual(map.get(key), next)) {
      map.set(key, next);
    }
  }
}
