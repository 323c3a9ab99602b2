/**
 * The Yjs update a Hocuspocus message carries, if any: a sync message (`Sync` or `SyncReply`)
 * whose step is 2 (a client's answer with what the server lacks) or an update. The sync server
 * stores it before it is applied and acknowledged, and the shared-edit guard judges it.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';

/** Hocuspocus `MessageType.Sync` and `MessageType.SyncReply`. */
const SYNC_MESSAGE_TYPES = new Set([0, 4]);
/** y-protocols' `messageYjsSyncStep2` and `messageYjsUpdate`. */
const UPDATE_STEPS = new Set([1, 2]);

/** The update in a Hocuspocus message, or `undefined` for every other message (and malformed ones). */
export function syncMessageUpdate(message: Uint8Array): Uint8Array | undefined {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    if (!SYNC_MESSAGE_TYPES.has(decoding.readVarUint(decoder))) return undefined;
    if (!UPDATE_STEPS.has(decoding.readVarUint(decoder))) return undefined;
    return decoding.readVarUint8Array(decoder);
  } catch {
    return undefined;
  }
}
