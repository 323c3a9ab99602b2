/**
 * The `globalThis.WebSocket` seam through which y-webrtc's signalling connections are made.
 * y-webrtc has no option for its signalling transport (lib0/websocket calls the global
 * `new WebSocket(url)`), so {@link installSignalingSocket} puts a dispatcher there:
 * - a URL registered as signalling gets a {@link FilteredSignalingSocket}: http(s) over
 *   {@link HttpSignalingSocket}, ws(s) over the native WebSocket, with every incoming message
 *   passed through the inbound filter first (see webrtcProvider: validation and decryption, so
 *   bad input never reaches y-webrtc);
 * - any other URL gets the native WebSocket untouched (other libraries keep working).
 */
import { HttpSignalingSocket, type WebSocketLike } from './HttpSignaling.js';

/** Decides, for each incoming signalling message (raw text), whether y-webrtc may see it. */
export type InboundFilter = (data: unknown) => boolean | Promise<boolean>;

type WebSocketClass = new (url: string, protocols?: string | string[]) => WebSocketLike;

const signalingUrls = new Map<string, number>();
let inboundFilter: InboundFilter = () => true;
let nativeWebSocket: WebSocketClass | undefined;

/**
 * Wraps one signalling connection: forwards everything, but delivers incoming messages only
 * after the inbound filter accepted them, one at a time and in arrival order.
 */
export class FilteredSignalingSocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly inner: WebSocketLike;
  private delivering: Promise<void> = Promise.resolve();
  private isClosed = false;

  constructor(url: string, makeNative: WebSocketClass) {
    const scheme = new URL(url).protocol;
    this.inner =
      scheme === 'http:' || scheme === 'https:' ? new HttpSignalingSocket(url) : new makeNative(url);
    this.inner.onopen = (event) => this.onopen?.(event);
    this.inner.onerror = (event) => this.onerror?.(event);
    this.inner.onclose = (event) => {
      this.isClosed = true;
      this.onclose?.(event);
    };
    this.inner.onmessage = ({ data }) => {
      this.delivering = this.delivering.then(async () => {
        let accepted = false;
        try {
          accepted = await inboundFilter(data);
        } catch {
          accepted = false;
        }
        if (accepted && !this.isClosed) this.onmessage?.({ data });
      });
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
  send(data: string): void {
    this.inner.send(data);
  }
  close(): void {
    this.isClosed = true;
    this.inner.close();
  }
}

/** Sets the filter every signalling connection applies to incoming messages. */
export function setInboundSignalingFilter(filter: InboundFilter): void {
  inboundFilter = filter;
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
