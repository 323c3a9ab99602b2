/**
 * One record ↔ one shared document (layout: `recordDoc.ts`). The record's shared edits are always
 * (the document's values) minus (the record's saved copy): this person's edits (`local`, `undo`)
 * go into the document in one transaction; changes that arrive in the document (peers, this
 * person's `Y.UndoManager`) and every new saved copy (a save, a refetch) give the record its edits
 * again through the edit funnel, with origin `peer` (or `undo`), so they make no undo step and are
 * never sent back out. A save changes no text: it writes the save marker, and a peer who sees a
 * marker of a version it does not have refetches the record.
 *
 * @module
 */
import { observable, reaction, runInAction } from 'mobx';
import * as Y from 'yjs';
import { SyncError } from '../../../core/errors.js';
import type { EntityRecord } from '../../../models/EntityRecord.js';
import { deepEqual, isPlainObject, type PlainObject } from '../../../models/snapshot.js';
import {
  BLOCKS_FIELD,
  blockMapWithClientId,
  isInsideBlocks,
  plainBlocks,
  readBlocks,
  sharedBlocksOf,
  writeBlocks,
  type SharedBlocks,
} from '../shared/blockDoc.js';
import type { SyncBlock } from '../shared/blockCodec.js';
import { ForeignEditMarks } from './ForeignEdits.js';
import { KnownTextValues } from './KnownTextValues.js';
import {
  SAVED_AT_KEY,
  SAVED_VERSION_KEY,
  SEED_ORIGIN,
  SEED_PREFIX,
  applyFieldGenesis,
  applyStateGenesis,
  genesisClientsOf,
  documentMapOf,
  isSeeded,
  modifiedOf,
  rawTextOf,
  readDocField,
  saveMarkerOf,
  seedEntryOf,
  losingSeedClients,
  seedCountOf,
  seedField,
  settleSeeds,
  sharedTextOf,
  stateMapOf,
  writeDocBase,
  writeDocField,
  writeSaveMarker,
  type DocFieldRules,
} from '../shared/recordDoc.js';
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
} from '../shared/storedDocument.js';
import { applyTextValue, RebasedText } from '../shared/textDiff.js';

/** Any shared type, as `transaction.changed` keys them. */
type YType = Y.AbstractType<Y.YEvent<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Where a document change came from, as the binding hands it to the record. */
export type RemoteOrigin = 'peer' | 'undo';

/**
 * The edit funnel's origins the binding takes: this person's own work (typing, undo, a journal
 * restore, a deferred edit's value at save time) and a saved copy's clearing (checked against the
 * document). A `peer` change came from the document; a `discard` is a delete.
 */
const WRITTEN_ORIGINS: ReadonlySet<string> = new Set(['local', 'undo', 'server', 'restore', 'deferred']);

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

/** The field the block codec reads from and writes to `document.blocks`. */
const CONTENT_FIELD = 'content';

/** The post date field, which a draft's "floating" date keeps out of the document's say. */
const DATE_FIELD = 'date';

/**
 * True when the record's date "floats" (a draft whose date WordPress sets to the time of each save:
 * `null`, or equal to `modified`): as in core-data, the document's `date` (a block editor writes the
 * one it loaded) is not taken, or every save would leave the record an edit back to an old date.
 */
function isFloatingDate(persisted: PlainObject | undefined, edits: PlainObject): boolean {
  const date = hasOwn(edits, DATE_FIELD) ? edits[DATE_FIELD] : persisted?.[DATE_FIELD];
  return date === null || (date !== undefined && date === persisted?.modified);
}

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** A persisted field as edits hold it: a raw attribute's `.raw`, any other field as it is. */
function rawValueIn(
  persisted: PlainObject | undefined,
  field: string,
  rawAttributes: ReadonlySet<string> | undefined,
): unknown {
  const value = persisted?.[field];
  if (rawAttributes?.has(field) === true && isPlainObject(value) && 'raw' in value) return value.raw;
  return value;
}

/**
 * Keeps one record and its document in step while the record's room is open. {@link localOrigin}
 * is the transaction origin of this person's own edits: the one `SyncUndo` tracks.
 */
export class RecordBinding {
  /** The origin of this person's edits in the document (tracked by undo). */
  readonly localOrigin: object = { origin: 'local' };
  /**
   * The fields whose unsaved value others changed (from updates that reached this document after
   * the room started; what local persistence held before that is not attributed).
   */
  readonly foreignMarks = new ForeignEditMarks();
  private readonly undoOrigin: object = { origin: 'undo' };
  private readonly serverOrigin: object = { origin: 'server' };
  /** Own edits asked to make no undo step (`undoIgnore`): shared, but not tracked by this person's undo. */
  private readonly unrecordedOrigin: object = { origin: 'local-unrecorded' };
  /**
   * True while the binding hands a document change to the record: the funnel's echoes of it must
   * not go back into the document. A `local` edit is never such an echo: it is one the app makes
   * synchronously in a reaction to the change, this person's own, and must reach the document.
   */
  private isApplying = false;
  /** True while this person seeds a text for the edit being written: the record already shows that edit. */
  private isSeedingForEdit = false;
  /**
   * The fields a seed, genesis or repair changed beyond itself while {@link isSeedingForEdit}: an
   * update from a peer that waited on what the seed brings (Yjs holds a peer's changes until it has
   * everything they build on) comes in with it. The record has not seen those changes: they are
   * merged with the edit being written, then read back (see {@link write}).
   */
  private readonly changedWhileSeeding = new Set<string>();
  /**
   * What this person's writes left in the document's texts, so a keystroke is diffed against that
   * string instead of reading the text back; forgotten at any change the binding did not make.
   */
  private readonly knownTexts = new KnownTextValues();
  /**
   * The client ids of the seeds in `state` (see {@link markForeign}); `undefined` until read, and
   * again after any seed key changed. A peer's keystroke must not walk `state` to find them.
   */
  private seedClients: ReadonlySet<number> | undefined;
  /** The client ids of the layout's genesis updates (see {@link markForeign}); made at first use. */
  private genesisClients: ReadonlySet<number> | undefined;
  /** The client ids of this person's repairs of stale stored texts (see `repairStaleText`): no one's changes. */
  private readonly repairClients = new Set<number>();
  /** Text fields whose text holds the document's value (seeded), kept from `state`'s seed keys. */
  private readonly seeded = new Set<string>();
  /** Text fields with seeds of several saved copies (settled again after each undo of this person's). */
  private readonly unsettled = new Set<string>();
  /** The shared types of text and merged fields, to the field (a peer's keystroke looks its text up here). */
  private readonly fieldOfType = new Map<YType, string>();
  /** Moves whenever the document's blocks change (what {@link blocks} observes). */
  private readonly blocksChanges = observable.box(0);
  /** The blocks {@link blocks} last read, and at which change. */
  private blocksRead: { readonly change: number; readonly blocks: readonly SyncBlock[] } | undefined;
  /** The document's blocks array as last looked up (see {@link replacedUnderOwnWork}). */
  private knownBlocks: SharedBlocks | undefined;
  private readonly documentMap: Y.Map<unknown>;
  private readonly stateMap: Y.Map<unknown>;
  private undoManager: object | undefined;
  /** The saved content and its blocks serialized by the block codec (see {@link contentFromBlocks}). */
  private savedSerialization: { readonly saved: string; readonly serialized: string } | undefined;
  /** What a save of this person's sent, per shared field, while it flies (for the server's rewrites). */
  private sentValues: Record<string, unknown> | undefined;
  private isStarted = false;
  private isDestroyed = false;
  /** True once the stored document (if any) and the genesis are in the document. */
  private isPrepared = false;
  /** The stored document applied at join (V2 bytes) and its meta value, for text repairs. */
  private stored: { readonly update: Uint8Array; readonly value: string } | undefined;
  /** Text fields the stored document holds: their text is the document's value (no seed). */
  private readonly storedTexts = new Set<string>();
  /**
   * Text fields whose stored text differs from the saved record (a stale stored document), with
   * that stored text: while the text still holds exactly it, the saved value is what everyone sees.
   */
  private readonly staleTexts = new Map<string, string>();
  /** Map entries (plain fields, meta keys) of the stored document that differ from the saved record. */
  private readonly staleItems = new Set<Y.Item>();
  private readonly stoppers: (() => void)[] = [];
  /** When the room opened: a block editor's save marker older than this is in the copy fetched. */
  private readonly openedAt = Date.now();
  /** The newest marker time (`savedAt`) of a block editor's save this person read (see {@link refetchWhenBehind}). */
  private heardSavedAt: number | undefined;
  /** The newest version (`wpEntities.savedVersion`) of a save of ours this person read or made. */
  private heardVersion: string | undefined;
  /** Stores the first document this person built (see {@link firstDocument}), once, at start. */
  private storeFirst: (() => void) | undefined;

  /** Binds `record` to `doc` and applies the layout's genesis; nothing else moves until {@link start}. */
  constructor(
    readonly record: EntityRecord<object>,
    readonly doc: Y.Doc,
    private readonly rules: DocFieldRules,
    private readonly host: BindingHost,
  ) {
    this.documentMap = documentMapOf(doc);
    this.stateMap = stateMapOf(doc);
    // Without a saved copy yet there is no stored document to read: both wait for `start`.
    if (record.persisted !== undefined) this.prepare();
  }

  /**
   * Applies the record's stored document (post meta `_crdt_document`), when it has a valid one,
   * then the genesis of the fields it does not hold: nothing of this person's is in the document
   * before the stored document (the block editor's order; see `storedDocument.ts`).
   */
  private prepare(): void {
    this.isPrepared = true;
    const persisted = this.record.persisted as PlainObject | undefined;
    let value = storedDocumentValueOf(persisted);
    if (value === undefined && persisted !== undefined) value = this.firstDocument(persisted);
    if (value !== undefined && persisted !== undefined) {
      try {
        const stored = readStoredDocument(value, this.rules);
        const update = Y.encodeStateAsUpdateV2(stored);
        Y.applyUpdateV2(this.doc, update, SEED_ORIGIN);
        this.stored = { update, value: value as string };
        this.noteStale(stored, persisted);
        stored.destroy();
      } catch (error) {
        if (!(error instanceof InvalidStoredDocument)) throw error;
        const { kind, name, id } = this.record;
        this.host.reportError(
          new SyncError(
            `The stored document (post meta ${STORED_DOCUMENT_META_KEY}) of ${kind}/${name}/${String(id)} was ignored: ${error.message}.`,
            'invalid-stored-document',
            { cause: error },
          ),
        );
      }
    }
    // Each field's genesis waits for its first write (see `applyFieldGenesis`).
    applyStateGenesis(this.doc);
  }

  /**
   * With no stored document yet, on a site that keeps one and with a provider that can store it:
   * the record's first document ({@link firstDocumentOf}), as the stored one to apply, and kept
   * for {@link start} to store on the site, so whoever opens the record next (the block editor
   * too) starts from it and builds no second one.
   */
  private firstDocument(persisted: PlainObject): string | undefined {
    if (this.record.kind !== 'postType' || persisted.status === 'auto-draft') return undefined;
    if (!isStoredDocumentRegistered(persisted)) return undefined;
    const store = this.host.documentStoreOf(this.record);
    if (store === undefined) return undefined;
    const first = firstDocumentOf(persisted, this.rules);
    if (first === undefined) return undefined;
    const value = serializeStoredDocument(first);
    first.destroy();
    this.storeFirst = () => store(value);
    return value;
  }

  /** Notes what of the stored document differs from the saved record (see {@link staleTexts}, {@link staleItems}). */
  private noteStale(stored: Y.Doc, persisted: PlainObject): void {
    const storedMap = documentMapOf(stored);
    const rawAttributes = this.record.config?.rawAttributes;
    storedMap.forEach((value, field) => {
      if (!(field in persisted)) return;
      const saved = rawValueIn(persisted, field, rawAttributes);
      if (this.rules.textFields.has(field)) {
        if (!(value instanceof Y.Text)) return;
        this.storedTexts.add(field);
        const text = value.toString();
        if (text !== rawTextOf(saved)) this.staleTexts.set(field, text);
        return;
      }
      const item = this.documentMap._map.get(field);
      if (this.rules.mergedFields.has(field)) {
        const merged = this.documentMap.get(field);
        if (!(value instanceof Y.Map) || !(merged instanceof Y.Map)) return;
        const savedKeys = isPlainObject(saved) ? saved : {};
        value.forEach((entry, key) => {
          const entryItem = merged._map.get(key);
          if (key === STORED_DOCUMENT_META_KEY || entryItem === undefined) return;
          if (!deepEqual(entry, savedKeys[key])) this.staleItems.add(entryItem);
        });
        return;
      }
      if (item !== undefined && !deepEqual(value, saved)) this.staleItems.add(item);
    });
  }

  /** True while the map entry `key` of `map` is still the stale one the stored document brought. */
  private isStaleEntry(map: Y.Map<unknown>, key: string): boolean {
    if (this.staleItems.size === 0) return false;
    const item = map._map.get(key);
    return item !== undefined && this.staleItems.has(item);
  }

  /**
   * Before this person's first edit of a text the stale stored document still holds as it was:
   * brings it to the saved text with the repair everyone makes alike (see `textRepairOf`), so the
   * edit starts from the saved text and two people doing this at once add the saved text once.
   */
  private repairStaleText(field: string): void {
    const storedText = this.staleTexts.get(field);
    const text = sharedTextOf(this.doc, field);
    if (storedText === undefined || this.stored === undefined || text === undefined) return;
    this.staleTexts.delete(field);
    if (text.toString() !== storedText) return;
    const persisted = this.record.persisted as PlainObject | undefined;
    const saved = rawTextOf(rawValueIn(persisted, field, this.record.config?.rawAttributes));
    const repair = textRepairOf(this.stored.update, this.stored.value, field, saved);
    if (repair === undefined) return;
    this.repairClients.add(repairClientOf(this.stored.value, field, saved));
    this.whileSeeding(() => Y.applyUpdate(this.doc, repair, SEED_ORIGIN));
  }

  /** Runs `apply` (a seed, a genesis or a repair) with the record's reading of the document held. */
  private whileSeeding(apply: () => void): void {
    const wasSeeding = this.isSeedingForEdit;
    this.isSeedingForEdit = true;
    try {
      apply();
    } finally {
      this.isSeedingForEdit = wasSeeding;
    }
  }

  /**
   * The fields that changed beyond the seeds and geneses applied since the last call (see
   * {@link changedWhileSeeding}), and forgets them.
   */
  private takeChangedWhileSeeding(): string[] {
    if (this.changedWhileSeeding.size === 0) return [];
    const fields = [...this.changedWhileSeeding];
    this.changedWhileSeeding.clear();
    return fields;
  }

  /** The shared `Y.Text` of a text field, `undefined` for any other field. */
  sharedText(field: string): Y.Text | undefined {
    if (!this.rules.textFields.has(field)) return undefined;
    // Asked for before anyone wrote the field: its genesis now (never before the stored document).
    if (this.isStarted && !this.isDestroyed && !this.documentMap.has(field)) {
      this.applyGenesisOf(field);
      // Peers' typing that waited on the genesis came in with it: the record shows it now.
      const changed = this.takeChangedWhileSeeding();
      if (changed.length > 0) this.resyncFields(changed);
    }
    return sharedTextOf(this.doc, field);
  }

  /**
   * Applies the genesis of a text or merged field when the document lacks it (see
   * `applyFieldGenesis`), as a seed is applied: the record's edits are not read back from it.
   */
  private applyGenesisOf(field: string): void {
    if (this.documentMap.has(field)) return;
    // Looked up here too: before `start` listens to the document, nothing else would.
    this.whileSeeding(() => {
      if (applyFieldGenesis(this.doc, this.rules, field)) this.refreshTypes();
    });
  }

  /**
   * Brings record and document together (after local persistence has loaded): fields the document
   * holds win, edits only the record holds are written into the document, and from then on the
   * document's changes reach the record. `undoManager` is the origin of this person's undo.
   */
  start(undoManager: object): void {
    this.undoManager = undoManager;
    if (!this.isPrepared) this.prepare();
    this.refreshTypes();
    for (const field of this.rules.textFields) {
      if (isSeeded(this.doc, field) || this.storedTexts.has(field)) this.seeded.add(field);
      if (seedCountOf(this.doc, field) > 1) this.unsettled.add(field);
      this.settle(field);
    }
    const ownEdits = this.record.edits as PlainObject;
    const onlyHere = Object.keys(ownEdits).filter(
      (field) => this.isShared(field) && !this.isDeferred(field) && this.docValue(field) === undefined,
    );
    if (onlyHere.length > 0) this.write(onlyHere, this.unrecordedOrigin);
    this.doc.on('afterTransaction', this.onTransaction);
    this.isStarted = true;
    const storeFirst = this.storeFirst;
    this.storeFirst = undefined;
    storeFirst?.();
    this.resync();
    this.refetchWhenBehind();
    // Every new saved copy (a save, a refetch, a list) makes the record's edits what differs from it.
    this.stoppers.push(
      reaction(
        () => [this.record.persisted, this.record.isSaving] as const,
        ([persisted, isSaving], [previous, wasSaving]) => {
          if (isSaving && !wasSaving) {
            this.sentValues = this.sharedEdits();
            this.freshenContentText();
          }
          // A save's answer arrives in the action that ends it; a refetch answered during the save is not it.
          const sent = !isSaving && wasSaving ? this.sentValues : undefined;
          if (!isSaving) this.sentValues = undefined;
          if (persisted !== previous) this.onNewSavedCopy(persisted as PlainObject | undefined, sent);
        },
      ),
    );
  }

  /**
   * Told of the body of this person's save of the record, as it is sent; returns the fields to add.
   * Only the fields the body sends can be rewritten by the answer (a save of some fields leaves the
   * others unsaved, and they stay edits). Adds meta `_crdt_document` holding this document when the
   * site registers that meta (the saved record carries the key) and the save sends every shared
   * edit the record has: a save of some fields adds none, or the stored document would hold unsaved
   * values as if they were saved.
   */
  onSaveBody(body: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
    if (!this.isStarted || this.isDestroyed) return undefined;
    const sentValues = this.sentValues;
    if (sentValues !== undefined) {
      const sent: Record<string, unknown> = {};
      for (const field of Object.keys(sentValues)) if (hasOwn(body, field)) sent[field] = sentValues[field];
      this.sentValues = sent;
    }
    if (!isStoredDocumentRegistered(this.record.persisted)) return undefined;
    const edits = this.sharedEdits();
    for (const field of Object.keys(edits)) {
      if (!hasOwn(body, field) || !deepEqual(body[field], edits[field])) return undefined;
    }
    const meta = isPlainObject(body.meta) ? body.meta : {};
    return { meta: { ...meta, [STORED_DOCUMENT_META_KEY]: serializeStoredDocument(this.doc) } };
  }

  /** Stops listening to the document; the record keeps its edits. */
  destroy(): void {
    this.isDestroyed = true;
    for (const stop of this.stoppers) stop();
    this.doc.off('afterTransaction', this.onTransaction);
    this.knownTexts.forget();
  }

  /**
   * Takes one change of the record's edits from the edit funnel: this person's work (`local`,
   * `undo`, `restore`, `deferred`) is written into the document in one transaction as this
   * person's change, so peers see it and the document never overwrites it; a `server` change (a
   * save or a newer copy cleared an edit) is checked against the document, whose values stay. A
   * journal restore is a step of this person's undo (the store opens it, see `SyncManager`); a
   * local edit with `undoIgnore` and a deferred edit's value (sent by a save) are shared but make
   * no undo step.
   */
  onEdit(changes: Readonly<Record<string, unknown>>, origin: string, undoIgnore = false): void {
    if (!this.isStarted || this.isDestroyed) return;
    if (this.isApplying && origin !== 'local') return;
    if (!WRITTEN_ORIGINS.has(origin)) return;
    const edits = this.record.edits as PlainObject;
    const transient = this.record.config?.transientEdits;
    const fields: string[] = [];
    for (const field in changes) {
      if (!hasOwn(changes, field) || transient?.has(field) === true) continue;
      if (typeof edits[field] !== 'function') fields.push(field);
    }
    if (fields.length === 0) return;
    if (origin === 'server') {
      this.resyncFields(fields);
      return;
    }
    const transactionOrigin =
      origin === 'undo'
        ? this.undoOrigin
        : origin === 'deferred' || undoIgnore
          ? this.unrecordedOrigin
          : this.localOrigin;
    this.write(fields, transactionOrigin);
    // A plain value this person sets is wholly theirs; texts and merged maps keep others' parts.
    if (origin === 'local' && !this.foreignMarks.isEmpty)
      this.foreignMarks.clear(
        fields.filter((field) => !this.rules.textFields.has(field) && !this.rules.mergedFields.has(field)),
      );
  }

  /** Writes the record's value of `fields` into the document, seeding the texts that need it first. */
  private write(fields: readonly string[], origin: object): void {
    for (const field of fields) if (this.staleTexts.has(field)) this.repairStaleText(field);
    const persisted = this.record.persisted as PlainObject | undefined;
    const only = fields.length === 1 ? (fields[0] as string) : undefined;
    if (only !== undefined && this.seeded.has(only) && this.changedWhileSeeding.size === 0) {
      // A keystroke: one seeded text, nothing else to prepare.
      const text = sharedTextOf(this.doc, only);
      const edits = this.record.edits as PlainObject;
      if (text !== undefined) {
        const next = rawTextOf(hasOwn(edits, only) ? edits[only] : persisted?.[only]);
        this.doc.transact(() => {
          this.writeText(text, next);
          if (only === CONTENT_FIELD) this.writeBlocks(next);
        }, origin);
        return;
      }
    }
    const rawAttributes = this.record.config?.rawAttributes;
    // What the record showed of each text and merged field before this edit, when seeding could
    // bring in peers' changes it has not seen (see `changedWhileSeeding`).
    const shownBefore = new Map<string, unknown>();
    const needsSeeding = fields.some((field) => this.needsSeeding(field));
    if (needsSeeding) {
      for (const field of fields) {
        if (this.rules.textFields.has(field) || this.rules.mergedFields.has(field))
          shownBefore.set(field, this.shownValue(field, rawValueIn(persisted, field, rawAttributes)));
      }
    }
    for (const field of fields) {
      if (this.rules.textFields.has(field) && !this.seeded.has(field)) this.seed(field, persisted);
      else if (this.rules.mergedFields.has(field)) this.applyGenesisOf(field);
    }
    const changedUnseen = this.takeChangedWhileSeeding();
    const edits = this.record.edits as PlainObject;
    const values = fields.map((field) => {
      const persistedRaw = rawValueIn(persisted, field, rawAttributes);
      let value = hasOwn(edits, field) ? edits[field] : persistedRaw;
      // A peer's change came in with the seed: this edit is made on top of it, not over it.
      if (shownBefore.has(field) && changedUnseen.includes(field))
        value = this.rebasedValue(field, shownBefore.get(field), value);
      return { field, persistedRaw, value };
    });
    // The saved values a first change replaces, as a change of no one's (see writeDocBase); a
    // keystroke (text fields only) needs none.
    if (fields.some((field) => !this.rules.textFields.has(field))) {
      this.doc.transact(() => {
        for (const { field, value, persistedRaw } of values) {
          this.writeStaleBase(field, value, persistedRaw);
          writeDocBase(this.doc, this.rules, field, value, persistedRaw);
        }
      }, this.serverOrigin);
    }
    this.doc.transact(() => {
      for (const { field, value, persistedRaw } of values) {
        if (value instanceof RebasedText) value.applyTo(sharedTextOf(this.doc, field));
        else writeDocField(this.doc, this.rules, field, value, persistedRaw, this.writeText);
        if (field === CONTENT_FIELD) this.writeBlocks(this.docText(field, value));
      }
    }, origin);
    // The record shows the peers' changes that came in with a seed (merged with this edit).
    if (changedUnseen.length > 0) this.resyncFields(changedUnseen);
  }

  /**
   * `mine` (the record's new value of `field`) made on top of what the document holds, for a field
   * whose seed or genesis brought in peers' changes the record had not seen (`shown` is what the
   * record showed before the edit): a text keeps their characters and gets this person's change
   * where it was made; a merged field keeps their keys and gets the keys this person changed.
   */
  private rebasedValue(field: string, shown: unknown, mine: unknown): unknown {
    if (this.rules.textFields.has(field)) {
      const text = sharedTextOf(this.doc, field);
      if (text === undefined) return mine;
      return new RebasedText(rawTextOf(shown), rawTextOf(mine), text.toString());
    }
    const theirs = this.docValue(field)?.value;
    if (!isPlainObject(theirs) || !isPlainObject(mine)) return mine;
    const base = isPlainObject(shown) ? shown : {};
    const merged: PlainObject = { ...theirs };
    for (const key of Object.keys(mine)) if (!deepEqual(mine[key], base[key])) merged[key] = mine[key];
    for (const key of Object.keys(base)) if (!hasOwn(mine, key)) delete merged[key];
    return merged;
  }

  /** True when a write of `field` must first seed its text or apply its genesis. */
  private needsSeeding(field: string): boolean {
    if (this.rules.textFields.has(field)) return !this.seeded.has(field);
    return this.rules.mergedFields.has(field) && !this.documentMap.has(field);
  }

  /** The value of a text or merged `field` the record shows while the document is as it is now. */
  private shownValue(field: string, persistedRaw: unknown): unknown {
    if (this.rules.textFields.has(field)) {
      const text = this.seeded.has(field) ? sharedTextOf(this.doc, field) : undefined;
      return text === undefined ? rawTextOf(persistedRaw) : text.toString();
    }
    return this.docValue(field)?.value ?? persistedRaw;
  }

  /** The text a write of `value` leaves in `field`'s text. */
  private docText(field: string, value: unknown): string {
    if (!(value instanceof RebasedText)) return rawTextOf(value);
    return sharedTextOf(this.doc, field)?.toString() ?? value.mine;
  }

  /**
   * With a block codec, as a save starts: makes `document.content` the content being saved. The
   * blocks are the content's truth and a peer's typing changes only them; a block editor takes the
   * text as its edit of `content`, which then equals the copy it refetches after this save (it ends
   * clean), where a stale text would leave it an edit of old content.
   */
  private freshenContentText(): void {
    const text = sharedTextOf(this.doc, CONTENT_FIELD);
    const edits = this.record.edits as PlainObject;
    if (this.rules.blockCodec === undefined || text === undefined || !hasOwn(edits, CONTENT_FIELD)) return;
    const content = edits[CONTENT_FIELD];
    if (typeof content !== 'string' || text.toString() === content) return;
    this.doc.transact(() => this.writeText(text, content), this.serverOrigin);
  }

  /** With a block codec, makes `document.blocks` the blocks of `content` (inside a transaction). */
  private writeBlocks(content: string): void {
    const codec = this.rules.blockCodec;
    if (codec === undefined) return;
    // What the document's blocks already say needs no parse: a peer's typing handed back by the app.
    const blocks = sharedBlocksOf(this.documentMap);
    if (blocks !== undefined && this.contentFromBlocks(blocks) === content) return;
    writeBlocks(this.documentMap, codec, content);
    this.knownBlocks = sharedBlocksOf(this.documentMap);
    this.blocksChanged();
  }

  private blocksChanged(): void {
    runInAction(() => this.blocksChanges.set(this.blocksChanges.get() + 1));
  }

  /**
   * The post's blocks as the shared document holds them (observable; rich-text attributes as
   * HTML strings; the `clientId`s are the document's, the same for everyone in the room). `[]`
   * without a block codec or before anyone wrote blocks.
   */
  blocks(): readonly SyncBlock[] {
    const change = this.blocksChanges.get();
    if (this.blocksRead?.change === change) return this.blocksRead.blocks;
    const shared = sharedBlocksOf(this.documentMap);
    const blocks = shared === undefined ? [] : readBlocks(shared);
    this.blocksRead = { change, blocks };
    return blocks;
  }

  /**
   * Sets one attribute of the block `clientId` as this person's edit: a rich-text attribute by the
   * smallest change of its `Y.Text` (one keystroke is one small update), any other by its value.
   * The record's `content` becomes a deferred edit that serializes the blocks when read at save
   * time, not per keystroke. Returns false when the document has no such block.
   */
  editBlock(clientId: string, attribute: string, value: unknown): boolean {
    if (!this.isStarted || this.isDestroyed || this.rules.blockCodec === undefined) return false;
    const shared = sharedBlocksOf(this.documentMap);
    const block = shared === undefined ? undefined : blockMapWithClientId(shared, clientId);
    const attributes = block?.get('attributes');
    if (!(attributes instanceof Y.Map)) return false;
    const current = attributes.get(attribute);
    this.doc.transact(() => {
      if (current instanceof Y.Text && typeof value === 'string') this.writeText(current, value);
      else if (!deepEqual(current, value)) attributes.set(attribute, value);
    }, this.localOrigin);
    this.blocksChanged();
    const edits = this.record.edits as PlainObject;
    if (typeof edits[CONTENT_FIELD] !== 'function') {
      const serialize = (): string => {
        const blocks = sharedBlocksOf(this.documentMap);
        return blocks === undefined ? rawTextOf(edits[CONTENT_FIELD]) : this.contentFromBlocks(blocks);
      };
      const wasApplying = this.isApplying;
      this.isApplying = true;
      try {
        this.host.applyRemote(this.record, { [CONTENT_FIELD]: serialize }, 'peer');
      } finally {
        this.isApplying = wasApplying;
      }
    }
    return true;
  }

  /**
   * The content the document's blocks serialize to; the saved content itself when they are the
   * saved content's blocks (a serializer need not give back the saved bytes).
   */
  private contentFromBlocks(blocks: SharedBlocks): string {
    const codec = this.rules.blockCodec;
    if (codec === undefined) return '';
    const serialized = codec.serialize(readBlocks(blocks));
    const saved = rawTextOf((this.record.persisted as PlainObject | undefined)?.[CONTENT_FIELD]);
    if (this.savedSerialization?.saved !== saved) {
      this.savedSerialization = {
        saved,
        serialized: codec.serialize(plainBlocks(codec, codec.parse(saved))),
      };
    }
    return serialized === this.savedSerialization.serialized ? saved : serialized;
  }

  private readonly writeText = (text: Y.Text, value: string): void => {
    const before = this.knownTexts.valueOf(text);
    try {
      applyTextValue(text, value, before);
    } catch (error) {
      this.knownTexts.forgetText(text);
      throw error;
    }
    this.knownTexts.wrote(text, value);
  };

  /** Seeds the text of `field` with the saved copy's text, for an edit about to be written. */
  private seed(field: string, persisted: PlainObject | undefined): void {
    const content = rawTextOf(persisted?.[field]);
    this.applyGenesisOf(field);
    this.whileSeeding(() => seedField(this.doc, field, modifiedOf(persisted), content));
    this.seeded.add(field);
  }

  private readonly onTransaction = (transaction: Y.Transaction): void => {
    const origin = transaction.origin as unknown;
    const isOwn =
      origin === this.localOrigin ||
      origin === this.unrecordedOrigin ||
      origin === this.serverOrigin ||
      origin === this.undoOrigin;
    if (isOwn) return;
    // One listener per document for both: each listener costs every keystroke's transaction.
    if (!transaction.local) this.host.peerChanged(this.record);
    // Only the binding's own writes keep what it knows of the texts.
    this.knownTexts.forget();
    const fields = new Set<string>();
    const documentKeys = transaction.changed.get(this.documentMap as unknown as YType);
    if (documentKeys !== undefined) {
      for (const key of documentKeys) if (key !== null) fields.add(key);
      // A text or map replaced by someone (not in this layout's way): look the types up again.
      const replaced = transaction.local ? [] : this.replacedUnderOwnWork(documentKeys);
      this.refreshTypes();
      for (const field of replaced) this.rebaseOntoReplaced(field);
    }
    for (const [type, field] of this.fieldOfType) if (transaction.changed.has(type)) fields.add(field);
    if (this.rules.blockCodec !== undefined) {
      // The blocks are the content (the key replaced, or any block, attribute or text inside changed).
      const blocks = sharedBlocksOf(this.documentMap);
      let isBlocksChange = fields.delete(BLOCKS_FIELD);
      for (const type of transaction.changed.keys()) {
        if (isBlocksChange) break;
        isBlocksChange = isInsideBlocks(blocks, type as Y.AbstractType<unknown>);
      }
      if (isBlocksChange) {
        fields.add(CONTENT_FIELD);
        this.blocksChanged();
      }
    }
    const stateKeys = transaction.changed.get(this.stateMap as unknown as YType);
    let isNewSave = false;
    const seedsOf = new Set<string>();
    if (stateKeys !== undefined) {
      for (const key of stateKeys) {
        if (key === null) continue;
        if (key.startsWith(SEED_PREFIX)) {
          this.seedClients = undefined;
          const field = key.slice(SEED_PREFIX.length, key.lastIndexOf('.'));
          if (this.rules.textFields.has(field)) seedsOf.add(field);
        } else if ((key === SAVED_AT_KEY || key === SAVED_VERSION_KEY) && origin !== SEED_ORIGIN) {
          isNewSave = true;
        }
      }
    }
    for (const field of seedsOf) {
      this.seeded.add(field);
      fields.add(field);
      if (seedCountOf(this.doc, field) > 1) this.unsettled.add(field);
    }
    if (!transaction.local && fields.size > 0) this.markForeign(transaction, fields);
    if (fields.size > 0) {
      if (!this.isSeedingForEdit)
        this.resyncFields([...fields], origin === this.undoManager ? 'undo' : 'peer');
      else if (transaction.origin !== SEED_ORIGIN || this.bringsPeersChanges(transaction))
        for (const field of fields) this.changedWhileSeeding.add(field);
    }
    // Seeds of different saved copies met: settle them (outside this transaction); an undo may have
    // brought back characters of a losing seed, so settle again after this person's undo.
    for (const field of seedsOf) this.settle(field);
    if (origin === this.undoManager) for (const field of this.unsettled) this.settle(field);
    if (isNewSave) this.refetchWhenBehind();
  };

  /**
   * An update from elsewhere changed `fields`: marks them with the clients whose changes it
   * carried (none known for a deletion alone). Unmarked again once the field has no unsaved edit.
   */
  private markForeign(transaction: Y.Transaction, fields: ReadonlySet<string>): void {
    const authors = this.authorsIn(transaction);
    // Only seeds and no deletion: nothing of anyone's. This person's own seed, genesis or repair
    // names no one either (a repair deletes), unless a peer's change came in with it.
    if (authors.size === 0 && (this.isSeedingForEdit || transaction.deleteSet.clients.size === 0)) return;
    const transient = this.record.config?.transientEdits;
    const shared: string[] = [];
    for (const field of fields) if (transient?.has(field) !== true) shared.push(field);
    this.foreignMarks.mark(shared, authors);
  }

  /**
   * The clients (peers) whose changes `transaction` added: seeds carry the saved text under client
   * ids of their own, and a genesis arrives with the first change of its field: no one's changes.
   */
  private authorsIn(transaction: Y.Transaction): Set<number> {
    const seedClients = this.seedClientsOf();
    const genesisClients = (this.genesisClients ??= genesisClientsOf(this.rules));
    const authors = new Set<number>();
    // Only the clients the transaction added to are looked up (a keystroke: one of them).
    for (const [client, clock] of transaction.afterState)
      if (
        clock > (transaction.beforeState.get(client) ?? 0) &&
        client !== this.doc.clientID &&
        !seedClients.has(client) &&
        !genesisClients.has(client) &&
        !this.repairClients.has(client)
      )
        authors.add(client);
    return authors;
  }

  /**
   * True when this person's seed, genesis or repair (`transaction`) also let in a peer's changes
   * that waited on it: an insertion by a peer, or a deletion of anything but a losing seed's
   * characters (which settling seeds makes, see `settleSeeds`). A repair's own deletions count as
   * a change too: the record is read back after the edit either way, which is harmless.
   */
  private bringsPeersChanges(transaction: Y.Transaction): boolean {
    if (this.authorsIn(transaction).size > 0) return true;
    for (const client of transaction.deleteSet.clients.keys()) {
      if (!this.seedClientsOf().has(client)) return true;
    }
    return false;
  }

  /** The client ids of every seed in `state` (kept until a seed key changes). */
  private seedClientsOf(): ReadonlySet<number> {
    if (this.seedClients !== undefined) return this.seedClients;
    const clients = new Set<number>();
    this.stateMap.forEach((value, key) => {
      const seed = seedEntryOf(key, value);
      if (seed !== undefined) clients.add(seed.client);
    });
    this.seedClients = clients;
    return clients;
  }

  /**
   * Settles the seeds of `field` (see `settleSeeds`), and takes the losing seeds' characters out of
   * this person's undo and redo steps: an undo must not bring back what the settling deleted (it
   * would be deleted again, and the undo would change nothing).
   */
  private settle(field: string): void {
    const losers = losingSeedClients(this.doc, field);
    if (losers.size === 0) return;
    if (this.undoManager instanceof Y.UndoManager) {
      for (const item of [...this.undoManager.undoStack, ...this.undoManager.redoStack])
        for (const client of losers) item.deletions.clients.delete(client);
    }
    settleSeeds(this.doc, field);
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
  private refetchWhenBehind(): void {
    const marker = saveMarkerOf(this.doc);
    if (marker.savedAt === undefined && marker.version === '') return;
    if (marker.savedBy === this.doc.clientID) return;
    if (this.isMarkerVersioned()) {
      if (marker.version === modifiedOf(this.record.persisted)) return;
      if (marker.version === this.heardVersion) return;
      this.heardVersion = marker.version;
    } else {
      const savedAt = marker.savedAt;
      if (savedAt === undefined || savedAt <= this.openedAt || savedAt === this.heardSavedAt) return;
      this.heardSavedAt = savedAt;
    }
    void this.host.refetch(this.record).then((isAnswered) => {
      if (!isAnswered || this.isDestroyed || !this.isMarkerVersioned()) return;
      // Two saves of ours crossed and the older one's marker won: the marker ends at the newest
      // save anyone knows, or those who heard only the older one would never read the newer.
      const own = modifiedOf(this.record.persisted);
      if (own !== '' && own > saveMarkerOf(this.doc).version)
        this.doc.transact(() => writeSaveMarker(this.doc, own), this.serverOrigin);
    });
  }

  /**
   * True when the marker's version is that of its newest save: the three keys were written in one
   * transaction (ours). A block editor's save writes `savedAt` and `savedBy` only, leaving a
   * version of an older save beside them.
   */
  private isMarkerVersioned(): boolean {
    const state = this.stateMap._map;
    const version = state.get(SAVED_VERSION_KEY);
    const savedAt = state.get(SAVED_AT_KEY);
    if (version === undefined || version.deleted) return false;
    if (savedAt === undefined || savedAt.deleted) return true;
    return version.id.client === savedAt.id.client && Math.abs(version.id.clock - savedAt.id.clock) <= 2;
  }

  /**
   * A new saved copy: the record's edits become what differs from it; after this person's save, the
   * fields the server rewrote (e.g. a slug made unique) take its value in the document when no one
   * changed them since; a copy newer than the document's save marker is announced in it.
   */
  private onNewSavedCopy(
    persisted: PlainObject | undefined,
    sent: Record<string, unknown> | undefined,
  ): void {
    if (persisted === undefined || this.isDestroyed) return;
    if (sent !== undefined) {
      const rawAttributes = this.record.config?.rawAttributes;
      const rewritten: Record<string, unknown> = {};
      for (const field of Object.keys(sent)) {
        const shown = this.docValue(field);
        const saved = rawValueIn(persisted, field, rawAttributes);
        if (shown !== undefined && deepEqual(shown.value, sent[field]) && !deepEqual(saved, sent[field]))
          rewritten[field] = saved;
      }
      if (Object.keys(rewritten).length > 0)
        this.doc.transact(() => {
          for (const field of Object.keys(rewritten)) {
            const saved = rewritten[field];
            writeDocField(this.doc, this.rules, field, saved, saved, this.writeText);
            if (field === CONTENT_FIELD) this.writeBlocks(rawTextOf(saved));
          }
        }, this.serverOrigin);
    }
    // Only this person's save is announced: a refetch of someone else's would send everyone to read again.
    const version = modifiedOf(persisted);
    if (sent !== undefined && version !== '') {
      this.heardVersion = version;
      this.doc.transact(() => writeSaveMarker(this.doc, version), this.serverOrigin);
    }
    this.resync();
  }

  /** The document's value of `field`, or `undefined` when it holds none. */
  private docValue(field: string): { value: unknown } | undefined {
    if (field === CONTENT_FIELD && this.rules.blockCodec !== undefined) {
      const blocks = sharedBlocksOf(this.documentMap);
      if (blocks !== undefined) return { value: this.contentFromBlocks(blocks) };
    }
    if (this.rules.textFields.has(field)) {
      if (!this.seeded.has(field)) return undefined;
      const text = sharedTextOf(this.doc, field);
      if (text === undefined) return undefined;
      const value = this.knownTexts.valueOf(text);
      const storedText = this.staleTexts.get(field);
      if (storedText !== undefined) {
        // The stale stored text, untouched since: the saved value stands; once changed, it is the document's.
        if (value === storedText) return undefined;
        this.staleTexts.delete(field);
      }
      return { value };
    }
    const persisted = this.record.persisted as PlainObject | undefined;
    const persistedRaw = rawValueIn(persisted, field, this.record.config?.rawAttributes);
    if (this.staleItems.size > 0) {
      if (this.isStaleEntry(this.documentMap, field)) return undefined;
      const merged = this.documentMap.get(field);
      if (this.rules.mergedFields.has(field) && merged instanceof Y.Map) {
        const found = readDocField(this.doc, this.rules, field, persistedRaw);
        if (found === undefined || !isPlainObject(found.value)) return found;
        const value: PlainObject = { ...found.value };
        const saved = isPlainObject(persistedRaw) ? persistedRaw : {};
        for (const key of Object.keys(value)) {
          if (!this.isStaleEntry(merged, key)) continue;
          if (key in saved) value[key] = saved[key];
          else delete value[key];
        }
        return { value };
      }
    }
    return readDocField(this.doc, this.rules, field, persistedRaw);
  }

  /**
   * The saved value under a stale entry of the stored document, before this person's first change
   * of it (as `writeDocBase` writes it under a field the document lacks): undoing that change
   * then brings the saved value back, not the stale one.
   */
  private writeStaleBase(field: string, value: unknown, persistedRaw: unknown): void {
    if (this.staleItems.size === 0 || this.rules.textFields.has(field)) return;
    if (this.rules.mergedFields.has(field)) {
      const merged = this.documentMap.get(field);
      if (!(merged instanceof Y.Map) || !isPlainObject(value) || !isPlainObject(persistedRaw)) return;
      for (const key of Object.keys(value)) {
        if (
          this.isStaleEntry(merged, key) &&
          key in persistedRaw &&
          !deepEqual(persistedRaw[key], value[key])
        )
          merged.set(key, persistedRaw[key]);
      }
      return;
    }
    if (
      this.isStaleEntry(this.documentMap, field) &&
      persistedRaw !== undefined &&
      !deepEqual(persistedRaw, value)
    )
      this.documentMap.set(field, persistedRaw);
  }

  /** The record's shared, non-deferred edits. */
  private sharedEdits(): Record<string, unknown> {
    const edits = this.record.edits as PlainObject;
    const result: Record<string, unknown> = {};
    for (const field of Object.keys(edits)) {
      if (this.isShared(field) && !this.isDeferred(field)) result[field] = edits[field];
    }
    return result;
  }

  /** Makes every shared edit of the record what the document says against its saved copy. */
  private resync(): void {
    const fields = new Set<string>();
    this.documentMap.forEach((_value, field) =>
      fields.add(field === BLOCKS_FIELD && this.rules.blockCodec !== undefined ? CONTENT_FIELD : field),
    );
    for (const field of Object.keys(this.record.edits)) fields.add(field);
    this.resyncFields([...fields], 'peer');
  }

  /** Makes the record's edits of `fields` (document value minus saved value), through the funnel with `origin`. */
  private resyncFields(fields: readonly string[], origin: RemoteOrigin = 'peer'): void {
    const edits = this.record.edits as PlainObject;
    const persisted = this.record.persisted as PlainObject | undefined;
    // Looked up once: a peer's keystroke comes through here, and the record finds its config in the registry.
    const config = this.record.config;
    const rawAttributes = config?.rawAttributes;
    const values: Record<string, unknown> = {};
    let count = 0;
    for (const field of fields) {
      if (config?.transientEdits.has(field) === true || typeof edits[field] === 'function') continue;
      if (field === DATE_FIELD && isFloatingDate(persisted, edits)) continue;
      const shown = this.docValue(field);
      const saved = rawValueIn(persisted, field, rawAttributes);
      const next = shown === undefined || deepEqual(shown.value, saved) ? undefined : shown.value;
      const current = hasOwn(edits, field) ? edits[field] : undefined;
      if (next === undefined && !hasOwn(edits, field)) continue;
      if (next !== undefined && deepEqual(current, next)) continue;
      values[field] = next;
      count += 1;
    }
    if (count > 0) {
      const wasApplying = this.isApplying;
      this.isApplying = true;
      try {
        this.host.applyRemote(this.record, values, origin);
      } finally {
        this.isApplying = wasApplying;
      }
    }
    if (!this.foreignMarks.isEmpty) {
      const latest = this.record.edits as PlainObject;
      this.foreignMarks.keepOnly((field) => hasOwn(latest, field));
    }
  }

  /**
   * The text fields (and `content`, for `document.blocks`) whose shared type a peer's update just
   * replaced while the record holds an unsaved edit of them. Someone who built the document on
   * their own before hearing of this one (the block editor opening a post nobody had stored a
   * document of, at the same time) set the key too, and Yjs keeps one of the two: the edit typed
   * into the other would vanish (see {@link rebaseOntoReplaced}).
   */
  private replacedUnderOwnWork(keys: ReadonlySet<string | null>): string[] {
    const edits = this.record.edits as PlainObject;
    const fields = new Set<string>();
    for (const key of keys) {
      if (key === null) continue;
      let field: string;
      let before: unknown;
      if (key === BLOCKS_FIELD && this.rules.blockCodec !== undefined) {
        field = CONTENT_FIELD;
        before = this.knownBlocks;
      } else if (this.rules.textFields.has(key)) {
        field = key;
        before = undefined;
        for (const [type, known] of this.fieldOfType) if (known === key) before = type;
      } else continue;
      if (before === undefined || before === this.documentMap.get(key)) continue;
      if (typeof edits[field] === 'string') fields.add(field);
    }
    return [...fields];
  }

  /**
   * Puts the record's unsaved edit of `field` on top of what the type that replaced its own holds:
   * the edit (from the saved text to the record's) is made again in the winning text, keeping
   * everything the others wrote into it. Shared, but no undo step of this person's.
   */
  private rebaseOntoReplaced(field: string): void {
    const persisted = this.record.persisted as PlainObject | undefined;
    const base = rawTextOf(rawValueIn(persisted, field, this.record.config?.rawAttributes));
    const mine = (this.record.edits as PlainObject)[field] as string;
    const blocks = field === CONTENT_FIELD ? sharedBlocksOf(this.documentMap) : undefined;
    const text = sharedTextOf(this.doc, field);
    const theirs = blocks !== undefined ? this.contentFromBlocks(blocks) : text?.toString();
    if (theirs === undefined) return;
    const merged = new RebasedText(base, mine, theirs).value;
    if (merged === theirs) return;
    this.doc.transact(() => {
      if (text !== undefined) this.writeText(text, merged);
      if (field === CONTENT_FIELD) this.writeBlocks(merged);
    }, this.unrecordedOrigin);
  }

  /** Looks up the shared types of text and merged fields. */
  private refreshTypes(): void {
    this.knownBlocks = sharedBlocksOf(this.documentMap);
    this.fieldOfType.clear();
    for (const field of [...this.rules.textFields, ...this.rules.mergedFields]) {
      const type = this.documentMap.get(field);
      if (type instanceof Y.AbstractType) this.fieldOfType.set(type as YType, field);
    }
  }

  private isShared(field: string): boolean {
    return this.record.config?.transientEdits.has(field) !== true;
  }

  private isDeferred(field: string): boolean {
    return typeof (this.record.edits as PlainObject)[field] === 'function';
  }
}
