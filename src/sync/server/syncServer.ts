/**
 * The sync server: Hocuspocus behind a WordPress permission check, with Redis for several server
 * processes and for persistence. Node only (`wp-entities/sync/server`).
 *
 * A connection may open a room only when WordPress, asked with the client's token, lets that user
 * edit the room's record; otherwise it gets reason `forbidden`, is closed (with any other rooms it
 * had open: `websocketProvider` uses one connection per room), and never receives a byte of the
 * document (Hocuspocus sends nothing of a room before its authentication passed). When WordPress
 * cannot answer (slow, down, or the server's queue of checks is full) the reason is `unavailable`
 * and the client retries later: a refusal is only ever WordPress's own.
 *
 * Made to face the internet:
 * - a live connection's permission is asked again periodically and whenever WordPress refuses its
 *   token elsewhere; a revoked user leaves every room, told `permission-revoked` ({@link LiveAccessRegistry});
 * - before authentication nothing accumulates: a deadline, a byte budget, a room count a close
 *   frame does not reset, bounded attempts ({@link guardConnection}); refused tokens are cached and
 *   WordPress is asked a few questions at a time, fairly ({@link WordPressAuthorizer});
 * - with Redis, an edit is applied and forwarded at once, whatever Redis is doing, and acknowledged
 *   only after it is stored ({@link RedisPersistence}); while Redis is away a room keeps its unstored
 *   updates (bounded) and stores them when it returns;
 * - an update that changes what the user may not change (publish, author, sticky, password, terms,
 *   HTML without `unfiltered_html`) is refused before it enters the room ({@link EditGuardExtension}).
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hocuspocus, type Extension, type onAuthenticatePayload } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';
import { ArgumentError } from '../../../core/errors.js';
import { guardConnection, type ConnectionGuard, type GuardStats } from './connectionGuard.js';
import {
  CLOSE_FORBIDDEN,
  CLOSE_GOING_AWAY,
  CLOSE_REFUSED_CHANGE,
  CLOSE_REVOKED,
  CLOSE_UNAVAILABLE,
  DEFAULT_AUTH_CACHE_MS,
  DEFAULT_AUTH_TIMEOUT_MS,
  DEFAULT_CHECK_QUEUE_TIMEOUT_MS,
  DEFAULT_IDLE_ROOM_EXPIRY_MS,
  DEFAULT_MAX_CONCURRENT_CHECKS,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_ROOMS_PER_CONNECTION,
  DEFAULT_MAX_UNAUTHENTICATED_BYTES,
  DEFAULT_RECHECK_INTERVAL_MS,
  DEFAULT_REFUSED_TOKEN_CACHE_MS,
  DEFAULT_STORE_DEBOUNCE_MS,
  DEFAULT_STORE_MAX_DEBOUNCE_MS,
  FORBIDDEN_REASON,
  UNAVAILABLE_REASON,
} from './constants.js';
import { EditGuardExtension } from './editGuardExtension.js';
import { OwnEchoFilter } from './ownEchoFilter.js';
import { savedMarkupOf, savedValuesOf } from '../shared/guardedFields.js';
import type { RecordCapabilities } from '../shared/recordCapabilities.js';
import { LiveAccessRegistry, type LiveAccess } from './liveAccess.js';
import { createRefusalLog } from './refusalLog.js';
import { DEFAULT_MAX_UNSTORED_BYTES, RedisPersistence } from './redisPersistence.js';
import { RoomRelay } from './roomRelay.js';
import { parseRoomName, siteOfRestRoot } from '../shared/roomName.js';
import { DEFAULT_SYNCED_ENTITIES, type EntitySyncRules } from '../../../core/entitySync.js';
import { WordPressAuthorizer, type AccessVerdict } from './wordpressAuthorizer.js';

/** Options of {@link createSyncServer}. */
export interface SyncServerOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to bind. @default '127.0.0.1' */
  host?: string;
  /** The REST root of the WordPress whose records the rooms hold, e.g. `https://example.com/wp-json`. */
  wordpress: string;
  /**
   * A Redis URL (`redis://127.0.0.1:6379`). With it, any number of servers share rooms and every
   * room's document is persisted there; without it, rooms live in this process's memory only.
   * @default undefined
   */
  redis?: string;
  /**
   * The site part rooms must carry (`${site}/${kind}/${name}/${id}`).
   * @default host + path of `wordpress` (`example.com/wp-json`), as `SyncOptions.room` builds it
   */
  site?: string;
  /**
   * The entities whose records sync, and how (each entity config's `sync`: `config.sync`). Pass
   * your own configs' rules beside the defaults when an app syncs entities of its own.
   * @default DEFAULT_SYNCED_ENTITIES (every post type, `root/site`)
   */
  entities?: readonly EntitySyncRules[];
  /** Largest WebSocket message in bytes; a larger one closes that connection (code 1009). @default 8388608 */
  maxMessageBytes?: number;
  /**
   * Most rooms one connection may have open or waiting for authentication; one more closes it. A
   * room's place is freed by its close frame only once it was authenticated. @default 64
   */
  maxRoomsPerConnection?: number;
  /** Authentication attempts one connection may make over its life. @default maxRoomsPerConnection */
  maxAuthAttemptsPerConnection?: number;
  /** Bytes one connection may send for rooms not authenticated yet. @default 65536 */
  maxUnauthenticatedBytes?: number;
  /** How long a connection may stay without an authenticated room before it is closed. @default 10000 */
  authTimeoutMs?: number;
  /** How long WordPress's answer is reused per (token, record) for new joins. @default 10000 */
  authCacheMs?: number;
  /** How often a live connection's permission is asked of WordPress again. @default 30000 */
  recheckIntervalMs?: number;
  /** How long a token WordPress answered 401 is refused without asking. @default 30000 */
  refusedTokenCacheMs?: number;
  /** Questions to WordPress in flight at once. @default 8 */
  maxConcurrentChecks?: number;
  /** The longest a join waits for its check to start before it is told `unavailable`. @default 5000 */
  checkQueueTimeoutMs?: number;
  /**
   * With Redis: acknowledge each update only once it is stored, so a killed server loses nothing a
   * client was told is saved. The update is applied and forwarded at once either way; only its
   * acknowledgement waits. @default true
   */
  durableAcknowledgements?: boolean;
  /**
   * With durable acknowledgements: the most bytes of updates one room may hold that Redis has not
   * stored yet (Redis away or slow). Past it the room's next update is refused (close code 4507,
   * `storage-unavailable`) and the client sends it again when it reconnects. @default 8388608
   */
  maxUnstoredBytesPerRoom?: number;
  /** A room is stored this long after its last change… @default 2000 */
  storeDebounceMs?: number;
  /** …and at least this often while it changes. @default 10000 */
  storeMaxDebounceMs?: number;
  /** A room nobody used for this long is deleted from Redis. @default 604800000 (7 days) */
  idleRoomExpiryMs?: number;
  /** The `fetch` used to ask WordPress. @default globalThis.fetch */
  fetch?: typeof fetch;
  /**
   * Where the server writes one short line (at most 200 bytes: the peer's address and the server's
   * own reason, nothing the client sent) per connection refused before it was let into a room; past
   * ten lines a minute, one summary line a minute counts the rest. @default none (nothing is written)
   */
  log?: (line: string) => void;
  /**
   * Whether a user may change one meta key through a shared edit: WordPress checks meta per key
   * with `auth_callback`s the server cannot see. @default `defaultMetaRule` (protected keys need
   * `wp:action-assign-author`, other keys are open to whoever may edit the post)
   */
  mayChangeMeta?: (key: string, can: RecordCapabilities) => boolean;
}

/** Counters of one server, for tests and operators. */
export interface SyncServerStats extends GuardStats {
  /** Rooms refused with `forbidden` (bad room name, other site, or WordPress said no). */
  refused: number;
  /** Rooms opened after WordPress said yes. */
  authorised: number;
  /** Joins answered `unavailable` (WordPress slow or down, or the queue of checks full). */
  unavailable: number;
  /** Connections closed because WordPress withdrew their permission. */
  revoked: number;
  /** Updates refused by the shared-edit guard (their connections were closed). */
  refusedChanges: number;
}

/** A running sync server. */
export interface SyncServer {
  /** `ws://host:port`, what `websocketProvider({ url })` takes. */
  readonly url: string;
  /** Counters since start. */
  readonly stats: Readonly<SyncServerStats>;
  /** Stores every open room, closes every connection (clients reconnect elsewhere) and stops. */
  close(): Promise<void>;
}

/** Thrown by the authentication hook; Hocuspocus sends `reason` to the client. */
class RoomRefused extends Error {
  constructor(readonly reason: string) {
    // An empty message keeps Hocuspocus from logging every refusal (it logs non-empty ones).
    super('');
    this.name = 'RoomRefused';
  }
}

function checkPositive(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ArgumentError(
      `createSyncServer option "${name}" must be a positive number, got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * A Redis client. `isPipelined`: the commands issued in one turn of the event loop go out in one
 * write (one system call for every room's appends of that turn); for the store's client, which
 * never subscribes.
 */
function redisClient(url: string, isPipelined: boolean): Redis {
  // Commands wait (queued) while Redis restarts instead of failing after 20 retries.
  const client = new Redis(url, {
    maxRetriesPerRequest: null,
    lazyConnect: false,
    enableAutoPipelining: isPipelined,
  });
  // ioredis reconnects by itself; without a listener it prints every failed attempt.
  client.on('error', () => undefined);
  return client;
}

/** How long a closing server lets messages received before the close reach their documents. */
const MESSAGE_SETTLE_MS = 100;

/** How long a closing server waits for a client to answer its close frame. */
const CLOSE_HANDSHAKE_MS = 1_000;

/** Sends a close frame and resolves once the socket is closed (cut after {@link CLOSE_HANDSHAKE_MS}). */
function closeSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) return resolve();
    const timer = setTimeout(() => socket.terminate(), CLOSE_HANDSHAKE_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.close(CLOSE_GOING_AWAY.code, CLOSE_GOING_AWAY.reason);
  });
}

/**
 * Starts a sync server. Resolves once it listens.
 *
 * @throws ArgumentError when `wordpress` is not an http(s) URL or a limit is not a positive number.
 */
export async function createSyncServer(options: SyncServerOptions): Promise<SyncServer> {
  if (typeof options?.wordpress !== 'string' || !/^https?:\/\//i.test(options.wordpress)) {
    throw new ArgumentError(
      'createSyncServer needs { wordpress: "http(s)://…/wp-json" }, the REST root of the site.',
    );
  }
  const maxMessageBytes = checkPositive(
    options.maxMessageBytes,
    'maxMessageBytes',
    DEFAULT_MAX_MESSAGE_BYTES,
  );
  const maxRooms = checkPositive(
    options.maxRoomsPerConnection,
    'maxRoomsPerConnection',
    DEFAULT_MAX_ROOMS_PER_CONNECTION,
  );
  const site = options.site ?? siteOfRestRoot(options.wordpress);
  const entities = options.entities ?? DEFAULT_SYNCED_ENTITIES;
  const limits = {
    maxRooms,
    maxAuthAttempts: checkPositive(
      options.maxAuthAttemptsPerConnection,
      'maxAuthAttemptsPerConnection',
      maxRooms,
    ),
    maxUnauthenticatedBytes: checkPositive(
      options.maxUnauthenticatedBytes,
      'maxUnauthenticatedBytes',
      DEFAULT_MAX_UNAUTHENTICATED_BYTES,
    ),
    authTimeoutMs: checkPositive(options.authTimeoutMs, 'authTimeoutMs', DEFAULT_AUTH_TIMEOUT_MS),
  };
  const recheckIntervalMs = checkPositive(
    options.recheckIntervalMs,
    'recheckIntervalMs',
    DEFAULT_RECHECK_INTERVAL_MS,
  );
  const stats: SyncServerStats = {
    refused: 0,
    authorised: 0,
    unavailable: 0,
    revoked: 0,
    refusedChanges: 0,
    malformed: 0,
    tooManyRooms: 0,
    tooManyAuthAttempts: 0,
    unauthenticatedBytes: 0,
    authTimeouts: 0,
  };
  /** Each connection's guard and live accesses, by its upgrade request (what Hocuspocus hooks get). */
  const connections = new WeakMap<
    IncomingMessage,
    {
      socket: WebSocket;
      guard: ConnectionGuard;
      accesses: Set<LiveAccess>;
      /** The connection's questions to WordPress, one after another. */
      checks: Promise<unknown>;
      /** Set at the first refusal: the connection is closing, nothing more is asked about it. */
      isRefused: boolean;
    }
  >();
  const liveAccess = new LiveAccessRegistry({
    recheckIntervalMs,
    check: (token, record, question) => authorizer.check(token, record, question),
    revoke: (access) => {
      stats.revoked += 1;
      // Hocuspocus closes the connection's rooms when its socket closes.
      access.socket.close(CLOSE_REVOKED.code, CLOSE_REVOKED.reason);
    },
  });
  const authorizer = new WordPressAuthorizer({
    wordpress: options.wordpress,
    cacheMs: options.authCacheMs ?? DEFAULT_AUTH_CACHE_MS,
    refusedTokenCacheMs: options.refusedTokenCacheMs ?? DEFAULT_REFUSED_TOKEN_CACHE_MS,
    gate: {
      concurrency: checkPositive(
        options.maxConcurrentChecks,
        'maxConcurrentChecks',
        DEFAULT_MAX_CONCURRENT_CHECKS,
      ),
      queueTimeoutMs: checkPositive(
        options.checkQueueTimeoutMs,
        'checkQueueTimeoutMs',
        DEFAULT_CHECK_QUEUE_TIMEOUT_MS,
      ),
    },
    onRefused: (tokenKey, record, status) => liveAccess.refused(tokenKey, record, status),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const extensions: Extension[] = [
    // First: a refused update is neither stored nor applied.
    new EditGuardExtension({
      close: CLOSE_REFUSED_CHANGE,
      ...(options.mayChangeMeta ? { mayChangeMeta: options.mayChangeMeta } : {}),
      onRefused: (socket, refused) => {
        stats.refusedChanges += 1;
        // The close reason is at most 123 bytes: the first field names what was refused.
        const reason =
          `${CLOSE_REFUSED_CHANGE.reason}: ${refused.map((change) => change.field).join(', ')}`.slice(0, 120);
        socket.close(CLOSE_REFUSED_CHANGE.code, reason);
      },
    }),
    new OwnEchoFilter(),
  ];
  let storeClient: Redis | undefined;
  if (options.redis !== undefined) {
    const url = options.redis;
    const instanceId = `wp-entities-${randomUUID()}`;
    storeClient = redisClient(url, true);
    extensions.push(
      new RedisPersistence({
        redis: storeClient,
        instanceId,
        idleExpiryMs: options.idleRoomExpiryMs ?? DEFAULT_IDLE_ROOM_EXPIRY_MS,
        isDurable: options.durableAcknowledgements ?? true,
        maxUnstoredBytes: checkPositive(
          options.maxUnstoredBytesPerRoom,
          'maxUnstoredBytesPerRoom',
          DEFAULT_MAX_UNSTORED_BYTES,
        ),
      }),
      new RoomRelay({
        identifier: instanceId,
        prefix: 'wp-entities:rooms',
        // Not pipelined: one of the extension's two clients subscribes, and which one it makes
        // first is its own business.
        createClient: () => redisClient(url, false),
      }),
    );
  }

  const hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: options.storeDebounceMs ?? DEFAULT_STORE_DEBOUNCE_MS,
    maxDebounce: options.storeMaxDebounceMs ?? DEFAULT_STORE_MAX_DEBOUNCE_MS,
    extensions,
    async onAuthenticate({
      token,
      documentName,
      request,
    }: onAuthenticatePayload): Promise<{ access: LiveAccess }> {
      const connection = connections.get(request);
      const record = parseRoomName(documentName, entities);
      const ask = async (): Promise<AccessVerdict> =>
        record === undefined ||
        record.site !== site ||
        connection === undefined ||
        connection.isRefused ||
        connection.guard.isEnded
          ? { kind: 'forbidden', status: 0 }
          : authorizer.check(token, record, { source: request.socket.remoteAddress ?? '' });
      // One question at a time per connection: joins a socket queued behind a refusal are refused
      // without asking WordPress (the connection is ending), not asked about one by one.
      const turn = (connection?.checks ?? Promise.resolve()).then(ask);
      if (connection) connection.checks = turn.catch(() => undefined);
      const verdict = await turn;
      if (verdict.kind === 'allowed' && record !== undefined && connection !== undefined) {
        stats.authorised += 1;
        connection.guard.authenticated(documentName);
        const access: LiveAccess = {
          socket: connection.socket,
          record,
          token,
          tokenKey: WordPressAuthorizer.tokenKey(token),
          capabilities: verdict.capabilities,
          savedMarkup: savedMarkupOf(verdict.saved, record.rules),
          savedValues: savedValuesOf(verdict.saved, record.rules),
          checkedAt: Date.now(),
        };
        connection.accesses.add(access);
        liveAccess.add(access);
        // Hocuspocus keeps this in the room connection's context, where the edit guard reads it.
        return { access };
      }
      const close = verdict.kind === 'unavailable' ? CLOSE_UNAVAILABLE : CLOSE_FORBIDDEN;
      if (connection) connection.isRefused = true;
      if (verdict.kind === 'unavailable') stats.unavailable += 1;
      else stats.refused += 1;
      // Hocuspocus sends the refusal right after this hook throws; ending on the next turn puts
      // the close frame after it, so the client reads the reason before the socket ends. Nothing
      // the connection sends meanwhile is delivered.
      setTimeout(() => connection?.guard.end(close), 0);
      throw new RoomRefused(verdict.kind === 'unavailable' ? UNAVAILABLE_REASON : FORBIDDEN_REASON);
    },
  });

  const refusals = options.log === undefined ? undefined : createRefusalLog({ write: options.log });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  sockets.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // Without a listener, a socket error (bad frame, reset) would be thrown and end the process.
    socket.on('error', () => undefined);
    const address = request.socket.remoteAddress ?? '';
    const connection = {
      socket,
      guard: guardConnection(socket, limits, stats, (reason) => refusals?.refused(address, reason)),
      accesses: new Set<LiveAccess>(),
      checks: Promise.resolve() as Promise<unknown>,
      isRefused: false,
    };
    connections.set(request, connection);
    socket.once('close', () => {
      for (const access of connection.accesses) liveAccess.remove(access);
    });
    hocuspocus.handleConnection(socket, request);
  });

  const http: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('wp-entities sync server\n');
  });
  http.on('upgrade', (request, socket, head) => {
    socket.on('error', () => undefined);
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const stopRechecks = liveAccess.start();
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopRechecks();
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      // Disconnect everyone first (clients reconnect elsewhere), so no change arrives after the
      // last store; a client that does not answer the close handshake is cut after a moment.
      await Promise.all([...sockets.clients].map((socket) => closeSocket(socket)));
      sockets.close();
      http.closeAllConnections();
      // Hocuspocus stores a room when its last connection leaves; run what is still waiting for
      // its debounce and wait for stores in flight, so Redis is not disconnected under them.
      // Hocuspocus applies a message only after its async beforeHandleMessage hooks: give the
      // messages that arrived just before a close time to land in their documents.
      await new Promise((resolve) => setTimeout(resolve, MESSAGE_SETTLE_MS));
      await Promise.all(
        [...hocuspocus.documents.values()].map(async (document) => {
          await Promise.resolve(hocuspocus.debouncer.executeNow(`onStoreDocument-${document.name}`)).catch(
            () => undefined,
          );
          await document.saveMutex.waitForUnlock();
        }),
      );
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus }).catch(() => undefined);
      refusals?.close();
      storeClient?.disconnect(false);
      await stopped;
    })();
    return closing;
  };

  return { url, stats, close };
}
