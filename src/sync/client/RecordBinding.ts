/**
 * One record ↔ one shared document (layout: `recordDoc.ts`). The record's shared edits are always
 * (the document's values) minus (the record's saved copy): this person's edits (`local`, `undo`)
 * go into the document in one transaction; changes that arrive in the document (peers, this
 * person's `Y.UndoManager`) and every new saved copy (a save, a refetch) give the record its edits
 * again through the edit funnel, with origin `peer` (or `undo`), so they make no undo step and are
 * never sent back out. A save changes no text: it writes the save marker, and a peer who sees a
 * marker of a version it does not have refetches the record.
 *
 * The binding's phases and state are one type, `BindingState` (`binding/state.ts`); each part of
 * its work is one file under `binding/`: hydration from the stored document, seeding, record →
 * document writes, document → record applies, the document's transactions, save following, and
 * the blocks view.
 *
 * @module
 */
import * as Y from 'yjs';
import type { EntityRecord } from '../../../models/EntityRecord.js';
import { deepEqual } from '../../../models/snapshot.js';
import { sharedBlocksOf } from '../shared/blockDoc.js';
import {
  documentMapOf,
  isSeeded,
  rawTextOf,
  seedCountOf,
  sharedTextOf,
  stateMapOf,
  type DocFieldRules,
} from '../shared/recordDoc.js';
import type { SyncBlock } from '../shared/blockCodec.js';
import { ForeignEditMarks } from './ForeignEdits.js';
import { KnownTextValues } from './KnownTextValues.js';
import { BlocksView } from './binding/BlocksView.js';
import { onDocumentTransaction } from './binding/documentChanges.js';
import { contentFromBlocks, docValue, refreshTypes } from './binding/documentReads.js';
import { resync, resyncFields } from './binding/documentToRecord.js';
import { writeText } from './binding/documentWrites.js';
import { hydrate } from './binding/hydration.js';
import { onRecordEdit, write } from './binding/recordToDocument.js';
import { followSaves, onSaveBody, refetchWhenBehind } from './binding/saveFollowing.js';
import { applyGenesisOf, settle, takeChangedWhileSeeding } from './binding/seeding.js';
import {
  CONTENT_FIELD,
  editsOf,
  initialBindingState,
  isDeferred,
  isLive,
  isShared,
  whileApplying,
  type Binding,
  type BindingHost,
} from './binding/state.js';

export type { BindingHost, RemoteOrigin } from './binding/state.js';

/**
 * Keeps one record and its document in step while the record's room is open. {@link localOrigin}
 * is the transaction origin of this person's own edits: the one `SyncUndo` tracks.
 */
export class RecordBinding {
  /** The origin of this person's edits in the document (tracked by undo). */
  readonly localOrigin: object;
  /**
   * The fields whose unsaved value others changed (from updates that reached this document after
   * the room started; what local persistence held before that is not attributed).
   */
  readonly foreignMarks = new ForeignEditMarks();
  /** What every part of the binding works on; its changing part is `BindingState` (`binding/state.ts`). */
  private readonly binding: Binding;
  private readonly stoppers: (() => void)[] = [];

  /** Binds `record` to `doc` and applies the layout's genesis; nothing else moves until {@link start}. */
  constructor(
    readonly record: EntityRecord<object>,
    readonly doc: Y.Doc,
    rules: DocFieldRules,
    host: BindingHost,
  ) {
    const documentMap = documentMapOf(doc);
    this.binding = {
      record,
      doc,
      rules,
      host,
      documentMap,
      stateMap: stateMapOf(doc),
      origins: {
        local: { origin: 'local' },
        undo: { origin: 'undo' },
        server: { origin: 'server' },
        unrecorded: { origin: 'local-unrecorded' },
      },
      state: initialBindingState(new KnownTextValues()),
      foreignMarks: this.foreignMarks,
      blocksView:
        rules.blockCodec === undefined ? undefined : new BlocksView(doc, documentMap, rules.blockCodec),
    };
    this.localOrigin = this.binding.origins.local;
    // Every transaction from now on: the blocks view must see them all to keep its readings true.
    doc.on('afterTransaction', this.onTransaction);
    // Without a saved copy yet there is no stored document to read: both wait for `start`.
    if (record.persisted !== undefined) hydrate(this.binding);
  }

  /** The shared `Y.Text` of a text field, `undefined` for any other field. */
  sharedText(field: string): Y.Text | undefined {
    const binding = this.binding;
    if (!binding.rules.textFields.has(field)) return undefined;
    // Asked for before anyone wrote the field: its genesis now (never before the stored document).
    if (isLive(binding) && !binding.documentMap.has(field)) {
      applyGenesisOf(binding, field);
      // Peers' typing that waited on the genesis came in with it: the record shows it now.
      const changed = takeChangedWhileSeeding(binding);
      if (changed.length > 0) resyncFields(binding, changed);
    }
    return sharedTextOf(this.doc, field);
  }

  /**
   * Brings record and document together (after local persistence has loaded): fields the document
   * holds win, edits only the record holds are written into the document, and from then on the
   * document's changes reach the record. `undoManager` is the origin of this person's undo.
   */
  start(undoManager: object): void {
    const binding = this.binding;
    const state = binding.state;
    if (state.phase.name === 'bound') hydrate(binding);
    const storeFirst = state.phase.name === 'hydrated' ? state.phase.storeFirst : undefined;
    state.phase = { name: 'joining', undoManager };
    refreshTypes(binding);
    for (const field of binding.rules.textFields) {
      if (isSeeded(this.doc, field) || state.stored.texts.has(field)) state.seeds.seeded.add(field);
      if (seedCountOf(this.doc, field) > 1) state.seeds.unsettled.add(field);
      settle(binding, field);
    }
    const onlyHere = Object.keys(editsOf(binding)).filter(
      (field) =>
        isShared(binding, field) && !isDeferred(binding, field) && docValue(binding, field) === undefined,
    );
    if (onlyHere.length > 0) write(binding, onlyHere, binding.origins.unrecorded);
    state.phase = { name: 'live', undoManager, sending: undefined };
    storeFirst?.();
    resync(binding);
    refetchWhenBehind(binding);
    // Every new saved copy (a save, a refetch, a list) makes the record's edits what differs from it.
    this.stoppers.push(followSaves(binding));
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
    return onSaveBody(this.binding, body);
  }

  /** Stops listening to the document; the record keeps its edits. */
  destroy(): void {
    this.binding.state.phase = { name: 'disposed' };
    for (const stop of this.stoppers) stop();
    this.doc.off('afterTransaction', this.onTransaction);
    this.binding.state.knownTexts.forget();
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
    onRecordEdit(this.binding, changes, origin, undoIgnore);
  }

  /**
   * The post's blocks as the shared document holds them (observable; rich-text attributes as
   * HTML strings; the `clientId`s are the document's, the same for everyone in the room). `[]`
   * without a block codec or before anyone wrote blocks. A block that did not change since the
   * last read is the same object as then.
   */
  blocks(): readonly SyncBlock[] {
    return this.binding.blocksView?.blocks() ?? [];
  }

  /**
   * Sets one attribute of the block `clientId` as this person's edit: a rich-text attribute by the
   * smallest change of its `Y.Text` (one keystroke is one small update), any other by its value.
   * The record's `content` becomes a deferred edit that serializes the blocks when read (one
   * changed block's work, see `BlocksView`). Returns false when the document has no such block.
   */
  editBlock(clientId: string, attribute: string, value: unknown): boolean {
    const binding = this.binding;
    const view = binding.blocksView;
    if (!isLive(binding) || view === undefined) return false;
    const attributes = view.blockMap(clientId)?.get('attributes');
    if (!(attributes instanceof Y.Map)) return false;
    const current = attributes.get(attribute);
    this.doc.transact(() => {
      if (current instanceof Y.Text && typeof value === 'string') writeText(binding, current, value);
      else if (!deepEqual(current, value)) attributes.set(attribute, value);
    }, binding.origins.local);
    const edits = editsOf(binding);
    if (typeof edits[CONTENT_FIELD] !== 'function') {
      // Should `document.blocks` go (a peer replaced the layout), the content as it was stays.
      const before = edits[CONTENT_FIELD];
      const serialize = (): string =>
        sharedBlocksOf(binding.documentMap) === undefined ? rawTextOf(before) : contentFromBlocks(binding);
      whileApplying(binding, () =>
        binding.host.applyRemote(this.record, { [CONTENT_FIELD]: serialize }, 'peer'),
      );
    }
    return true;
  }

  private readonly onTransaction = (transaction: Y.Transaction): void => {
    const isBlocksChange = this.binding.blocksView?.noteTransaction(transaction) ?? false;
    onDocumentTransaction(this.binding, transaction, isBlocksChange);
  };
}
