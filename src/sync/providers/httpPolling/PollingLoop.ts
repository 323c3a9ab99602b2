/**
 * The request loop of the HTTP polling provider: every open room of one transport travels in one
 * `POST /wp-sync/v1/updates` (at most 50 rooms; beyond that the first room rides along every time
 * and the others take turns), as the block editor's polling manager does. Where it differs:
 *
 * - **Local changes leave at once**, within a small send budget (a burst of `sendBurst`, then one
 *   per `sendIntervalMs`), instead of waiting for the next tick of a 1 s timer.
 * - **Long poll on relays that offer it.** A request with nothing to send asks the relay to
 *   `wait`; our relays (the mock WordPress, the plugin) hold it until another client stores a row or
 *   changes presence in one of its rooms, so a keystroke reaches the other person in one round trip
 *   while an idle editor makes a request every `longPollMs`. The block editor's server ignores
 *   `wait` and answers at once; the loop then polls on the block editor's intervals (4 s alone,
 *   1 s with others, 25 s in a hidden tab, at once when the tab shows again).
 *
 * Failures: 500s, timeouts and lost answers back off (2/4/8/12 s alone, 1/2/4/8 s with others,
 * then every 30 s) and the rows of a request that may have been stored are resent as one
 * compaction (idempotent); a 403 naming rooms stops those rooms (retried every
 * `forbiddenRetryMs`) and keeps the others; 413 halves the body budget and resends the same rows;
 * an expired nonce (`rest_cookie_invalid_nonce`) is refreshed and the request sent again. An
 * answer later than its wait plus `answerGraceMs` (the heartbeat) is a failure too, so a cut that
 * leaves requests hanging shows as "disconnected" within that long; the browser's `offline` event
 * shows it at once and holds requests back until `online`, which retries at once.
 *
 * @module
 */
import { RestError, SyncError } from '../../../../core/errors.js';
import type { RawResponse, Transport } from '../../../../core/transport/types.js';
import type { PollingRoom, PollingRoomHost } from './PollingRoom.js';
import {
  MAX_BODY_BYTES,
  MAX_ROOMS_PER_REQUEST,
  MIN_BODY_BYTES,
  SYNC_SAVE_PATH,
  type RoomRequest,
  type RoomResponse,
  type SyncRequestBody,
  type SyncResponseBody,
} from '../../shared/pollingProtocol.js';
import { afterPaint } from './afterPaint.js';

/** Whether the page is hidden, and a way to hear when that changes. */
export interface VisibilitySource {
  /** True while the tab is in the background. */
  isHidden(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Whether the device is offline (the browser's `navigator.onLine`), and a way to hear when that changes. */
export interface NetworkSource {
  /** True while the device has no network. */
  isOffline(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** When the page goes away (the browser's `pagehide`: the tab closes or navigates). */
export interface PageExitSource {
  /** Calls `listener` when the page goes away; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** The timing and limits of a loop (see `HttpPollingProviderOptions` for each one's meaning). */
export interface PollingLoopSettings {
  readonly path: string;
  readonly longPollMs: number;
  readonly soloIntervalMs: number;
  readonly withPeersIntervalMs: number;
  readonly hiddenIntervalMs: number;
  readonly sendIntervalMs: number;
  readonly sendBurst: number;
  readonly soloRetryDelaysMs: readonly number[];
  readonly withPeersRetryDelaysMs: readonly number[];
  readonly disconnectedRetryMs: number;
  readonly forbiddenRetryMs: number;
  readonly answerGraceMs: number;
  readonly refreshNonce: (() => Promise<string | undefined>) | undefined;
  readonly visibility: VisibilitySource;
  readonly network: NetworkSource;
  readonly pageExit: PageExitSource;
}

/** Room names and sizes are small: this covers the JSON around the rows of one room. */
const ROOM_OVERHEAD_CHARS = 1024;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The rooms a 403 names (`data.rooms`), or undefined when it names none. */
function forbiddenRoomsOf(error: RestError): string[] | undefined {
  const rooms = isRecord(error.data) ? error.data.rooms : undefined;
  if (!Array.isArray(rooms)) return undefined;
  const names = rooms.filter((room): room is string => typeof room === 'string');
  return names.length > 0 ? names : undefined;
}

/** One transport's loop: all its rooms, one request at a time plus one held long poll. */
export class PollingLoop implements PollingRoomHost {
  /** The origin of remote changes this loop applies (rooms skip them when sending). */
  readonly origin = {};
  /** Requests sent (for tests and benchmarks). */
  requestCount = 0;
  private readonly transport: Transport;
  private readonly settings: PollingLoopSettings;
  private readonly rooms: PollingRoom[] = [];
  /** A request that sends (or polls without waiting), at most one at a time. */
  private sending: AbortController | undefined;
  /** A held long poll, at most one at a time. */
  private parked: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerDueAt = Infinity;
  private forbiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private retryAt = 0;
  private failures = 0;
  /** How long the relay holds a waiting request: undefined until it answered, 0 when it never does. */
  private serverWaitMs: number | undefined;
  private tokens: number;
  private tokensAt = Date.now();
  private lastRequestAt = 0;
  private bodyBudget = MAX_BODY_BYTES;
  private nonce: string | undefined;
  /** Nonce refreshes since the last answer: a relay that refuses every fresh nonce is backed off from. */
  private nonceRefreshes = 0;
  private overflowOffset = 0;
  /** After a failure or going offline, the next request is answered at once (not held), so a reconnect shows at once. */
  private isReconnecting = false;
  private readonly stopVisibility: () => void;
  private readonly stopNetwork: () => void;
  private readonly stopPageExit: () => void;
  /** Requests aborted because their answer was late (the heartbeat): failures, not cancellations. */
  private readonly late = new WeakSet<AbortController>();
  private wasHidden: boolean;
  private isDisposed = false;

  constructor(transport: Transport, settings: PollingLoopSettings) {
    this.transport = transport;
    this.settings = settings;
    this.tokens = settings.sendBurst;
    this.wasHidden = settings.visibility.isHidden();
    this.stopVisibility = settings.visibility.subscribe(this.onVisibilityChange);
    this.stopNetwork = settings.network.subscribe(this.onNetworkChange);
    this.stopPageExit = settings.pageExit.subscribe(this.onPageExit);
  }

  /** True once the relay answered that it holds waiting requests (our relays do). */
  get isLongPolling(): boolean {
    return (this.serverWaitMs ?? 0) > 0;
  }

  /** Adds a room and starts polling for it. */
  add(room: PollingRoom): void {
    this.rooms.push(room);
    room.setStatus('connecting');
    this.wake();
  }

  /**
   * Removes a room: its last rows and `awareness: null` (so the others see the person leave at
   * once) go out in a request of their own, and the room is in no later request.
   */
  remove(room: PollingRoom): void {
    const index = this.rooms.indexOf(room);
    if (index < 0) return;
    this.rooms.splice(index, 1);
    this.sendLeave([room]);
    if (this.rooms.length === 0) this.dispose();
  }

  /**
   * Sends the leave of `rooms` (their last rows and `awareness: null`, so the others see the
   * person go at once, as the block editor's provider does) in one request that outlives the page
   * (`keepalive`, at most 50 rooms each), and closes them: nothing more is sent for them.
   */
  private sendLeave(rooms: readonly PollingRoom[]): void {
    const leaves: RoomRequest[] = rooms.map((room) => {
      const part = room.hasPeers ? room.take(Number.MAX_SAFE_INTEGER) : undefined;
      room.close();
      return {
        room: room.name,
        client_id: room.clientId,
        after: room.cursor,
        awareness: null,
        updates: part?.updates ?? [],
      };
    });
    for (let start = 0; start < leaves.length; start += MAX_ROOMS_PER_REQUEST) {
      this.requestCount += 1;
      this.transport
        .request({
          method: 'POST',
          path: this.settings.path,
          body: { rooms: leaves.slice(start, start + MAX_ROOMS_PER_REQUEST) },
          headers: this.headers(),
          keepalive: true,
        })
        .catch(() => undefined);
    }
  }

  /**
   * The page goes away (a closed tab): one leave for every room, then nothing (a held long poll
   * is ended, no timer fires again). The rooms show `disconnected`.
   */
  private readonly onPageExit = (): void => {
    if (this.isDisposed) return;
    const rooms = this.rooms.filter((room) => !room.isClosed);
    for (const room of rooms) room.setStatus('disconnected');
    this.rooms.length = 0;
    this.sendLeave(rooms);
    this.dispose();
  };

  /**
   * Stores `value` as the document of `room` on the site (`POST /wp-sync/v1/save {room, doc}`,
   * beside the updates path), as the block editor does when it opens a post nobody stored a
   * document of; a failure is reported in the room, never thrown.
   */
  async storeDocument(room: PollingRoom, value: string): Promise<void> {
    this.requestCount += 1;
    try {
      await this.transport.request({
        method: 'POST',
        path: /\/updates$/.test(this.settings.path)
          ? this.settings.path.replace(/\/updates$/, '/save')
          : SYNC_SAVE_PATH,
        body: { room: room.name, doc: value },
        headers: this.headers(),
      });
    } catch (error) {
      room.context.reportError(
        new SyncError(
          `Storing the document of room "${room.name}" on the site failed; whoever opens it next builds their own.`,
          'connection-failed',
          { cause: error },
        ),
      );
    }
  }

  /** Ends every request and timer (the loop is done when its last room leaves). */
  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.stopVisibility();
    this.stopNetwork();
    this.stopPageExit();
    clearTimeout(this.timer);
    clearTimeout(this.forbiddenTimer);
    this.sending?.abort();
    this.parked?.abort();
  }

  /** True once disposed. */
  get disposed(): boolean {
    return this.isDisposed;
  }

  /**
   * Something changed: send, hold a long poll, or schedule the next poll. Runs after the current
   * task's microtasks, so the several updates one edit makes travel in one request; in a visible
   * page after the next frame is painted, so a keystroke does not wait for its request to be made.
   */
  wake(): void {
    if (this.isWakeQueued || this.isDisposed) return;
    this.isWakeQueued = true;
    afterPaint(() => {
      this.isWakeQueued = false;
      this.pump();
    });
  }

  private isWakeQueued = false;

  private pump(): void {
    if (this.isDisposed || this.sending !== undefined) return;
    const now = Date.now();
    if (now < this.retryAt) {
      this.setTimer(this.retryAt - now);
      return;
    }
    const active = this.activeRooms();
    if (active.length === 0) return;
    if (active.some((room) => room.hasOutgoing)) {
      const waitMs = this.tokenWaitMs(now);
      if (waitMs > 0) {
        this.setTimer(waitMs);
        return;
      }
      this.tokens -= 1;
      void this.send(false);
      return;
    }
    if (this.parked !== undefined) return;
    if (this.canPark()) {
      // With others in the room a held request comes back at each of their changes: it shares
      // the send budget, so the loop makes no more requests than the block editor's 1 s poll.
      if (this.hasPeers()) {
        const waitMs = this.tokenWaitMs(now);
        if (waitMs > 0) {
          this.setTimer(waitMs);
          return;
        }
        this.tokens -= 1;
      }
      void this.send(true);
      return;
    }
    const dueIn = this.lastRequestAt + this.intervalMs() - now;
    if (dueIn <= 0) void this.send(false);
    else this.setTimer(dueIn);
  }

  private activeRooms(): PollingRoom[] {
    return this.rooms.filter((room) => !room.isClosed && !room.isForbidden);
  }

  private hasPeers(): boolean {
    return this.rooms.some((room) => room.hasPeers && room.context.awareness.getStates().size > 1);
  }

  private canPark(): boolean {
    return (
      this.settings.longPollMs > 0 &&
      this.serverWaitMs !== 0 &&
      !this.isReconnecting &&
      !this.settings.visibility.isHidden()
    );
  }

  private intervalMs(): number {
    if (this.settings.visibility.isHidden()) return this.settings.hiddenIntervalMs;
    return this.hasPeers() ? this.settings.withPeersIntervalMs : this.settings.soloIntervalMs;
  }

  private tokenWaitMs(now: number): number {
    const { sendBurst, sendIntervalMs } = this.settings;
    if (sendIntervalMs <= 0) return 0;
    this.tokens = Math.min(sendBurst, this.tokens + (now - this.tokensAt) / sendIntervalMs);
    this.tokensAt = now;
    return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) * sendIntervalMs);
  }

  private setTimer(delayMs: number): void {
    const dueAt = Date.now() + delayMs;
    if (this.timer !== undefined && this.timerDueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerDueAt = Infinity;
      this.wake();
    }, delayMs);
  }

  /** The rooms of the next request: all of them, or the first plus the next 49 in turn. */
  private selectRooms(): PollingRoom[] {
    const active = this.activeRooms();
    if (active.length <= MAX_ROOMS_PER_REQUEST) return active;
    const [first, ...rest] = active as [PollingRoom, ...PollingRoom[]];
    const start = this.overflowOffset % rest.length;
    const turn = [...rest.slice(start), ...rest.slice(0, start)].slice(0, MAX_ROOMS_PER_REQUEST - 1);
    this.overflowOffset = (start + turn.length) % rest.length;
    return [first, ...turn];
  }

  private headers(): Record<string, string> {
    return this.nonce === undefined ? {} : { 'X-WP-Nonce': this.nonce };
  }

  private async send(isPark: boolean): Promise<void> {
    const rooms = this.selectRooms();
    let budget = this.bodyBudget - ROOM_OVERHEAD_CHARS * rooms.length;
    const parts = rooms.map((room) => {
      const part = room.take(Math.max(budget, 1));
      for (const row of part.updates) budget -= row.data.length + 32;
      return part;
    });
    const body: SyncRequestBody = isPark
      ? { rooms: parts, wait: this.settings.longPollMs }
      : { rooms: parts };
    const controller = new AbortController();
    if (isPark) this.parked = controller;
    else this.sending = controller;
    this.lastRequestAt = Date.now();
    this.requestCount += 1;
    // The heartbeat: an answer later than the wait plus the grace means the way to the relay is
    // cut (or the relay hangs). The request ends as a failure, so the rooms show it and retry.
    const lateTimer = setTimeout(
      () => {
        this.late.add(controller);
        controller.abort();
      },
      (isPark ? this.settings.longPollMs : 0) + this.settings.answerGraceMs,
    );
    try {
      const response = await this.transport.request<SyncResponseBody>({
        method: 'POST',
        path: this.settings.path,
        body,
        raw: true,
        signal: controller.signal,
        headers: this.headers(),
      });
      if (this.isDisposed) return;
      this.onAnswer(response, rooms, parts);
    } catch (error) {
      if (this.isDisposed) return;
      await this.onFailure(error, rooms, parts, controller);
    } finally {
      clearTimeout(lateTimer);
      if (isPark) {
        if (this.parked === controller) this.parked = undefined;
      } else if (this.sending === controller) this.sending = undefined;
      this.wake();
    }
  }

  private onAnswer(
    response: RawResponse<SyncResponseBody>,
    rooms: PollingRoom[],
    parts: RoomRequest[],
  ): void {
    const body = response.data;
    if (!isRecord(body) || !Array.isArray(body.rooms)) {
      throw new RestError({
        status: response.status,
        code: 'invalid_response',
        message: `The sync relay answered ${this.settings.path} without a "rooms" list.`,
        data: { status: response.status },
      });
    }
    const nonce = response.headers.get('x-wp-nonce');
    if (nonce !== null && nonce !== '') this.nonce = nonce;
    this.failures = 0;
    this.isReconnecting = false;
    this.nonceRefreshes = 0;
    this.retryAt = 0;
    this.bodyBudget = MAX_BODY_BYTES;
    this.serverWaitMs = typeof body.wait === 'number' && body.wait > 0 ? body.wait : 0;
    const answers = body.rooms as RoomResponse[];
    rooms.forEach((room, index) => {
      const answer =
        answers[index]?.room === room.name ? answers[index] : answers.find((a) => a?.room === room.name);
      if (room.isClosed) return;
      room.setStatus('connected');
      if (answer !== undefined) room.receive(answer);
      else room.restore(parts[index]?.updates ?? []);
    });
  }

  private async onFailure(
    error: unknown,
    rooms: PollingRoom[],
    parts: RoomRequest[],
    controller: AbortController,
  ): Promise<void> {
    const rest = error instanceof RestError ? error : undefined;
    if (this.late.has(controller)) {
      rooms.forEach((room, index) => room.resendAfterUncertainFailure(parts[index]?.updates ?? []));
      this.backOff(
        rooms,
        new SyncError(
          `The sync relay ${this.settings.path} did not answer within ${this.settings.answerGraceMs} ms of when it should have.`,
          'connection-failed',
          { cause: error },
        ),
      );
      return;
    }
    if (rest?.isAbort === true) {
      rooms.forEach((room, index) => room.restore(parts[index]?.updates ?? []));
      return;
    }
    // Refused before anything was stored: the same rows go again.
    const restoreAll = (): void => rooms.forEach((room, index) => room.restore(parts[index]?.updates ?? []));
    if (rest?.code === 'rest_cookie_invalid_nonce' && this.settings.refreshNonce !== undefined) {
      restoreAll();
      this.nonceRefreshes += 1;
      const fresh =
        this.nonceRefreshes <= 2 ? await this.settings.refreshNonce().catch(() => undefined) : undefined;
      if (fresh !== undefined && fresh !== '' && fresh !== this.nonce) {
        this.nonce = fresh;
        return;
      }
      this.backOff(rooms, error);
      return;
    }
    if (
      rest !== undefined &&
      (rest.status === 403 || rest.status === 401) &&
      rest.code !== 'rest_cookie_invalid_nonce'
    ) {
      restoreAll();
      this.onForbidden(rest, rooms);
      return;
    }
    if (rest?.status === 413) {
      restoreAll();
      this.bodyBudget = Math.max(MIN_BODY_BYTES, Math.floor(this.bodyBudget / 2));
      this.retryAt = Date.now() + (this.hasPeers() ? 1000 : 2000);
      return;
    }
    if (rest?.code === 'rest_sync_protocol_mismatch') {
      for (const room of rooms) {
        room.context.reportError(
          new SyncError(
            `The sync relay does not speak this client's protocol (room "${room.name}").`,
            'connection-failed',
            {
              cause: error,
            },
          ),
        );
        room.setStatus('disconnected');
        room.close();
      }
      return;
    }
    rooms.forEach((room, index) => room.resendAfterUncertainFailure(parts[index]?.updates ?? []));
    this.backOff(rooms, error);
  }

  private backOff(rooms: PollingRoom[], error: unknown): void {
    this.failures += 1;
    this.isReconnecting = true;
    const delays = this.hasPeers() ? this.settings.withPeersRetryDelaysMs : this.settings.soloRetryDelaysMs;
    const delayMs = delays[this.failures - 1] ?? this.settings.disconnectedRetryMs;
    this.retryAt = Date.now() + delayMs;
    for (const room of rooms) {
      if (room.isClosed) continue;
      if (this.failures === 1) {
        room.context.reportError(
          new SyncError(
            `The sync relay ${this.settings.path} failed for room "${room.name}"; retrying in ${delayMs} ms.`,
            'connection-failed',
            { cause: error },
          ),
        );
      }
      room.setStatus('disconnected');
    }
  }

  private onForbidden(error: RestError, rooms: PollingRoom[]): void {
    const named = forbiddenRoomsOf(error);
    const refused = named === undefined ? rooms : rooms.filter((room) => named.includes(room.name));
    for (const room of refused) {
      if (room.isClosed || room.isForbidden) continue;
      room.isForbidden = true;
      const retry = `Retrying every ${Math.round(this.settings.forbiddenRetryMs / 1000)} s`;
      // A refused change (the relay's shared-edit guard): the room goes on once it is undone.
      const why =
        error.code === 'rest_sync_change_refused'
          ? `${error.message} ${retry}; undoing the change lets the room go on.`
          : `WordPress does not let this user edit the record. ${retry}.`;
      room.context.reportError(
        new SyncError(`The sync relay refused room "${room.name}" (${error.code}): ${why}`, 'forbidden', {
          cause: error,
        }),
      );
      room.setStatus('disconnected');
    }
    if (this.forbiddenTimer === undefined && this.rooms.some((room) => room.isForbidden)) {
      this.forbiddenTimer = setTimeout(() => {
        this.forbiddenTimer = undefined;
        for (const room of this.rooms) room.isForbidden = false;
        this.wake();
      }, this.settings.forbiddenRetryMs);
    }
  }

  /**
   * The browser says the device went offline: the rooms show it at once and no request goes out
   * (each would fail and log an error) until it is back online, or `disconnectedRetryMs` passed in
   * case the browser is wrong. Back online: try at once.
   */
  private readonly onNetworkChange = (): void => {
    if (this.isDisposed) return;
    const live = this.rooms.filter((room) => !room.isClosed && !room.isForbidden);
    if (this.settings.network.isOffline()) {
      this.retryAt = Math.max(this.retryAt, Date.now() + this.settings.disconnectedRetryMs);
      this.isReconnecting = true;
      for (const room of live) room.setStatus('disconnected');
      // A held poll carries no rows: ending it loses nothing.
      this.parked?.abort();
      return;
    }
    for (const room of live) room.setStatus('connecting');
    this.retryAt = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDueAt = Infinity;
    this.wake();
  };

  private readonly onVisibilityChange = (): void => {
    const isHidden = this.settings.visibility.isHidden();
    const cameBack = this.wasHidden && !isHidden;
    this.wasHidden = isHidden;
    if (!cameBack || this.isDisposed) return;
    // Back in front: poll at once instead of waiting out the hidden-tab interval.
    if (this.timer !== undefined && Date.now() >= this.retryAt) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.timerDueAt = Infinity;
    }
    this.lastRequestAt = 0;
    this.wake();
  };
}
