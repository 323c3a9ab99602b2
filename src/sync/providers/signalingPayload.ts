/**
 * What a peer may publish into a room through signalling, checked before y-webrtc sees it.
 * y-webrtc trusts these payloads: a `signal` without `signal`, or (with a password) a payload that
 * does not decrypt would throw inside its message handler or leave an unhandled rejection. Here
 * such payloads are recognised and dropped.
 */
import * as decoding from 'lib0/decoding';
import { fromBase64 } from 'lib0/buffer';
import { SyncError } from '../../../core/errors.js';

/** A y-webrtc signalling payload that is safe to hand to y-webrtc. */
export interface PeerSignal {
  type: 'announce' | 'signal';
  from: string;
  to?: string;
  signal?: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when `payload` is shaped like an announce or a signal y-webrtc can process. Whether the
 * connection a signal refers to still exists is decided later, at delivery (signalAdmission.ts).
 */
export function isPeerSignal(payload: unknown): payload is PeerSignal {
  if (!isRecord(payload) || typeof payload.from !== 'string') return false;
  if (payload.to !== undefined && typeof payload.to !== 'string') return false;
  if (payload.type === 'announce') return true;
  if (payload.type !== 'signal' || !isRecord(payload.signal)) return false;
  const signalType = payload.signal.type;
  return signalType === undefined || typeof signalType === 'string';
}

/**
 * Decrypts a password room's signalling payload (base64 of: varString algorithm `AES-GCM`,
 * varUint8Array iv, varUint8Array ciphertext; plaintext is lib0 `writeAny`), as y-webrtc writes it.
 * Throws a {@link SyncError}: `unknown-encryption` for another algorithm, `decrypt-failed` when
 * the key does not open it (a different password) or the envelope is garbage.
 */
export async function decryptSignal(base64: string, key: CryptoKey): Promise<unknown> {
  let iv: Uint8Array;
  let cipher: Uint8Array;
  try {
    const decoder = decoding.createDecoder(fromBase64(base64));
    const algorithm = decoding.readVarString(decoder);
    if (algorithm !== 'AES-GCM') {
      throw new SyncError(
        `Unknown encryption algorithm "${algorithm.slice(0, 40)}" in a signalling message`,
        'unknown-encryption',
      );
    }
    iv = decoding.readVarUint8Array(decoder);
    cipher = decoding.readVarUint8Array(decoder);
  } catch (error) {
    if (error instanceof SyncError) throw error;
    throw new SyncError(
      'A signalling message could not be decrypted: its envelope is malformed',
      'decrypt-failed',
      { cause: error },
    );
  }
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as Uint8Array<ArrayBuffer> },
      key,
      cipher as Uint8Array<ArrayBuffer>,
    );
  } catch (error) {
    throw new SyncError(
      'A peer in this room uses a different password: its signalling could not be decrypted, so no connection is made',
      'decrypt-failed',
      { cause: error },
    );
  }
  try {
    return decoding.readAny(decoding.createDecoder(new Uint8Array(plain)));
  } catch {
    return undefined;
  }
}
