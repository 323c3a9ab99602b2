/**
 * One open room: the record's shared document with its providers, binding, undo and presence.
 * `SyncManager` makes one per joined record and destroys it when the record leaves.
 *
 * @module
 */
import { action, computed, makeObservable, observable } from 'mobx';
import * as Y from 'yjs';
import type { EntityRecord } from '../../../models/EntityRecord.js';
import type { SyncError } from '../../../core/errors.js';
import type { Transport } from '../../../core/transport/types.js';
import { Presence, type SyncUser } from './Presence.js';
import type { ConnectionStatus, ProviderFactory, RoomProvider } from '../providers/provider.js';
import { RecordBinding, type BindingHost } from './RecordBinding.js';
import type { DocFieldRules } from '../shared/recordDoc.js';
import { SyncUndo } from './SyncUndo.js';

/** What a room is made from. */
export interface SyncRoomOptions {
  /** The record the room shares. */
  readonly record: EntityRecord<object>;
  /** The room name (see `SyncOptions.room`). */
  readonly name: string;
  /** Who this person is, for presence. */
  readonly user: SyncUser;
  /** One provider is made per factory. */
  readonly providers: readonly ProviderFactory[];
  /** The store's transport, handed to providers. */
  readonly transport: Transport;
  /** Which fields are text and which merge. */
  readonly rules: DocFieldRules;
  /** What the binding calls to change the record. */
  readonly host: BindingHost;
  /** See `SyncOptions.undoCaptureTimeoutMs`. */
  readonly undoCaptureTimeoutMs: number;
  /** Records a failure in `sync.errors`. */
  readonly reportError: (error: SyncError) => void;
}

/** One joined record's document, providers, binding, undo and presence. */
export class SyncRoom {
  /** The record. */
  readonly record: EntityRecord<object>;
  /** The room name. */
  readonly name: string;
  /** The shared document. */
  readonly doc: Y.Doc;
  /** Presence in the room. */
  readonly presence: Presence;
  /** This person's undo of the document. */
  readonly undo: SyncUndo;
  /** The record ↔ document binding. */
  readonly binding: RecordBinding;
  /** Resolves once every local provider has loaded and the binding has started. */
  readonly whenLoaded: Promise<void>;
  /** How many users (mounted components, `join` calls) hold the room open. */
  holders = 0;
  /** The pending delayed leave, if any. */
  leaveTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly providers: RoomProvider[] = [];
  /** The state of each network provider, by index (observable). */
  private readonly statuses = observable.map<number, ConnectionStatus>();
  private isDestroyed = false;

  /** Opens the room: makes the document, starts presence and every provider, then the binding. */
  constructor(options: SyncRoomOptions) {
    this.record = options.record;
    this.name = options.name;
    this.doc = new Y.Doc();
    this.presence = new Presence(this.doc, options.user);
    this.binding = new RecordBinding(options.record, this.doc, options.rules, options.host);
    this.undo = new SyncUndo(this.doc, {
      origin: this.binding.localOrigin,
      captureTimeoutMs: options.undoCaptureTimeoutMs,
    });
    makeObservable<SyncRoom, 'setStatus'>(this, { connection: computed, setStatus: action });
    options.providers.forEach((factory, index) => {
      const provider = factory({
        room: this.name,
        entity: { kind: options.record.kind, name: options.record.name, id: options.record.id },
        doc: this.doc,
        awareness: this.presence.awareness,
        transport: options.transport,
        setStatus: (status) => this.setStatus(index, status),
        reportError: options.reportError,
        setOwnClientIds: (clientIds) => this.binding.foreignMarks.setOwnClientIds(clientIds),
      });
      this.providers.push(provider);
      if (provider.kind === 'network' && !this.statuses.has(index)) this.setStatus(index, 'connecting');
    });
    this.whenLoaded = Promise.all(this.providers.map((provider) => provider.whenLoaded)).then(() => {
      if (!this.isDestroyed) this.binding.start(this.undo.manager);
    });
  }

  /**
   * The room's connection (observable): `connected` when any network provider is, else
   * `connecting` when one is trying, else `disconnected` (also with only local providers), and
   * `destroyed` once the room is closed.
   */
  get connection(): ConnectionStatus {
    if (this.statuses.get(-1) === 'destroyed') return 'destroyed';
    let result: ConnectionStatus = 'disconnected';
    for (const [index, status] of this.statuses) {
      if (index < 0) continue;
      if (status === 'connected') return 'connected';
      if (status === 'connecting') result = 'connecting';
    }
    return result;
  }

  /** Stores `value` as the record's document on the site, through each provider that can. */
  storeDocument(value: string): void {
    for (const provider of this.providers) void provider.storeDocument?.(value);
  }

  /** Closes the room: presence first (peers see the person leave), then providers, binding, undo, document. */
  async destroy(): Promise<void> {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    if (this.leaveTimer !== undefined) clearTimeout(this.leaveTimer);
    this.presence.destroy();
    this.binding.destroy();
    this.undo.destroy();
    const closing = this.providers.map((provider) => Promise.resolve(provider.destroy()));
    this.setStatus(-1, 'destroyed');
    this.doc.destroy();
    await Promise.all(closing);
  }

  private setStatus(index: number, status: ConnectionStatus): void {
    if (this.isDestroyed && index >= 0) return;
    this.statuses.set(index, status);
  }
}
