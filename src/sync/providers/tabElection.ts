/**
 * One leader among the tabs of an origin, by Web Locks: every tab asks for one exclusive lock,
 * the browser grants it to one of them at a time (first come, first served) and hands it to the
 * next tab in the queue as soon as the holder releases it, closes or crashes. The leader knows
 * it is the leader while its lock callback runs; nothing else needs to be exchanged.
 *
 * Runtime-neutral apart from the lock manager it is given (`navigator.locks` in a browser, a fake
 * in tests), so the tab-shared cache can elect with it too.
 *
 * @module
 */

/** The part of `navigator.locks` ({@link https://developer.mozilla.org/docs/Web/API/LockManager | LockManager}) an election uses. */
export interface TabLocks {
  /** Calls `callback` once the lock `name` is held; the lock is released when its promise settles. */
  request(
    name: string,
    options: { mode?: 'exclusive'; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

/** What an election tells its tab. */
export interface TabElectionEvents {
  /** This tab holds the lock: it leads from now until {@link TabElectionEvents.onStepDown}. */
  onLead(): void;
  /** This tab gave the lock up (a hand-over or {@link TabElection.stop}). */
  onStepDown(): void;
}

/** One tab's place in an election. */
export interface TabElection {
  /** True while this tab holds the lock. */
  readonly isLeader: boolean;
  /**
   * Gives the lock to the next tab waiting for it and queues again behind it (a hidden leader
   * makes way for a visible tab). With nobody waiting, this tab leads again at once.
   */
  handOver(): void;
  /** Leaves the election for good: releases the lock or stops waiting for it. Safe to call twice. */
  stop(): void;
}

/** The `navigator.locks` of this runtime, or `undefined` (Node, old browsers). */
export function browserLocks(): TabLocks | undefined {
  const locks = (globalThis as { navigator?: { locks?: unknown } }).navigator?.locks;
  return typeof locks === 'object' && locks !== null && typeof (locks as TabLocks).request === 'function'
    ? (locks as TabLocks)
    : undefined;
}

/** Joins the election of lock `name`: `events.onLead` runs whenever this tab becomes the leader. */
export function electTab(locks: TabLocks, name: string, events: TabElectionEvents): TabElection {
  let isLeader = false;
  let isStopped = false;
  let release: (() => void) | undefined;
  let waiting: AbortController | undefined;

  const queue = (): void => {
    if (isStopped) return;
    const controller = new AbortController();
    waiting = controller;
    locks
      .request(name, { mode: 'exclusive', signal: controller.signal }, () => {
        waiting = undefined;
        if (isStopped) return Promise.resolve();
        return new Promise<void>((resolve) => {
          isLeader = true;
          release = () => {
            release = undefined;
            isLeader = false;
            resolve();
            events.onStepDown();
          };
          events.onLead();
        });
      })
      // An abort (stop while waiting) rejects the request: nothing to do.
      .catch(() => undefined);
  };

  queue();
  return {
    get isLeader() {
      return isLeader;
    },
    handOver() {
      if (release === undefined || isStopped) return;
      release();
      queue();
    },
    stop() {
      if (isStopped) return;
      isStopped = true;
      waiting?.abort();
      waiting = undefined;
      release?.();
    },
  };
}
