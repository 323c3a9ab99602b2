/**
 * The `globalThis.WebSocket` seam through which y-webrtc's signalling connections are made.
 * y-webrtc has no option for its signalling transport (lib0/websocket calls the global
 * `new WebSocket(url)`), so {@link installSignalingSocket} puts a dispatcher there:
 * - a URL registered as signalling gets a {@link FilteredSignalingSocket}: http(s) over
 *   {@link HttpSignalingSocket}, ws(s) over the native WebSocket, with every incoming message
 *   passed through the inbound filter first (see webrtcProvider: validation and decryption, so
 *   bad input never reaches y-webrtc), and every outgoing one sent only on an open connection;
 * - any other URL gets the native WebSocket untouched (other libraries keep working).
 */
import { SyncError } from '../../../core/errors.js';
import { HttpSignalingSocket, type WebSocketLike } from './HttpSignaling.js';
import { MAX_QUEUED_SIGNALING_MESSAGES } from '../shared/signalingConstants.js';

/**
 * Admits one message at the moment it is delivered: calls `deliver` (synchronously, at most
 * once) with the text y-webrtc is to see, or not at all to drop the message. Checks that depend
 * on the room's connections belong here, where nothing can change between check and use.
 */
export type InboundAdmission = (deliver: (data: string) => void) => void;

/**
 * Decides, for each incoming signalling message (raw text), whether y-webrtc may see it: `false`
 * drops it, `true` delivers it as received, an {@link InboundAdmission} decides at delivery time.
 */
export type InboundFilter = (
  data: unknown,
) => boolean | InboundAdmission | Promise<boolean | InboundAdmission>;

/**
 * Told about signalling failures the socket absorbed instead of throwing: an outgoing message that
 * could not be sent, or an incoming one y-webrtc failed on. `topics` are the rooms it concerned.
 */
export type SignalingFailureReporter = (topics: string[], error: SyncError) => void;

type WebSocketClass = new (url: string, protocols?: string | string[]) => WebSocketLike;

const CONNECTING = 0;
const OPEN = 1;
const READY_STATE_NAMES = ['connecting', 'open', 'closing', 'closed'];

const signalingUrls = new Map<string, number>();
let inboundFilter: InboundFilter = () => true;
let reportFailure: SignalingFailureReporter = () => undefined;
let nativeWebSocket: WebSocketClass | undefined;

/** The rooms a signalling message (JSON text) is about: its `topic` or `topics`. */
export function signalingTopics(data: unknown): string[] {
  if (typeof data !== 'string') return [];
  try {
    const message = JSON.parse(data) as { topic?: unknown; topics?: unknown };
    if (typeof message.topic === 'string') return [message.topic];
    if (Array.isArray(message.topics)) return message.topics.filter((topic) => typeof topic === 'string');
  } catch {
    // Not JSON: it concerns no room we know.
  }
  return [];
}

/**
 * Wraps one signalling connection: delivers incoming messages only after the inbound filter
 * accepted them, one at a time and in arrival order; sends outgoing ones only while the connection
 * is open. y-webrtc sends on its signalling connection whenever a peer produces a signal, even
 * while lib0 is reconnecting (a WebSocket then throws "not open"), so: while connecting, messages
 * wait (bounded) and go out on open; on a closing or closed connection they are dropped. Nothing
 * here throws into y-webrtc; what was lost is reported through the failure reporter.
 */
export class FilteredSignalingSocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly inner: WebSocketLike;
  private delivering: Promise<void> = Promise.resolve();
  private isClosed = false;
  private waiting: string[] = [];
  private hasReportedDrop = false;

  constructor(url: string, makeNative: WebSocketClass) {
    const scheme = new URL(url).protocol;
    this.inner =
      scheme === 'http:' || scheme === 'https:' ? new HttpSignalingSocket(url) : new makeNative(url);
    this.inner.onopen = (event) => {
      for (const data of this.waiting.splice(0)) this.send(data);
      this.onopen?.(event);
    };
    this.inner.onerror = (event) => this.onerror?.(event);
    this.inner.onclose = (event) => {
      this.isClosed = true;
      this.dropWaiting();
      this.onclose?.(event);
    };
    this.inner.onmessage = ({ data }) => {
      this.delivering = this.delivering.then(() => this.deliver(data));
    };
  }
  get url(): string {
    return this.inner.url;
  }
  get readyState(): number {
    return this.inner.readyState;
  }
  get binaryType(): string {
    return this.inner.binaryType;
  }
  set binaryType(value: string) {
    this.inner.binaryType = value;
  }

  /** Sends on an open connection, queues while connecting, drops (and reports) otherwise; never throws. */
  send(data: string): void {
    const state = this.inner.readyState;
    if (state === CONNECTING && !this.isClosed) {
      if (this.waiting.length < MAX_QUEUED_SIGNALING_MESSAGES) this.waiting.push(data);
      else
        this.reportDrop([data], `more than ${MAX_QUEUED_SIGNALING_MESSAGES} messages waited for it to open`);
      return;
    }
    if (state !== OPEN || this.isClosed) {
      this.reportDrop([data], `it is ${READY_STATE_NAMES[state] ?? 'closed'}`);
      return;
    }
    try {
      this.inner.send(data);
    } catch (error) {
      this.reportDrop([data], 'sending failed', error);
    }
  }

  close(): void {
    this.isClosed = true;
    this.dropWaiting();
    this.inner.close();
  }

  /** Runs one message through the filter and hands it to y-webrtc; a failure in either is reported, not thrown. */
  private async deliver(data: unknown): Promise<void> {
    let decision: boolean | InboundAdmission = false;
    try {
      decision = await inboundFilter(data);
    } catch {
      decision = false;
    }
    if (decision === false || this.isClosed) return;
    const handOver = (text: unknown): void => {
      if (!this.isClosed) this.onmessage?.({ data: text });
    };
    try {
      if (decision === true) handOver(data);
      else decision(handOver);
    } catch (error) {
      reportFailure(
        signalingTopics(data),
        new SyncError(
          `A signalling message from ${this.url} could not be processed: ${error instanceof Error ? error.message : String(error)}`,
          'unknown-message',
          { cause: error },
        ),
      );
    }
  }

  private dropWaiting(): void {
    const dropped = this.waiting.splice(0);
    if (dropped.length > 0) this.reportDrop(dropped, 'it closed before it opened');
  }

  /** One report per connection: a dropped candidate usually comes with several more. */
  private reportDrop(dropped: string[], why: string, cause?: unknown): void {
    if (this.hasReportedDrop) return;
    this.hasReportedDrop = true;
    const topics = [...new Set(dropped.flatMap(signalingTopics))];
    reportFailure(
      topics,
      new SyncError(
        `Signalling to ${this.url} dropped ${dropped.length === 1 ? 'a message' : `${dropped.length} messages`} because ${why}; peers are found again once it reconnects`,
        'connection-failed',
        cause === undefined ? undefined : { cause },
      ),
    );
  }
}

/** Sets the filter every signalling connection applies to incoming messages. */
export function setInboundSignalingFilter(filter: InboundFilter): void {
  inboundFilter = filter;
}

/** Sets who is told about signalling failures the sockets absorbed (see {@link SignalingFailureReporter}). */
export function setSignalingFailureReporter(reporter: SignalingFailureReporter): void {
  reportFailure = reporter;
}

/**
 * Marks `url` as a signalling URL (counted: call {@link unregisterSignalingUrl} once per call),
 * so sockets opened to it are filtered; http(s) URLs would have no transport otherwise.
 */
export function registerSignalingUrl(url: string): void {
  signalingUrls.set(url, (signalingUrls.get(url) ?? 0) + 1);
}

/** Undoes one {@link registerSignalingUrl}. */
export function unregisterSignalingUrl(url: string): void {
  const count = (signalingUrls.get(url) ?? 0) - 1;
  if (count > 0) signalingUrls.set(url, count);
  else signalingUrls.delete(url);
}

/**
 * Installs the dispatcher as `globalThis.WebSocket` (once; later calls do nothing). `native` is
 * the WebSocket to use for ws(s) URLs and everything that is not signalling: the global one in
 * browsers and Node ≥ 22, the `ws` package's on Node 20.
 */
export function installSignalingSocket(native: WebSocketClass): void {
  if (nativeWebSocket) return;
  nativeWebSocket = native;
  const makeNative = native;
  function DispatchingWebSocket(url: string | URL, protocols?: string | string[]): WebSocketLike {
    const href = String(url);
    if (signalingUrls.has(href)) return new FilteredSignalingSocket(href, makeNative);
    return protocols === undefined ? new makeNative(href) : new makeNative(href, protocols);
  }
  // `instanceof WebSocket` and the static state constants keep working for everyone else.
  DispatchingWebSocket.prototype = native.prototype;
  Object.assign(DispatchingWebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  (globalThis as { WebSocket?: unknown }).WebSocket = DispatchingWebSocket;
}

/** The native WebSocket the dispatcher wraps, once installed. */
export function nativeSignalingWebSocket(): WebSocketClass | undefined {
  return nativeWebSocket;
}
