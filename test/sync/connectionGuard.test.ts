import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import { readMessageHeader } from '../../src/sync/server/connectionGuard.js';

function header(room: string, type: number): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, type);
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
