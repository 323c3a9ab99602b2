/**
 * Checks every frame of one WebSocket before Hocuspocus sees it. Hocuspocus handles each message
 * on its own and would queue messages for any number of rooms; the guard closes the connection on
 * a frame that is not a Hocuspocus message (text, truncated header, unknown type) and on a
 * connection asking for more rooms than allowed. Only that connection ends: others are untouched.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';
import type { WebSocket } from 'ws';
import {
  CLOSE_MALFORMED,
  CLOSE_MESSAGE_TYPE,
  CLOSE_TOO_MANY_ROOMS,
  HIGHEST_MESSAGE_TYPE,
} from './constants.js';
import { MAX_ROOM_NAME_LENGTH } from './roomName.js';

/** Counts of what guards have refused, for tests and operators. */
export interface GuardStats {
  /** Connections closed for a malformed frame. */
  malformed: number;
  /** Connections closed for asking for too many rooms. */
  tooManyRooms: number;
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
export function guardConnection(socket: WebSocket, maxRooms: number, stats: GuardStats): void {
  const rooms = new Set<string>();
  let isClosing = false;
  const emit = socket.emit.bind(socket);
  const refuse = (close: { code: number; reason: string }, counter: keyof GuardStats): false => {
    if (!isClosing) {
      isClosing = true;
      stats[counter] += 1;
      socket.close(close.code, close.reason);
    }
    return false;
  };
  socket.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args);
    if (isClosing) return false;
    const [data, isBinary] = args;
    // Hocuspocus re-emits queued messages without the isBinary flag; those passed once already.
    const bytes = isBinary === false ? undefined : asBytes(data);
    const header = bytes && readMessageHeader(bytes);
    if (!bytes || !header) return refuse(CLOSE_MALFORMED, 'malformed');
    if (!rooms.has(header.room)) {
      if (rooms.size >= maxRooms) return refuse(CLOSE_TOO_MANY_ROOMS, 'tooManyRooms');
      rooms.add(header.room);
    }
    const delivered = emit(event, bytes, ...args.slice(1));
    // A room the client closed no longer counts towards its limit.
    if (header.type === CLOSE_MESSAGE_TYPE) rooms.delete(header.room);
    return delivered;
  };
}
