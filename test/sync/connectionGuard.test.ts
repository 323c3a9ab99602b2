import * as encoding from 'lib0/encoding';
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  guardConnection,
  isWholeAuthMessage,
  readMessageHeader,
} from '../../src/sync/server/connectionGuard.js';

function header(room: string, type: number): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, type);
  return encoding.toUint8Array(encoder);
}

/** A whole authentication message for `room` (header, sub-type, token). */
function authMessage(room: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeUint8Array(encoder, header(room, 2));
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarString(encoder, 'Basic token');
  return encoding.toUint8Array(encoder);
}

describe('readMessageHeader', () => {
  it('reads the room and message type a Hocuspocus frame starts with', () => {
    expect(readMessageHeader(header('site/postType/post/1', 2))).toEqual({
      room: 'site/postType/post/1',
      type: 2,
    });
  });

  it.each([
    ['an empty frame', new Uint8Array(0)],
    ['a truncated length', new Uint8Array([0xff, 0xff])],
    [
      'a room with no type',
      (() => {
        const e = encoding.createEncoder();
        encoding.writeVarString(e, 'r');
        return encoding.toUint8Array(e);
      })(),
    ],
    ['an unknown type', header('site/postType/post/1', 42)],
    ['an empty room', header('', 0)],
    ['an over-long room', header('r'.repeat(600), 0)],
  ])('rejects %s', (_what, frame) => {
    expect(readMessageHeader(frame)).toBeUndefined();
  });
});

describe('guardConnection: limits before authentication', () => {
  /** A stand-in for a ws socket: records what reached "Hocuspocus" and how it was closed. */
  function fakeSocket() {
    const delivered: Array<{ room: string; type: number }> = [];
    const socket = new EventEmitter() as EventEmitter & { close: (code: number, reason: string) => void };
    let closedWith: string | undefined;
    socket.close = (_code: number, reason: string) => {
      closedWith ??= reason;
    };
    socket.on('message', (data: Uint8Array) => {
      const parsed = readMessageHeader(data);
      if (parsed) delivered.push(parsed);
    });
    return { socket, delivered, closedWith: () => closedWith };
  }
  const limits = { maxRooms: 3, maxAuthAttempts: 4, maxUnauthenticatedBytes: 1_000, authTimeoutMs: 10_000 };
  const newStats = () => ({
    malformed: 0,
    tooManyRooms: 0,
    tooManyAuthAttempts: 0,
    unauthenticatedBytes: 0,
    authTimeouts: 0,
  });
  const send = (socket: EventEmitter, frame: Uint8Array) => socket.emit('message', frame, true);

  it('does not free the place of a room that was never authenticated when it is closed', () => {
    const { socket, closedWith } = fakeSocket();
    guardConnection(socket as never, limits, newStats());
    for (let room = 0; room < 4; room += 1) {
      send(socket, header(`r${room}`, 0));
      send(socket, header(`r${room}`, 7));
    }
    expect(closedWith()).toBe('too-many-rooms');
  });

  it('closes on an authentication message cut short, before Hocuspocus reads (and logs) it', () => {
    const { socket, closedWith } = fakeSocket();
    guardConnection(socket as never, limits, newStats());
    const whole = authMessage('r');
    expect(isWholeAuthMessage(whole)).toBe(true);
    send(socket, whole.slice(0, whole.length - 4));
    expect(closedWith()).toBe('malformed-message');
  });

  it('frees the place of an authenticated room its client closed', () => {
    const { socket, closedWith } = fakeSocket();
    const guard = guardConnection(socket as never, limits, newStats());
    for (let room = 0; room < 6; room += 1) {
      send(socket, authMessage(`r${room}`));
      guard.authenticated(`r${room}`);
      send(socket, header(`r${room}`, 7));
    }
    expect(closedWith()).toBe('too-many-auth-attempts');
  });

  it('closes a connection over the byte budget for rooms waiting for authentication', () => {
    const { socket, closedWith } = fakeSocket();
    const guard = guardConnection(socket as never, limits, newStats());
    const big = new Uint8Array(400);
    big.set(header('r', 0));
    send(socket, big);
    send(socket, big);
    guard.authenticated('r');
    send(socket, big);
    expect(closedWith()).toBeUndefined();
    send(socket, header('s', 0));
    const other = new Uint8Array(1_000);
    other.set(header('s', 0));
    send(socket, other);
    expect(closedWith()).toBe('unauthenticated-data');
  });

  it('closes a connection with no authenticated room at the deadline, and only then', () => {
    vi.useFakeTimers();
    try {
      const { socket, closedWith } = fakeSocket();
      guardConnection(socket as never, limits, newStats());
      vi.advanceTimersByTime(9_999);
      expect(closedWith()).toBeUndefined();
      vi.advanceTimersByTime(1);
      expect(closedWith()).toBe('authentication-timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});
