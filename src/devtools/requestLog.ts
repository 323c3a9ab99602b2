/**
 * The last requests an app sent, with their timing, for the data inspector: a `fetch` wrapper
 * handed to `RestTransport` (its `fetch` option), writing into a MobX observable list. The
 * collaboration relay's polls (`/wp-sync/…`) are not listed.
 *
 * @module
 */
import { action, observable } from 'mobx';

/** How many requests the log keeps. */
export const REQUEST_LOG_SIZE = 50;

/** One request. */
export interface LoggedRequest {
  /** Increasing number, for keys. */
  readonly n: number;
  /** The HTTP method. */
  readonly method: string;
  /** Path and query, relative to the REST root. */
  readonly path: string;
  /** HTTP status; `undefined` while in flight; 0 when it failed before an answer. */
  status: number | undefined;
  /** Milliseconds from sending to the response headers (or the failure); `undefined` while in flight. */
  durationMs: number | undefined;
  /** When it was sent (`performance.now()`). */
  readonly startedMs: number;
}

/** The newest last; at most {@link REQUEST_LOG_SIZE}. Observable. */
export const requestLog = observable.array<LoggedRequest>([], { deep: false });

/** Requests to the collaboration relay, which the log leaves out. */
const SYNC_RELAY_PREFIX = '/wp-sync/';

let counter = 0;

const settle = action((entry: LoggedRequest, status: number) => {
  const index = requestLog.indexOf(entry);
  if (index === -1) return;
  requestLog[index] = { ...entry, status, durationMs: Math.round(performance.now() - entry.startedMs) };
});

const start = action((entry: LoggedRequest) => {
  requestLog.push(entry);
  if (requestLog.length > REQUEST_LOG_SIZE) requestLog.splice(0, requestLog.length - REQUEST_LOG_SIZE);
});

/**
 * A `fetch` (by default the global one) that records each request in {@link requestLog}; `restRoot`
 * is cut from the paths shown.
 */
export function loggingFetch(
  restRoot: string,
  send: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = request.url.startsWith(restRoot) ? request.url.slice(restRoot.length) : request.url;
    // Collaboration polls the relay every second: listed, they would push everything else out.
    if (url.startsWith(SYNC_RELAY_PREFIX)) return send(request);
    const entry: LoggedRequest = {
      n: ++counter,
      method: request.method,
      path: decodeURIComponent(url),
      status: undefined,
      durationMs: undefined,
      startedMs: performance.now(),
    };
    start(entry);
    try {
      const response = await send(request);
      settle(entry, response.status);
      return response;
    } catch (error) {
      settle(entry, 0);
      throw error;
    }
  };
}
