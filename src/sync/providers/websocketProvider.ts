/**
 * The sync-server provider: a room's document and presence over `@hocuspocus/provider` to a
 * `createSyncServer` (or any Hocuspocus server with the same token check). One WebSocket per room,
 * so a refused room ends only its own connection.
 *
 * Reconnects after a drop with the same capped delay as the WebRTC signalling
 * ({@link reconnectDelayMs}), also when the server answers `unavailable` (WordPress was slow or
 * down, or the server is busy checking others). A room the server refuses (`forbidden`, or closes
 * with `permission-revoked` or `refused-change`) is not retried: the refusal becomes a `SyncError`
 * with code `forbidden` in `sync.errors` and the room stays 'disconnected'.
 *
 * @module
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { ArgumentError, SyncError } from '../../../core/errors.js';
import type { ProviderContext, ProviderFactory, RoomProvider } from './provider.js';
import { reconnectDelayMs } from './reconnectDelay.js';

/** A WebSocket constructor: the browser's, Node 22's global, or `ws` on Node 20. */
export type WebSocketConstructor = new (url: string) => WebSocket;

/** Options of {@link websocketProvider}. */
export interface WebsocketProviderOptions {
  /** The sync server's URL, `ws(s)://host:port`. */
  url: string;
  /**
   * The token the server checks with WordPress: sent as the `Authorization` header of its
   * `context=edit` request, so it must be a complete header value (`Basic …`). Called on every
   * (re)connection, so it may return a fresh one.
   * @default the store transport's `authorization` (the header `RestTransport` sends)
   */
  token?: () => string | Promise<string>;
  /**
   * The WebSocket implementation; Node 20 has none built in (pass `ws`'s `WebSocket`).
   * @default globalThis.WebSocket
   */
  WebSocket?: WebSocketConstructor;
}

/** Close code after which reconnecting cannot help: the server refused this room or a change. */
const FORBIDDEN_CLOSE_CODE = 4403;

/** The refusal reason that is not one: WordPress could not answer; reconnecting later helps. */
const UNAVAILABLE_REASON = 'unavailable';

/** What a refusal reason means for the user, in one sentence. */
function refusalExplanation(reason: string): string {
  if (reason.startsWith('permission-revoked')) {
    return 'WordPress no longer lets this user edit the record (password revoked, user removed or demoted).';
  }
  if (reason.startsWith('refused-change')) {
    return 'this user changed something WordPress does not let them change (publishing, author, sticky, password, terms or unfiltered HTML); the change stays local.';
  }
  return 'WordPress does not let this user edit the record.';
}

class WebsocketRoomProvider implements RoomProvider {
  readonly kind = 'network';
  readonly whenLoaded = Promise.resolve();
  readonly #context: ProviderContext;
  readonly #socket: HocuspocusProviderWebsocket;
  readonly #provider: HocuspocusProvider;
  #failures = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set once refused or destroyed: nothing reconnects after that. */
  #isStopped = false;
  #isDestroyed = false;

  constructor(
    context: ProviderContext,
    options: WebsocketProviderOptions,
    WebSocketImpl: WebSocketConstructor,
  ) {
    this.#context = context;
    const token = options.token ?? (() => context.transport.authorization ?? '');
    // autoConnect false and one attempt per connect(): reconnecting is ours, with our delay.
    this.#socket = new HocuspocusProviderWebsocket({
      url: options.url,
      WebSocketPolyfill: WebSocketImpl,
      autoConnect: false,
      maxAttempts: 1,
      initialDelay: 0,
      delay: 0,
      minDelay: 0,
      maxDelay: 0,
      jitter: false,
    });
    this.#provider = new HocuspocusProvider({
      websocketProvider: this.#socket,
      name: context.room,
      document: context.doc,
      awareness: context.awareness,
      token: async () => await token(),
    });
    this.#socket.on('status', ({ status }: { status: string }) => {
      if (this.#isStopped) return;
      // 'connected' waits for the first sync with the server (the 'synced' event).
      if (status === 'connecting') context.setStatus('connecting');
    });
    // Failures count until the server lets us into the room: a server that opens the socket and
    // then answers `unavailable` is backed off from like one that is down.
    this.#provider.on('authenticated', () => {
      this.#failures = 0;
    });
    this.#socket.on('disconnect', ({ event }: { event?: { code?: number; reason?: string } }) =>
      this.#onDisconnect(event?.code, event?.reason),
    );
    // 'connected' once the server answered our sync step 1: the room is set up on the server and
    // both sides hold each other's state. (Hocuspocus answers authentication before the room has
    // loaded, and drops what a client sent meanwhile if it disconnects before the load ends.)
    this.#provider.on('synced', () => {
      if (!this.#isStopped) context.setStatus('connected');
    });
    this.#provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
      // The server closes the connection right after; that disconnect schedules the retry.
      if (reason !== UNAVAILABLE_REASON) this.#onRefused(reason);
    });
    this.#provider.attach();
    context.setStatus('connecting');
    this.#connect();
  }

  #connect(): void {
    this.#retryTimer = undefined;
    if (this.#isStopped) return;
    // A failed attempt also ends in 'disconnect', which schedules the next one.
    this.#socket.connect().catch(() => undefined);
  }

  #onDisconnect(code: number | undefined, reason: string | undefined): void {
    // Hocuspocus would schedule its own reconnect after a drop; ours replaces it.
    this.#socket.shouldConnect = false;
    if (this.#isStopped) return;
    if (code === FORBIDDEN_CLOSE_CODE) {
      this.#onRefused(reason || 'forbidden');
      return;
    }
    this.#context.setStatus('disconnected');
    this.#failures += 1;
    if (this.#failures === 1) {
      this.#context.reportError(
        new SyncError(
          `Lost the connection to the sync server ${this.#socket.url} for room "${this.#context.room}"; reconnecting.`,
          'connection-failed',
        ),
      );
    }
    if (this.#retryTimer === undefined) {
      this.#retryTimer = setTimeout(() => this.#connect(), reconnectDelayMs(this.#failures));
    }
  }

  #onRefused(reason: string): void {
    if (this.#isStopped) return;
    this.#isStopped = true;
    clearTimeout(this.#retryTimer);
    this.#context.reportError(
      new SyncError(
        `The sync server refused room "${this.#context.room}" (${reason}): ${refusalExplanation(reason)}`,
        'forbidden',
      ),
    );
    this.#context.setStatus('disconnected');
    this.#socket.disconnect();
  }

  destroy(): void {
    if (this.#isDestroyed) return;
    this.#isDestroyed = true;
    this.#isStopped = true;
    clearTimeout(this.#retryTimer);
    // HocuspocusProvider.destroy() would also clear and destroy the awareness, which belongs to the
    // sync manager (other providers may share it); this is the rest of what it does.
    const provider = this.#provider;
    this.#context.doc.off('update', provider.boundDocumentUpdateHandler);
    this.#context.awareness.off('update', provider.boundAwarenessUpdateHandler);
    if (typeof window !== 'undefined' && 'removeEventListener' in window) {
      window.removeEventListener('pagehide', provider.boundPageHide);
    }
    provider.removeAllListeners();
    provider.detach();
    this.#socket.destroy();
    this.#context.setStatus('destroyed');
  }
}

/**
 * A {@link ProviderFactory} that syncs each room through a sync server (`createSyncServer`, the
 * `wp-entities-sync-server` bin).
 *
 * ```ts
 * new RootStore({ transport, sync: { user, providers: [websocketProvider({ url: 'wss://sync.example.com' })] } });
 * ```
 *
 * @throws ArgumentError when `url` is not a ws(s) URL or no WebSocket implementation exists.
 */
export function websocketProvider(options: WebsocketProviderOptions): ProviderFactory {
  if (typeof options?.url !== 'string' || !/^wss?:\/\//i.test(options.url)) {
    throw new ArgumentError('websocketProvider needs { url: "ws(s)://…" }, the sync server\'s address.');
  }
  if (options.token !== undefined && typeof options.token !== 'function') {
    throw new ArgumentError('websocketProvider option "token" must be a function returning the token.');
  }
  const WebSocketImpl = options.WebSocket ?? (globalThis.WebSocket as WebSocketConstructor | undefined);
  if (WebSocketImpl === undefined) {
    throw new ArgumentError(
      'websocketProvider found no WebSocket: on Node 20 pass { WebSocket } from the "ws" package.',
    );
  }
  return (context) => new WebsocketRoomProvider(context, options, WebSocketImpl);
}
