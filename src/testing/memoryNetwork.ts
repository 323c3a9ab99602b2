/**
 * `memoryNetwork()`: links sync stores in one process through a simulated network, for tests of
 * collaborative editing. Each `net.provider()` is one machine on the network; messages between
 * machines can be delayed, reordered, duplicated, dropped (and redelivered later, as a real
 * provider's resync would) and cut by partitions, all from one seed, so a failing run replays.
 *
 * @module
 */
import { applyAwarenessUpdate, encodeAwarenessUpdate, type Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type {
  ConnectionStatus,
  ProviderContext,
  ProviderFactory,
  RoomProvider,
} from '../sync/providers/provider.js';
import { seededRandom } from './seededRandom.js';

/** Options of {@link memoryNetwork}. */
export interface MemoryNetworkOptions {
  /** Seeds every random choice (delays, order, duplicates, drops). @default 1 */
  seed?: number | undefined;
  /**
   * How long a message travels, in ms of the (possibly fake) clock. With `reorder`, each message
   * takes between half and one and a half of it. 0 delivers in the next macrotask.
   * @default 0
   */
  latencyMs?: number | undefined;
  /** Deliver messages in a random order instead of the order they were sent. @default false */
  reorder?: boolean | undefined;
  /** The probability (0..1) that a message arrives twice. @default 0 */
  duplicate?: number | undefined;
  /** The probability (0..1) that a message is dropped; dropped messages arrive at the next {@link MemoryNetwork.flush}. @default 0 */
  drop?: number | undefined;
  /**
   * Deliver messages on their own after `latencyMs` (timers). `false` delivers only at
   * {@link MemoryNetwork.flush}, so a seeded run is the same run every time, whatever the timing.
   * @default true
   */
  autoDeliver?: boolean | undefined;
}

/** What the network did so far. */
export interface MemoryNetworkStats {
  /** Messages sent (one per receiver). */
  sent: number;
  /** Messages delivered, duplicates and redeliveries included. */
  delivered: number;
  /** Extra copies made. */
  duplicated: number;
  /** Messages dropped (later redelivered). */
  dropped: number;
  /** Messages lost to a partition (the peers resync when it heals). */
  cut: number;
  /** Bytes delivered. */
  bytes: number;
}

/** Something a partition group may name: a factory from `net.provider()`, or a store using one. */
export type PartitionMember = ProviderFactory | { readonly sync?: unknown };

interface Endpoint {
  readonly id: number;
  group: number;
  readonly members: Set<Member>;
}

interface Member {
  readonly endpoint: Endpoint;
  readonly room: string;
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  readonly setStatus: (status: ConnectionStatus) => void;
  isGone: boolean;
}

interface Message {
  readonly from: Member;
  readonly to: Member;
  readonly kind: 'update' | 'awareness';
  readonly payload: Uint8Array;
  readonly order: number;
  dueAtMs: number;
}

/**
 * A simulated network in one process. Make one per test, give each store its own
 * `net.provider()`, edit, then `await net.flush()` to deliver everything in flight.
 */
export class MemoryNetwork {
  /** Counters of what happened to messages. */
  readonly stats: MemoryNetworkStats = { sent: 0, delivered: 0, duplicated: 0, dropped: 0, cut: 0, bytes: 0 };
  private readonly random: () => number;
  private readonly latencyMs: number;
  private readonly isReordering: boolean;
  private readonly duplicateChance: number;
  private readonly dropChance: number;
  private readonly isAutoDelivering: boolean;
  private readonly endpoints = new Map<ProviderFactory, Endpoint>();
  private readonly rooms = new Map<string, Set<Member>>();
  private queue: Message[] = [];
  private dropped: Message[] = [];
  private order = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isPartitioned = false;

  /** A network with the given faults; see {@link MemoryNetworkOptions}. */
  constructor(options: MemoryNetworkOptions = {}) {
    this.random = seededRandom(options.seed ?? 1);
    this.latencyMs = Math.max(0, options.latencyMs ?? 0);
    this.isReordering = options.reorder ?? false;
    this.duplicateChance = options.duplicate ?? 0;
    this.dropChance = options.drop ?? 0;
    this.isAutoDelivering = options.autoDeliver ?? true;
  }

  /** A new machine on the network: a provider factory for one store's `SyncOptions.providers`. */
  provider(): ProviderFactory {
    const endpoint: Endpoint = { id: this.endpoints.size, group: 0, members: new Set() };
    const factory: ProviderFactory = (context) => this.open(endpoint, context);
    this.endpoints.set(factory, endpoint);
    return factory;
  }

  /** Messages sent and not yet delivered (dropped ones included). */
  get inFlight(): number {
    return this.queue.length + this.dropped.length;
  }

  /**
   * Delivers everything in flight now, dropped messages last, until nothing is left (in a seeded
   * random order with `reorder`). Messages cut by a partition are not delivered: `heal()` resyncs.
   */
  async flush(): Promise<void> {
    for (let round = 0; this.queue.length > 0 || this.dropped.length > 0; round++) {
      if (round > 10_000) throw new Error('memoryNetwork.flush: messages keep coming (a feedback loop?)');
      const batch = this.takeOrdered(this.queue);
      this.queue = [];
      for (const message of batch) this.deliver(message);
      if (this.queue.length === 0 && this.dropped.length > 0) {
        const redelivered = this.takeOrdered(this.dropped);
        this.dropped = [];
        for (const message of redelivered) this.deliver(message);
      }
    }
    await Promise.resolve();
  }

  /**
   * Splits the machines into groups that cannot reach each other; machines not named form one
   * more group. Messages across groups are lost until {@link heal}.
   */
  partition(...groups: readonly (readonly PartitionMember[])[]): void {
    for (const endpoint of this.endpoints.values()) endpoint.group = 0;
    groups.forEach((group, index) => {
      for (const member of group) {
        const endpoint = this.endpointOf(member);
        if (endpoint === undefined)
          throw new Error('memoryNetwork.partition: not a provider of this network');
        endpoint.group = index + 1;
      }
    });
    this.isPartitioned = true;
    this.refreshStatuses();
  }

  /** Ends the partition; every pair of machines sharing a room exchanges what the other misses. */
  heal(): void {
    for (const endpoint of this.endpoints.values()) endpoint.group = 0;
    this.isPartitioned = false;
    this.refreshStatuses();
    for (const members of this.rooms.values()) {
      const list = [...members];
      for (const a of list) for (const b of list) if (a !== b) this.sendFullState(a, b);
    }
  }

  /** Stops the delivery timer and forgets every message and room. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    this.dropped = [];
    this.rooms.clear();
  }

  private endpointOf(member: PartitionMember): Endpoint | undefined {
    if (typeof member === 'function') return this.endpoints.get(member);
    const providers = (member.sync as { options?: { providers?: readonly unknown[] } } | undefined)?.options
      ?.providers;
    for (const provider of providers ?? []) {
      const endpoint = this.endpoints.get(provider as ProviderFactory);
      if (endpoint !== undefined) return endpoint;
    }
    return undefined;
  }

  private open(endpoint: Endpoint, context: ProviderContext): RoomProvider {
    const member: Member = {
      endpoint,
      room: context.room,
      doc: context.doc,
      awareness: context.awareness,
      setStatus: (status) => context.setStatus(status),
      isGone: false,
    };
    let members = this.rooms.get(member.room);
    if (members === undefined) {
      members = new Set();
      this.rooms.set(member.room, members);
    }
    const others = [...members];
    members.add(member);
    endpoint.members.add(member);
    const onUpdate = (update: Uint8Array, origin: unknown): void => {
      // What this network delivered is not sent back out: the sender has it.
      if (origin === member) return;
      for (const other of this.roomOf(member))
        if (other !== member) this.send(member, other, 'update', update);
    };
    const onAwareness = (
      change: { added: number[]; updated: number[]; removed: number[] },
      origin: unknown,
    ): void => {
      if (origin === member) return;
      const clients = [...change.added, ...change.updated, ...change.removed];
      const update = encodeAwarenessUpdate(member.awareness, clients);
      for (const other of this.roomOf(member))
        if (other !== member) this.send(member, other, 'awareness', update);
    };
    member.doc.on('update', onUpdate);
    member.awareness.on('update', onAwareness);
    for (const other of others) {
      this.sendFullState(member, other);
      this.sendFullState(other, member);
    }
    this.refreshStatuses();
    return {
      kind: 'network',
      whenLoaded: Promise.resolve(),
      destroy: () => {
        if (member.isGone) return;
        member.isGone = true;
        member.doc.off('update', onUpdate);
        member.awareness.off('update', onAwareness);
        members.delete(member);
        endpoint.members.delete(member);
        if (members.size === 0) this.rooms.delete(member.room);
        member.setStatus('destroyed');
      },
    };
  }

  private roomOf(member: Member): ReadonlySet<Member> {
    return this.rooms.get(member.room) ?? new Set();
  }

  private canReach(a: Member, b: Member): boolean {
    return !this.isPartitioned || a.endpoint.group === b.endpoint.group;
  }

  private refreshStatuses(): void {
    for (const members of this.rooms.values()) {
      for (const member of members) {
        const isAlone =
          this.isPartitioned && ![...members].some((o) => o !== member && this.canReach(member, o));
        member.setStatus(isAlone ? 'disconnected' : 'connected');
      }
    }
  }

  private sendFullState(from: Member, to: Member): void {
    this.send(from, to, 'update', Y.encodeStateAsUpdate(from.doc));
    // Only the sender's own presence: every pair is linked directly, and relaying others' states
    // would bring back a state its owner already removed.
    if (from.awareness.getLocalState() !== null) {
      this.send(from, to, 'awareness', encodeAwarenessUpdate(from.awareness, [from.awareness.clientID]));
    }
  }

  private send(from: Member, to: Member, kind: Message['kind'], payload: Uint8Array): void {
    this.stats.sent += 1;
    if (!this.canReach(from, to)) {
      this.stats.cut += 1;
      return;
    }
    const message = this.messageOf(from, to, kind, payload);
    if (this.dropChance > 0 && this.random() < this.dropChance) {
      this.stats.dropped += 1;
      this.dropped.push(message);
      return;
    }
    this.queue.push(message);
    if (this.duplicateChance > 0 && this.random() < this.duplicateChance) {
      this.stats.duplicated += 1;
      this.queue.push(this.messageOf(from, to, kind, payload));
    }
    this.schedule();
  }

  private messageOf(from: Member, to: Member, kind: Message['kind'], payload: Uint8Array): Message {
    const jitter = this.isReordering ? 0.5 + this.random() : 1;
    return { from, to, kind, payload, order: this.order++, dueAtMs: Date.now() + this.latencyMs * jitter };
  }

  private schedule(): void {
    if (this.timer !== undefined || !this.isAutoDelivering) return;
    const next = Math.min(...this.queue.map((message) => message.dueAtMs));
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.deliverDue();
      },
      Math.max(0, next - Date.now()),
    );
  }

  private deliverDue(): void {
    const now = Date.now();
    const due = this.queue.filter((message) => message.dueAtMs <= now);
    this.queue = this.queue.filter((message) => message.dueAtMs > now);
    due.sort((a, b) => a.dueAtMs - b.dueAtMs || a.order - b.order);
    for (const message of due) this.deliver(message);
    if (this.queue.length > 0) this.schedule();
  }

  private takeOrdered(messages: Message[]): Message[] {
    const list = [...messages];
    if (!this.isReordering) return list.sort((a, b) => a.order - b.order);
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [list[i], list[j]] = [list[j] as Message, list[i] as Message];
    }
    return list;
  }

  private deliver(message: Message): void {
    if (message.to.isGone) return;
    if (!this.canReach(message.from, message.to)) {
      this.stats.cut += 1;
      return;
    }
    this.stats.delivered += 1;
    this.stats.bytes += message.payload.byteLength;
    if (message.kind === 'update') Y.applyUpdate(message.to.doc, message.payload, message.to);
    else applyAwarenessUpdate(message.to.awareness, message.payload, message.to);
  }
}

/**
 * A simulated network linking sync stores in one process:
 * `const net = memoryNetwork({ seed: 7, reorder: true, duplicate: 0.1, drop: 0.1 })`, then
 * `new RootStore({ transport, sync: { user, providers: [net.provider()] } })` per store and
 * `await net.flush()` to deliver what is in flight.
 */
export function memoryNetwork(options: MemoryNetworkOptions = {}): MemoryNetwork {
  return new MemoryNetwork(options);
}
