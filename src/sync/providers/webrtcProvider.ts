/**
 * `webrtcProvider`: a record's room over y-webrtc. Peers find each other through signalling
 * servers (ws(s):// WebSocket or http(s):// HTTP signalling, see HttpSignaling.ts) and then talk
 * directly over WebRTC data channels. What this adds to y-webrtc:
 * - every incoming signalling message is checked (and, with a password, decrypted) before
 *   y-webrtc sees it, so malformed input or a wrong password becomes a `SyncError` in
 *   `sync.errors` instead of a thrown exception or an unhandled rejection; whether the connection
 *   a signal refers to still exists is checked at the instant y-webrtc acts on it (for password
 *   rooms the already decrypted signal is handed over, so y-webrtc does not decrypt it again
 *   later, when the check could be stale);
 * - outgoing signalling never throws: sent while the connection is open, held while it
 *   reconnects, dropped and reported as a `SyncError` when it is closed (signalingSocket.ts);
 * - leaving says goodbye, falls quiet, then closes (see {@link LEAVE_GRACE_MS}), an order
 *   in which @roamhq/wrtc does not crash;
 * - peer failures (connection, ICE, data channel, no WebRTC) are reported as `SyncError`s;
 * - the connection status is reported to the sync core;
 * - a connection stuck half-way is torn down and re-announced (y-webrtc 10.3.0 can otherwise
 *   wait forever when two password peers join at the same instant).
 */
import { WebrtcProvider } from 'y-webrtc';
import { removeAwarenessStates, type Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { SyncError } from '../../../core/errors.js';
import type { ConnectionStatus, ProviderContext, ProviderFactory, RoomProvider } from './provider.js';
import {
  DECRYPT_ERROR_REPORT_INTERVAL_MS,
  DUPLICATE_PUBLISH_WINDOW_MS,
  LEAVE_GRACE_MS,
  MAX_CONNS_BASE,
  MAX_CONNS_RANDOM_SPREAD,
  STUCK_JOIN_CHECK_INTERVAL_MS,
  STUCK_JOIN_JITTER_MS,
  STUCK_JOIN_MS,
} from '../shared/signalingConstants.js';
import { admitSignal } from './signalAdmission.js';
import { decryptSignal, isPeerSignal, type PeerSignal } from './signalingPayload.js';
import {
  installSignalingSocket,
  nativeSignalingWebSocket,
  registerSignalingUrl,
  setInboundSignalingFilter,
  setSignalingFailureReporter,
  unregisterSignalingUrl,
  type InboundAdmission,
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
    readonly destroyed?: boolean;
    removeAllListeners(event: string): void;
    destroy(): void;
    on(event: 'error', listener: (error: Error & { code?: string }) => void): void;
    on(event: 'connect' | 'close', listener: () => void): void;
  };
  destroy(): void;
}

/** y-webrtc's room (not exported by y-webrtc), as far as this module relies on it. */
interface YWebrtcRoom {
  key: CryptoKey | null;
  readonly peerId: string;
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  readonly webrtcConns: Map<string, PeerConnection>;
  readonly _docUpdateHandler: (update: Uint8Array, origin: unknown) => void;
  readonly _awarenessUpdateHandler: (
    changes: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => void;
}

/** What the shared inbound filter needs to know about each open room in this process. */
interface RoomGuard {
  readonly key: PromiseLike<CryptoKey | null>;
  /** Set while the room says goodbye: nothing new is let in. */
  isLeaving: boolean;
  reportUndecryptable(error: SyncError): void;
  reportError(error: SyncError): void;
  /** Synchronously, at delivery: whether y-webrtc may act on this signal now (may drop a stale connection first). */
  admit(signal: PeerSignal & { token?: unknown }): boolean;
  /** Runs `deliver` with y-webrtc's room key unset, so it takes an already decrypted payload as is. */
  withoutKey(deliver: () => void): void;
}

const guards = new Map<string, RoomGuard>();
/** Rooms still closing (see {@link LEAVE_GRACE_MS}); y-webrtc allows one room per name and process. */
const closingRooms = new Map<string, Promise<void>>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Lets through only messages y-webrtc handles safely: JSON objects, and for `publish` into one
 * of our rooms a payload that decrypts (password rooms) and is a well-formed announce or signal,
 * admitted (see signalAdmission.ts) at the moment it is handed to y-webrtc.
 */
async function acceptSignalingMessage(data: unknown): Promise<boolean | InboundAdmission> {
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
  if (guard.isLeaving || isDuplicatePublish(message.topic, message.data)) return false;
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
  if (!isPeerSignal(payload)) return false;
  const signal = payload;
  const topic = message.topic;
  return (deliver) => {
    // The room may have left, or been replaced by a new one of the same name, while this waited.
    if (guards.get(topic) !== guard || guard.isLeaving || !guard.admit(signal)) return;
    if (key) guard.withoutKey(() => deliver(JSON.stringify({ ...message, data: signal })));
    else deliver(data);
  };
}

/** Failures the signalling sockets absorbed go to the rooms they concerned. */
function reportSignalingFailure(topics: string[], error: SyncError): void {
  for (const topic of topics) guards.get(topic)?.reportError(error);
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
  private closing: Promise<void> | undefined;

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
    // A room of the same name that is still closing (left a moment ago) goes first.
    await closingRooms.get(this.context.room);
    if (this.isDestroyed) return;
    if (guards.has(this.context.room)) {
      // y-webrtc would throw "already exists" on a later tick, out of anyone's reach.
      this.context.reportError(
        new SyncError(
          `Room "${this.context.room}" is already open over WebRTC in this process; one provider per room`,
          'connection-failed',
        ),
      );
      this.setStatus('disconnected');
      return;
    }
    installSignalingSocket(native as Parameters<typeof installSignalingSocket>[0]);
    setInboundSignalingFilter(acceptSignalingMessage);
    setSignalingFailureReporter(reportSignalingFailure);
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
      isLeaving: false,
      reportUndecryptable: (error) => this.reportUndecryptable(error),
      reportError: (error) => {
        if (!this.isDestroyed) this.context.reportError(error);
      },
      admit: (signal) => this.admit(signal),
      withoutKey: (deliver) => this.withoutKey(deliver),
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
    const conns = this.yRoom?.webrtcConns;
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
    const conns = this.yRoom?.webrtcConns;
    if (!conns) return;
    const now = Date.now();
    for (const conn of [...conns.values()]) {
      const deadline = this.watchedConnections.get(conn) ?? Infinity;
      // y-webrtc's close handler removes it from the room and announces this peer again.
      if (!conn.connected && !conn.closed && now > deadline) conn.destroy();
    }
  }

  /** y-webrtc's room, once its key is derived. */
  private get yRoom(): YWebrtcRoom | undefined {
    return (this.provider?.room ?? undefined) as YWebrtcRoom | undefined;
  }

  /**
   * Applies {@link admitSignal} to the room's connection to the sender, right before y-webrtc
   * acts on the signal. `replace` drops the existing connection quietly (without y-webrtc's close
   * handler, which would remove its successor) so y-webrtc answers on a fresh one: when both
   * peers offered, y-webrtc would otherwise feed the winning offer to our pending initiator, which
   * simple-peer refuses ("have-local-offer"), and the pair would wait for the stuck-join timer.
   */
  private admit(signal: PeerSignal & { token?: unknown }): boolean {
    const room = this.yRoom;
    if (!room) return false;
    // Our own messages and signals between two other peers: y-webrtc ignores them, and they say
    // nothing about our connection to their sender.
    if (signal.from === room.peerId || (signal.to !== undefined && signal.to !== room.peerId)) return true;
    const conns = room.webrtcConns;
    const existing = conns.get(signal.from);
    const verdict = admitSignal(signal, existing);
    if (verdict === 'replace' && existing) {
      conns.delete(signal.from);
      existing.peer.removeAllListeners('close');
      existing.peer.destroy();
    }
    return verdict !== 'drop';
  }

  /**
   * Hands y-webrtc an already decrypted signal: its handler runs synchronously while the room key
   * is unset (y-webrtc then takes the payload as is instead of decrypting it on a later tick).
   * Nothing in that handler encrypts or publishes synchronously (simple-peer emits its offers,
   * answers and candidates on later ticks), so no signal leaves unencrypted.
   */
  private withoutKey(deliver: () => void): void {
    const room = this.yRoom;
    if (!room) return;
    const key = room.key;
    room.key = null;
    try {
      deliver();
    } finally {
      room.key = key;
    }
  }

  private updateStatus(): void {
    if (this.isDestroyed || !this.provider) return;
    const signalingUp = this.provider.signalingConns.some((conn) => conn.connected);
    const conns = this.yRoom?.webrtcConns;
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

  /**
   * Leaves the room in an order @roamhq/wrtc survives: the goodbye (this person's awareness
   * removal) goes out over every data channel, then nothing more is sent or let in for
   * {@link LEAVE_GRACE_MS}, then the data channels and peer connections close. Sending on a
   * channel at the instant the other end closes it crashes the native module; two peers leaving
   * together would otherwise do exactly that (each sends its goodbye as the other closes).
   */
  destroy(): Promise<void> {
    if (this.closing) return this.closing;
    this.isDestroyed = true;
    clearInterval(this.stuckJoinTimer);
    for (const stop of this.unwatch.splice(0)) stop();
    this.status = 'destroyed';
    this.context.setStatus('destroyed');
    const provider = this.provider;
    if (!provider) {
      this.closing = Promise.resolve();
      return this.closing;
    }
    const guard = guards.get(this.context.room);
    const isOurs = guard?.key === provider.key;
    if (guard && isOurs) guard.isLeaving = true;
    const hasOpenChannels = this.sayGoodbye(provider);
    const closing = (hasOpenChannels ? sleep(LEAVE_GRACE_MS) : Promise.resolve()).then(() => {
      // disconnect() releases the shared signalling sockets; destroy() alone would leave them open.
      provider.disconnect();
      provider.destroy();
      for (const url of this.signaling) unregisterSignalingUrl(url);
      if (isOurs && guards.get(this.context.room) === guard) guards.delete(this.context.room);
      if (closingRooms.get(this.context.room) === closing) closingRooms.delete(this.context.room);
    });
    closingRooms.set(this.context.room, closing);
    this.closing = closing;
    return closing;
  }

  /**
   * Sends the goodbye and stops y-webrtc sending anything else (document and awareness updates,
   * and its own close when the document is destroyed). True when a data channel is open.
   */
  private sayGoodbye(provider: WebrtcProvider): boolean {
    provider.doc.off('destroy', provider.destroy);
    const room = this.yRoom;
    if (!room) return false;
    removeAwarenessStates(room.awareness, [room.doc.clientID], 'leave');
    room.doc.off('update', room._docUpdateHandler);
    room.awareness.off('update', room._awarenessUpdateHandler);
    return [...room.webrtcConns.values()].some((conn) => conn.connected);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
