/**
 * Hand-built Hocuspocus frames and raw sockets, for attacks a real provider would never make.
 *
 * @module
 */
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';

/** An authentication frame carrying `token` for `room`. */
export function authFrame(room: string, token: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, 2);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

/** A sync frame for `room` carrying `payload` as its state vector (junk the server must not keep). */
export function syncFrame(room: string, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint8Array(encoder, payload);
  return encoding.toUint8Array(encoder);
}

/** The frame a client sends when it leaves `room`. */
export function closeFrame(room: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, 7);
  return encoding.toUint8Array(encoder);
}

/** A raw socket and how it ended. */
export interface RawSocket {
  readonly socket: WebSocket;
  /** Resolves with the close code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string; at: number }>;
  readonly isOpen: () => boolean;
}

/** Opens a raw WebSocket (from `localAddress`, any 127/8 address) and resolves once it is open. */
export async function openRaw(url: string, localAddress?: string): Promise<RawSocket> {
  const socket = new WebSocket(url, localAddress ? { localAddress } : {});
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('close', () => reject(new Error('closed before it opened')));
  });
  return { socket, closed, isOpen: () => socket.readyState === WebSocket.OPEN };
}

/** A token shaped like an application password that WordPress does not know. */
export function garbageToken(): string {
  const random = (): string => Math.random().toString(36).slice(2, 10);
  return `Basic ${Buffer.from(`nobody-${random()}:${random()}${random()}${random()}`).toString('base64')}`;
}
