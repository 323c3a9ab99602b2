/**
 * One room on the polling relay: its cursor, its queue of rows to send, and how an answer changes
 * the document and the presence. `PollingLoop` batches every room of a transport into one request.
 *
 * As the block editor does, a room sends nothing while its person is alone in it (the relay stores
 * no rows for a lone editor): the queue starts with a `sync_step1` and opens once the server's
 * presence shows someone else; from then on it stays open. Alone, the person's presence travels
 * with the polls only, not in a request per change.
 *
 * @module
 */
import { removeAwarenessStates } from 'y-protocols/awareness';
import { SyncError } from '../../../../core/errors.js';
import type { ConnectionStatus, ProviderContext } from '../provider.js';
import { fromWireAwareness, toWireAwareness, type PresenceWireState } from './awarenessWire.js';
import type { RoomRequest, RoomResponse, SyncUpdate } from '../../shared/pollingProtocol.js';
import { applyRow, compactionRows, mergeUpdateRows, syncStep1Row, updateRows } from './syncRows.js';

/** While alone, queued local updates are merged into one once there are this many. */
const PAUSED_QUEUE_MERGE_AT = 32;

/** What a room tells its loop. */
export interface PollingRoomHost {
  /** Something new to send (an update, a reply, a presence change). */
  wake(): void;
}

/** One room's state on the relay. */
export class PollingRoom {
  /** The room name on the wire (`postType/post:123`). */
  readonly name: string;
  /** The provider context the sync manager gave. */
  readonly context: ProviderContext;
  /** The row id the next request asks after. */
  cursor = 0;
  /** Set once the server's presence showed another client; the queue sends from then on. */
  hasPeers = false;
  /** Set while the server refuses this room (403 naming it); retried on its own. */
  isForbidden = false;
  /** Set when this room ended for good (destroyed, or an update too large for the relay). */
  isClosed = false;
  /** The presence changed since the last request carried it. */
  isAwarenessDirty = false;
  /**
   * Set by the first answer. Until then the room's requests are never long polls: two people who
   * join at once would each be held waiting for a change while the answer they hold already
   * shows the other (the relay wakes a held request on changes, not on news to this client).
   */
  hasAnswer = false;
  /** When this person entered the room (`collaboratorInfo.enteredAt`). */
  readonly enteredAt = Date.now();
  private queue: SyncUpdate[];
  private status: ConnectionStatus | undefined;
  private readonly host: PollingRoomHost;
  /** The origin of changes applied from the relay: never sent back. */
  private readonly origin: object;

  constructor(context: ProviderContext, name: string, host: PollingRoomHost, origin: object) {
    this.context = context;
    this.name = name;
    this.host = host;
    this.origin = origin;
    this.queue = [syncStep1Row(context.doc)];
    context.doc.on('updateV2', this.onDocUpdate);
    context.awareness.on('change', this.onAwarenessChange);
  }

  /** The Y.Doc client id this room sends as. */
  get clientId(): number {
    return this.context.doc.clientID;
  }

  /**
   * True when a request should carry rows or presence for this room now. Alone in the room, a
   * change of this person's presence (the caret, at every keystroke) makes no request of its own:
   * nobody is there to see it, the next poll carries it, and the first answer that shows someone
   * sends it at once.
   */
  get hasOutgoing(): boolean {
    if (this.isClosed || this.isForbidden) return false;
    return !this.hasAnswer || (this.hasPeers && (this.isAwarenessDirty || this.queue.length > 0));
  }

  /** Rows waiting (sent or not, paused or not). */
  get queuedRows(): number {
    return this.queue.length;
  }

  /**
   * This room's part of a request, with queued rows while their base64 fits in `budgetChars`
   * (none while alone). The rows leave the queue; {@link restore} puts them back on failure.
   */
  take(budgetChars: number): RoomRequest {
    const updates: SyncUpdate[] = [];
    if (this.hasPeers) {
      let used = 0;
      while (this.queue.length > 0) {
        const next = this.queue[0] as SyncUpdate;
        if (updates.length > 0 && used + next.data.length > budgetChars) break;
        used += next.data.length + 32;
        updates.push(next);
        this.queue.shift();
      }
    }
    this.isAwarenessDirty = false;
    return {
      room: this.name,
      client_id: this.clientId,
      after: this.cursor,
      awareness: toWireAwareness(
        this.context.awareness.getLocalState() as PresenceWireState | null,
        this.context.doc,
        this.clientId,
        this.enteredAt,
      ),
      updates,
    };
  }

  /** Puts rows of a request that certainly was not stored back at the front of the queue. */
  restore(rows: readonly SyncUpdate[]): void {
    if (rows.length > 0) this.queue.unshift(...rows);
  }

  /**
   * After a request that may or may not have been stored: the rows become one compaction (the whole
   * document), which is right either way and never grows the room by duplicates. Before the first
   * answer (no cursor yet) the rows go back as they were.
   */
  resendAfterUncertainFailure(rows: readonly SyncUpdate[]): void {
    if (rows.length === 0) return;
    if (this.cursor > 0) this.queue = compactionRows(this.context.doc);
    else this.restore(rows);
  }

  /** Reports this room's connection to the sync manager (only changes). */
  setStatus(status: ConnectionStatus): void {
    if (this.status === status || this.isClosed) return;
    this.status = status;
    this.context.setStatus(status);
  }

  /** Applies this room's part of an answer: presence, rows, replies, compaction. */
  receive(answer: RoomResponse): void {
    if (this.isClosed) return;
    this.hasAnswer = true;
    if (Number.isInteger(answer.end_cursor) && answer.end_cursor > this.cursor)
      this.cursor = answer.end_cursor;
    this.receiveAwareness(answer.awareness);
    const replies: SyncUpdate[] = [];
    for (const row of Array.isArray(answer.updates) ? answer.updates : []) {
      try {
        replies.push(...applyRow(this.context.doc, row, this.origin));
      } catch (error) {
        this.context.reportError(
          new SyncError(
            `A ${String(row?.type)} row of room "${this.name}" could not be applied.`,
            'unknown-content',
            {
              cause: error,
            },
          ),
        );
      }
    }
    if (answer.should_compact === true) {
      // The whole document replaces whatever was queued (it contains all of it).
      this.queue = compactionRows(this.context.doc);
    } else if (replies.length > 0) {
      this.queue.push(...replies);
    }
    if (this.hasOutgoing) this.host.wake();
  }

  /** Stops listening; the loop sends the leave (`awareness: null`). */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.context.doc.off('updateV2', this.onDocUpdate);
    this.context.awareness.off('change', this.onAwarenessChange);
    this.queue = [];
  }

  private receiveAwareness(wire: RoomResponse['awareness']): void {
    const awareness = this.context.awareness;
    const states = isRecord(wire) ? wire : {};
    const seen = new Set<number>();
    const added: number[] = [];
    const updated: number[] = [];
    const now = Date.now();
    for (const [key, value] of Object.entries(states)) {
      const clientId = Number(key);
      if (!Number.isInteger(clientId) || clientId === awareness.clientID || value === null) continue;
      seen.add(clientId);
      const state = fromWireAwareness(value, this.context.doc, clientId);
      const previous = awareness.getStates().get(clientId);
      const meta = awareness.meta.get(clientId);
      // Refreshing `lastUpdated` keeps awareness's own 30 s timeout from dropping a quiet peer.
      awareness.meta.set(clientId, { clock: (meta?.clock ?? 0) + 1, lastUpdated: now });
      if (previous === undefined) added.push(clientId);
      else if (JSON.stringify(previous) !== JSON.stringify(state)) updated.push(clientId);
      awareness.getStates().set(clientId, state);
    }
    if (seen.size > 0 && !this.hasPeers) {
      this.hasPeers = true;
    }
    const removed = [...awareness.getStates().keys()].filter(
      (clientId) => clientId !== awareness.clientID && !seen.has(clientId),
    );
    const changed = { added, updated, removed: [] as number[] };
    if (added.length + updated.length > 0) awareness.emit('change', [changed, this.origin]);
    // `update` also fires for renewals: Presence reads `lastSeenMs` from it.
    awareness.emit('update', [
      { ...changed, updated: [...seen].filter((id) => !added.includes(id)) },
      this.origin,
    ]);
    if (removed.length > 0) removeAwarenessStates(awareness, removed, this.origin);
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this.origin || this.isClosed) return;
    let rows: SyncUpdate[];
    try {
      // The relay refuses rows over 1 MB: a larger change (a long post's first write) leaves in pieces.
      rows = updateRows(update);
    } catch (error) {
      // One struct over the limit that cannot be cut: this room cannot sync this change over HTTP polling.
      this.context.reportError(
        new SyncError(
          `A change of ${update.byteLength} bytes in room "${this.name}" cannot be sent in rows the relay accepts; this room stops syncing over HTTP polling. The edits stay in the record.`,
          'length-exceeded',
          { cause: error },
        ),
      );
      this.setStatus('disconnected');
      this.close();
      this.host.wake();
      return;
    }
    this.queue.push(...rows);
    if (!this.hasPeers && this.queue.length >= PAUSED_QUEUE_MERGE_AT) this.compactPausedQueue();
    if (this.hasPeers) this.host.wake();
  };

  /** Keeps a lone editor's queue small: step 1 stays first, the updates become one. */
  private compactPausedQueue(): void {
    const steps = this.queue.filter((row) => row.type !== 'update');
    const updates = this.queue.filter((row) => row.type === 'update');
    this.queue = [...steps, ...mergeUpdateRows(updates)];
  }

  private readonly onAwarenessChange = (
    change: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    if (origin === this.origin) return;
    const mine = this.context.awareness.clientID;
    if (change.added.includes(mine) || change.updated.includes(mine)) {
      this.isAwarenessDirty = true;
      if (this.hasOutgoing) this.host.wake();
    }
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
