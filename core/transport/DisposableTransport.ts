/**
 * The transport a store sends through: the caller's transport, with one abort signal for every
 * request, so that `store.dispose()` aborts what is in flight and refuses what comes later.
 *
 * @module
 */
import { StoreDisposedError } from '../errors.js';
import type {
  BatchRequest,
  BatchResult,
  CallOptions,
  Query,
  RawResponse,
  RequestOptions,
  Transport,
} from './types.js';

/** The caller's signal (when any) and the store's, as one. */
function withStoreSignal(own: AbortSignal, caller: AbortSignal | undefined): AbortSignal {
  return caller === undefined ? own : AbortSignal.any([caller, own]);
}

/**
 * Wraps a {@link Transport}: every call carries the store's abort signal; after {@link dispose}
 * calls reject at once, and calls that were in flight reject, with a {@link StoreDisposedError}
 * (the transport's abort error is its `cause`).
 */
export class DisposableTransport implements Transport {
  private readonly inner: Transport;
  private readonly controller = new AbortController();
  /**
   * Rejects each call in flight at dispose. Entries leave as calls settle: racing every call against
   * one never-settling promise instead kept a reaction, and with it each answer, per call until dispose.
   */
  private readonly inFlight = new Set<(reason: unknown) => void>();

  /** Sends through `inner`; the constructor does no I/O. */
  constructor(inner: Transport) {
    this.inner = inner;
  }

  /** True once {@link dispose} ran. */
  get isDisposed(): boolean {
    return this.controller.signal.aborted;
  }

  /** The wrapped transport's REST root, if it has one; sync names rooms after it. */
  get root(): string | undefined {
    const root = (this.inner as { root?: unknown }).root;
    return typeof root === 'string' ? root : undefined;
  }

  /** The wrapped transport's `Authorization` header, which the sync server's provider presents. */
  get authorization(): string | undefined {
    return this.inner.authorization;
  }

  /** Aborts every request in flight; later calls reject with {@link StoreDisposedError}. */
  dispose(): void {
    if (this.isDisposed) return;
    const reason = new StoreDisposedError('finish its requests');
    this.controller.abort(reason);
    for (const reject of this.inFlight) reject(reason);
    this.inFlight.clear();
  }

  /** {@link Transport.request} with the store's signal. */
  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    const action = `request ${options.method ?? 'GET'} ${options.path}`;
    return this.guard(action, () =>
      this.inner.request<T>({ ...options, signal: withStoreSignal(this.controller.signal, options.signal) }),
    );
  }

  /** {@link Transport.fetchAll} with the store's signal. */
  fetchAll<T = unknown>(path: string, query?: Query, options: CallOptions = {}): Promise<T[]> {
    return this.guard(`request GET ${path}`, () =>
      this.inner.fetchAll<T>(path, query, {
        signal: withStoreSignal(this.controller.signal, options.signal),
      }),
    );
  }

  /** {@link Transport.allowedMethods} with the store's signal. */
  allowedMethods(path: string, options: CallOptions = {}): Promise<Set<string>> {
    return this.guard(`request OPTIONS ${path}`, () =>
      this.inner.allowedMethods(path, { signal: withStoreSignal(this.controller.signal, options.signal) }),
    );
  }

  /** {@link Transport.batch} with the store's signal. */
  batch(requests: readonly BatchRequest[], options: CallOptions = {}): Promise<BatchResult[]> {
    return this.guard('send a batch', () =>
      this.inner.batch(requests, { signal: withStoreSignal(this.controller.signal, options.signal) }),
    );
  }

  /**
   * `call`'s outcome; at dispose, a rejection even from a transport that ignores signals (a test
   * double). One promise per call, not an async function awaiting another: it sits on every request.
   */
  private guard<R>(action: string, call: () => Promise<R>): Promise<R> {
    if (this.isDisposed) return Promise.reject(new StoreDisposedError(action));
    return new Promise<R>((resolve, reject) => {
      const fail = (error: unknown): void => {
        this.inFlight.delete(fail);
        // Whatever the transport made of the abort, the caller learns that the store went away.
        const isOwn = error instanceof StoreDisposedError && error.action === action;
        reject(this.isDisposed && !isOwn ? new StoreDisposedError(action, { cause: error }) : error);
      };
      this.inFlight.add(fail);
      try {
        call().then((value) => {
          this.inFlight.delete(fail);
          resolve(value);
        }, fail);
      } catch (error) {
        fail(error);
      }
    });
  }
}
