/**
 * What a record binding is and holds (see `RecordBinding.ts`): its phase, what it is doing at this
 * moment, and what it knows of the document, as one named type ({@link BindingState}) that the
 * binding's parts read and change through one {@link Binding}.
 *
 * The phases, in order:
 *
 * - `bound`: the record has no saved copy yet, so there is no stored document to read; nothing of
 *   the binding is in the document.
 * - `hydrated`: the stored document (post meta `_crdt_document`) and the layout's genesis are in
 *   the document (`hydration.ts`); local persistence is still loading, nothing moves.
 * - `joining`: local persistence has loaded; the seeds met in the document are settled and the
 *   edits only the record holds are written into the document. The document's changes are not
 *   read back yet.
 * - `live`: record and document follow each other: this person's edits are written into the
 *   document (`recordToDocument.ts`), the document's changes are applied to the record
 *   (`documentToRecord.ts`, `documentChanges.ts`), saves are followed (`saveFollowing.ts`).
 * - `disposed`: the room closed; the record keeps its edits.
 *
 * Within `live`, two short activities can run, nested: `applying` (a document change is being
 * handed to the record, whose echoes must not go back into the document) and `seeding` (a seed,
 * genesis or repair is applied for the edit being written; see `seeding.ts`).
 *
 * @module
 */
import type * as Y from 'yjs';
import type { SyncError } from '../../../../core/errors.js';
import type { EntityRecord } from '../../../../models/EntityRecord.js';
import { isPlainObject, type PlainObject } from '../../../../models/snapshot.js';
import type { SharedBlocks } from '../../shared/blockDoc.js';
import type { DocFieldRules } from '../../shared/recordDoc.js';
import type { ForeignEditMarks } from '../ForeignEdits.js';
import type { KnownTextValues } from '../KnownTextValues.js';
import type { BlocksView } from './BlocksView.js';

/** Any shared type, as `transaction.changed` keys them. */
export type YType = Y.AbstractType<Y.YEvent<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Where a document change came from, as the binding hands it to the record. */
export type RemoteOrigin = 'peer' | 'undo';

/** What the binding needs from the store around it. */
export interface BindingHost {
  /** Sets the record's edits of these fields (`undefined` removes one) through the edit funnel with `origin`. */
  applyRemote(
    record: EntityRecord<object>,
    edits: Readonly<Record<string, unknown>>,
    origin: RemoteOrigin,
  ): void;
  /**
   * Asks the server for the record again, in the background, after a peer's save; resolves to
   * whether the server answered (a failure is reported, not thrown).
   */
  refetch(record: EntityRecord<object>): Promise<boolean>;
  /** Records a failure in `sync.errors` (the room goes on). */
  reportError(error: SyncError): void;
  /**
   * A change made elsewhere (a peer's update) reached the record's document, once the binding has
   * started: it may have taken away what this person's undo steps would undo.
   */
  peerChanged(record: EntityRecord<object>): void;
  /**
   * How to store the record's document on the site for later joiners (`POST /wp-sync/v1/save`),
   * or `undefined` when no provider of its room can.
   */
  documentStoreOf(record: EntityRecord<object>): ((value: string) => void) | undefined;
}

/** The binding's phase (see the module comment); only `live` moves record and document. */
export type BindingPhase =
  | { readonly name: 'bound' }
  | {
      readonly name: 'hydrated';
      /** Stores the first document this person built (see `hydration.ts`), once, at start. */
      readonly storeFirst: (() => void) | undefined;
    }
  | {
      readonly name: 'joining';
      /** The origin of this person's undo (`Y.UndoManager`). */
      readonly undoManager: object;
    }
  | {
      readonly name: 'live';
      /** The origin of this person's undo (`Y.UndoManager`). */
      readonly undoManager: object;
      /** What a save of this person's sent, per shared field, while it flies (for the server's rewrites). */
      sending: Record<string, unknown> | undefined;
    }
  | { readonly name: 'disposed' };

/** What the binding knows of the stored document it applied at join (see `hydration.ts`). */
export interface StoredDocumentState {
  /** The stored document applied (V2 bytes) and its meta value, for text repairs. */
  applied: { readonly update: Uint8Array; readonly value: string } | undefined;
  /** Text fields the stored document holds: their text is the document's value (no seed). */
  readonly texts: Set<string>;
  /**
   * Text fields whose stored text differs from the saved record (a stale stored document), with
   * that stored text: while the text still holds exactly it, the saved value is what everyone sees.
   */
  readonly staleTexts: Map<string, string>;
  /** Map entries (plain fields, meta keys) of the stored document that differ from the saved record. */
  readonly staleItems: Set<Y.Item>;
}

/** What the binding knows of the seeds and other changes of no one's (see `seeding.ts`). */
export interface SeedState {
  /** Text fields whose text holds the document's value (seeded), kept from `state`'s seed keys. */
  readonly seeded: Set<string>;
  /** Text fields with seeds of several saved copies (settled again after each undo of this person's). */
  readonly unsettled: Set<string>;
  /**
   * The client ids of the seeds in `state`; `undefined` until read, and again after any seed key
   * changed. A peer's keystroke must not walk `state` to find them.
   */
  clients: ReadonlySet<number> | undefined;
  /** The client ids of the layout's genesis updates; made at first use. */
  genesisClients: ReadonlySet<number> | undefined;
  /** The client ids of this person's repairs of stale stored texts: no one's changes. */
  readonly repairClients: Set<number>;
  /**
   * The fields a seed, genesis or repair changed beyond itself while seeding for an edit: a peer's
   * update that waited on what the seed brings (Yjs holds a peer's changes until it has everything
   * they build on) comes in with it. The record has not seen those changes: they are merged with
   * the edit being written, then read back.
   */
  readonly changedWhileSeeding: Set<string>;
}

/** What the binding heard of saves (see `saveFollowing.ts`). */
export interface SaveState {
  /** When the room opened: a block editor's save marker older than this is in the copy fetched. */
  readonly openedAt: number;
  /** The newest marker time (`savedAt`) of a block editor's save this person read. */
  heardSavedAt: number | undefined;
  /** The newest version (`wpEntities.savedVersion`) of a save of ours this person read or made. */
  heardVersion: string | undefined;
}

/** Everything a binding changes while it lives: one place, read and written by its parts. */
export interface BindingState {
  phase: BindingPhase;
  /** What the binding is doing at this moment (nested: seeding can run inside applying). */
  readonly activity: { applying: boolean; seeding: boolean };
  readonly stored: StoredDocumentState;
  readonly seeds: SeedState;
  /**
   * What this person's writes left in the document's texts, so a keystroke is diffed against that
   * string instead of reading the text back; forgotten at any change the binding did not make.
   */
  readonly knownTexts: KnownTextValues;
  /** The shared types of text and merged fields, to the field (a peer's keystroke looks its text up here). */
  readonly fieldOfType: Map<YType, string>;
  /** The document's blocks array as last looked up (see `documentChanges.ts`). */
  knownBlocks: SharedBlocks | undefined;
  /** The saved content and its blocks serialized by the block codec (see `contentFromBlocks`). */
  savedSerialization: { readonly saved: string; readonly serialized: string } | undefined;
  readonly saves: SaveState;
}

/** The transaction origins of the binding's own changes to the document. */
export interface BindingOrigins {
  /** This person's edits (tracked by their undo). */
  readonly local: object;
  /** This person's undo of a change (the funnel's `undo`). */
  readonly undo: object;
  /** A saved copy's values, and changes of no one's (tracked by no undo). */
  readonly server: object;
  /** Own edits asked to make no undo step (`undoIgnore`): shared, but not tracked by this person's undo. */
  readonly unrecorded: object;
}

/** One record bound to one document: what every part of the binding works on. */
export interface Binding {
  readonly record: EntityRecord<object>;
  readonly doc: Y.Doc;
  readonly rules: DocFieldRules;
  readonly host: BindingHost;
  readonly documentMap: Y.Map<unknown>;
  readonly stateMap: Y.Map<unknown>;
  readonly origins: BindingOrigins;
  readonly state: BindingState;
  /** The fields whose unsaved value others changed. */
  readonly foreignMarks: ForeignEditMarks;
  /** The document's blocks, read one block at a time; `undefined` without a block codec. */
  readonly blocksView: BlocksView | undefined;
}

/** The field the block codec reads from and writes to `document.blocks`. */
export const CONTENT_FIELD = 'content';

/** The post date field, which a draft's "floating" date keeps out of the document's say. */
export const DATE_FIELD = 'date';

/** A new binding's state: `bound`, knowing nothing of the document yet. */
export function initialBindingState(knownTexts: KnownTextValues): BindingState {
  return {
    phase: { name: 'bound' },
    activity: { applying: false, seeding: false },
    stored: { applied: undefined, texts: new Set(), staleTexts: new Map(), staleItems: new Set() },
    seeds: {
      seeded: new Set(),
      unsettled: new Set(),
      clients: undefined,
      genesisClients: undefined,
      repairClients: new Set(),
      changedWhileSeeding: new Set(),
    },
    knownTexts,
    fieldOfType: new Map(),
    knownBlocks: undefined,
    savedSerialization: undefined,
    saves: { openedAt: Date.now(), heardSavedAt: undefined, heardVersion: undefined },
  };
}

/** True while record and document follow each other. */
export function isLive(binding: Binding): boolean {
  return binding.state.phase.name === 'live';
}

/** Runs `apply` as the binding handing a document change to the record (its echoes stay out of the document). */
export function whileApplying(binding: Binding, apply: () => void): void {
  const activity = binding.state.activity;
  const wasApplying = activity.applying;
  activity.applying = true;
  try {
    apply();
  } finally {
    activity.applying = wasApplying;
  }
}

/** `Object.hasOwn`, for the record's edit objects. */
export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The record's edits, as a plain object. */
export function editsOf(binding: Binding): PlainObject {
  return binding.record.edits as PlainObject;
}

/** The record's saved copy, as a plain object. */
export function persistedOf(binding: Binding): PlainObject | undefined {
  return binding.record.persisted as PlainObject | undefined;
}

/** A persisted field as edits hold it: a raw attribute's `.raw`, any other field as it is. */
export function rawValueIn(
  persisted: PlainObject | undefined,
  field: string,
  rawAttributes: ReadonlySet<string> | undefined,
): unknown {
  const value = persisted?.[field];
  if (rawAttributes?.has(field) === true && isPlainObject(value) && 'raw' in value) return value.raw;
  return value;
}

/** The saved value of `field` as edits hold it. */
export function savedValueOf(binding: Binding, field: string): unknown {
  return rawValueIn(persistedOf(binding), field, binding.record.config?.rawAttributes);
}

/** True when edits of `field` are shared (not transient). */
export function isShared(binding: Binding, field: string): boolean {
  return binding.record.config?.transientEdits.has(field) !== true;
}

/** True when the record's edit of `field` is deferred (a function read at save time). */
export function isDeferred(binding: Binding, field: string): boolean {
  return typeof editsOf(binding)[field] === 'function';
}
