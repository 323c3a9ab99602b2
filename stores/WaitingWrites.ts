/**
 * Writes that wait out an outage: a save, autosave or delete asked for while the browser is
 * offline or the site cannot be reached is kept, in the order asked, and sent once the site
 * answers again (TanStack Query's paused mutations are the model). The record shows it
 * (`record.isWaiting`) and the journal keeps the waiting writes across a reload.
 *
 * @module
 */
import { observable, runInAction, type ObservableMap } from 'mobx';
import { isRestError } from '../core/errors.js';
import { TRANSPORT_ERROR_CODES } from '../core/transport/restErrors.js';
import type { WriteOutcome } from '../models/writeOutcome.js';
import type { JournalWaitingWrite } from './journal/Journal.js';

/** What kind of write waits. */
export type WaitingWriteKind = 'save' | 'autosave' | 'delete';

/** One waiting write, as the journal keeps it. */
export type WaitingWrite = JournalWaitingWrite;

/** The first wait before a write is tried again while the site cannot be reached; doubles up to {@link WAITING_RETRY_CAP_MS}. */
export const WAITING_RETRY_DELAY_MS = 1_000;

/** The longest wait between two tries while the site cannot be reached. */
export const WAITING_RETRY_CAP_MS = 30_000;

interface Queued {
  readonly record: object;
  readonly write: WaitingWrite;
  readonly send: () => Promise<WriteOutcome<unknown>>;
  readonly settle: (outcome: WriteOutcome<unknown>) => void;
}

/** Options of {@link WaitingWrites}. */
export interface WaitingWritesOptions {
  /** Told when a record's waiting writes change (the journal writes them). */
  onChange?: (record: object) => void;
  /** The clock of `askedAtMs`. @default Date.now */
  now?: () => number;
}

/**
 * True for a failure that says nothing reached the site: no response at all (offline, DNS, a
 * refused connection). A timeout is not one: the write may have landed, so it is reported, not
 * sent again behind the user's back.
 */
export function isUnreachable(error: unknown): boolean {
  return isRestError(error) && error.code === TRANSPORT_ERROR_CODES.fetchError;
}

/** Whether the browser says it is offline (`navigator.onLine === false`); elsewhere, never. */
function browserIsOffline(): boolean {
  const navigator = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return navigator?.onLine === false;
}

/**
 * The waiting writes of one store. While any write waits, later ones wait behind it, so they are
 * sent in the order asked. The first is tried again after a backoff, and at once when the browser
 * says it is back online.
 */
export class WaitingWrites {
  private readonly queue: Queued[] = [];
  private readonly counts: ObservableMap<object, number> = observable.map(undefined, {
    deep: false,
    name: 'waitingWrites',
  });
  private readonly onChange: ((record: object) => void) | undefined;
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** The last `askedAtMs` given: each later write gets a later one, so the journal keeps their order. */
  private lastAskedAtMs = -Infinity;
  private isSending = false;
  private isDisposed = false;
  private readonly stopListening: () => void;

  /** Listens for the browser's `online` event where there is one; no I/O. */
  constructor(options: WaitingWritesOptions = {}) {
    this.onChange = options.onChange;
    this.now = options.now ?? Date.now;
    const target = globalThis as {
      addEventListener?: typeof addEventListener;
      removeEventListener?: typeof removeEventListener;
    };
    const onOnline = (): void => this.resume();
    target.addEventListener?.('online', onOnline);
    this.stopListening = () => target.removeEventListener?.('online', onOnline);
  }

  /** True while `record` has a write waiting for the site. Observable. */
  isWaiting(record: object): boolean {
    return (this.counts.get(record) ?? 0) > 0;
  }

  /** The writes `record` waits to send, in order (for the journal). */
  of(record: object): WaitingWrite[] {
    return this.queue.filter((queued) => queued.record === record).map((queued) => queued.write);
  }

  /** True when a write asked for now must wait: the browser is offline, or earlier writes still wait. */
  get mustWait(): boolean {
    return this.queue.length > 0 || browserIsOffline();
  }

  /**
   * Keeps a write until the site can be reached; resolves with its outcome once sent (a failure
   * other than an unreachable site ends it, as it would have without waiting).
   */
  wait<R>(
    record: object,
    write: { kind: WaitingWriteKind; query?: Readonly<Record<string, unknown>> | undefined },
    send: () => Promise<WriteOutcome<R>>,
  ): Promise<WriteOutcome<R>> {
    return new Promise<WriteOutcome<R>>((resolve) => {
      // Writes asked for in one millisecond (`saveDirty`) still restore in the order asked: a
      // restore sorts them by this time across records.
      const askedAtMs = Math.max(this.now(), this.lastAskedAtMs + 1);
      this.lastAskedAtMs = askedAtMs;
      const waiting: WaitingWrite = {
        kind: write.kind,
        ...(write.query === undefined ? {} : { query: write.query }),
        askedAtMs,
      };
      this.queue.push({
        record,
        write: waiting,
        send: send as () => Promise<WriteOutcome<unknown>>,
        settle: resolve as (outcome: WriteOutcome<unknown>) => void,
      });
      this.changed(record, 1);
      this.schedule();
    });
  }

  /** Tries the waiting writes now (the app knows the site is back). */
  resume(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    void this.sendAll();
  }

  /** Ends the retries; writes still waiting resolve with `error` (the journal still has them). */
  dispose(error: Error): void {
    this.isDisposed = true;
    this.stopListening();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    for (const queued of this.queue.splice(0)) queued.settle({ ok: false, value: undefined, error });
  }

  private schedule(): void {
    if (this.isDisposed || this.timer !== undefined || this.isSending || this.queue.length === 0) return;
    const delayMs = Math.min(WAITING_RETRY_CAP_MS, WAITING_RETRY_DELAY_MS * 2 ** this.failures);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sendAll();
    }, delayMs);
  }

  private async sendAll(): Promise<void> {
    if (this.isSending || this.isDisposed) return;
    this.isSending = true;
    try {
      while (this.queue.length > 0 && !this.isDisposed) {
        if (browserIsOffline()) break;
        const head = this.queue[0] as Queued;
        const outcome = await head.send();
        if (!outcome.ok && isUnreachable(outcome.error)) {
          this.failures += 1;
          break;
        }
        this.failures = 0;
        this.queue.shift();
        this.changed(head.record, -1);
        head.settle(outcome);
      }
    } finally {
      this.isSending = false;
    }
    this.schedule();
  }

  private changed(record: object, by: number): void {
    runInAction(() => {
      const count = (this.counts.get(record) ?? 0) + by;
      if (count > 0) this.counts.set(record, count);
      else this.counts.delete(record);
    });
    this.onChange?.(record);
  }
}
