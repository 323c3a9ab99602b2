/**
 * Checks every frame of one WebSocket before Hocuspocus sees it, and bounds what a connection can
 * make the server hold before it has authenticated. Hocuspocus handles each message on its own and
 * queues a room's messages until its authentication passed, for any number of rooms; the guard
 * closes the connection on:
 *
 * - a frame that is not a Hocuspocus message (text, truncated header, unknown type);
 * - more rooms than allowed: a room counts from its first frame, and a close frame frees its
 *   place only once the room was authenticated (before that, Hocuspocus still holds its queue);
 * - more authentication attempts than allowed over the connection's life;
 * - more bytes waiting for authentication than the budget, all rooms together;
 * - no authenticated room within the deadline (from the start, and again whenever the connection
 *   is left with none).
 *
 * After the server refused or revoked a room, nothing more is delivered. Only that connection
 * ends: others are untouched.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';
import type { WebSocket } from 'ws';
import {
  AUTH_MESSAGE_TYPE,
  CLOSE_AUTH_TIMEOUT,
  CLOSE_MALFORMED,
  CLOSE_MESSAGE_TYPE,
  CLOSE_TOO_MANY_AUTH_ATTEMPTS,
  CLOSE_TOO_MANY_ROOMS,
  CLOSE_UNAUTHENTICATED_BYTES,
  HIGHEST_MESSAGE_TYPE,
} from './constants.js';
import { MAX_ROOM_NAME_LENGTH } from '../shared/roomName.js';

/** Counts of what guards have refused, for tests and operators. */
export interface GuardStats {
  /** Connections closed for a malformed frame. */
  malformed: number;
  /** Connections closed for asking for too many rooms. */
  tooManyRooms: number;
  /** Connections closed for too many authentication attempts. */
  tooManyAuthAttempts: number;
  /** Connections closed for sending more than the budget before authenticating. */
  unauthenticatedBytes: number;
  /** Connections closed for not authenticating in time. */
  authTimeouts: number;
}

/** The limits {@link guardConnection} enforces. */
export interface ConnectionLimits {
  /** Rooms one connection may have open (or waiting for authentication). */
  readonly maxRooms: number;
  /** Authentication attempts over the connection's life. */
  readonly maxAuthAttempts: number;
  /** Bytes of frames waiting for authentication, all rooms together. */
  readonly maxUnauthenticatedBytes: number;
  /** How long a connection may go without an authenticated room. */
  readonly authTimeoutMs: number;
}

/** What the server tells a guard about its connection. */
export interface ConnectionGuard {
  /** WordPress let this connection into `room`: its frames no longer count against the budget. */
  authenticated(room: string): void;
  /** Delivers nothing more and closes the connection with `close`. */
  end(close: { code: number; reason: string }): void;
  /** True once the connection is ending (refused, over a limit, or closed). */
  readonly isEnded: boolean;
}

/** Reads the room and type at the start of a Hocuspocus message; `undefined` when malformed. */
export function readMessageHeader(data: Uint8Array): { room: string; type: number } | undefined {
  try {
    const decoder = decoding.createDecoder(data);
    const room = decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    if (room.length === 0 || room.length > MAX_ROOM_NAME_LENGTH) return undefined;
    if (!Number.isInteger(type) || type < 0 || type > HIGHEST_MESSAGE_TYPE) return undefined;
    return { room, type };
  } catch {
    return undefined;
  }
}

/**
 * Whether an authentication message decodes whole past its header (sub-type, token): Hocuspocus
 * reads it outside any check of its own and logs the stack of a read past the end, so a frame cut
 * short would let a client write a log entry per frame.
 */
export function isWholeAuthMessage(data: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(data);
    decoding.readVarString(decoder);
    decoding.readVarUint(decoder);
    decoding.readVarUint(decoder);
    decoding.readVarString(decoder);
    return true;
  } catch {
    return false;
  }
}

function asBytes(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  // ws hands fragmented messages over as an array of Buffers.
  if (Array.isArray(data) && data.every((part) => part instanceof Uint8Array)) return Buffer.concat(data);
  return undefined;
}

/**
 * Installs the guard on a socket before it is handed to Hocuspocus. It wraps the socket's own
 * `emit`, the one place ws delivers messages, so a refused frame reaches no listener at all.
 */
export function guardConnection(
  socket: WebSocket,
  limits: ConnectionLimits,
  stats: GuardStats,
  onRefused?: (reason: string) => void,
): ConnectionGuard {
  const rooms = new Set<string>();
  const authenticatedRooms = new Set<string>();
  /** Bytes each room not yet authenticated has queued. */
  const waitingBytes = new Map<string, number>();
  let totalWaitingBytes = 0;
  let authAttempts = 0;
  let isClosing = false;
  let authTimer: ReturnType<typeof setTimeout> | undefined;

  const end = (close: { code: number; reason: string }): void => {
    if (isClosing) return;
    isClosing = true;
    // Once per connection, and only for one never let in: what an unauthenticated client costs the log.
    if (authenticatedRooms.size === 0) onRefused?.(close.reason);
    clearTimeout(authTimer);
    socket.close(close.code, close.reason);
  };
  const refuse = (close: { code: number; reason: string }, counter: keyof GuardStats): false => {
    if (!isClosing) stats[counter] += 1;
    end(close);
    return false;
  };
  const startAuthDeadline = (): void => {
    clearTimeout(authTimer);
    authTimer = setTimeout(() => refuse(CLOSE_AUTH_TIMEOUT, 'authTimeouts'), limits.authTimeoutMs);
    authTimer.unref?.();
  };
  startAuthDeadline();
  socket.once('close', () => {
    // Counts as ending for the server too (it stops asking WordPress about this connection).
    isClosing = true;
    clearTimeout(authTimer);
  });

  const emit = socket.emit.bind(socket);
  socket.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args);
    if (isClosing) return false;
    const [data, isBinary] = args;
    // Hocuspocus re-emits a room's queued messages once it is authenticated, without the isBinary
    // flag (ws always passes it); those passed the guard once already.
    if (isBinary === undefined) return emit(event, ...args);
    const bytes = isBinary === false ? undefined : asBytes(data);
    const header = bytes && readMessageHeader(bytes);
    if (!bytes || !header) return refuse(CLOSE_MALFORMED, 'malformed');
    const { room, type } = header;
    if (!rooms.has(room)) {
      if (rooms.size >= limits.maxRooms) return refuse(CLOSE_TOO_MANY_ROOMS, 'tooManyRooms');
      rooms.add(room);
    }
    if (!authenticatedRooms.has(room)) {
      if (type === AUTH_MESSAGE_TYPE && !isWholeAuthMessage(bytes))
        return refuse(CLOSE_MALFORMED, 'malformed');
      if (type === AUTH_MESSAGE_TYPE) {
        authAttempts += 1;
        if (authAttempts > limits.maxAuthAttempts) {
          return refuse(CLOSE_TOO_MANY_AUTH_ATTEMPTS, 'tooManyAuthAttempts');
        }
      }
      totalWaitingBytes += bytes.length;
      waitingBytes.set(room, (waitingBytes.get(room) ?? 0) + bytes.length);
      if (totalWaitingBytes > limits.maxUnauthenticatedBytes) {
        return refuse(CLOSE_UNAUTHENTICATED_BYTES, 'unauthenticatedBytes');
      }
    }
    const delivered = emit(event, bytes, ...args.slice(1));
    // A room the client closed after it was set up no longer counts; Hocuspocus forgot it.
    if (type === CLOSE_MESSAGE_TYPE && authenticatedRooms.delete(room)) {
      rooms.delete(room);
      if (authenticatedRooms.size === 0) startAuthDeadline();
    }
    return delivered;
  };

  return {
    authenticated(room: string): void {
      if (isClosing) return;
      authenticatedRooms.add(room);
      totalWaitingBytes -= waitingBytes.get(room) ?? 0;
      waitingBytes.delete(room);
      clearTimeout(authTimer);
      authTimer = undefined;
    },
    end,
    get isEnded() {
      return isClosing;
    },
  };
}
