/**
 * Keeps WordPress's permission valid for connections that are already in a room. A join is checked
 * once; a user can be demoted, deleted or have their application password revoked while editing.
 * Every live (connection, room) is asked of WordPress again every `recheckIntervalMs`, and at once
 * whenever WordPress refuses the same token anywhere else (a 401 for any record: the token is dead;
 * a 403/404 for this record). A refused connection is closed with the reason; a re-check that
 * WordPress could not answer keeps the connection and tries again shortly.
 *
 * @module
 */
import { savedMarkupOf, savedValuesOf, type SavedMarkup, type SavedValues } from '../shared/guardedFields.js';
import type { RecordCapabilities } from '../shared/recordCapabilities.js';
import type { RoomRecord } from '../shared/roomName.js';
import type { AccessVerdict, AccessQuestionOptions } from './wordpressAuthorizer.js';

/** One connection's presence in one room, and what WordPress last said about it. */
export interface LiveAccess {
  /** The connection (closed when the permission goes). */
  readonly socket: { close(code: number, reason: string): void };
  /** The room's record. */
  readonly record: RoomRecord;
  /** The token the connection authenticated with (kept to ask again; never logged). */
  readonly token: string;
  /** {@link WordPressAuthorizer.tokenKey} of the token. */
  readonly tokenKey: string;
  /** The user's capabilities on the record, refreshed by each re-check. */
  capabilities: RecordCapabilities;
  /** The disallowed markup of the record as saved, refreshed by each re-check. */
  savedMarkup: SavedMarkup;
  /** The record's saved meta, refreshed by each re-check. */
  savedValues: SavedValues;
  /** When WordPress last said yes (ms since the epoch). */
  checkedAt: number;
}

/** Options of {@link LiveAccessRegistry}. */
export interface LiveAccessRegistryOptions {
  /** Asks WordPress (the authorizer's `check`). */
  check: (token: string, record: RoomRecord, options: AccessQuestionOptions) => Promise<AccessVerdict>;
  /** How often each access is asked again. */
  recheckIntervalMs: number;
  /** Closes a connection whose permission went. */
  revoke: (access: LiveAccess) => void;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
}

/** How soon a re-check WordPress could not answer is tried again. */
const UNAVAILABLE_RETRY_MS = 5_000;

/** See the module comment. */
export class LiveAccessRegistry {
  readonly #options: LiveAccessRegistryOptions;
  readonly #now: () => number;
  readonly #accesses = new Set<LiveAccess>();
  readonly #inFlight = new Set<LiveAccess>();
  #timer: ReturnType<typeof setInterval> | undefined;

  /** The constructor does no I/O and starts no timer. */
  constructor(options: LiveAccessRegistryOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Accesses being watched. */
  get size(): number {
    return this.#accesses.size;
  }

  /** Starts the re-checks; returns a disposer. */
  start(): () => void {
    // Ticks often enough that each access is asked at most a second after its interval ends.
    const tickMs = Math.max(50, Math.min(1_000, this.#options.recheckIntervalMs / 4));
    this.#timer = setInterval(() => this.#tick(), tickMs);
    this.#timer.unref?.();
    return () => this.stop();
  }

  /** Stops the re-checks. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Watches an access until {@link remove} (or its revocation). */
  add(access: LiveAccess): void {
    this.#accesses.add(access);
  }

  /** Stops watching an access (its connection closed). */
  remove(access: LiveAccess): void {
    this.#accesses.delete(access);
  }

  /**
   * WordPress refused `tokenKey`: 401 ends every access with that token, any other status the
   * accesses with that token to `record`.
   */
  refused(tokenKey: string, record: RoomRecord, status: number): void {
    for (const access of [...this.#accesses]) {
      if (access.tokenKey !== tokenKey) continue;
      if (status !== 401 && !sameRecord(access.record, record)) continue;
      this.#revoke(access);
    }
  }

  #revoke(access: LiveAccess): void {
    if (!this.#accesses.delete(access)) return;
    this.#options.revoke(access);
  }

  #tick(): void {
    const now = this.#now();
    for (const access of this.#accesses) {
      if (this.#inFlight.has(access) || now - access.checkedAt < this.#options.recheckIntervalMs) continue;
      this.#inFlight.add(access);
      void this.#recheck(access).finally(() => this.#inFlight.delete(access));
    }
  }

  async #recheck(access: LiveAccess): Promise<void> {
    const verdict = await this.#options
      .check(access.token, access.record, { isFresh: true })
      .catch((): AccessVerdict => ({ kind: 'unavailable' }));
    if (!this.#accesses.has(access)) return;
    if (verdict.kind === 'allowed') {
      access.capabilities = verdict.capabilities;
      access.savedMarkup = savedMarkupOf(verdict.saved, access.record.rules);
      access.savedValues = savedValuesOf(verdict.saved, access.record.rules);
      access.checkedAt = this.#now();
    } else if (verdict.kind === 'forbidden') {
      this.#revoke(access);
    } else {
      access.checkedAt = this.#now() - this.#options.recheckIntervalMs + UNAVAILABLE_RETRY_MS;
    }
  }
}

function sameRecord(a: RoomRecord, b: RoomRecord): boolean {
  return a.kind === b.kind && a.name === b.name && a.id === b.id;
}
