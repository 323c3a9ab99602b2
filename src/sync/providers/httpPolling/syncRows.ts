/**
 * Turning a room's rows into document changes and back: `update`/`compaction` rows are Yjs V2
 * updates, `sync_step1`/`sync_step2` rows are y-protocols sync messages (with their type prefix and
 * V1 payloads), exactly as the block editor's polling manager writes them.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { fromBase64, toBase64, type SyncUpdate } from '../../shared/pollingProtocol.js';

/** A `sync_step1` row: this document's state vector. */
export function syncStep1Row(doc: Y.Doc): SyncUpdate {
  const encoder = encoding.createEncoder();
  syncProtocol.writeSyncStep1(encoder, doc);
  return { type: 'sync_step1', data: toBase64(encoding.toUint8Array(encoder)) };
}

/** A `compaction` row: the whole document as one V2 update. */
export function compactionRow(doc: Y.Doc): SyncUpdate {
  return { type: 'compaction', data: toBase64(Y.encodeStateAsUpdateV2(doc)) };
}

/** An `update` row from a V2 update. */
export function updateRow(update: Uint8Array): SyncUpdate {
  return { type: 'update', data: toBase64(update) };
}

/** Merges `update` rows into one (bounded queues while nobody else is in the room). */
export function mergeUpdateRows(rows: readonly SyncUpdate[]): SyncUpdate {
  return updateRow(Y.mergeUpdatesV2(rows.map((row) => fromBase64(row.data))));
}

/**
 * Applies one row from another client to `doc` with `origin`; returns the `sync_step2` reply a
 * `sync_step1` asks for. Throws on bytes that are not what the row type says.
 */
export function applyRow(doc: Y.Doc, row: SyncUpdate, origin: unknown): SyncUpdate | undefined {
  const bytes = fromBase64(row.data);
  switch (row.type) {
    case 'update':
    case 'compaction':
      Y.applyUpdateV2(doc, bytes, origin);
      return undefined;
    case 'sync_step1':
    case 'sync_step2': {
      const encoder = encoding.createEncoder();
      syncProtocol.readSyncMessage(decoding.createDecoder(bytes), encoder, doc, origin);
      // readSyncMessage writes a step-2 reply only for a step 1.
      return encoding.length(encoder) > 0
        ? { type: 'sync_step2', data: toBase64(encoding.toUint8Array(encoder)) }
        : undefined;
    }
    default:
      return undefined;
  }
}
