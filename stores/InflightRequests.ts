/**
 * Request deduplication for the site-level stores: one promise per key while it is in flight, an
 * observable "is requesting" flag and last error per key, and nothing else remembered once the
 * request settles (so a failed request can simply be asked again).
 *
 * @module
 */
import { observable, runInAction } from 'mobx';

/**
 * Shares one in-flight promise per key. Callers asking for a key that is already being requested
 * get the same promise; once it settles the key is free again.
 */
export class InflightRequests {
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly active = observable.set<string>();
  private readonly errors = observable.map<string, Error>({}, { deep: false });

  /**
   * Runs `start` unless a request for `key` is already in flight, in which case that request's
   * promise is returned. A synchronous throw from `start` becomes a rejected promise. A rejection
   * is kept as the key's {@link InflightRequests.error} until the key is requested again.
   */
  run<T>(key: string, start: () => Promise<T>): Promise<T> {
    const existing = this.pending.get(key);
    if (existing !== undefined) return existing as Promise<T>;
    let promise: Promise<T>;
    try {
      promise = start();
    } catch (error) {
      promise = Promise.reject(toError(error));
    }
    const settle = (error?: Error): void => {
      if (this.pending.get(key) === tracked) this.pending.delete(key);
      runInAction(() => {
        this.active.delete(key);
        if (error !== undefined) this.errors.set(key, error);
      });
    };
    const tracked: Promise<T> = promise.then(
      (value) => {
        settle();
        return value;
      },
      (error: unknown) => {
        const failure = toError(error);
        settle(failure);
        throw failure;
      },
    );
    this.pending.set(key, tracked);
    runInAction(() => {
      this.active.add(key);
      this.errors.delete(key);
    });
    return tracked;
  }

  /** True while a request for `key` is in flight (observable). */
  isPending(key: string): boolean {
    return this.active.has(key);
  }

  /** True while a request for `key` is in flight; not observable, safe inside derivations. */
  hasPending(key: string): boolean {
    return this.pending.has(key);
  }

  /** The error of the last request for `key` if it failed (observable); cleared when it is asked again. */
  error(key: string): Error | undefined {
    return this.errors.get(key);
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
