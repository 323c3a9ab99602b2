/**
 * Splitting one Yjs update into several smaller ones that, applied one after the other, leave a
 * document in the same state as the one update: how a long post's state crosses a relay that
 * refuses rows over 1 MB (`wp-sync/v1`'s `MAX_UPDATE_DATA_SIZE`). Each piece is itself a complete
 * update in the same encoding (V1 or V2): its structs are a run of clock ranges of the original,
 * its delete set a part of the original's. Apply them in the order given, as the relay delivers a
 * sender's rows (in the order it stored them): a struct that needs one of a later piece waits in
 * Yjs's pending store until that piece comes. Shuffled, pieces can end waiting on one another
 * (Yjs retries its pending structs only when an update moves a client past what they wait for).
 *
 * A struct whose content alone is over the budget (a paragraph of a million characters inserted
 * at once) is cut into two structs at a character, as Yjs itself splits an item when someone types
 * inside it; a struct that cannot be cut (binary content, an embed) and is over the budget alone is
 * refused with a `SyncError` (`length-exceeded`).
 *
 * @module
 */
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { SyncError } from '../../../core/errors.js';

/** The two encodings of a Yjs update: V2 for `update`/`compaction` rows, V1 inside sync steps. */
export type UpdateFormat = 'v1' | 'v2';

type Struct = Y.Item | Y.GC | Y.Skip;
type DeleteRange = { clock: number; len: number };
type Encoder = Y.UpdateEncoderV1 | Y.UpdateEncoderV2;

/** Bytes every struct costs at least, on top of its content (info, ids, lengths). */
const STRUCT_OVERHEAD = 12;
/** Bytes a range of the delete set costs at most (two varints and the client's share). */
const DELETE_RANGE_BYTES = 12;
/** Pieces are packed to this share of the limit: estimates are estimates, and a piece over is cut again. */
const PACK_SHARE = 0.85;

/**
 * Splits `update` (encoded as `format`) into updates of at most `maxBytes` each; an update already
 * small enough comes back as the only piece, unchanged.
 *
 * @throws SyncError (`length-exceeded`) when one struct that cannot be cut is larger than `maxBytes`.
 * @throws RangeError when `maxBytes` is not a positive integer of at least 1,024.
 */
export function splitUpdate(update: Uint8Array, maxBytes: number, format: UpdateFormat = 'v2'): Uint8Array[] {
  if (!Number.isInteger(maxBytes) || maxBytes < 1024) {
    throw new RangeError(
      `splitUpdate: maxBytes must be an integer of at least 1024, got ${String(maxBytes)}.`,
    );
  }
  if (update.byteLength <= maxBytes) return [update];
  const decoded = format === 'v2' ? Y.decodeUpdateV2(update) : Y.decodeUpdate(update);
  const budget = Math.floor(maxBytes * PACK_SHARE);
  const structs = cutLargeStructs(decoded.structs as Struct[], budget);
  const deletes = deleteRanges(decoded.ds as { clients: Map<number, DeleteRange[]> });

  const pieces: Uint8Array[] = [];
  const emit = (part: readonly Struct[], dels: readonly [number, DeleteRange][]): void => {
    const bytes = encodePiece(part, dels, format);
    if (bytes.byteLength <= maxBytes) {
      pieces.push(bytes);
      return;
    }
    // The estimate was short: halve the piece and try each half.
    if (part.length + dels.length <= 1) {
      throw new SyncError(
        `One change of ${bytes.byteLength} bytes cannot be split to fit ${maxBytes} bytes.`,
        'length-exceeded',
      );
    }
    if (part.length > 1) {
      const half = Math.ceil(part.length / 2);
      emit(part.slice(0, half), []);
      emit(part.slice(half), dels);
    } else {
      const half = Math.ceil(dels.length / 2);
      emit(part, dels.slice(0, half));
      emit([], dels.slice(half));
    }
  };

  let run: Struct[] = [];
  let size = 0;
  for (const struct of structs) {
    const cost = estimateStruct(struct);
    if (run.length > 0 && size + cost > budget) {
      emit(run, []);
      run = [];
      size = 0;
    }
    run.push(struct);
    size += cost;
  }
  let dels: [number, DeleteRange][] = [];
  for (const entry of deletes) {
    if ((run.length > 0 || dels.length > 0) && size + DELETE_RANGE_BYTES > budget) {
      emit(run, dels);
      run = [];
      dels = [];
      size = 0;
    }
    dels.push(entry);
    size += DELETE_RANGE_BYTES;
  }
  if (run.length > 0 || dels.length > 0 || pieces.length === 0) emit(run, dels);
  return pieces;
}

/** The structs with every cuttable struct over `budget` cut into pieces under it. */
function cutLargeStructs(structs: readonly Struct[], budget: number): Struct[] {
  const out: Struct[] = [];
  for (const struct of structs) {
    let rest = struct;
    while (rest instanceof Y.Item && estimateStruct(rest) > budget && rest.length > 1) {
      const at = cutPoint(rest, budget);
      if (at === undefined) break;
      const [left, right] = cutItem(rest, at);
      out.push(left);
      rest = right;
    }
    out.push(rest);
  }
  return out;
}

/** Where to cut `item` so that its left part fits `budget`, or undefined when its content cannot be cut. */
function cutPoint(item: Y.Item, budget: number): number | undefined {
  const content = item.content;
  if (content instanceof Y.ContentString) {
    // Three bytes per UTF-16 unit at most; never between the halves of a surrogate pair.
    let at = Math.max(1, Math.min(item.length - 1, Math.floor((budget - STRUCT_OVERHEAD) / 3)));
    const code = content.str.charCodeAt(at - 1);
    if (code >= 0xd800 && code <= 0xdbff) at -= 1;
    return at >= 1 ? at : undefined;
  }
  if (
    content instanceof Y.ContentAny ||
    content instanceof Y.ContentJSON ||
    content instanceof Y.ContentDeleted
  ) {
    // Cut by the share of the estimate, at least one element to each side.
    const share = budget / estimateStruct(item);
    return Math.max(1, Math.min(item.length - 1, Math.floor(item.length * share)));
  }
  return undefined;
}

/** `item` as two items, `at` units apart: the right one continues the left, as Yjs splits on typing. */
function cutItem(item: Y.Item, at: number): [Y.Item, Y.Item] {
  const rightContent = item.content.splice(at);
  const { client, clock } = item.id;
  const right = new Y.Item(
    Y.createID(client, clock + at),
    null,
    Y.createID(client, clock + at - 1),
    null,
    item.rightOrigin,
    item.parent,
    item.parentSub,
    rightContent,
  );
  return [item, right];
}

/** What a struct costs in an update, about (content by its UTF-8 or JSON size). */
function estimateStruct(struct: Struct): number {
  if (!(struct instanceof Y.Item)) return STRUCT_OVERHEAD;
  const content = struct.content;
  let bytes = STRUCT_OVERHEAD + (struct.parentSub?.length ?? 0) * 3;
  // A decoded struct names a root type by its key (a string).
  const parent: unknown = struct.parent;
  if (typeof parent === 'string') bytes += parent.length * 3;
  if (content instanceof Y.ContentString) bytes += utf8Length(content.str);
  else if (content instanceof Y.ContentAny || content instanceof Y.ContentJSON)
    bytes += content.arr.reduce((sum: number, value: unknown) => sum + jsonLength(value), 0);
  else if (content instanceof Y.ContentBinary) bytes += content.content.byteLength + 4;
  else if (content instanceof Y.ContentEmbed) bytes += jsonLength(content.embed);
  else if (content instanceof Y.ContentFormat) bytes += content.key.length * 3 + jsonLength(content.value);
  else if (content instanceof Y.ContentDoc) bytes += content.doc.guid.length * 3 + jsonLength(content.opts);
  else bytes += 8;
  return bytes;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  return bytes;
}

function jsonLength(value: unknown): number {
  return value === undefined ? 1 : utf8Length(JSON.stringify(value) ?? '') + 2;
}

/** The delete set as (client, range) pairs, clients in the order Yjs writes them (highest first). */
function deleteRanges(ds: { clients: Map<number, DeleteRange[]> }): [number, DeleteRange][] {
  const entries: [number, DeleteRange][] = [];
  for (const [client, ranges] of [...ds.clients.entries()].sort((a, b) => b[0] - a[0])) {
    for (const range of ranges) entries.push([client, range]);
  }
  return entries;
}

/**
 * One update of `structs` (in the original's order: by client, clocks ascending) and the delete
 * ranges `dels`, written as Yjs writes an update: per client a count, the client, the first clock
 * and the structs; then the delete set.
 */
function encodePiece(
  structs: readonly Struct[],
  dels: readonly [number, DeleteRange][],
  format: UpdateFormat,
): Uint8Array {
  const encoder: Encoder = format === 'v2' ? new Y.UpdateEncoderV2() : new Y.UpdateEncoderV1();
  const runs: Struct[][] = [];
  for (const struct of structs) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0]?.id.client === struct.id.client) last.push(struct);
    else runs.push([struct]);
  }
  // A run neither starts nor ends with a gap marker (a Skip says "not in this update").
  const trimmed = runs.map((run) => trimSkips(run)).filter((run) => run.length > 0);
  encoding.writeVarUint(encoder.restEncoder, trimmed.length);
  for (const run of trimmed) {
    const first = run[0] as Struct;
    encoding.writeVarUint(encoder.restEncoder, run.length);
    encoder.writeClient(first.id.client);
    encoding.writeVarUint(encoder.restEncoder, first.id.clock);
    for (const struct of run) struct.write(encoder, 0);
  }
  const byClient = new Map<number, DeleteRange[]>();
  for (const [client, range] of dels) {
    const ranges = byClient.get(client);
    if (ranges === undefined) byClient.set(client, [range]);
    else ranges.push(range);
  }
  encoding.writeVarUint(encoder.restEncoder, byClient.size);
  for (const [client, ranges] of byClient) {
    encoder.resetDsCurVal();
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, ranges.length);
    for (const range of ranges) {
      encoder.writeDsClock(range.clock);
      encoder.writeDsLen(range.len);
    }
  }
  return encoder.toUint8Array();
}

function trimSkips(run: Struct[]): Struct[] {
  let start = 0;
  let end = run.length;
  while (start < end && run[start] instanceof Y.Skip) start++;
  while (end > start && run[end - 1] instanceof Y.Skip) end--;
  return start === 0 && end === run.length ? run : run.slice(start, end);
}
