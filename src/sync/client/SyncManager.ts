/**
 * `store.sync`: the rooms of the records being edited together, their lifetimes, and what users
 * observe of them (connection, peers, errors).
 *
 * @module
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import type * as Y from 'yjs';
import type { EditListener } from '../../../models/EditFunnel.js';
import type { EntityRecord } from '../../../models/EntityRecord.js';
import type { UndoDelegate } from '../../../stores/undoDelegation.js';
import { DEFAULT_UNDO_CAPTURE_TIMEOUT_MS, isStepOfItsOwn, makesUndoStep } from '../../../stores/undoSteps.js';
import type { EditEvent } from '../../../models/EditFunnel.js';
import type { SaveExtension } from '../../../stores/RecordWriter.js';
import { ArgumentError, StoreDisposedError, SyncError } from '../../../core/errors.js';
import type { Transport } from '../../../core/transport/types.js';
import type { SyncOptions } from './options.js';
import { ForeignEditsError, type ForeignEdit } from './ForeignEdits.js';
import { changesNeedingCapabilities } from '../shared/guardedFields.js';
import { capabilitiesFromLinks, EDIT_ONLY } from '../shared/recordCapabilities.js';
import type { SaveOptions } from '../../../models/writeOutcome.js';
import type { LocalPresence, Peer } from './Presence.js';
import type { ConnectionStatus } from '../providers/provider.js';
import type { BindingHost } from './RecordBinding.js';
import { docFieldRulesOf } from '../shared/recordDoc.js';
import { DEFAULT_SYNCED_ENTITIES, syncRulesFor, type EntitySyncRules } from '../../../core/entitySync.js';
import { SyncRoom } from './SyncRoom.js';
import type { SyncBlock } from '../shared/blockCodec.js';
import type { ProviderFactory } from '../providers/provider.js';
import { shareAcrossTabs, type TabConnection } from '../providers/sharedTabs.js';

/** How long a room stays open after its last component unmounts, when the store has no `gcTimeMs`. */
const DEFAULT_LEAVE_DELAY_MS = 300_000;

/** Options of {@link SyncManager.save}. */
export interface GuardedSaveOptions extends SaveOptions {
  /** Asked instead of `SyncOptions.confirmForeignEdits`; see there. */
  confirm?: (edits: readonly ForeignEdit[], record: EntityRecord<object>) => boolean | Promise<boolean>;
}

/** A saved or edited value as edits hold it: a raw attribute's `.raw`. */
function rawOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'raw' in value
    ? (value as { raw: unknown }).raw
    : value;
}

/** What the manager needs from its store (a `RootStore` provides all of it). */
export interface SyncStore {
  readonly transport: Transport;
  readonly history: {
    delegate(record: EntityRecord<object>, delegate: UndoDelegate): () => void;
    recordDelegatedEdit(event: EditEvent<EntityRecord<object>>): void;
    addDelegatedStep(record: EntityRecord<object>): void;
    joinDelegatedStep(record: EntityRecord<object>): void;
    delegateChanged(): void;
  };
  observeEdits(listener: EditListener<EntityRecord<object>>): () => void;
  /** The collection of `(kind, name)`: its `refetch` confirms a peer's save with a read sent after it is asked. */
  collection(kind: string, name: string): { refetch(record: EntityRecord<object>): Promise<unknown> };
  readonly gcTimeMs?: number | undefined;
  /** The store's writer: sync adds the stored document to saves (`_crdt_document`). */
  readonly writer?: { addSaveExtension(extension: SaveExtension): () => void };
}

/** The site part of a default room name: the REST root's host and path. */
function siteOf(transport: Transport): string {
  const root = (transport as { root?: unknown }).root;
  if (typeof root !== 'string') return 'site';
  try {
    const url = new URL(root);
    return `${url.host}${url.pathname.replace(/\/$/, '')}${url.search}`;
  } catch {
    return root;
  }
}

/**
 * The collaborative side of a store, on `store.sync` when the store was made with `sync` options.
 * Every record whose entity config has `sync` can sync (every post type and `root/site` by
 * default); a record syncs while its room is open (`join`, or a mounted `useEntityRecord`). Everything else behaves exactly as without sync.
 */
export class SyncManager {
  /** The options the store was made with. */
  readonly options: SyncOptions;
  /** Failures of providers, peers and signalling, newest last (observable). */
  errors: SyncError[] = [];
  private readonly store: SyncStore;
  private readonly rooms = observable.map<EntityRecord<object>, SyncRoom>([], { deep: false });
  private readonly roomsByName = new Map<string, SyncRoom>();
  private readonly roomsByRecord = new Map<EntityRecord<object>, SyncRoom>();
  private readonly undelegates = new Map<SyncRoom, () => void>();
  private readonly stopObserving: () => void;
  private readonly stopExtending: () => void;
  private readonly extraTextFields: ReadonlySet<string>;
  /** The connection shared with this browser's other tabs, when there is one (`SyncOptions.tabs`). */
  private readonly tabs: TabConnection | undefined;
  /** The factories each room is opened with: the shared connection's stand-in and the local ones. */
  private readonly roomProviders: readonly ProviderFactory[];
  private isDisposed = false;

  /** The sync side of `store`; called by `RootStore` for its `sync` option. @internal */
  constructor(store: SyncStore, options: SyncOptions) {
    if (options.providers.length === 0) {
      throw new ArgumentError(
        'sync.providers needs at least one provider (webrtcProvider, indexeddbProvider, …).',
      );
    }
    const timeout = options.undoCaptureTimeoutMs;
    if (timeout !== undefined && !(typeof timeout === 'number' && timeout >= 0)) {
      throw new ArgumentError(
        `sync.undoCaptureTimeoutMs must be a number of milliseconds, 0 or more; got ${String(timeout)}.`,
      );
    }
    this.store = store;
    this.options = options;
    this.extraTextFields = new Set(options.textFields ?? []);
    makeObservable<SyncManager, 'reportError'>(this, { errors: observable.ref, reportError: action });
    const network = options.providers.filter((factory) => factory.isLocal !== true);
    this.tabs = shareAcrossTabs(options.tabs, {
      key: `${siteOf(store.transport)}:${options.user.id}`,
      factories: network,
      transport: store.transport,
      reportError: (error) => this.reportError(error),
    });
    this.roomProviders =
      this.tabs === undefined
        ? options.providers
        : [this.tabs.factory, ...options.providers.filter((factory) => factory.isLocal === true)];
    this.stopExtending = store.writer?.addSaveExtension(this.addStoredDocument) ?? (() => undefined);
    this.stopObserving = store.observeEdits((event) => {
      // A plain map: this runs on every edit of every record, and must not create MobX atoms.
      const room = this.roomsByRecord.get(event.record);
      if (room === undefined) return;
      // The history places the edit's undo step first, then the edit is written (undoDelegation.ts).
      // Only this person's own edits make steps: a peer's keystroke skips the history's action.
      if (makesUndoStep(event)) this.store.history.recordDelegatedEdit(event);
      // A journal restore is an undo step of its own (the history hears of it after the write).
      else if (isStepOfItsOwn(event)) room.undo.closeStep('order');
      room.binding.onEdit(event.changes, event.origin, event.undoIgnore);
    });
  }

  /** True for a record whose entity config has `sync` (every post type and `root/site` by default); other records never sync. */
  isSynced(record: EntityRecord<object>): boolean {
    return this.syncRulesOf(record) !== undefined;
  }

  /**
   * How the record syncs: its config's `sync`. A room may open before a post type's config has
   * loaded (a component mounts first): then the built-in rules of its kind answer, as its config
   * will.
   */
  private syncRulesOf(record: EntityRecord<object>): EntitySyncRules | undefined {
    const config = record.config;
    return config !== undefined
      ? config.sync
      : syncRulesFor(DEFAULT_SYNCED_ENTITIES, record.kind, record.name);
  }

  /**
   * Opens the record's room (idempotent) and resolves once local persistence has loaded into it and
   * the record holds the shared edits. Rejects with an `ArgumentError` for a record that does not sync.
   */
  join(record: EntityRecord<object>): Promise<void> {
    const room = this.open(record);
    room.holders += 1;
    return room.whenLoaded;
  }

  /** Closes the record's room; the record keeps its edits. */
  leave(record: EntityRecord<object>): void {
    const room = this.rooms.get(record);
    if (room !== undefined) this.close(room);
  }

  /**
   * Holds the record's room open until the returned function is called; the last release leaves
   * after the store's `gcTimeMs`. `useEntityRecord` uses it while mounted.
   */
  retain(record: EntityRecord<object>): () => void {
    if (!this.isSynced(record) || this.isDisposed) return () => undefined;
    const room = this.open(record);
    room.holders += 1;
    if (room.leaveTimer !== undefined) {
      clearTimeout(room.leaveTimer);
      room.leaveTimer = undefined;
    }
    room.whenLoaded.catch(() => undefined);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      room.holders -= 1;
      if (room.holders > 0 || this.rooms.get(record) !== room) return;
      const delayMs = this.store.gcTimeMs ?? DEFAULT_LEAVE_DELAY_MS;
      if (delayMs === Infinity) return;
      room.leaveTimer = setTimeout(() => {
        room.leaveTimer = undefined;
        if (room.holders === 0 && this.rooms.get(record) === room) this.close(room);
      }, delayMs);
    };
  }

  /** True while the record's room is open. Observable. */
  isJoined(record: EntityRecord<object>): boolean {
    return this.rooms.has(record);
  }

  /** Every record whose room is open (not observable); the store keeps them from eviction. */
  joinedRecords(): Iterable<EntityRecord<object>> {
    return this.roomsByRecord.keys();
  }

  /** The record's shared document; throws an `ArgumentError` when its room is not open. */
  doc(record: EntityRecord<object>): Y.Doc {
    return this.roomOf(record, 'doc').doc;
  }

  /**
   * The shared `Y.Text` of one of the record's text fields (`title`, `content`, `excerpt`, and
   * `SyncOptions.textFields`): the one text the field keeps for the document's whole life (saves
   * never replace it), so Yjs relative positions in it (carets, selections) stay valid. A field
   * nobody has written yet gets its text now (once the room has loaded). `undefined` when the
   * record's room is not open or has not loaded yet, or `field` is not a text field.
   */
  sharedText(record: EntityRecord<object>, field: string): Y.Text | undefined {
    return this.rooms.get(record)?.binding.sharedText(field);
  }

  /**
   * The record's blocks as the shared document holds them (observable), with the `clientId`s
   * everyone in the room shares (the block editor's too); rich-text attributes are HTML strings.
   * Needs `SyncOptions.blockCodec`. `[]` when the room is not open or holds no blocks yet.
   */
  blocks(record: EntityRecord<object>): readonly SyncBlock[] {
    return this.rooms.get(record)?.binding.blocks() ?? [];
  }

  /**
   * Edits one attribute of one block (by its shared `clientId`, see {@link blocks}): a rich-text
   * attribute reaches the others as that block's text change, with no serializing of the whole
   * post per keystroke (the record's `content` is serialized from the blocks when a save reads
   * it). An undo step of this person's. Throws an `ArgumentError` when the room is not open or
   * holds no such block.
   */
  editBlock(record: EntityRecord<object>, clientId: string, attribute: string, value: unknown): void {
    if (!this.roomOf(record, 'editBlock').binding.editBlock(clientId, attribute, value)) {
      throw new ArgumentError(
        `sync.editBlock(record, "${clientId}", "${attribute}"): the shared document of ${record.kind}/${record.name}/${String(record.id)} holds no such block (or its room has not loaded, or there is no blockCodec).`,
      );
    }
  }

  /** The record's connection: `disconnected` when its room is not open. Observable. */
  connection(record: EntityRecord<object>): ConnectionStatus {
    return this.rooms.get(record)?.connection ?? 'disconnected';
  }

  /** The other people in the record's room (`[]` when it is not open). Observable. */
  peers(record: EntityRecord<object>): readonly Peer[] {
    return this.rooms.get(record)?.presence.peers ?? [];
  }

  /**
   * The record's unsaved changes that came from other people in its room, per field (observable):
   * who (as presence shows them) and whether the value needs more than editing the post
   * (`isGuarded`: publishing, a password, the author, sticky, terms, a public post's date,
   * protected meta, markup WordPress strips for users without `unfiltered_html`). In a WebRTC
   * room no server checks what peers write, and whoever saves sends it with their own authority:
   * show these before saving (or save through {@link save}). A field leaves the list once it no
   * longer differs from the saved record, or once this person sets a plain field's whole value.
   * Changes the document held before the room connected (kept by IndexedDB from an earlier visit)
   * are not attributed. `[]` when the room is not open.
   */
  foreignEdits(record: EntityRecord<object>): readonly ForeignEdit[] {
    const room = this.rooms.get(record);
    if (room === undefined) return [];
    const marks = room.binding.foreignMarks.byField;
    if (marks.size === 0) return [];
    const persisted = (record.persisted ?? {}) as Record<string, unknown>;
    const edits = record.edits as Record<string, unknown>;
    const saved: Record<string, unknown> = {};
    const edited: Record<string, unknown> = {};
    for (const field of marks.keys()) {
      saved[field] = rawOf(persisted[field]);
      edited[field] = Object.prototype.hasOwnProperty.call(edits, field) ? edits[field] : saved[field];
    }
    // The date rule reads the status the save would send.
    edited['status'] ??= rawOf(edits['status'] ?? persisted['status']);
    const termFields = capabilitiesFromLinks(persisted['_links']).termFields;
    const rules = this.syncRulesOf(record);
    const metaPrefix = `${rules?.metaField ?? 'meta'}.`;
    const needs = new Map<string, string>();
    const changes = changesNeedingCapabilities(
      saved,
      edited,
      marks.keys(),
      { ...EDIT_ONLY, termFields },
      rules,
    );
    for (const change of changes) {
      const field = change.field.startsWith(metaPrefix) ? metaPrefix.slice(0, -1) : change.field;
      needs.set(field, needs.has(field) ? `${needs.get(field)}; ${change.reason}` : change.reason);
    }
    const peers = room.presence.peers;
    return [...marks].map(([field, clientIds]) => ({
      field,
      clientIds: [...clientIds],
      // Behind tabs that share one connection, a person's changes carry the client ids of their
      // tabs' documents, not the presence's own: any of them names the person.
      people: peers.filter((peer) => peer.clientIds.some((id) => clientIds.has(id))),
      isGuarded: needs.has(field),
      reason: needs.get(field),
    }));
  }

  /**
   * Saves the record like `record.save(options)`, but first looks at its guarded changes that came
   * from others ({@link foreignEdits} with `isGuarded`): with none it saves at once; otherwise it
   * asks `options.confirm` (or `SyncOptions.confirmForeignEdits`), and saves only on `true`. With
   * no one to ask, on `false`, or when others changed more guarded fields while the question was
   * open, it rejects with a `ForeignEditsError` listing them; nothing is sent and the edits stay.
   */
  async save(record: EntityRecord<object>, options: GuardedSaveOptions = {}): Promise<object | undefined> {
    const { confirm = this.options.confirmForeignEdits, ...saveOptions } = options;
    const guarded = this.foreignEdits(record).filter((edit) => edit.isGuarded);
    if (guarded.length > 0) {
      const isConfirmed = confirm !== undefined && (await confirm(guarded, record)) === true;
      if (!isConfirmed) throw new ForeignEditsError(guarded);
      const seen = (edit: ForeignEdit): boolean =>
        guarded.some(
          (asked) => asked.field === edit.field && edit.clientIds.every((id) => asked.clientIds.includes(id)),
        );
      const unseen = this.foreignEdits(record).filter((edit) => edit.isGuarded && !seen(edit));
      if (unseen.length > 0) throw new ForeignEditsError(unseen);
    }
    return record.save(saveOptions);
  }

  /** Shares where this person is in the record (field, selection); ignored when its room is not open. */
  setLocalPresence(record: EntityRecord<object>, state: LocalPresence): void {
    const room = this.rooms.get(record);
    if (room === undefined) return;
    // A caret travels as a position in the field's text: the text must exist (its genesis waits
    // for the field's first write or the first ask for it).
    if (state.field !== undefined) room.binding.sharedText(state.field);
    room.presence.setLocal(state);
  }

  /** Ends every room, provider, timer and listener; `store.dispose()` calls it. */
  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.stopObserving();
    this.stopExtending();
    for (const room of [...this.rooms.values()]) this.close(room);
    this.tabs?.dispose();
  }

  /** Records a failure in {@link errors}. */
  private reportError(error: SyncError): void {
    this.errors = [...this.errors, error];
  }

  private roomOf(record: EntityRecord<object>, what: string): SyncRoom {
    const room = this.rooms.get(record);
    if (room === undefined) {
      throw new ArgumentError(
        `sync.${what}(record): the room of ${record.kind}/${record.name}/${String(record.id)} is not open; join it first.`,
      );
    }
    return room;
  }

  private open(record: EntityRecord<object>): SyncRoom {
    if (this.isDisposed) throw new StoreDisposedError(`join the sync room of ${record.kind}/${record.name}`);
    const rules = this.syncRulesOf(record);
    if (rules === undefined) {
      throw new ArgumentError(
        `${record.kind}/${record.name} does not sync: its entity config has no \`sync\` (post types and root/site have one).`,
      );
    }
    const existing = this.rooms.get(record);
    if (existing !== undefined) return existing;
    const name = this.roomName(record);
    if (this.roomsByName.has(name)) throw new ArgumentError(`Two records map to one sync room: ${name}.`);
    const room = new SyncRoom({
      record,
      name,
      user: this.options.user,
      providers: this.roomProviders,
      transport: this.store.transport,
      rules: docFieldRulesOf(rules, this.extraTextFields, this.options.blockCodec),
      host: this.bindingHost,
      undoCaptureTimeoutMs: this.options.undoCaptureTimeoutMs ?? DEFAULT_UNDO_CAPTURE_TIMEOUT_MS,
      reportError: (error) => this.reportError(error),
    });
    room.undo.onStep(() => this.store.history.addDelegatedStep(record));
    room.undo.onJoin(() => this.store.history.joinDelegatedStep(record));
    const undelegate = this.store.history.delegate(record, {
      undo: () => room.undo.undo(),
      redo: () => room.undo.redo(),
      closeStep: (cause) => room.undo.closeStep(cause),
      dropRedo: () => room.undo.dropRedo(),
      canUndo: () => room.undo.canUndo,
      canRedo: () => room.undo.canRedo,
    });
    this.undelegates.set(room, undelegate);
    runInAction(() => this.rooms.set(record, room));
    this.roomsByRecord.set(record, room);
    this.roomsByName.set(name, room);
    return room;
  }

  private close(room: SyncRoom): void {
    runInAction(() => this.rooms.delete(room.record));
    this.roomsByRecord.delete(room.record);
    this.roomsByName.delete(room.name);
    this.undelegates.get(room)?.();
    this.undelegates.delete(room);
    room.destroy().catch((error: unknown) => {
      this.reportError(
        new SyncError(`Closing room ${room.name} failed.`, 'connection-failed', { cause: error }),
      );
    });
  }

  private roomName(record: EntityRecord<object>): string {
    if (this.options.room !== undefined) return this.options.room(record);
    const id = record.id === undefined ? 'index' : String(record.id);
    return `${siteOf(this.store.transport)}/${record.kind}/${record.name}/${id}`;
  }

  private readonly bindingHost: BindingHost = {
    // `applyEdits` is an action of its own: a peer's keystroke needs no second one around it.
    applyRemote: (record, edits, origin) => record.applyEdits(edits, origin),
    refetch: (record) => this.refetch(record),
    reportError: (error) => this.reportError(error),
    // A peer's change may take away all a step did (this person's own changes open or grow steps,
    // which the history hears of anyway); with no step, it has nothing to take away.
    peerChanged: (record) => {
      if (this.roomsByRecord.get(record)?.undo.hasSteps === true) this.store.history.delegateChanged();
    },
    documentStoreOf: (record) =>
      this.options.providers.some((factory) => factory.storesDocuments === true)
        ? (value) => this.roomsByRecord.get(record)?.storeDocument(value)
        : undefined,
  };

  /** Tells the binding of a save of a record whose room is open; adds the stored document (see `RecordBinding.onSaveBody`). */
  private readonly addStoredDocument: SaveExtension = (record, body) =>
    this.roomsByRecord.get(record as EntityRecord<object>)?.binding.onSaveBody(body);

  /** The outcome of each refetch in flight (calls the store joins share one), so a failure is reported once. */
  private readonly refetchOutcomes = new WeakMap<Promise<unknown>, Promise<boolean>>();

  /**
   * Confirms a peer's save with the server, in the background; resolves to whether the server
   * answered. The store's refetch reads after this call and joins a refetch in flight (asking it
   * for one more read), so everyone waiting gets the last answer's outcome.
   */
  private refetch(record: EntityRecord<object>): Promise<boolean> {
    if (this.isDisposed) return Promise.resolve(false);
    const read = this.store.collection(record.kind, record.name).refetch(record);
    const known = this.refetchOutcomes.get(read);
    if (known !== undefined) return known;
    const outcome = read.then(
      () => true,
      (error: unknown) => {
        this.reportError(
          new SyncError('Refetching a record after a peer saved it failed.', 'connection-failed', {
            cause: error,
          }),
        );
        return false;
      },
    );
    this.refetchOutcomes.set(read, outcome);
    return outcome;
  }
}
