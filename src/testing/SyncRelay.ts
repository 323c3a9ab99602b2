/**
 * The storage and the long poll behind the mock WordPress's `/wp-sync/v1/updates`: rooms of opaque
 * rows with increasing ids, presence entries that expire 30 s after a client's last request,
 * compaction, and waiters for requests that asked to `wait`. It behaves as the block editor's
 * server (`WP_HTTP_Polling_Sync_Server` with its post-meta storage) does, plus the long poll and
 * bounds on what one room may hold.
 *
 * @module
 */
import type { SyncUpdate, SyncUpdateType } from '../sync/shared/pollingProtocol.js';
import { RelayEditGuard } from './relayEditGuard.js';
import { DEFAULT_SYNCED_ENTITIES, syncRulesFor, type EntitySyncRules } from '../../core/entitySync.js';

/** One stored row. */
export interface RelayRow {
  /** Increasing over the whole relay (WordPress uses the post meta row id). */
  readonly id: number;
  /** The client that sent it. */
  readonly clientId: number;
  /** Its type. */
  readonly type: SyncUpdateType;
  /** Base64 bytes. */
  readonly data: string;
}

/** One client's presence in a room. */
export interface RelayPresence {
  /** The client id. */
  readonly clientId: number;
  /** The state as others receive it. */
  readonly state: Record<string, unknown>;
  /** When its client last sent a request (ms). */
  readonly updatedAtMs: number;
  /** The WordPress user behind it. */
  readonly userId: number;
}

/** Bounds and timings of a relay. */
export interface SyncRelayOptions {
  /** Rows after which the lowest live client is asked to compact. @default 50 */
  readonly compactionThreshold?: number;
  /** Rows a room may hold; more `update` rows are refused until a compaction. @default 1000 */
  readonly maxRowsPerRoom?: number;
  /** Bytes (base64) a room may hold, as for rows. @default 32 MiB */
  readonly maxBytesPerRoom?: number;
  /** How long a presence entry lives after its client's last request. @default 30000 */
  readonly awarenessTimeoutMs?: number;
  /** The longest a request that asks to `wait` is held. @default 20000 */
  readonly maxWaitMs?: number;
  /** The clock. @default Date.now */
  readonly now?: () => number;
  /**
   * The entities whose rooms the relay serves, and how they sync (their configs' `sync`).
   * @default DEFAULT_SYNCED_ENTITIES (every post type, `root/site`)
   */
  readonly entities?: readonly EntitySyncRules[];
}

interface RoomState {
  rows: RelayRow[];
  bytes: number;
  presence: RelayPresence[];
}

/** Why a write was refused. */
export type RelayRefusal = 'room-full';

/** The rows, presence and waiters of every room. */
export class SyncRelay {
  /** See {@link SyncRelayOptions}. */
  readonly compactionThreshold: number;
  /** See {@link SyncRelayOptions}. */
  readonly maxRowsPerRoom: number;
  /** See {@link SyncRelayOptions}. */
  readonly maxBytesPerRoom: number;
  /** See {@link SyncRelayOptions}. */
  readonly awarenessTimeoutMs: number;
  /** See {@link SyncRelayOptions}. */
  readonly maxWaitMs: number;
  /** The shared-edit guard of the relay's post rooms (the sync server's rules; see `relayEditGuard.ts`). */
  readonly guard = new RelayEditGuard((room) => this.rows(room));
  private readonly now: () => number;
  private readonly entities: EntitySyncRules[];
  private readonly rooms = new Map<string, RoomState>();
  private nextId = 1;
  private readonly waiters = new Set<{
    rooms: ReadonlySet<string>;
    clientIds: ReadonlySet<number>;
    wake(): void;
  }>();

  constructor(options: SyncRelayOptions = {}) {
    this.compactionThreshold = options.compactionThreshold ?? 50;
    this.maxRowsPerRoom = options.maxRowsPerRoom ?? 1000;
    this.maxBytesPerRoom = options.maxBytesPerRoom ?? 32 * 1024 * 1024;
    this.awarenessTimeoutMs = options.awarenessTimeoutMs ?? 30_000;
    this.maxWaitMs = options.maxWaitMs ?? 20_000;
    this.now = options.now ?? Date.now;
    this.entities = [...(options.entities ?? DEFAULT_SYNCED_ENTITIES)];
  }

  /**
   * Serves the rooms of one more entity (an app's own: its config's `sync`), replacing the rules
   * of the same kind and name.
   */
  addEntity(rules: EntitySyncRules): void {
    const index = this.entities.findIndex((known) => known.kind === rules.kind && known.name === rules.name);
    if (index >= 0) this.entities.splice(index, 1);
    this.entities.push(rules);
  }

  /** How `(kind, name)` syncs on this relay; `undefined` when the relay does not serve its rooms. */
  rulesOf(kind: string, name: string): EntitySyncRules | undefined {
    return syncRulesFor(this.entities, kind, name);
  }

  /** Drops every room (the mock's `reset`). Held requests answer at once. */
  clear(): void {
    this.rooms.clear();
    this.guard.clear();
    for (const waiter of [...this.waiters]) waiter.wake();
  }

  /** The rows of a room (a copy), for tests. */
  rows(room: string): RelayRow[] {
    return [...(this.rooms.get(room)?.rows ?? [])];
  }

  /** The live presence of a room (a copy), for tests. */
  presence(room: string): RelayPresence[] {
    return this.livePresence(this.roomState(room)).map((entry) => ({ ...entry }));
  }

  /** The user that holds `clientId` in `room`, if another live entry has it. */
  ownerOf(room: string, clientId: number): number | undefined {
    const state = this.rooms.get(room);
    if (state === undefined) return undefined;
    return this.livePresence(state).find((entry) => entry.clientId === clientId)?.userId;
  }

  /**
   * Stores a client's presence (`null` removes it) and refreshes its expiry; wakes waiters of the
   * room when what others see changed.
   */
  setPresence(room: string, clientId: number, userId: number, state: Record<string, unknown> | null): void {
    const roomState = this.roomState(room);
    const before = roomState.presence.find((entry) => entry.clientId === clientId);
    const others = this.livePresence(roomState).filter((entry) => entry.clientId !== clientId);
    roomState.presence =
      state === null ? others : [...others, { clientId, state, updatedAtMs: this.now(), userId }];
    if (state === null ? before !== undefined : JSON.stringify(before?.state) !== JSON.stringify(state)) {
      this.notify(room, clientId);
    }
  }

  /**
   * Stores one row. A `compaction` first deletes the rows before the sender's cursor (it holds
   * them), unless a newer compaction came after that cursor: then it is kept as a plain `update`
   * so nothing it carries is lost. Refuses (`'room-full'`) other rows once the room is at its
   * bounds, until a compaction makes room.
   */
  store(room: string, clientId: number, after: number, row: SyncUpdate): RelayRefusal | undefined {
    const state = this.roomState(room);
    let type = row.type;
    if (type === 'compaction') {
      const hasNewer = state.rows.some((existing) => existing.id > after && existing.type === 'compaction');
      if (hasNewer) type = 'update';
      else {
        state.rows = state.rows.filter((existing) => existing.id >= after);
        state.bytes = state.rows.reduce((sum, existing) => sum + existing.data.length, 0);
      }
    }
    if (
      type !== 'compaction' &&
      (state.rows.length >= this.maxRowsPerRoom || state.bytes + row.data.length > this.maxBytesPerRoom)
    ) {
      return 'room-full';
    }
    state.rows.push({ id: this.nextId++, clientId, type, data: row.data });
    state.bytes += row.data.length;
    this.guard.stored(room, row);
    this.notify(room, clientId);
    return undefined;
  }

  /**
   * A room's answer for a client: rows after its cursor except its own (its own compactions
   * included), every live presence, the newest row id, and whether it should compact (the room is
   * over the threshold and it is the lowest live client).
   */
  answer(
    room: string,
    clientId: number,
    after: number,
  ): {
    room: string;
    end_cursor: number;
    awareness: Record<string, Record<string, unknown>>;
    updates: SyncUpdate[];
    should_compact: boolean;
    total_updates: number;
  } {
    const state = this.roomState(room);
    const live = this.livePresence(state);
    const updates = state.rows
      .filter((row) => row.id > after && (row.clientId !== clientId || row.type === 'compaction'))
      .map((row) => ({ type: row.type, data: row.data }));
    const lowest = Math.min(...live.map((entry) => entry.clientId));
    return {
      room,
      end_cursor: state.rows.length > 0 ? (state.rows[state.rows.length - 1] as RelayRow).id : after,
      awareness: Object.fromEntries(live.map((entry) => [String(entry.clientId), entry.state])),
      updates,
      should_compact: state.rows.length > this.compactionThreshold && lowest === clientId,
      total_updates: state.rows.length,
    };
  }

  /**
   * Resolves when another client stores a row or changes presence in one of `rooms`, after
   * `waitMs` (capped at {@link maxWaitMs}), or when `signal` aborts.
   */
  waitForChange(
    rooms: ReadonlySet<string>,
    clientIds: ReadonlySet<number>,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<void> {
    const ms = Math.max(0, Math.min(waitMs, this.maxWaitMs));
    return new Promise((resolve) => {
      const waiter = {
        rooms,
        clientIds,
        wake: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          signal?.removeEventListener('abort', waiter.wake);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, ms);
      this.waiters.add(waiter);
      signal?.addEventListener('abort', waiter.wake);
    });
  }

  private notify(room: string, senderClientId: number): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.rooms.has(room) && !waiter.clientIds.has(senderClientId)) waiter.wake();
    }
  }

  private roomState(room: string): RoomState {
    let state = this.rooms.get(room);
    if (state === undefined) {
      state = { rows: [], bytes: 0, presence: [] };
      this.rooms.set(room, state);
    }
    return state;
  }

  private livePresence(state: RoomState): RelayPresence[] {
    const cutoff = this.now() - this.awarenessTimeoutMs;
    state.presence = state.presence.filter((entry) => entry.updatedAtMs > cutoff);
    return state.presence;
  }
}
