/**
 * Turning a room's rows into document changes and back: `update`/`compaction` rows are Yjs V2
 * updates, `sync_step1`/`sync_step2` rows are y-protocols sync messages (with their type prefix and
 * V1 payloads), exactly as the block editor's polling manager writes them.
 *
 * The relay refuses a row whose base64 is over 1 MB. A change, a compaction or a sync step 2
 * larger than that (a long post's whole state) leaves as several rows of the same kind, each a part
 * of the state (`splitUpdate`): a compaction as one `compaction` row (the relay then drops the rows
 * it replaces) followed by `update` rows, a step 2 as several step 2 messages. Every piece is a
 * valid row the block editor applies as it applies any other.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { MAX_UPDATE_BYTES, fromBase64, toBase64, type SyncUpdate } from '../../shared/pollingProtocol.js';
import { splitUpdate } from '../../shared/splitUpdate.js';

/** Room left in a step message for its type prefix and the length of its payload. */
const STEP_MESSAGE_HEADER_BYTES = 16;

/** A `sync_step1` row: this document's state vector. */
export function syncStep1Row(doc: Y.Doc): SyncUpdate {
  const encoder = encoding.createEncoder();
  syncProtocol.writeSyncStep1(encoder, doc);
  return { type: 'sync_step1', data: toBase64(encoding.toUint8Array(encoder)) };
}

/**
 * The rows of a compaction: the whole document as V2, one `compaction` row when it fits the
 * relay, else a `compaction` row and `update` rows that together hold all of it.
 */
export function compactionRows(doc: Y.Doc): SyncUpdate[] {
  return splitUpdate(Y.encodeStateAsUpdateV2(doc), MAX_UPDATE_BYTES).map((piece, index) => ({
    type: index === 0 ? 'compaction' : 'update',
    data: toBase64(piece),
  }));
}

/** The `update` rows of a V2 update: one, or several that each fit the relay. */
export function updateRows(update: Uint8Array): SyncUpdate[] {
  return splitUpdate(update, MAX_UPDATE_BYTES).map((piece) => ({ type: 'update', data: toBase64(piece) }));
}

/** Merges `update` rows into as few as fit the relay (bounded queues while nobody else is in the room). */
export function mergeUpdateRows(rows: readonly SyncUpdate[]): SyncUpdate[] {
  return updateRows(Y.mergeUpdatesV2(rows.map((row) => fromBase64(row.data))));
}

/**
 * Applies one row from another client to `doc` with `origin`; returns the `sync_step2` reply a
 * `sync_step1` asks for (several step 2 rows when the state the asker lacks is over the relay's
 * limit), else none. Throws on bytes that are not what the row type says.
 */
export function applyRow(doc: Y.Doc, row: SyncUpdate, origin: unknown): SyncUpdate[] {
  const bytes = fromBase64(row.data);
  switch (row.type) {
    case 'update':
    case 'compaction':
      Y.applyUpdateV2(doc, bytes, origin);
      return [];
    case 'sync_step1':
    case 'sync_step2': {
      const encoder = encoding.createEncoder();
      syncProtocol.readSyncMessage(decoding.createDecoder(bytes), encoder, doc, origin);
      // readSyncMessage writes a step-2 reply only for a step 1.
      if (encoding.length(encoder) === 0) return [];
      const reply = encoding.toUint8Array(encoder);
      if (reply.byteLength <= MAX_UPDATE_BYTES) return [{ type: 'sync_step2', data: toBase64(reply) }];
      return splitStep2(reply);
    }
    default:
      return [];
  }
}

/** A step 2 message over the relay's limit as several step 2 messages, each with a part of its V1 update. */
function splitStep2(message: Uint8Array): SyncUpdate[] {
  const decoder = decoding.createDecoder(message);
  decoding.readVarUint(decoder); // messageYjsSyncStep2
  const update = decoding.readVarUint8Array(decoder);
  return splitUpdate(update, MAX_UPDATE_BYTES - STEP_MESSAGE_HEADER_BYTES, 'v1').map((piece) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
    encoding.writeVarUint8Array(encoder, piece);
    return { type: 'sync_step2', data: toBase64(encoding.toUint8Array(encoder)) };
  });
}
