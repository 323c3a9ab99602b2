/**
 * The leader tab's side of a shared connection: one document per room any tab has open, with the
 * real providers (relay polling, WebSocket, WebRTC) on it. Every tab's changes are merged into it
 * and sent once; what the network brings is passed to every tab. The person's presence in a room
 * is one awareness state, that of the tab where they were active last, so collaborators see one
 * entry per person however many tabs are open; it names the document client id of every tab
 * (`clientIds`), which is what the person's changes carry, so collaborators can tell whose they are.
 *
 * @module
 */
import { Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { SyncError } from '../../../core/errors.js';
import type { Transport } from '../../../core/transport/types.js';
import type { ConnectionStatus, ProviderFactory, RoomProvider } from './provider.js';
import { MAX_PEER_CLIENT_IDS } from '../shared/presenceShape.js';
import type { TabEntity, TabPresenceState, ToLeaderMessage, ToTabMessage } from '../shared/tabMessages.js';

/**
 * A tab that sent nothing for this long is taken as gone (it crashed). Presence is renewed every
 * 15 s, but a browser wakes the timers of a tab hidden for minutes only once a minute.
 */
export const TAB_SILENCE_LIMIT_MS = 90_000;

/** What the hub needs from its tab. */
export interface TabHubHost {
  /** The network providers a room is carried by. */
  readonly factories: readonly ProviderFactory[];
  /** The leader store's transport, handed to the providers. */
  readonly transport: Transport;
  /** Sends to every tab, this one included. */
  sendToTabs(message: ToTabMessage): void;
  /** Records a provider's failure in the leader's `sync.errors`. */
  reportError(error: SyncError): void;
}

/** One tab's hold on a room. */
interface Member {
  state: TabPresenceState | null;
  activeAt: number;
  visible: boolean;
  seenAt: number;
}

/** One room as the leader carries it. */
class HubRoom {
  readonly doc = new Y.Doc();
  readonly awareness: Awareness;
  readonly members = new Map<string, Member>();
  readonly providers: RoomProvider[] = [];
  private readonly statuses = new Map<number, ConnectionStatus>();
  private status: ConnectionStatus = 'connecting';
  private sharedState = '';
  /**
   * The document client ids of the person's tabs in this room, oldest first: those of tabs that
   * left stay (their unsaved changes are still the person's), the oldest make way past the cap.
   */
  private readonly writers: number[] = [];
  private isStarted = false;
  private isDestroyed = false;

  constructor(
    readonly name: string,
    readonly entity: TabEntity,
    private readonly host: TabHubHost,
  ) {
    this.awareness = new Awareness(this.doc);
    // Until a tab says where the person is, nobody is shown (and nothing is sent).
    this.awareness.setLocalState(null);
    this.doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
  }

  /** Starts the providers once the document holds the joining tab's state and presence. */
  start(): void {
    if (this.isStarted || this.isDestroyed) return;
    this.isStarted = true;
    this.host.factories.forEach((factory, index) => {
      try {
        const provider = factory({
          room: this.name,
          entity: this.entity,
          doc: this.doc,
          awareness: this.awareness,
          transport: this.host.transport,
          setStatus: (status) => this.setStatus(index, status),
          reportError: (error) => this.host.reportError(error),
        });
        this.providers.push(provider);
        if (provider.kind === 'network' && !this.statuses.has(index)) this.setStatus(index, 'connecting');
      } catch (error) {
        this.host.reportError(
          new SyncError(`The shared connection could not open room ${this.name}.`, 'connection-failed', {
            cause: error,
          }),
        );
      }
    });
  }

  /** The connection state every tab shows: as `SyncRoom.connection` combines its providers'. */
  get connection(): ConnectionStatus {
    return this.status;
  }

  /**
   * Adds the client ids a tab's presence lists (its document's first) to those the person's
   * presence names, and tells the tabs when one was new: each keeps the list for the next leader.
   * Past the cap the oldest make way (one fewer than the cap is kept: the first slot of a peer's
   * list is this document's own id).
   */
  addWriters(clientIds: readonly number[]): void {
    const added = clientIds.filter((id) => !this.writers.includes(id));
    if (added.length === 0) return;
    // The tab's own id last, so it is the last to make way.
    this.writers.push(...added.reverse());
    this.writers.splice(0, Math.max(0, this.writers.length - (MAX_PEER_CLIENT_IDS - 1)));
    this.host.sendToTabs({ t: 'writers', room: this.name, clientIds: [...this.writers] });
  }

  /** Shows the person where their most recently active tab is, under every tab's client id. */
  refreshPresence(): void {
    let latest: Member | undefined;
    for (const member of this.members.values()) {
      if (member.state !== null && (latest === undefined || member.activeAt > latest.activeAt))
        latest = member;
    }
    const state =
      latest === undefined || latest.state === null
        ? null
        : { ...latest.state, clientIds: [...this.writers] };
    const serialized = JSON.stringify(state);
    // Setting an equal state would still bump its clock and make the providers send it.
    if (serialized === this.sharedState) return;
    this.sharedState = serialized;
    this.awareness.setLocalState(state === null ? null : (JSON.parse(serialized) as object));
  }

  /** The state of everyone else, for a tab that just joined. */
  othersUpdate(): Uint8Array | undefined {
    const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.awareness.clientID);
    return others.length === 0 ? undefined : encodeAwarenessUpdate(this.awareness, others);
  }

  destroy(): void {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    // Presence first, so the providers can tell the others this entry left.
    removeAwarenessStates(this.awareness, [this.awareness.clientID], 'destroy');
    for (const provider of this.providers) {
      Promise.resolve(provider.destroy()).catch(() => undefined);
    }
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    this.awareness.destroy();
    this.doc.destroy();
  }

  private setStatus(index: number, status: ConnectionStatus): void {
    if (this.isDestroyed) return;
    this.statuses.set(index, status);
    let next: ConnectionStatus = 'disconnected';
    for (const each of this.statuses.values()) {
      if (each === 'connected') {
        next = 'connected';
        break;
      }
      if (each === 'connecting') next = 'connecting';
    }
    if (next === this.status) return;
    this.status = next;
    this.host.sendToTabs({ t: 'status', room: this.name, status: next });
  }

  /** Every change reaches every tab; the one it came from (the origin) skips it. */
  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    this.host.sendToTabs({
      t: 'update',
      room: this.name,
      update,
      ...(typeof origin === 'string' ? { origin } : {}),
    });
  };

  /** Other people's presence (renewals too, which keep them alive in the tabs). */
  private readonly onAwarenessUpdate = (changes: {
    added: number[];
    updated: number[];
    removed: number[];
  }): void => {
    const own = this.awareness.clientID;
    const ids = [...changes.added, ...changes.updated, ...changes.removed].filter((id) => id !== own);
    if (ids.length === 0) return;
    this.host.sendToTabs({
      t: 'awareness',
      room: this.name,
      update: encodeAwarenessUpdate(this.awareness, ids),
    });
  };
}

/** The leader's rooms: made when a tab becomes the leader, destroyed when it steps down. */
export class TabHub {
  private readonly rooms = new Map<string, HubRoom>();
  private readonly sweep: ReturnType<typeof setInterval>;

  constructor(private readonly host: TabHubHost) {
    this.sweep = setInterval(() => this.dropSilentTabs(), TAB_SILENCE_LIMIT_MS / 3);
    // Node: the sweep must not keep a process alive.
    (this.sweep as { unref?: () => void }).unref?.();
  }

  /** The rooms carried now. */
  get roomNames(): readonly string[] {
    return [...this.rooms.keys()];
  }

  /** True when a tab other than `self` holds a room and is visible. */
  hasVisibleTabBesides(self: string): boolean {
    for (const room of this.rooms.values()) {
      for (const [tab, member] of room.members) if (tab !== self && member.visible) return true;
    }
    return false;
  }

  /** Acts on a (checked) message from tab `from`. */
  receive(from: string, message: ToLeaderMessage): void {
    if (message.t === 'join') {
      this.join(from, message.room, message.entity, message.state);
      return;
    }
    const room = this.rooms.get(message.room);
    const member = room?.members.get(from);
    if (room === undefined || member === undefined) {
      // A tab this leader does not know (its join was lost, or it was silent too long and
      // dropped): it joins again, with everything it holds.
      if (message.t !== 'leave') this.host.sendToTabs({ t: 'leader', to: from });
      return;
    }
    member.seenAt = Date.now();
    switch (message.t) {
      case 'leave':
        this.leave(room, from);
        break;
      case 'push':
        Y.applyUpdate(room.doc, message.update, from);
        break;
      case 'presence':
        member.state = message.state;
        room.addWriters(message.clientIds);
        member.activeAt = message.activeAt;
        member.visible = message.visible;
        room.refreshPresence();
        room.start();
        break;
      case 'store':
        for (const provider of room.providers) void provider.storeDocument?.(message.value);
        break;
    }
  }

  /** Ends every room (the tab steps down or goes away). */
  destroy(): void {
    clearInterval(this.sweep);
    for (const room of this.rooms.values()) room.destroy();
    this.rooms.clear();
  }

  private join(from: string, name: string, entity: TabEntity, state: Uint8Array): void {
    let room = this.rooms.get(name);
    if (room === undefined) {
      room = new HubRoom(name, entity, this.host);
      this.rooms.set(name, room);
    }
    const member = room.members.get(from);
    if (member === undefined) {
      room.members.set(from, {
        state: null,
        activeAt: 0,
        visible: true,
        seenAt: Date.now(),
      });
    } else member.seenAt = Date.now();
    // The tab's changes that this document lacks reach the others (and the network) as one update.
    Y.applyUpdate(room.doc, state, from);
    // Then what the tab lacks, for it alone.
    const missing = Y.encodeStateAsUpdate(room.doc, Y.encodeStateVectorFromUpdate(state));
    this.host.sendToTabs({ t: 'update', room: name, update: missing, to: from });
    const others = room.othersUpdate();
    if (others !== undefined) this.host.sendToTabs({ t: 'awareness', room: name, update: others, to: from });
    this.host.sendToTabs({ t: 'status', room: name, status: room.connection });
  }

  private leave(room: HubRoom, tab: string): void {
    room.members.delete(tab);
    if (room.members.size > 0) {
      room.refreshPresence();
      return;
    }
    this.rooms.delete(room.name);
    room.destroy();
  }

  private dropSilentTabs(): void {
    const limit = Date.now() - TAB_SILENCE_LIMIT_MS;
    for (const room of [...this.rooms.values()]) {
      for (const [tab, member] of [...room.members]) if (member.seenAt < limit) this.leave(room, tab);
    }
  }
}
