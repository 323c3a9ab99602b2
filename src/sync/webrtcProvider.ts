/**
 * `webrtcProvider`: a record's room over y-webrtc. Peers find each other through signalling
 * servers (ws(s):// WebSocket or http(s):// HTTP signalling, see HttpSignaling.ts) and then talk
 * directly over WebRTC data channels. What this adds to y-webrtc:
 * - every incoming signalling message is checked (and, with a password, decrypted) before
 *   y-webrtc sees it, so malformed input or a wrong password becomes a `SyncError` in
 *   `sync.errors` instead of a thrown exception or an unhandled rejection;
 * - peer failures (connection, ICE, data channel, no WebRTC) are reported as `SyncError`s;
 * - the connection status is reported to the sync core;
 * - a connection stuck half-way is torn down and re-announced (y-webrtc 10.3.0 can otherwise
 *   wait forever when two password peers join at the same instant).
 */
import { WebrtcProvider } from 'y-webrtc';
import { SyncError } from '../../core/errors.js';
import type { ConnectionStatus, ProviderContext, ProviderFactory, RoomProvider } from './provider.js';
import {
  DECRYPT_ERROR_REPORT_INTERVAL_MS,
  DUPLICATE_PUBLISH_WINDOW_MS,
  MAX_CONNS_BASE,
  MAX_CONNS_RANDOM_SPREAD,
  STUCK_JOIN_CHECK_INTERVAL_MS,
  STUCK_JOIN_JITTER_MS,
  STUCK_JOIN_MS,
} from './signalingConstants.js';
import { decryptSignal, isPeerSignal, type PeerSignal } from './signalingPayload.js';
import {
  installSignalingSocket,
  nativeSignalingWebSocket,
  registerSignalingUrl,
  setInboundSignalingFilter,
  unregisterSignalingUrl,
} from './signalingSocket.js';

/** Options of {@link webrtcProvider}. */
export interface WebrtcProviderOptions {
  /** Signalling servers: `ws(s)://` for WebSocket signalling, `http(s)://` for HTTP signalling; any mix. */
  signaling: string[];
  /**
   * Shared secret of the room. Signalling is encrypted with a key derived from it (PBKDF2, 100000
   * iterations, SHA-256, salt = room name → AES-GCM 256); peers with another password never connect.
   * @default undefined (no encryption of signalling; the data channels are always DTLS-encrypted)
   */
  password?: string;
  /** Most WebRTC connections this peer opens in a room. @default 20 + a random 0..14 */
  maxConns?: number;
  /**
   * simple-peer options, e.g. `{ wrtc, config: { iceServers: [] } }` in Node.
   * @default {} (the browser's WebRTC and simple-peer's public STUN servers)
   */
  peerOpts?: object;
}

/** y-webrtc's connection to one peer, as far as this module relies on it. */
interface PeerConnection {
  readonly connected: boolean;
  readonly closed: boolean;
  readonly remotePeerId: string;
  readonly glareToken: number | undefined;
  readonly peer: {
    readonly initiator: boolean;
    removeAllListeners(event: string): void;
    destroy(): void;
    on(event: 'error', listener: (error: Error & { code?: string }) => void): void;
    on(event: 'connect' | 'close', listener: () => void): void;
  };
  destroy(): void;
}

/** What the shared inbound filter needs to know about each open room in this process. */
interface RoomGuard {
  readonly key: PromiseLike<CryptoKey | null>;
  hasConnectionTo(peerId: string): boolean;
  reportUndecryptable(error: SyncError): void;
  resolveGlare(signal: PeerSignal & { token?: unknown }): void;
}

const guards = new Map<string, RoomGuard>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Lets through only messages y-webrtc handles safely: JSON objects, and for `publish` into one
 * of our rooms a payload that decrypts (password rooms) and is a well-formed announce or signal.
 */
async function acceptSignalingMessage(data: unknown): Promise<boolean> {
  if (typeof data !== 'string') return false;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return false;
  }
  if (!isRecord(message)) return false;
  if (message.type !== 'publish') return true;
  if (typeof message.topic !== 'string') return false;
  const guard = guards.get(message.topic);
  // y-webrtc ignores publishes to rooms it does not have.
  if (!guard) return true;
  if (isDuplicatePublish(message.topic, message.data)) return false;
  const key = await guard.key;
  let payload: unknown = message.data;
  if (key) {
    if (typeof payload !== 'string') return false;
    try {
      payload = await decryptSignal(payload, key);
    } catch (error) {
      if (error instanceof SyncError) guard.reportUndecryptable(error);
      return false;
    }
  }
  if (!isPeerSignal(payload, (peerId) => guard.hasConnectionTo(peerId))) return false;
  guard.resolveGlare(payload);
  return true;
}

/** When each recent publish (topic + payload) was first delivered. */
const recentPublishes = new Map<string, number>();

/**
 * y-webrtc subscribes every room on every signalling connection of the process, so a peer with
 * two connections into one topic space (say ws:// and http:// of the same server, used by two
 * rooms) receives each publish twice, and a doubled offer or answer breaks the WebRTC handshake.
 * The first copy wins; the same payload again within the window is dropped. Encrypted payloads
 * carry a random IV, and signals carry unique SDP/candidates, so real messages never repeat.
 */
function isDuplicatePublish(topic: string, data: unknown): boolean {
  const now = Date.now();
  if (recentPublishes.size > 1000) {
    for (const [key, atMs] of recentPublishes)
      if (now - atMs > DUPLICATE_PUBLISH_WINDOW_MS) recentPublishes.delete(key);
  }
  const key = `${topic}\n${typeof data === 'string' ? data : JSON.stringify(data)}`;
  const seenAtMs = recentPublishes.get(key);
  if (seenAtMs !== undefined && now - seenAtMs <= DUPLICATE_PUBLISH_WINDOW_MS) return true;
  recentPublishes.set(key, now);
  return false;
}

const PEER_ERROR_CODES: Record<string, string> = {
  ERR_WEBRTC_SUPPORT: 'no-webrtc',
  ERR_ICE_CONNECTION_FAILURE: 'ice-failed',
  ERR_ICE_CONNECTION_CLOSED: 'ice-failed',
  ERR_DATA_CHANNEL: 'data-channel',
};

/** Turns a simple-peer error into a {@link SyncError} (code by the spec's error catalogue). */
export function peerErrorToSyncError(error: Error & { code?: string }, remotePeerId: string): SyncError {
  const code = PEER_ERROR_CODES[error.code ?? ''] ?? 'connection-failed';
  return new SyncError(
    `WebRTC connection to peer ${remotePeerId} failed (${error.code ?? 'unknown'}): ${error.message}`,
    code,
    {
      cause: error,
    },
  );
}

/** The default peer connection cap: 20 plus a random 0..14. */
export function defaultMaxConns(random: () => number = Math.random): number {
  return MAX_CONNS_BASE + Math.floor(random() * (MAX_CONNS_RANDOM_SPREAD + 1));
}

/**
 * The WebSocket to use for ws(s) signalling: the platform's (browsers, Node ≥ 22), else the `ws`
 * package (Node 20 has no global WebSocket).
 */
async function resolveNativeWebSocket(): Promise<unknown> {
  const installed = nativeSignalingWebSocket();
  if (installed) return installed;
  const global = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof global === 'function') return global;
  const ws = await import('ws');
  return ws.WebSocket;
}

function hasWebRtc(peerOpts: object): boolean {
  return (
    (peerOpts as { wrtc?: unknown }).wrtc !== undefined ||
    typeof (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection === 'function'
  );
}

/**
 * A provider factory for `sync.providers`: each room joins y-webrtc with these options.
 * Reconnects, pings (15 s) and liveness (30 s) follow lib0/websocket for both transports.
 */
export function webrtcProvider(options: WebrtcProviderOptions): ProviderFactory {
  const { signaling, password, peerOpts = {} } = options;
  return (context: ProviderContext): RoomProvider =>
    new WebrtcRoom(context, signaling, password, options.maxConns ?? defaultMaxConns(), peerOpts);
}

/** One room on y-webrtc. */
class WebrtcRoom implements RoomProvider {
  readonly kind = 'network';
  readonly whenLoaded = Promise.resolve();
  private provider: WebrtcProvider | undefined;
  private isDestroyed = false;
  private hasConnected = false;
  private status: ConnectionStatus | undefined;
  private lastDecryptReportMs = -Infinity;
  private readonly watchedConnections = new WeakMap<PeerConnection, number>();
  private readonly unwatch: (() => void)[] = [];
  private stuckJoinTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly context: ProviderContext,
    private readonly signaling: string[],
    private readonly password: string | undefined,
    private readonly maxConns: number,
    private readonly peerOpts: object,
  ) {
    this.setStatus('connecting');
    if (!hasWebRtc(peerOpts)) {
      context.reportError(
        new SyncError(
          'WebRTC is not available here: pass peerOpts.wrtc (e.g. @roamhq/wrtc) in Node',
          'no-webrtc',
        ),
      );
      this.setStatus('disconnected');
      return;
    }
    void this.start();
  }

  private async start(): Promise<void> {
    let native: unknown;
    try {
      native = await resolveNativeWebSocket();
    } catch (error) {
      this.context.reportError(
        new SyncError('No WebSocket implementation for signalling', 'connection-failed', { cause: error }),
      );
      this.setStatus('disconnected');
      return;
    }
    if (this.isDestroyed) return;
    installSignalingSocket(native as Parameters<typeof installSignalingSocket>[0]);
    setInboundSignalingFilter(acceptSignalingMessage);
    for (const url of this.signaling) registerSignalingUrl(url);
    const { context } = this;
    const provider = new WebrtcProvider(context.room, context.doc, {
      signaling: this.signaling,
      awareness: context.awareness,
      maxConns: this.maxConns,
      peerOpts: this.peerOpts,
      ...(this.password === undefined ? {} : { password: this.password }),
    });
    this.provider = provider;
    guards.set(context.room, {
      key: provider.key,
      hasConnectionTo: (peerId) => provider.room?.webrtcConns.has(peerId) ?? false,
      reportUndecryptable: (error) => this.reportUndecryptable(error),
      resolveGlare: (signal) => this.resolveGlare(signal),
    });
    const onPeers = (): void => this.watchConnections();
    provider.on('peers', onPeers);
    this.unwatch.push(() => provider.off('peers', onPeers));
    const onSignaling = (): void => this.updateStatus();
    for (const conn of provider.signalingConns) {
      const onDisconnect = (): void => {
        this.context.reportError(
          new SyncError(`Lost the signalling connection to ${conn.url}; reconnecting`, 'connection-failed'),
        );
        this.updateStatus();
      };
      conn.on('connect', onSignaling);
      conn.on('disconnect', onDisconnect);
      this.unwatch.push(() => {
        conn.off('connect', onSignaling);
        conn.off('disconnect', onDisconnect);
      });
    }
    this.stuckJoinTimer = setInterval(() => this.checkConnections(), STUCK_JOIN_CHECK_INTERVAL_MS);
    this.updateStatus();
  }

  /** Attaches error and state listeners to peer connections y-webrtc created since the last look. */
  private watchConnections(): void {
    const conns = this.provider?.room?.webrtcConns as Map<string, PeerConnection> | undefined;
    if (!conns) return;
    for (const conn of conns.values()) {
      if (this.watchedConnections.has(conn)) continue;
      this.watchedConnections.set(conn, Date.now() + STUCK_JOIN_MS + Math.random() * STUCK_JOIN_JITTER_MS);
      conn.peer.on('error', (error) => {
        if (!this.isDestroyed) this.context.reportError(peerErrorToSyncError(error, conn.remotePeerId));
      });
      conn.peer.on('connect', () => this.updateStatus());
      conn.peer.on('close', () => this.updateStatus());
    }
    this.updateStatus();
  }

  /** Tears down connections that were found through signalling but never opened (see STUCK_JOIN_MS). */
  private checkConnections(): void {
    this.watchConnections();
    const conns = this.provider?.room?.webrtcConns as Map<string, PeerConnection> | undefined;
    if (!conns) return;
    const now = Date.now();
    for (const conn of [...conns.values()]) {
      const deadline = this.watchedConnections.get(conn) ?? Infinity;
      // y-webrtc's close handler removes it from the room and announces this peer again.
      if (!conn.connected && !conn.closed && now > deadline) conn.destroy();
    }
  }

  /**
   * Both peers sent an offer (each saw the other's announce). y-webrtc keeps the offer with the
   * higher glare token but then feeds the winning offer to the losing side's *initiator* peer,
   * which simple-peer refuses ("have-local-offer"): the pair then waits for the stuck-join timer.
   * So when the remote offer wins, the losing initiator is dropped quietly here (without the close
   * handler, which would remove its successor) and y-webrtc answers on a fresh connection.
   */
  private resolveGlare(signal: PeerSignal & { token?: unknown }): void {
    if (signal.type !== 'signal' || signal.signal?.type !== 'offer') return;
    const conns = this.provider?.room?.webrtcConns as Map<string, PeerConnection> | undefined;
    const existing = conns?.get(signal.from);
    if (!conns || !existing || existing.connected || !existing.peer.initiator) return;
    const localToken = existing.glareToken;
    if (localToken !== undefined && typeof signal.token === 'number' && localToken > signal.token) return;
    conns.delete(signal.from);
    existing.peer.removeAllListeners('close');
    existing.peer.destroy();
  }

  private updateStatus(): void {
    if (this.isDestroyed || !this.provider) return;
    const signalingUp = this.provider.signalingConns.some((conn) => conn.connected);
    const conns = this.provider.room?.webrtcConns as Map<string, PeerConnection> | undefined;
    const peerUp = conns ? [...conns.values()].some((conn) => conn.connected) : false;
    if (signalingUp || peerUp) {
      this.hasConnected = true;
      this.setStatus('connected');
    } else {
      this.setStatus(this.hasConnected ? 'disconnected' : 'connecting');
    }
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.context.setStatus(status);
  }

  private reportUndecryptable(error: SyncError): void {
    const now = Date.now();
    if (now - this.lastDecryptReportMs < DECRYPT_ERROR_REPORT_INTERVAL_MS) return;
    this.lastDecryptReportMs = now;
    this.context.reportError(error);
  }

  destroy(): void {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    clearInterval(this.stuckJoinTimer);
    for (const stop of this.unwatch.splice(0)) stop();
    const provider = this.provider;
    if (provider) {
      // disconnect() releases the shared signalling sockets; destroy() alone would leave them open.
      provider.disconnect();
      provider.destroy();
      for (const url of this.signaling) unregisterSignalingUrl(url);
      if (guards.get(this.context.room)?.key === provider.key) guards.delete(this.context.room);
    }
    this.status = 'destroyed';
    this.context.setStatus('destroyed');
  }
}
