/**
 * The layout of one record's shared document: the block editor's (`@wordpress/core-data` 8.x), so
 * one document can be edited from wp-entities and from the block editor at once.
 *
 * - root map `document`: the synced fields as everyone sees them now (not only the unsaved ones).
 *   Text fields (`title`, `content`, `excerpt`, plus `SyncOptions.textFields`) are `Y.Text`s inside
 *   it, merged character by character; `meta` is a `Y.Map` inside it, merged per key; any other
 *   field is a plain value (last writer wins), set the first time someone edits it. A field the
 *   document does not hold (yet) is the saved value each person knows.
 * - root map `state`: `version` (1), and the marker of the newest save: `savedAt` (ms), `savedBy`
 *   (the saver's client id), plus `wpEntities.savedVersion` (the saved record's `modified_gmt`).
 *
 * Each text field is one `Y.Text` for the document's whole life: a save never replaces it. Each
 * person works out what is unsaved as (the document's values) minus (the newest saved copy of the
 * record they know).
 *
 * Nobody creates those texts on their own (two people each setting `document.title` to a text of
 * their own would lose one of them, and what was typed into it): every person applies the same
 * *genesis* update, written by a client id derived from the field's name, with an empty text (or
 * map) for the field, when the field is first written (see {@link applyFieldGenesis}); Yjs applies
 * it once however many people send it. The saved text goes into it as
 * a *seed*, the first time someone edits the field: an update written by a client id derived from
 * exactly what it writes (field, saved version, content), so people who seed the same saved copy
 * make the same bytes and Yjs keeps one copy. Each seed leaves a key in `state`
 * (`wpEntities.seed.<field>.<client>` → the saved version). When people seeded different saved
 * copies before they could hear of each other, the seed of the oldest version stays and the others'
 * characters are deleted (what anyone typed among them stays).
 *
 * A client id is a function of exactly the content its update writes: the same id with other
 * content would corrupt every document that receives both.
 *
 * @module
 */
import * as Y from 'yjs';
import { deepEqual, isPlainObject, type PlainObject } from '../../../models/snapshot.js';
import type { BlockCodec } from './blockCodec.js';
import { POST_TYPE_SYNC, type EntitySyncRules } from '../../../core/entitySync.js';

/** The root map of the record's synced fields (the block editor's `CRDT_RECORD_MAP_KEY`). */
export const DOCUMENT_MAP = 'document';
/** The root map of the document's state and save marker (the block editor's `CRDT_STATE_MAP_KEY`). */
export const STATE_MAP = 'state';
/** `state.version`: the layout version (the block editor's `CRDT_DOC_VERSION`). */
export const LAYOUT_VERSION = 1;
/** `state` key of the layout version. */
export const VERSION_KEY = 'version';
/** `state` key of the newest save's time (`Date.now()` of the saver). */
export const SAVED_AT_KEY = 'savedAt';
/** `state` key of the newest save's author (the saver's Yjs client id). */
export const SAVED_BY_KEY = 'savedBy';
/** `state` key (ours; the block editor ignores it) of the newest save's `modified_gmt`. */
export const SAVED_VERSION_KEY = 'wpEntities.savedVersion';
/** Prefix of the `state` keys (ours) that record each seed: `<prefix><field>.<client id>` → saved version. */
export const SEED_PREFIX = 'wpEntities.seed.';

/** The text fields of a post (`POST_TYPE_SYNC.textFields`), which `SyncOptions.textFields` adds to. */
export const DEFAULT_TEXT_FIELDS: ReadonlySet<string> = new Set(POST_TYPE_SYNC.textFields);

/** Transaction origin of genesis and seed updates and seed repairs: never an undo step. */
export const SEED_ORIGIN = Symbol('wp-entities.sync.seed');

/** Tag hashed into every derived client id: a new layout gets new ids, never clashing with these. */
const LAYOUT_TAG = 'wp-entities/document/1';

/** Which fields of a record are laid out how. */
export interface DocFieldRules {
  /** Fields kept as Y.Text. */
  readonly textFields: ReadonlySet<string>;
  /** Fields whose keys merge (`meta`). */
  readonly mergedFields: ReadonlySet<string>;
  /**
   * When set, `content` is read from and written to `document.blocks` too (`SyncOptions.blockCodec`;
   * see `blockDoc.ts`).
   */
  readonly blockCodec?: BlockCodec | undefined;
}

/**
 * The document layout of an entity from its sync rules: its text fields (with `extraTextFields`,
 * `SyncOptions.textFields`) and merged fields, and `blockCodec` when its content holds blocks.
 */
export function docFieldRulesOf(
  rules: EntitySyncRules,
  extraTextFields: Iterable<string> = [],
  blockCodec?: BlockCodec,
): DocFieldRules {
  return {
    textFields: new Set([...rules.textFields, ...extraTextFields]),
    mergedFields: new Set(rules.mergedFields),
    blockCodec: rules.blocks ? blockCodec : undefined,
  };
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

/** A Yjs client id (32 bits) derived from `key`. */
export function derivedClientId(key: string): number {
  return fnv1a(`${LAYOUT_TAG}\u0000${key}`, 0x811c9dc5);
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

/** The root map of synced fields. */
export function documentMapOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(DOCUMENT_MAP);
}

/** The root map of state and save marker. */
export function stateMapOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(STATE_MAP);
}

const genesisUpdates = new Map<string, Uint8Array>();

/** What the genesis of a field (or of the state map, `field` undefined) is keyed and derived by. */
function genesisKeyOf(field: string | undefined, kind: 'text' | 'map'): string {
  return field === undefined ? 'state' : `${kind}\u0000${field}`;
}

/**
 * The genesis update of one field (`kind` 'text' or 'map') or of the state map (`field`
 * undefined): the same bytes for every person and every record.
 */
function genesisUpdateOf(field: string | undefined, kind: 'text' | 'map'): Uint8Array {
  const key = genesisKeyOf(field, kind);
  const cached = genesisUpdates.get(key);
  if (cached !== undefined) return cached;
  const scratch = new Y.Doc({ guid: SCRATCH_GUID });
  scratch.clientID = derivedClientId(`genesis\u0000${key}`);
  if (field === undefined) stateMapOf(scratch).set(VERSION_KEY, LAYOUT_VERSION);
  else documentMapOf(scratch).set(field, kind === 'text' ? new Y.Text() : new Y.Map());
  const update = Y.encodeStateAsUpdate(scratch);
  scratch.destroy();
  genesisUpdates.set(key, update);
  return update;
}

/**
 * Applies the genesis of every text and merged field and of the state map (idempotent): every
 * person's document then holds the same `Y.Text` per text field and `Y.Map` per merged field.
 * A field the document already holds (from a stored document applied first) gets none: it has
 * its one text, and a second one set beside it would hide one of the two.
 *
 * The binding applies them one at a time instead ({@link applyStateGenesis}, then
 * {@link applyFieldGenesis} when a field is first written): see there.
 */
export function applyGenesis(doc: Y.Doc, rules: DocFieldRules): void {
  const map = documentMapOf(doc);
  const updates = [genesisUpdateOf(undefined, 'map')];
  for (const field of rules.textFields) if (!map.has(field)) updates.push(genesisUpdateOf(field, 'text'));
  for (const field of rules.mergedFields) if (!map.has(field)) updates.push(genesisUpdateOf(field, 'map'));
  Y.applyUpdate(doc, Y.mergeUpdates(updates), SEED_ORIGIN);
}

/** The client ids of the genesis updates of `rules`' fields and of the state map: no one's changes. */
export function genesisClientsOf(rules: DocFieldRules): ReadonlySet<number> {
  const clientOf = (field: string | undefined, kind: 'text' | 'map'): number =>
    derivedClientId(`genesis\u0000${genesisKeyOf(field, kind)}`);
  const clients = new Set([clientOf(undefined, 'map')]);
  for (const field of rules.textFields) clients.add(clientOf(field, 'text'));
  for (const field of rules.mergedFields) clients.add(clientOf(field, 'map'));
  return clients;
}

/** Applies the genesis of the state map (idempotent). */
export function applyStateGenesis(doc: Y.Doc): void {
  if (stateMapOf(doc).has(VERSION_KEY)) return;
  Y.applyUpdate(doc, genesisUpdateOf(undefined, 'map'), SEED_ORIGIN);
}

/**
 * Applies the genesis of one text or merged field when the document lacks the field; returns true
 * when it applied it. A field's genesis waits until someone first writes the field (or asks for
 * its text), for two reasons:
 * - each genesis is written by a client id of its own, and every transaction of the document
 *   walks all its client ids (Yjs's state vectors), so every genesis written up front makes every
 *   keystroke dearer;
 * - by then this person has heard the room: a field another editor (the block editor makes its
 *   texts with its own client id) already created gets no second text that could hide its own.
 */
export function applyFieldGenesis(doc: Y.Doc, rules: DocFieldRules, field: string): boolean {
  const kind = rules.textFields.has(field) ? 'text' : rules.mergedFields.has(field) ? 'map' : undefined;
  if (kind === undefined || documentMapOf(doc).has(field)) return false;
  Y.applyUpdate(doc, genesisUpdateOf(field, kind), SEED_ORIGIN);
  return true;
}

/** The state key recording the seed of `field` written by `client`. */
function seedKeyOf(field: string, client: number): string {
  return `${SEED_PREFIX}${field}.${client}`;
}

/** One seed of a text field, as its `state` key records it. */
export interface SeedEntry {
  /** The field. */
  readonly field: string;
  /** The seed's client id (its characters carry it). */
  readonly client: number;
  /** The saved version (`modified_gmt`) it was made from. */
  readonly version: string;
}

/** Reads a `state` key as a seed entry; `undefined` for any other key. */
export function seedEntryOf(key: string, value: unknown): SeedEntry | undefined {
  if (!key.startsWith(SEED_PREFIX) || typeof value !== 'string') return undefined;
  const rest = key.slice(SEED_PREFIX.length);
  const dot = rest.lastIndexOf('.');
  const client = Number(rest.slice(dot + 1));
  if (dot <= 0 || !Number.isInteger(client)) return undefined;
  return { field: rest.slice(0, dot), client, version: value };
}

/**
 * The guid of the scratch documents updates are built in: a guid is never part of an update, and
 * a fixed one spares the random UUID a new document would draw (a first keystroke builds a seed).
 */
export const SCRATCH_GUID = 'wp-entities/scratch';

/** The seed update of `field` from the saved `content` of version `version`. */
export function seedUpdateOf(field: string, version: string, content: string): Uint8Array {
  const scratch = new Y.Doc({ guid: SCRATCH_GUID });
  Y.applyUpdate(scratch, genesisUpdateOf(field, 'text'));
  const before = Y.encodeStateVector(scratch);
  const client = derivedClientId(`seed\u0000${field}\u0000${version}\u0000${content}`);
  scratch.clientID = client;
  scratch.transact(() => {
    const text = documentMapOf(scratch).get(field) as Y.Text;
    if (content !== '') text.insert(0, content);
    stateMapOf(scratch).set(seedKeyOf(field, client), version);
  });
  const update = Y.encodeStateAsUpdate(scratch, before);
  scratch.destroy();
  return update;
}

/** How many seeds `field` has (more than one: {@link settleSeeds} has work). */
export function seedCountOf(doc: Y.Doc, field: string): number {
  const prefix = `${SEED_PREFIX}${field}.`;
  let count = 0;
  for (const key of stateMapOf(doc).keys()) if (key.startsWith(prefix)) count += 1;
  return count;
}

/** True when the text of `field` holds the document's value (someone seeded it, or typed into it). */
export function isSeeded(doc: Y.Doc, field: string): boolean {
  const text = documentMapOf(doc).get(field);
  if (text instanceof Y.Text && text.length > 0) return true;
  const prefix = `${SEED_PREFIX}${field}.`;
  for (const key of stateMapOf(doc).keys()) if (key.startsWith(prefix)) return true;
  return false;
}

/** Seeds `field` with its saved text (call it outside any transaction, before the edit that needs it). */
export function seedField(doc: Y.Doc, field: string, version: string, content: string): void {
  Y.applyUpdate(doc, seedUpdateOf(field, version, content), SEED_ORIGIN);
}

/**
 * The client ids of the seeds of `field` that lose to another (all but the seed of the oldest
 * version; ties: the lowest client id). Empty when it has one seed or none.
 */
export function losingSeedClients(doc: Y.Doc, field: string): ReadonlySet<number> {
  const seeds: SeedEntry[] = [];
  stateMapOf(doc).forEach((value, key) => {
    const entry = seedEntryOf(key, value);
    if (entry !== undefined && entry.field === field) seeds.push(entry);
  });
  if (seeds.length < 2) return new Set();
  seeds.sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : a.client - b.client));
  return new Set(seeds.slice(1).map((seed) => seed.client));
}

/**
 * When `field` has seeds of several saved copies, deletes the characters of all but the seed of the
 * oldest version (ties: the lowest client id), and the copies of them an undo brought back, in one
 * transaction of origin {@link SEED_ORIGIN}.
 * Everyone who sees the seeds decides the same; deleting twice is harmless. Returns true when it
 * deleted something.
 */
export function settleSeeds(doc: Y.Doc, field: string): boolean {
  const losers = losingSeedClients(doc, field);
  if (losers.size === 0) return false;
  const text = documentMapOf(doc).get(field);
  if (!(text instanceof Y.Text)) return false;
  // Copies of the losers' characters that someone's undo brought back (Yjs links an item to its
  // copy by `redone`): those go too. Kept as [client, first clock, end clock) ranges.
  const copies: [number, number, number][] = [];
  for (let item = text._start; item !== null; item = item.right) {
    if (!losers.has(item.id.client)) continue;
    let next = item.redone;
    for (let guard = 0; next !== null && guard < 1000; guard++) {
      const copy = Y.getItem(doc.store, next);
      copies.push([copy.id.client, copy.id.clock, copy.id.clock + item.length]);
      next = copy instanceof Y.Item ? copy.redone : null;
    }
  }
  const isLosing = (item: Y.Item): boolean =>
    losers.has(item.id.client) ||
    copies.some(
      ([client, start, end]) =>
        item.id.client === client && item.id.clock < end && item.id.clock + item.length > start,
    );
  // Runs of the losing live characters, as [index, length], found by walking the text's items.
  const runs: [number, number][] = [];
  let index = 0;
  for (let item = text._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    if (isLosing(item)) {
      const last = runs[runs.length - 1];
      if (last !== undefined && last[0] + last[1] === index) last[1] += item.length;
      else runs.push([index, item.length]);
    }
    index += item.length;
  }
  if (runs.length === 0) return false;
  doc.transact(() => {
    for (let i = runs.length - 1; i >= 0; i--) {
      const [at, length] = runs[i] as [number, number];
      text.delete(at, length);
    }
  }, SEED_ORIGIN);
  return true;
}

/** The shared `Y.Text` of a text field (`undefined` before its genesis or for another field). */
export function sharedTextOf(doc: Y.Doc, field: string): Y.Text | undefined {
  const value = documentMapOf(doc).get(field);
  return value instanceof Y.Text ? value : undefined;
}

/** The shared `Y.Map` of a merged field. */
function mergedMapOf(doc: Y.Doc, field: string): Y.Map<unknown> | undefined {
  const value = documentMapOf(doc).get(field);
  return value instanceof Y.Map ? value : undefined;
}

/**
 * The value the document holds for `field`, or `undefined` when it holds none (everyone sees their
 * saved value). `persistedRaw` is the field's saved raw value (merged fields start from it).
 */
export function readDocField(
  doc: Y.Doc,
  rules: DocFieldRules,
  field: string,
  persistedRaw: unknown,
): { value: unknown } | undefined {
  if (rules.textFields.has(field)) {
    const text = sharedTextOf(doc, field);
    if (text === undefined || !isSeeded(doc, field)) return undefined;
    return { value: text.toString() };
  }
  if (rules.mergedFields.has(field)) {
    const map = mergedMapOf(doc, field);
    if (map === undefined || map.size === 0) return undefined;
    return { value: { ...(isPlainObject(persistedRaw) ? persistedRaw : {}), ...map.toJSON() } };
  }
  const map = documentMapOf(doc);
  return map.has(field) ? { value: map.get(field) } : undefined;
}

/**
 * Before this person first sets a plain field (or a key of a merged field) the document does not
 * hold yet, writes the saved value there (call it in a transaction undo does not track): undoing
 * the first change then brings the saved value back, where undoing a first set would leave no
 * value at all (and each person would see their own saved copy). Text fields are seeded instead.
 */
export function writeDocBase(
  doc: Y.Doc,
  rules: DocFieldRules,
  field: string,
  value: unknown,
  persistedRaw: unknown,
): void {
  if (rules.textFields.has(field)) return;
  if (rules.mergedFields.has(field)) {
    const merged = mergedMapOf(doc, field);
    if (merged === undefined || !isPlainObject(value) || !isPlainObject(persistedRaw)) return;
    for (const key of Object.keys(value)) {
      if (!merged.has(key) && key in persistedRaw && !deepEqual(persistedRaw[key], value[key]))
        merged.set(key, persistedRaw[key]);
    }
    return;
  }
  const map = documentMapOf(doc);
  if (!map.has(field) && persistedRaw !== undefined && !deepEqual(persistedRaw, value))
    map.set(field, persistedRaw);
}

/**
 * Makes the document hold `value` for `field` (call it inside a transaction; a text field must be
 * seeded first): a text gets the minimal diff (from `before` when the caller knows what the text
 * holds), a merged field sets the keys whose value differs and deletes the keys `value` lacks, a
 * plain field is set when it differs.
 */
export function writeDocField(
  doc: Y.Doc,
  rules: DocFieldRules,
  field: string,
  value: unknown,
  persistedRaw: unknown,
  applyText: (text: Y.Text, value: string) => void,
): void {
  const map = documentMapOf(doc);
  if (rules.textFields.has(field)) {
    const text = sharedTextOf(doc, field);
    if (text !== undefined) {
      applyText(text, rawTextOf(value));
      return;
    }
  }
  if (rules.mergedFields.has(field)) {
    const merged = mergedMapOf(doc, field);
    if (merged !== undefined) {
      writeMergedField(merged, value, persistedRaw);
      return;
    }
  }
  if (value === undefined) {
    if (map.has(field)) map.delete(field);
    return;
  }
  if (!map.has(field) || !deepEqual(map.get(field), value)) map.set(field, value);
}

/** The meta key where the block editor stores the document itself: never synced (as in core-data). */
const PERSISTED_DOCUMENT_META_KEY = '_crdt_document';

function writeMergedField(map: Y.Map<unknown>, value: unknown, persistedRaw: unknown): void {
  const persisted = isPlainObject(persistedRaw) ? persistedRaw : {};
  const next = isPlainObject(value) ? value : persisted;
  for (const key of Object.keys(next)) {
    if (key === PERSISTED_DOCUMENT_META_KEY) continue;
    const current = map.has(key) ? map.get(key) : persisted[key];
    if (!deepEqual(current, next[key]) || (!map.has(key) && !(key in persisted))) map.set(key, next[key]);
  }
  for (const key of [...map.keys()])
    if (!(key in next) && key !== PERSISTED_DOCUMENT_META_KEY) map.delete(key);
}

/** The newest save marker the document holds. */
export interface SaveMarker {
  /** `Date.now()` of the saver. */
  readonly savedAt: number | undefined;
  /** The saver's client id. */
  readonly savedBy: number | undefined;
  /** The saved record's `modified_gmt` ('' when unknown, e.g. a save by the block editor). */
  readonly version: string;
}

/** Reads the save marker. */
export function saveMarkerOf(doc: Y.Doc): SaveMarker {
  const state = stateMapOf(doc);
  const savedAt = state.get(SAVED_AT_KEY);
  const savedBy = state.get(SAVED_BY_KEY);
  const version = state.get(SAVED_VERSION_KEY);
  return {
    savedAt: typeof savedAt === 'number' ? savedAt : undefined,
    savedBy: typeof savedBy === 'number' ? savedBy : undefined,
    version: typeof version === 'string' ? version : '',
  };
}

/** Writes the save marker (call it inside a transaction). */
export function writeSaveMarker(doc: Y.Doc, version: string): void {
  const state = stateMapOf(doc);
  state.set(SAVED_AT_KEY, Date.now());
  state.set(SAVED_BY_KEY, doc.clientID);
  state.set(SAVED_VERSION_KEY, version);
}
