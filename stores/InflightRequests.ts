/**
 * Request deduplication: one promise per key while in flight, nothing remembered after, so a failed
 * request can be asked again. `InflightRequests` adds an observable pending flag and last error.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { toError } from '../core/errors.js';

/** Shares one in-flight promise per key; nothing here is observable. */
export class PendingRequests {
  private readonly pending = new Map<string, Promise<unknown>>();

  /** Runs `start` unless `key` is in flight (then returns that promise); a synchronous throw rejects. */
  run<T>(key: string, start: () => Promise<T>): Promise<T> {
    const existing = this.pending.get(key);
    if (existing !== undefined) return existing as Promise<T>;
    const promise = attempt(start);
    const tracked: Promise<T> = promise.finally(() => {
      if (this.pending.get(key) === tracked) this.pending.delete(key);
    });
    this.pending.set(key, tracked);
    return tracked;
  }

  /** True while a request for `key` is in flight; not observable, safe inside derivations. */
  has(key: string): boolean {
    return this.pending.has(key);
  }
}

/**
 * {@link PendingRequests} with observable state: whether each key is being requested, and the
 * error of its last request.
 */
export class InflightRequests {
  private readonly shared = new PendingRequests();
  private readonly active = observable.set<string>();
  private readonly errors = observable.map<string, Error>({}, { deep: false });

  /** Like {@link PendingRequests.run}; a rejection stays the key's {@link InflightRequests.error} until it is asked again. */
  run<T>(key: string, start: () => Promise<T>): Promise<T> {
    return this.shared.run(key, () => {
      const promise = attempt(start);
      runInAction(() => {
        this.active.add(key);
        this.errors.delete(key);
      });
      return promise.then(
        (value) => {
          this.settle(key);
          return value;
        },
        (error: unknown) => {
          const failure = toError(error);
          this.settle(key, failure);
          throw failure;
        },
      );
    });
  }

  /** True while a request for `key` is in flight (observable). */
  isPending(key: string): boolean {
    return this.active.has(key);
  }

  /** True while a request for `key` is in flight; not observable, safe inside derivations. */
  hasPending(key: string): boolean {
    return this.shared.has(key);
  }

  /** The error of the last request for `key` if it failed (observable); cleared when it is asked again. */
  error(key: string): Error | undefined {
    return this.errors.get(key);
  }

  private settle(key: string, error?: Error): void {
    runInAction(() => {
      this.active.delete(key);
      if (error !== undefined) this.errors.set(key, error);
    });
  }
}

/** `start()`, with a synchronous throw turned into a rejected promise. */
function attempt<T>(start: () => Promise<T>): Promise<T> {
  try {
    return start();
  } catch (error) {
    return Promise.reject(toError(error));
  }
}
