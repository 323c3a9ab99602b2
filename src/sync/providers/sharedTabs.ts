/**
 * One sync connection per browser, site and person (`SyncOptions.tabs`): the tabs elect a leader
 * ({@link electTab}, Web Locks) that carries every room any tab has open on the real providers
 * ({@link TabHub}); each tab's rooms get a stand-in provider that talks to the leader over a
 * BroadcastChannel. When the leader goes (closed, crashed, hidden for long), the next tab in the
 * lock's queue leads at once and every tab joins it again with everything its documents hold, so
 * nothing typed during the hand-over is lost (Yjs merges what arrives twice).
 *
 * @module
 */
import { applyAwarenessUpdate, type Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { ArgumentError, SyncError } from '../../../core/errors.js';
import type { Transport } from '../../../core/transport/types.js';
import type { ProviderContext, ProviderFactory, RoomProvider } from './provider.js';
import { browserLocks, electTab, type TabElection, type TabLocks } from './tabElection.js';
import { TabHub } from './TabHub.js';
import { peerClientIds } from '../shared/presenceShape.js';
import { documentVisibility, windowPageExit } from './httpPolling/httpPollingProvider.js';
import type { PageExitSource, VisibilitySource } from './httpPolling/PollingLoop.js';
import {
  parseTabMessage,
  TAB_MESSAGE_MARK,
  TAB_MESSAGE_VERSION,
  type TabMessage,
  type TabMessageBody,
  type ToLeaderMessage,
  type ToTabMessage,
} from '../shared/tabMessages.js';

/** The part of a `BroadcastChannel` the tabs use. */
export interface TabChannel {
  /** Sends `message` (a structured clone) to every other channel of the name. */
  postMessage(message: unknown): void;
  /** Hears what other channels of the name send. */
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  /** Stops hearing. */
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  /** Closes the channel. */
  close(): void;
}

/** `SyncOptions.tabs` as an object: sharing on, with these settings. */
export interface TabSharingOptions {
  /**
   * How long the leader may stay hidden before it hands the connection to a visible tab (browsers
   * slow a hidden tab's timers, and so its polling).
   * @default 30000
   */
  readonly hiddenHandOverMs?: number | undefined;
  /** The lock manager the tabs elect with. @default navigator.locks */
  readonly locks?: TabLocks | undefined;
  /** Opens the channel of that name. @default name => new BroadcastChannel(name) */
  readonly openChannel?: ((name: string) => TabChannel) | undefined;
  /** Whether this tab is hidden. @default `document.visibilityState` */
  readonly visibility?: VisibilitySource | undefined;
  /** When the page goes away (its rooms leave the leader at once). @default the window's `pagehide` */
  readonly pageExit?: PageExitSource | undefined;
}

/** Default of {@link TabSharingOptions.hiddenHandOverMs}. */
export const DEFAULT_HIDDEN_HAND_OVER_MS = 30_000;

/** The BroadcastChannel constructor of this runtime, if any. */
function browserChannel(): ((name: string) => TabChannel) | undefined {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => TabChannel }).BroadcastChannel;
  return typeof Channel === 'function' ? (name) => new Channel(name) : undefined;
}

function randomId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What a {@link TabConnection} is made from. */
export interface TabConnectionSetup {
  /** Site and person: tabs of one key share a connection (`${site}:${user id}`). */
  readonly key: string;
  /** The network providers the leader carries rooms on. */
  readonly factories: readonly ProviderFactory[];
  /** This store's transport, used while this tab leads. */
  readonly transport: Transport;
  /** Records a failure in this store's `sync.errors`. */
  readonly reportError: (error: SyncError) => void;
}

/**
 * A store's side of the shared connection: its channel, its place in the election, its rooms'
 * stand-in providers, and the hub while it leads. `undefined` from {@link shareAcrossTabs} where
 * the runtime lacks Web Locks or BroadcastChannel.
 */
export class TabConnection {
  /** This tab's id on the channel. */
  readonly tabId = randomId();
  /** The provider factory that stands for every network provider in this tab's rooms. */
  readonly factory: ProviderFactory;
  private readonly channel: TabChannel;
  private readonly election: TabElection;
  private readonly clients = new Map<string, TabRoomClient>();
  private readonly visibility: VisibilitySource;
  private readonly stopWatching: Array<() => void> = [];
  private hub: TabHub | undefined;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private hasReportedInvalid = false;
  private isDisposed = false;

  constructor(
    private readonly setup: TabConnectionSetup,
    locks: TabLocks,
    openChannel: (name: string) => TabChannel,
    private readonly options: TabSharingOptions,
  ) {
    const hiddenHandOverMs = options.hiddenHandOverMs ?? DEFAULT_HIDDEN_HAND_OVER_MS;
    if (typeof hiddenHandOverMs !== 'number' || !(hiddenHandOverMs >= 0)) {
      throw new ArgumentError(
        `sync.tabs.hiddenHandOverMs must be a number of milliseconds, 0 or more; got ${String(hiddenHandOverMs)}.`,
      );
    }
    this.factory = Object.assign((context: ProviderContext) => new TabRoomClient(this, context), {
      storesDocuments: setup.factories.some((factory) => factory.storesDocuments === true),
    });
    this.channel = openChannel(`wp-entities:sync-v${TAB_MESSAGE_VERSION}:${setup.key}`);
    this.channel.addEventListener('message', this.onMessage);
    this.visibility = options.visibility ?? documentVisibility();
    this.stopWatching.push(
      this.visibility.subscribe(() => {
        for (const client of this.clients.values()) client.sendPresence();
        this.watchHidden(hiddenHandOverMs);
      }),
      (options.pageExit ?? windowPageExit()).subscribe(() => {
        for (const client of this.clients.values()) client.leave();
      }),
    );
    this.election = electTab(locks, `wp-entities:sync-leader-v${TAB_MESSAGE_VERSION}:${setup.key}`, {
      onLead: () => {
        this.hub = new TabHub({
          factories: setup.factories,
          transport: setup.transport,
          sendToTabs: (message) => this.sendToTabs(message),
          reportError: setup.reportError,
        });
        this.sendToTabs({ t: 'leader' });
        this.watchHidden(hiddenHandOverMs);
      },
      onStepDown: () => {
        this.hub?.destroy();
        this.hub = undefined;
      },
    });
  }

  /** True while this tab carries the connection. */
  get isLeader(): boolean {
    return this.hub !== undefined;
  }

  /** Whether this tab is hidden now. */
  get isHidden(): boolean {
    return this.visibility.isHidden();
  }

  /** Leaves the election, the channel and every listener (the store is disposed). */
  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    for (const client of [...this.clients.values()]) client.leave();
    if (this.hiddenTimer !== undefined) clearTimeout(this.hiddenTimer);
    for (const stop of this.stopWatching) stop();
    this.election.stop();
    this.channel.removeEventListener('message', this.onMessage);
    this.channel.close();
  }

  /** @internal */
  add(client: TabRoomClient): void {
    if (this.clients.has(client.room)) {
      throw new ArgumentError(`Two rooms of one store share the name ${client.room}.`);
    }
    this.clients.set(client.room, client);
  }

  /** @internal */
  remove(client: TabRoomClient): void {
    if (this.clients.get(client.room) === client) this.clients.delete(client.room);
  }

  /** Sends to the leader: straight to the hub when this tab leads. @internal */
  sendToLeader(message: ToLeaderMessage): void {
    if (this.isDisposed) return;
    if (this.hub !== undefined) this.hub.receive(this.tabId, message);
    else this.post(message);
  }

  private sendToTabs(message: ToTabMessage): void {
    this.post(message);
    this.deliver(this.tabId, message);
  }

  private post(body: TabMessageBody): void {
    if (this.isDisposed) return;
    const message = { wpe: TAB_MESSAGE_MARK, v: TAB_MESSAGE_VERSION, from: this.tabId, ...body };
    try {
      this.channel.postMessage(message);
    } catch (error) {
      this.setup.reportError(
        new SyncError('A message to the other tabs could not be sent.', 'connection-failed', {
          cause: error,
        }),
      );
    }
  }

  private readonly onMessage = (event: { data: unknown }): void => {
    const parsed = parseTabMessage(event.data);
    if ('invalid' in parsed) {
      this.reportInvalid(parsed.invalid);
      return;
    }
    const message: TabMessage = parsed.message;
    if (message.from === this.tabId) return;
    switch (message.t) {
      case 'join':
      case 'leave':
      case 'push':
      case 'presence':
      case 'store':
        this.hub?.receive(message.from, message);
        break;
      default:
        this.deliver(message.from, message);
    }
  };

  private deliver(from: string, message: ToTabMessage): void {
    if (message.t === 'leader') {
      if (message.to !== undefined && message.to !== this.tabId) return;
      // A new leader knows nothing of this tab's rooms: join again with all they hold.
      for (const client of this.clients.values()) client.join();
      return;
    }
    if (
      message.t !== 'status' &&
      message.t !== 'writers' &&
      message.to !== undefined &&
      message.to !== this.tabId
    )
      return;
    if (message.t === 'update' && message.origin === this.tabId) return;
    const client = this.clients.get(message.room);
    if (client === undefined) return;
    try {
      client.receive(message);
    } catch (error) {
      this.reportInvalid(`a "${message.t}" from tab ${from} that could not be applied`, error);
    }
  }

  private reportInvalid(what: string, cause?: unknown): void {
    if (this.hasReportedInvalid) return;
    this.hasReportedInvalid = true;
    this.setup.reportError(
      new SyncError(
        `A message on the tabs' sync channel was ignored (${what}); further ones are ignored without a report.`,
        'unknown-message',
        cause === undefined ? undefined : { cause },
      ),
    );
  }

  /** A leader hidden for long makes way for a visible tab, if one holds a room. */
  private watchHidden(delayMs: number): void {
    if (this.hiddenTimer !== undefined) clearTimeout(this.hiddenTimer);
    this.hiddenTimer = undefined;
    if (!this.isLeader || !this.isHidden) return;
    this.hiddenTimer = setTimeout(() => {
      this.hiddenTimer = undefined;
      if (!this.isLeader || !this.isHidden) return;
      if (this.hub?.hasVisibleTabBesides(this.tabId) === true) this.election.handOver();
      else this.watchHidden(delayMs);
    }, delayMs);
  }
}

/** One room of this tab, carried by the leader: the stand-in for the network providers. */
class TabRoomClient implements RoomProvider {
  readonly kind = 'network';
  readonly whenLoaded = Promise.resolve();
  readonly room: string;
  private readonly doc: Y.Doc;
  private readonly awareness: Awareness;
  private lastState = 'null';
  private activeAt = 0;
  /** The client ids the leader said the person's tabs write this room under (for the next leader). */
  private writers: readonly number[] = [];
  private isDestroyed = false;

  constructor(
    private readonly connection: TabConnection,
    private readonly context: ProviderContext,
  ) {
    if (context.entity === undefined) {
      throw new ArgumentError(`The shared tab connection needs the record of room "${context.room}".`);
    }
    this.room = context.room;
    this.doc = context.doc;
    this.awareness = context.awareness;
    connection.add(this);
    this.doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    this.join();
  }

  /** Sends the leader everything the document holds, then where the person is. */
  join(): void {
    if (this.isDestroyed) return;
    const entity = this.context.entity!;
    this.connection.sendToLeader({
      t: 'join',
      room: this.room,
      entity: { kind: entity.kind, name: entity.name, id: entity.id },
      state: Y.encodeStateAsUpdate(this.doc),
    });
    this.sendPresence();
  }

  /** Tells the leader where the person is in this tab (and that the tab is alive). */
  sendPresence(): void {
    if (this.isDestroyed) return;
    const state = this.awareness.getLocalState();
    const serialized = JSON.stringify(state);
    if (serialized !== this.lastState) {
      this.lastState = serialized;
      this.activeAt = Date.now();
    }
    this.connection.sendToLeader({
      t: 'presence',
      room: this.room,
      state: state as never,
      activeAt: this.activeAt,
      visible: !this.connection.isHidden,
      // The document's id read each time: Yjs gives a document a new one when it meets its own
      // from elsewhere. The others' let a new leader name the person's earlier changes too.
      clientIds: peerClientIds(this.doc.clientID, this.writers),
    });
  }

  /** Applies what the leader sent (already checked). */
  receive(message: ToTabMessage): void {
    switch (message.t) {
      case 'update':
        Y.applyUpdate(this.doc, message.update, this);
        break;
      case 'awareness':
        applyAwarenessUpdate(this.awareness, message.update, this);
        break;
      case 'status':
        this.context.setStatus(message.status === 'destroyed' ? 'connecting' : message.status);
        break;
      case 'writers':
        this.writers = message.clientIds;
        // The person's other tabs' changes are the person's own, not someone else's.
        this.context.setOwnClientIds?.(message.clientIds.filter((id) => id !== this.doc.clientID));
        break;
      default:
        break;
    }
  }

  storeDocument(value: string): Promise<void> {
    if (!this.isDestroyed) this.connection.sendToLeader({ t: 'store', room: this.room, value });
    return Promise.resolve();
  }

  /** Tells the leader this tab no longer holds the room. */
  leave(): void {
    if (!this.isDestroyed) this.connection.sendToLeader({ t: 'leave', room: this.room });
  }

  destroy(): void {
    if (this.isDestroyed) return;
    this.leave();
    this.isDestroyed = true;
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    this.connection.remove(this);
    this.context.setStatus('destroyed');
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this) return;
    this.connection.sendToLeader({ t: 'push', room: this.room, update });
  };

  private readonly onAwarenessUpdate = (changes: {
    added: number[];
    updated: number[];
    removed: number[];
  }): void => {
    const own = this.awareness.clientID;
    if ([changes.added, changes.updated, changes.removed].some((ids) => ids.includes(own))) {
      this.sendPresence();
    }
  };
}

/**
 * The shared connection of a store, or `undefined` when it keeps its own: `tabs` is `'separate'`,
 * there is no network provider, or the runtime lacks Web Locks, BroadcastChannel or a document
 * (Node, old browsers; by default only) — an object with `locks` and `openChannel` turns it on
 * anywhere.
 */
export function shareAcrossTabs(
  tabs: 'shared' | 'separate' | TabSharingOptions | undefined,
  setup: TabConnectionSetup,
): TabConnection | undefined {
  if (tabs === 'separate' || setup.factories.length === 0) return undefined;
  if (tabs !== undefined && tabs !== 'shared' && (typeof tabs !== 'object' || tabs === null)) {
    throw new ArgumentError(
      `sync.tabs must be 'shared', 'separate' or an options object; got ${String(tabs as unknown)}.`,
    );
  }
  const options = typeof tabs === 'object' ? tabs : {};
  const isBrowser = typeof (globalThis as { document?: unknown }).document === 'object';
  const locks = options.locks ?? (isBrowser ? browserLocks() : undefined);
  const openChannel = options.openChannel ?? (isBrowser ? browserChannel() : undefined);
  if (locks === undefined || openChannel === undefined) return undefined;
  return new TabConnection(setup, locks, openChannel, options);
}
