/**
 * Drops cached records and queries nobody needs any more, `gcTimeMs` after their last use, so a
 * long editing session does not keep every record it ever listed.
 *
 * @module
 */

/** What the sweep asks of the store. */
export interface EvictionHost {
  /**
   * Evicts what has been idle since `cutoffMs`; returns how many cached things may still become
   * evictable later without another event (0 lets the sweep stop until something is used again).
   */
  evictIdle(cutoffMs: number): number;
}

/** The smallest pause between two sweeps, so a tiny `gcTimeMs` cannot spin the event loop. */
const MIN_SWEEP_INTERVAL_MS = 10;

/**
 * One timer per store, armed whenever something may have become evictable; each sweep evicts what
 * is idle for `gcTimeMs` and re-arms only while something is left to wait for. Sweeps run every
 * quarter of `gcTimeMs`, so eviction comes between 1 and 1.25 × `gcTimeMs` after the last use.
 *
 * A store dropped without `dispose()` must not live on through its timer, so the sweep holds it
 * weakly. But a `WeakRef` keeps its target alive until the job that made it ends, and a script that
 * makes stores in one long chain of promises (no I/O in between) never ends its job: a WeakRef made
 * there would keep every store. So the sweep holds the store strongly until its first timer tick (a
 * new task), makes the WeakRef there, and `dispose()` (clearing the timer) lets go in either phase.
 */
export class EvictionSweep {
  private strongHost: EvictionHost | undefined;
  private weakHost: WeakRef<EvictionHost> | undefined;
  private readonly gcTimeMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isDisposed = false;

  /** A sweep over `host`; nothing is scheduled until {@link arm}. */
  constructor(host: EvictionHost, gcTimeMs: number) {
    this.strongHost = host;
    this.gcTimeMs = gcTimeMs;
  }

  /** Schedules a sweep unless one is already scheduled (cheap enough to call on every change). */
  arm(): void {
    if (this.timer !== undefined || this.isDisposed || !Number.isFinite(this.gcTimeMs)) return;
    this.timer =
      this.weakHost === undefined
        ? setTimeout(() => this.holdWeakly(), 0)
        : setTimeout(() => this.sweep(), Math.max(MIN_SWEEP_INTERVAL_MS, this.gcTimeMs / 4));
    // A Node script that is done must not stay alive for a cache sweep.
    if (typeof this.timer === 'object' && typeof this.timer.unref === 'function') this.timer.unref();
  }

  /** Evicts what is idle now (also run by the timer). */
  sweep(): void {
    this.timer = undefined;
    const host = this.strongHost ?? this.weakHost?.deref();
    if (this.isDisposed || host === undefined) return;
    const waiting = host.evictIdle(Date.now() - this.gcTimeMs);
    if (waiting > 0) this.arm();
  }

  /** Cancels the timer for good. */
  dispose(): void {
    this.isDisposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.strongHost = undefined;
  }

  private holdWeakly(): void {
    this.timer = undefined;
    if (this.strongHost === undefined) return;
    this.weakHost = new WeakRef(this.strongHost);
    this.strongHost = undefined;
    this.arm();
  }
}
