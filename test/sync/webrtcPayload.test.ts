import { describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import { toBase64 } from 'lib0/buffer';
import { isSyncError } from 'wp-entities/sync';
import { decryptSignal, isPeerSignal } from '../../src/sync/providers/signalingPayload.js';
import { defaultMaxConns, peerErrorToSyncError } from '../../src/sync/providers/webrtcProvider.js';

async function keyFor(password: string, room: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt: new TextEncoder().encode(room), iterations: 100_000, hash: 'SHA-256' },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Encrypts as y-webrtc does: writeAny plaintext, AES-GCM, envelope (algorithm, iv, cipher), base64. */
async function encryptAsYWebrtc(value: unknown, key: CryptoKey, algorithm = 'AES-GCM'): Promise<string> {
  const plain = encoding.createEncoder();
  encoding.writeAny(plain, value as never);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoding.toUint8Array(plain));
  const envelope = encoding.createEncoder();
  encoding.writeVarString(envelope, algorithm);
  encoding.writeVarUint8Array(envelope, iv);
  encoding.writeVarUint8Array(envelope, new Uint8Array(cipher));
  return toBase64(encoding.toUint8Array(envelope));
}

describe('isPeerSignal', () => {
  it('accepts announces and signals y-webrtc can process', () => {
    expect(isPeerSignal({ type: 'announce', from: 'a' })).toBe(true);
    expect(isPeerSignal({ type: 'signal', from: 'a', to: 'b', signal: { type: 'offer', sdp: '…' } })).toBe(
      true,
    );
    expect(isPeerSignal({ type: 'signal', from: 'a', to: 'b', signal: { candidate: {} } })).toBe(true);
  });
  it.each([
    ['no from', { type: 'announce' }],
    ['a signal without signal', { type: 'signal', from: 'a' }],
    ['a non-string to', { type: 'signal', from: 'a', to: 5, signal: {} }],
    ['an unknown type', { type: 'hello', from: 'a' }],
    ['null', null],
    ['a non-string signal type', { type: 'signal', from: 'a', signal: { type: 7 } }],
  ])('drops %s (it would throw inside y-webrtc)', (_label, payload) => {
    expect(isPeerSignal(payload)).toBe(false);
  });
});

describe('decryptSignal', () => {
  it('opens what y-webrtc encrypts with the same password and room', async () => {
    const key = await keyFor('s3cret', 'site/postType/post/1');
    const sealed = await encryptAsYWebrtc({ type: 'announce', from: 'peer-1' }, key);
    await expect(decryptSignal(sealed, key)).resolves.toEqual({ type: 'announce', from: 'peer-1' });
  });
  it('rejects another password with a decrypt-failed SyncError', async () => {
    const sealed = await encryptAsYWebrtc({ type: 'announce', from: 'x' }, await keyFor('s3cret', 'room'));
    const error = await decryptSignal(sealed, await keyFor('guess', 'room')).catch((e: unknown) => e);
    expect(isSyncError(error) && error.code).toBe('decrypt-failed');
  });
  it('names an unknown algorithm (unknown-encryption) and garbage (decrypt-failed)', async () => {
    const key = await keyFor('s3cret', 'room');
    const other = await encryptAsYWebrtc({}, key, 'ROT13');
    await expect(decryptSignal(other, key)).rejects.toMatchObject({ code: 'unknown-encryption' });
    await expect(decryptSignal('!!not base64 at all', key)).rejects.toMatchObject({ code: 'decrypt-failed' });
  });
});

describe('webrtcProvider helpers', () => {
  it('caps connections at 20 plus a random 0..14', () => {
    expect(defaultMaxConns(() => 0)).toBe(20);
    expect(defaultMaxConns(() => 0.9999)).toBe(34);
  });
  it.each([
    ['ERR_ICE_CONNECTION_FAILURE', 'ice-failed'],
    ['ERR_ICE_CONNECTION_CLOSED', 'ice-failed'],
    ['ERR_DATA_CHANNEL', 'data-channel'],
    ['ERR_WEBRTC_SUPPORT', 'no-webrtc'],
    ['ERR_CONNECTION_FAILURE', 'connection-failed'],
    ['ERR_SET_REMOTE_DESCRIPTION', 'connection-failed'],
  ])('reports simple-peer %s as a SyncError with code %s', (peerCode, code) => {
    const error = peerErrorToSyncError(Object.assign(new Error('boom'), { code: peerCode }), 'peer-9');
    expect(error.code).toBe(code);
    expect(error.message).toContain('peer-9');
  });
});
