/**
 * One record ↔ one shared document. Changes of the record's edits made here (`local`, `undo`,
 * `server`) go into the document in one transaction; changes that arrive in the document from
 * elsewhere (peers, this person's `Y.UndoManager`) go back to the record through the edit funnel,
 * with origin `peer` (or `undo`), so they make no undo step and are never sent back out.
 *
 * @module
 */
import { reaction } from 'mobx';
import type * as Y from 'yjs';

/** Any shared type, as `transaction.changed` keys them. */
type YType = Y.AbstractType<Y.YEvent<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
import type { EntityRecord } from '../../models/EntityRecord.js';
import { persistedRawValue } from '../../models/editPipeline.js';
import { deepEqual, hasOwn, type PlainObject } from '../../models/snapshot.js';
import { KnownTextValues } from './KnownTextValues.js';
import {
  BASE_ORIGIN,
  editsMapOf,
  mergedMapOf,
  modifiedOf,
  prepareDocField,
  readDocEdits,
  readDocFields,
  savedMapOf,
  savedEntryOf,
  writeDocField,
  type DocFieldRules,
  type FieldState,
  type SavedEntry,
} from './recordDoc.js';

/** The origins of the edit funnel the binding cares about. */
export type BoundOrigin = 'local' | 'undo' | 'server';

/** Where a document change came from, as the binding hands it to the record. */
export type RemoteOrigin = 'peer' | 'undo';

/** What the binding needs from the store around it. */
export interface BindingHost {
  /**
   * Sets the record's edits of these fields (`undefined` removes one) through the edit funnel with
   * `origin`, and, when `saved` is given, takes those server values into the cache, all in one
   * MobX action (no observer sees one without the other).
   */
  applyRemote(
    record: EntityRecord<object>,
    edits: Readonly<Record<string, unknown>>,
    origin: RemoteOrigin,
    saved: Readonly<Record<string, unknown>> | undefined,
  ): void;
  /**
   * Asks the server for the record again, in the background, after a peer's save; resolves to
   * whether the server answered (a failure is reported, not thrown).
   */
  refetch(record: EntityRecord<object>): Promise<boolean>;
}

/**
 * Fields a record's version is read from: never taken from map `saved`, so a record's copy claims
 * a version only when the server sent it, and a copy behind a known save refetches until it has it.
 */
const VERSION_FIELDS: ReadonlySet<string> = new Set(['modified', 'modified_gmt']);

/**
 * Keeps one record and its document in step while the record's room is open. {@link localOrigin}
 * is the transaction origin of this person's own edits: the one `SyncUndo` tracks.
 */
export class RecordBinding {
  /** The origin of this person's edits in the document (tracked by undo). */
  readonly localOrigin: object = { origin: 'local' };
  private readonly undoOrigin: object = { origin: 'undo' };
  private readonly serverOrigin: object = { origin: 'server' };
  /** Own edits asked to make no undo step (`undoIgnore`): shared, but not tracked by this person's undo. */
  private readonly unrecordedOrigin: object = { origin: 'local-unrecorded' };
  /**
   * True while the binding hands a document change to the record: the funnel's echoes of it (and
   * a save the cache takes in with it) must not go back into the document. A `local` edit is never
   * such an echo: it is one the app makes synchronously in a reaction to the change (MobX runs
   * reactions before the binding's call returns), this person's own, and must reach the document.
   */
  private isApplying = false;
  /**
   * What this person's writes left in the document's texts; valid only while {@link onTransaction}
   * listens (it forgets them at any other change), so used from {@link start} to {@link destroy}.
   */
  private readonly knownTexts = new KnownTextValues();
  private isListening = false;
  /** The document's root maps, looked up once: a transaction of a peer's keystroke reads them. */
  private rootMaps: { edits: Y.Map<unknown>; saved: Y.Map<unknown>; merged: Y.Map<unknown>[] } | undefined;
  private undoManager: object | undefined;
  /**
   * The version (`modified`) of the record's copy the server is being asked to confirm, because the
   * document knows of a newer save; `undefined` when no such question is open.
   */
  private confirmingVersion: string | undefined;
  private isDestroyed = false;
  private stopWatchingPersisted: (() => void) | undefined;

  /** Binds `record` to `doc`; nothing moves until {@link start}. */
  constructor(
    readonly record: EntityRecord<object>,
    readonly doc: Y.Doc,
    private readonly rules: DocFieldRules,
    private readonly host: BindingHost,
  ) {}

  /**
   * Brings record and document together (after local persistence has loaded): fields the document
   * holds win, edits only the record holds are written into the document, and from then on the
   * document's changes reach the record. `undoManager` is the origin of this person's undo.
   */
  start(undoManager: object): void {
    this.undoManager = undoManager;
    const docEdits = readDocEdits(this.doc, this.rules, this.persistedRaw());
    const ownEdits = this.record.edits as PlainObject;
    const onlyHere = Object.keys(ownEdits).filter(
      (field) => this.isShared(field) && !hasOwn(docEdits, field),
    );
    if (onlyHere.length > 0) {
      const states = this.statesOf(onlyHere);
      for (const state of states) prepareDocField(this.doc, this.rules, state);
      this.doc.transact(() => {
        for (const state of states) writeDocField(this.doc, this.rules, state);
      }, this.serverOrigin);
    }
    const values: Record<string, unknown> = {};
    for (const field of Object.keys(docEdits)) values[field] = docEdits[field];
    for (const field of Object.keys(ownEdits)) {
      if (this.isShared(field) && !hasOwn(docEdits, field) && !onlyHere.includes(field))
        values[field] = undefined;
    }
    this.applyToRecord(values, 'peer', this.pendingSaved(undefined));
    this.doc.on('afterTransaction', this.onTransaction);
    this.isListening = true;
    // The record's edits are the document read against the saved record: when the saved record
    // changes (a refetch, a list, a peer's save), a shared edit equal to the old saved value
    // becomes an edit again, and one equal to the new value is no edit.
    this.stopWatchingPersisted = reaction(
      () => this.record.persisted,
      (next, previous) => {
        this.announceNewer(next as PlainObject | undefined, previous as PlainObject | undefined);
        this.resync();
      },
    );
  }

  /** Stops listening to the document; the record keeps its edits. */
  destroy(): void {
    this.isDestroyed = true;
    this.stopWatchingPersisted?.();
    this.doc.off('afterTransaction', this.onTransaction);
    this.isListening = false;
    this.knownTexts.forget();
  }

  /**
   * Tells the room of a server version newer than any it knows (this person's save, or a fetch
   * that found someone else's): the fields it changed go into map `saved`, so every peer takes
   * them in and refetches. A save that cleared no edit (typing went on while it was in flight)
   * is announced this way too.
   */
  private announceNewer(next: PlainObject | undefined, previous: PlainObject | undefined): void {
    if (next === undefined) return;
    const modified = modifiedOf(next);
    if (modified === '' || modified <= this.newestKnownSave()) return;
    const saved = savedMapOf(this.doc);
    this.doc.transact(() => {
      for (const field of Object.keys(next)) {
        if (VERSION_FIELDS.has(field)) continue;
        if (previous !== undefined && deepEqual(previous[field], next[field])) continue;
        saved.set(field, { value: next[field], modified } satisfies SavedEntry);
      }
    }, this.serverOrigin);
  }

  /** The newest `modified` among the saves in map `saved` ('' when none). */
  private newestKnownSave(): string {
    let newest = '';
    for (const value of savedMapOf(this.doc).values()) {
      const entry = savedEntryOf(value);
      if (entry !== undefined && entry.modified > newest) newest = entry.modified;
    }
    return newest;
  }

  /** Makes the record's shared edits what the document says, and takes in newer saved values. */
  private resync(): void {
    const docEdits = readDocEdits(this.doc, this.rules, this.persistedRaw());
    const values: Record<string, unknown> = { ...docEdits };
    for (const field of Object.keys(this.record.edits)) {
      if (this.isShared(field) && !this.isDeferred(field) && !hasOwn(docEdits, field))
        values[field] = undefined;
    }
    // While the server is asked about a newer save, its answer must not be covered again with the
    // document's values of that save: the answer decides.
    const saved = this.confirmingVersion === undefined ? this.pendingSaved(undefined) : undefined;
    this.applyToRecord(values, 'peer', saved);
    // An answer older than a save the document knows of (a save's own answer arriving after a
    // peer's later save): ask the server again rather than keep a stale copy.
    if (this.isBehindDoc()) this.confirmWithServer();
  }

  /**
   * Asks the server whether it has the newer save the document knows of (once per copy). When
   * its answer is still older, the document's claim is stale: WordPress is the source of truth for
   * saved data, and `modified` may go back (a clock set back, a post whose date is in the future,
   * a save to another site sharing the room). The claim then gives way to the server's copy, for
   * everyone; without that the record would stay dirty and ask the server again for ever.
   */
  private confirmWithServer(): void {
    const asked = modifiedOf(this.record.persisted);
    if (this.confirmingVersion === asked) return;
    this.confirmingVersion = asked;
    // The store's refetch reads after this call, so its answer cannot predate the save confirmed.
    void this.host.refetch(this.record).then((isAnswered) => {
      if (this.isDestroyed || this.confirmingVersion !== asked) return;
      this.confirmingVersion = undefined;
      if (isAnswered && this.isBehindDoc()) this.withdrawStaleSaves();
      this.resync();
    });
  }

  /** Rewrites every save in map `saved` newer than the record's copy with that copy's value and version. */
  private withdrawStaleSaves(): void {
    const persisted = this.record.persisted as PlainObject | undefined;
    if (persisted === undefined) return;
    const ours = modifiedOf(persisted);
    const saved = savedMapOf(this.doc);
    this.doc.transact(() => {
      for (const [field, value] of [...saved.entries()]) {
        const entry = savedEntryOf(value);
        if (entry === undefined || entry.modified <= ours) continue;
        if (hasOwn(persisted, field))
          saved.set(field, { value: persisted[field], modified: ours } satisfies SavedEntry);
        else saved.delete(field);
      }
    }, this.serverOrigin);
  }

  /**
   * True when the document knows of a save newer than the record's saved copy (a refetch answered
   * with an older copy): the record must not judge shared edits against it.
   */
  private isBehindDoc(): boolean {
    const ours = modifiedOf(this.record.persisted);
    if (ours === '') return false;
    for (const value of savedMapOf(this.doc).values()) {
      const entry = savedEntryOf(value);
      if (entry !== undefined && entry.modified > ours) return true;
    }
    return false;
  }

  /**
   * Takes one change of the record's edits from the edit funnel: `local`, `undo` and `server`
   * changes are written into the document in one transaction; changes the binding made itself,
   * and every other origin, are left alone. A local edit with `undoIgnore` is shared but makes no
   * undo step.
   */
  onEdit(changes: Readonly<Record<string, unknown>>, origin: string, undoIgnore = false): void {
    if (this.isApplying && origin !== 'local') return;
    if (origin !== 'local' && origin !== 'undo' && origin !== 'server') return;
    // The record is read once per change: each read goes through MobX and the config registry.
    const edits = this.record.edits as PlainObject;
    const transient = this.record.config?.transientEdits;
    const fields: string[] = [];
    for (const field in changes) {
      if (!hasOwn(changes, field) || transient?.has(field) === true) continue;
      if (typeof edits[field] !== 'function') fields.push(field);
    }
    if (fields.length === 0) return;
    if (origin === 'server' && this.isBehindDoc()) {
      // An old copy of the record cleared these edits; the document knows better.
      this.resync();
      return;
    }
    const transactionOrigin =
      origin === 'local'
        ? undoIgnore
          ? this.unrecordedOrigin
          : this.localOrigin
        : origin === 'undo'
          ? this.undoOrigin
          : this.serverOrigin;
    const states = this.statesOf(fields);
    for (const state of states) prepareDocField(this.doc, this.rules, state);
    const known = this.isListening ? this.knownTexts : undefined;
    this.doc.transact(() => {
      for (const state of states) writeDocField(this.doc, this.rules, state, origin === 'server', known);
      if (origin === 'server') this.writeSaved(fields);
    }, transactionOrigin);
  }

  private readonly onTransaction = (transaction: Y.Transaction): void => {
    const origin = transaction.origin as unknown;
    // Only the binding's own writes keep what it knows of the texts (a base text, an undo, a peer).
    if (
      origin !== this.localOrigin &&
      origin !== this.unrecordedOrigin &&
      origin !== this.serverOrigin &&
      origin !== this.undoOrigin
    )
      this.knownTexts.forget();
    if (
      origin === this.localOrigin ||
      origin === this.serverOrigin ||
      origin === this.undoOrigin ||
      origin === this.unrecordedOrigin ||
      origin === BASE_ORIGIN
    ) {
      return;
    }
    const fields = this.changedFields(transaction);
    const savedKeys = transaction.changed.get(this.roots().saved as unknown as YType);
    if (fields.size === 0 && savedKeys === undefined) return;
    const docEdits =
      fields.size > 0 ? readDocFields(this.doc, this.rules, this.persistedRawOf(fields), fields) : {};
    const values: Record<string, unknown> = {};
    const edits = this.record.edits as PlainObject;
    const transient = this.record.config?.transientEdits;
    for (const field of fields) {
      if (transient?.has(field) === true || typeof edits[field] === 'function') continue;
      values[field] = docEdits[field];
    }
    const saved = savedKeys === undefined ? undefined : this.pendingSaved(savedKeys);
    this.applyToRecord(values, origin === this.undoManager ? 'undo' : 'peer', saved);
    // A peer saved: confirm with the server, also when the save looks older than this copy (its
    // version may be behind the server's clock; the server's answer decides).
    if (savedKeys !== undefined) void this.host.refetch(this.record);
  };

  private applyToRecord(
    values: Record<string, unknown>,
    origin: RemoteOrigin,
    saved: Record<string, unknown> | undefined,
  ): void {
    if (Object.keys(values).length === 0 && saved === undefined) return;
    const wasApplying = this.isApplying;
    this.isApplying = true;
    try {
      this.host.applyRemote(this.record, values, origin, saved);
    } finally {
      this.isApplying = wasApplying;
    }
  }

  /** The fields a transaction touched: keys of `edits`, texts referenced from it, merged maps. */
  private changedFields(transaction: Y.Transaction): Set<string> {
    const fields = new Set<string>();
    const roots = this.roots();
    const keys = transaction.changed.get(roots.edits as unknown as YType);
    if (keys !== undefined) for (const key of keys) if (key !== null) fields.add(key);
    if (transaction.changed.size > (keys === undefined ? 0 : 1)) {
      roots.edits.forEach((value, field) => {
        if (this.rules.textFields.has(field) && typeof value === 'string') {
          // A text this transaction changed exists: no need to create it to ask.
          const text = this.doc.share.get(value);
          if (text !== undefined && transaction.changed.has(text)) fields.add(field);
        }
      });
      let index = 0;
      for (const field of this.rules.mergedFields) {
        if (transaction.changed.has(roots.merged[index] as unknown as YType)) fields.add(field);
        index += 1;
      }
    }
    return fields;
  }

  private roots(): { edits: Y.Map<unknown>; saved: Y.Map<unknown>; merged: Y.Map<unknown>[] } {
    this.rootMaps ??= {
      edits: editsMapOf(this.doc),
      saved: savedMapOf(this.doc),
      merged: [...this.rules.mergedFields].map((field) => mergedMapOf(this.doc, field)),
    };
    return this.rootMaps;
  }

  /**
   * The saved server values to take into the cache, when they are newer than what the record
   * holds (a peer who loaded the record after that save already has them, or newer).
   */
  private pendingSaved(keys: Set<string | null> | undefined): Record<string, unknown> | undefined {
    const saved = savedMapOf(this.doc);
    if (saved.size === 0) return undefined;
    const ours = modifiedOf(this.record.persisted);
    const values: Record<string, unknown> = {};
    for (const key of keys ?? saved.keys()) {
      if (key === null || VERSION_FIELDS.has(key)) continue;
      const entry = savedEntryOf(saved.get(key));
      // Each field carries the save it comes from: concurrent saves may leave fields of both.
      if (entry === undefined || (entry.modified !== '' && ours !== '' && entry.modified <= ours)) continue;
      values[key] = entry.value;
    }
    return Object.keys(values).length === 0 ? undefined : values;
  }

  /** After a save: the server's values of the saved fields, for peers to take into their cache. */
  private writeSaved(fields: readonly string[]): void {
    const persisted = this.record.persisted as PlainObject | undefined;
    if (persisted === undefined) return;
    const saved = savedMapOf(this.doc);
    const modified = modifiedOf(persisted);
    for (const field of fields) {
      if (hasOwn(persisted, field))
        saved.set(field, { value: persisted[field], modified } satisfies SavedEntry);
    }
  }

  /** What the document must hold for each field, from the record (read once). */
  private statesOf(fields: readonly string[]): FieldState[] {
    const edits = this.record.edits as PlainObject;
    const persisted = this.record.persisted as PlainObject | undefined;
    const rawAttributes = this.record.config?.rawAttributes;
    const modified = modifiedOf(persisted);
    return fields.map((field) => {
      const persistedRaw = persistedRawValue(persisted, field, rawAttributes);
      const hasEdit = hasOwn(edits, field);
      return { field, hasEdit, value: hasEdit ? edits[field] : persistedRaw, persistedRaw, modified };
    });
  }

  private isShared(field: string): boolean {
    return this.record.config?.transientEdits.has(field) !== true;
  }

  private isDeferred(field: string): boolean {
    return typeof (this.record.edits as PlainObject)[field] === 'function';
  }

  /** {@link persistedRaw} when one of `fields` merges (only merged fields read it), else nothing. */
  private persistedRawOf(fields: ReadonlySet<string>): PlainObject | undefined {
    for (const field of this.rules.mergedFields) if (fields.has(field)) return this.persistedRaw();
    return undefined;
  }

  private persistedRaw(): PlainObject {
    const persisted = (this.record.persisted ?? {}) as PlainObject;
    const raw: PlainObject = {};
    for (const field of this.rules.mergedFields) raw[field] = persisted[field];
    return raw;
  }
}
