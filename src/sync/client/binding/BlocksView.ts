/**
 * The document's blocks as the binding reads them, at one block's cost per change: each top-level
 * block map keeps its plain JSON and its serialization until a transaction changes something inside
 * it, so after a keystroke in block 900 only block 900 is read and serialized again; the post's
 * content is the cached pieces joined (with `BlockCodec.serializeBlock`), and `clientId`s are looked
 * up in an index that is rebuilt only when a lookup misses.
 *
 * Every transaction of the document, this person's and everyone else's, goes through
 * {@link BlocksView.noteTransaction}: that is what keeps the caches true.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import * as Y from 'yjs';
import { sharedBlocksOf, type SharedBlocks } from '../../shared/blockDoc.js';
import type { BlockCodec, SyncBlock } from '../../shared/blockCodec.js';

/** Any shared type, as `transaction.changed` keys them. */
type YType = Y.AbstractType<Y.YEvent<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

type BlockMap = Y.Map<unknown>;

/** What one top-level block map gave when last read (dropped when anything inside it changes). */
interface BlockReading {
  json?: SyncBlock;
  serialized?: string;
}

/** The separator `@wordpress/blocks`' `serialize` puts between top-level blocks. */
const BLOCK_SEPARATOR = '\n\n';

/** Blocks per run of the content joined ahead (a changed block rejoins its run, then the runs are linked). */
const CHUNK = 64;

/**
 * The top-level blocks in order, with what was read of each by position: rebuilt when a block is
 * added or removed, updated at one position when one block changes.
 */
interface Order {
  readonly maps: readonly BlockMap[];
  readonly positions: Map<BlockMap, number>;
  readonly jsons: (SyncBlock | undefined)[];
  readonly serialized: (string | undefined)[];
  /** The serializations of each run of {@link CHUNK} blocks, joined. */
  readonly chunks: (string | undefined)[];
}

/** The blocks of one document, read once per change of each block. */
export class BlocksView {
  /** The blocks array the readings below belong to (a peer may replace `document.blocks`). */
  private array: SharedBlocks | undefined;
  private readonly readings = new WeakMap<BlockMap, BlockReading>();
  private order: Order | undefined;
  /** Every block map (inner ones too) by `clientId`, first in document order; rebuilt on a miss. */
  private index: Map<string, BlockMap> | undefined;
  /** The list {@link blocks} last returned and the content {@link content} last returned. */
  private list: readonly SyncBlock[] | undefined;
  private joined: string | undefined;
  /** True when the blocks changed since observers were last told (a read inside a transaction saw it first). */
  private isNoticePending = false;
  /** Moves whenever the blocks change (what {@link blocks} observes). */
  private readonly changes = observable.box(0);

  constructor(
    private readonly doc: Y.Doc,
    private readonly documentMap: Y.Map<unknown>,
    private readonly codec: BlockCodec,
  ) {}

  /**
   * After each transaction: drops what it made stale (see {@link dropStale}). Returns true when it
   * changed the blocks (then {@link blocks}' observers run again).
   */
  noteTransaction(transaction: Y.Transaction): boolean {
    this.dropStale(transaction);
    if (!this.isNoticePending) return false;
    this.isNoticePending = false;
    runInAction(() => this.changes.set(this.changes.get() + 1));
    return true;
  }

  /**
   * Drops the readings of the top-level blocks `transaction` changed something inside, the list
   * and the content; returns true when it changed the blocks.
   */
  private dropStale(transaction: Y.Transaction): boolean {
    const array = sharedBlocksOf(this.documentMap);
    let isChanged = false;
    if (array !== this.array) {
      this.array = array;
      this.index = undefined;
      this.order = undefined;
      isChanged = true;
    } else if (array !== undefined) {
      for (const type of transaction.changed.keys()) {
        const block = this.topLevelBlockOf(array, type);
        if (block === undefined) continue;
        isChanged = true;
        if (block === type) this.order = undefined;
        else this.forget(block as unknown as BlockMap);
      }
    }
    if (isChanged) {
      this.isNoticePending = true;
      this.list = undefined;
      this.joined = undefined;
    }
    return isChanged;
  }

  /**
   * Inside a transaction, what it changed so far is not noted yet: drops that first, so a read in
   * the middle of a write sees the write.
   */
  private catchUp(): void {
    const transaction = this.doc._transaction;
    if (transaction !== null) this.dropStale(transaction);
  }

  /**
   * The top-level block map `type` lies in, `array` itself when `type` is the array (a block added
   * or removed), `undefined` when `type` is outside the blocks. Walks up the parents: a block's
   * depth, not the post's length.
   */
  private topLevelBlockOf(array: SharedBlocks, type: YType): YType | undefined {
    if (type === (array as unknown as YType)) return type;
    let current: YType = type;
    for (;;) {
      const parent = current._item?.parent;
      if (!(parent instanceof Y.AbstractType)) return undefined;
      if (parent === (array as unknown as YType)) return current;
      current = parent as YType;
    }
  }

  /** Forgets what was read of one top-level block (something inside it changed). */
  private forget(block: BlockMap): void {
    this.readings.delete(block);
    const order = this.order;
    const at = order?.positions.get(block);
    if (order === undefined || at === undefined) return;
    order.jsons[at] = undefined;
    order.serialized[at] = undefined;
    order.chunks[Math.floor(at / CHUNK)] = undefined;
  }

  /** The blocks (observable), unchanged blocks as the same objects as in the last list. */
  blocks(): readonly SyncBlock[] {
    this.changes.get();
    this.catchUp();
    if (this.list !== undefined) return this.list;
    const order = this.currentOrder();
    this.list = order.maps.map((_block, at) => this.jsonAt(order, at));
    return this.list;
  }

  /**
   * The content the blocks serialize to. With `serializeBlock` and two blocks or more: the cached
   * serializations joined (a run of blocks at a time, so a change rejoins one run and links the
   * runs); otherwise the codec serializes the whole list.
   */
  content(): string {
    this.catchUp();
    if (this.joined !== undefined) return this.joined;
    const order = this.currentOrder();
    const serializeBlock = this.codec.serializeBlock;
    const count = order.maps.length;
    if (serializeBlock === undefined || count < 2) {
      this.joined = this.codec.serialize(order.maps.map((_block, at) => this.jsonAt(order, at)));
      return this.joined;
    }
    const { chunks, serialized } = order;
    for (let chunk = 0; chunk * CHUNK < count; chunk++) {
      if (chunks[chunk] !== undefined) continue;
      const pieces: string[] = [];
      for (let at = chunk * CHUNK; at < Math.min(count, (chunk + 1) * CHUNK); at++) {
        let piece = serialized[at];
        if (piece === undefined) {
          const reading = this.readingOf(order.maps[at] as BlockMap);
          reading.serialized ??= serializeBlock(this.jsonAt(order, at));
          piece = serialized[at] = reading.serialized;
        }
        pieces.push(piece);
      }
      chunks[chunk] = pieces.join(BLOCK_SEPARATOR);
    }
    // Concatenated, not joined: the engine links the runs instead of copying the whole post, and
    // copies it only if someone reads it through.
    let joined = chunks[0] as string;
    for (let chunk = 1; chunk < chunks.length; chunk++) joined += BLOCK_SEPARATOR + (chunks[chunk] as string);
    this.joined = joined;
    return joined;
  }

  /**
   * Where `next` (new content for the whole post) differs from the blocks: the top-level blocks
   * `from` to `to` (end excluded) are replaced by what `next` holds from `start` to `end`, every
   * other block's serialization being in `next` as it is, with its separators. `undefined` when
   * that cannot be told safely (no `serializeBlock`, fewer than two blocks, or a changed run whose
   * block delimiters or comments do not close: parsed alone it could read differently than in the
   * whole post). Native string comparisons, one per unchanged block: no parse, no diff of the post.
   */
  changedRun(next: string): { from: number; to: number; start: number; end: number } | undefined {
    if (this.codec.serializeBlock === undefined) return undefined;
    this.content();
    const order = this.currentOrder();
    const pieces = order.serialized;
    const count = pieces.length;
    if (count < 2 || pieces.some((piece) => piece === undefined)) return undefined;
    const separator = BLOCK_SEPARATOR.length;
    let from = 0;
    let start = 0;
    while (from < count) {
      const piece = pieces[from] as string;
      if (!next.startsWith(piece, start) || !next.startsWith(BLOCK_SEPARATOR, start + piece.length)) break;
      start += piece.length + separator;
      from++;
    }
    let to = count;
    let end = next.length;
    while (to > from) {
      const piece = pieces[to - 1] as string;
      if (!next.endsWith(piece, end) || !next.endsWith(BLOCK_SEPARATOR, end - piece.length)) break;
      end -= piece.length + separator;
      to--;
    }
    // A deleted block: the separator before the next block was counted on both sides.
    while (end < start && to < count) {
      end += (pieces[to] as string).length + separator;
      to++;
    }
    if (end < start) return undefined;
    return isClosedRun(next.slice(start, end)) ? { from, to, start, end } : undefined;
  }

  /** The top-level blocks in order (rebuilt after a block was added or removed). */
  private currentOrder(): Order {
    const array = this.currentArray();
    if (this.order !== undefined) return this.order;
    const maps = array === undefined ? [] : array.toArray();
    const positions = new Map<BlockMap, number>();
    maps.forEach((block, at) => positions.set(block, at));
    this.order = {
      maps,
      positions,
      jsons: maps.map((block) => this.readings.get(block)?.json),
      serialized: maps.map((block) => this.readings.get(block)?.serialized),
      chunks: [],
    };
    return this.order;
  }

  private jsonAt(order: Order, at: number): SyncBlock {
    let json = order.jsons[at];
    if (json === undefined) json = order.jsons[at] = this.jsonOf(order.maps[at] as BlockMap);
    return json;
  }

  /** The block map with `clientId` (inner blocks too), `undefined` when none has it. */
  blockMap(clientId: string): BlockMap | undefined {
    this.catchUp();
    const array = this.currentArray();
    if (array === undefined) return undefined;
    const known = this.index?.get(clientId);
    if (known !== undefined && this.isLiveBlock(array, known, clientId)) return known;
    this.index = indexOf(array);
    return this.index.get(clientId);
  }

  /** True when `block` still has `clientId` and lies in `array` (not deleted, not moved out). */
  private isLiveBlock(array: SharedBlocks, block: BlockMap, clientId: string): boolean {
    const item = block._item;
    if (item === null || item.deleted || block.get('clientId') !== clientId) return false;
    return Y.isParentOf(array as unknown as Y.AbstractType<unknown>, item);
  }

  /** The document's blocks array, noted as the one the readings belong to. */
  private currentArray(): SharedBlocks | undefined {
    const array = sharedBlocksOf(this.documentMap);
    if (array !== this.array) {
      this.array = array;
      this.index = undefined;
      this.order = undefined;
      this.list = undefined;
      this.joined = undefined;
    }
    return array;
  }

  private readingOf(block: BlockMap): BlockReading {
    let reading = this.readings.get(block);
    if (reading === undefined) {
      reading = {};
      this.readings.set(block, reading);
    }
    return reading;
  }

  private jsonOf(block: BlockMap): SyncBlock {
    const reading = this.readingOf(block);
    reading.json ??= block.toJSON() as SyncBlock;
    return reading.json;
  }
}

/** A block delimiter of the block grammar (opener, closer or void), as `@wordpress/blocks` finds them. */
const DELIMITER = /<!--\s+(\/)?wp:[a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?\s+(?:\{[\s\S]*?\}\s+)?(\/)?-->/g;

/**
 * True when `run` parses alone as it would inside the post: its comments all close, and its block
 * delimiters open and close in pairs.
 */
function isClosedRun(run: string): boolean {
  if (run.split('<!--').length !== run.split('-->').length) return false;
  let depth = 0;
  for (const [, closing, selfClosing] of run.matchAll(DELIMITER)) {
    if (selfClosing !== undefined) continue;
    depth += closing === undefined ? 1 : -1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** Every block map among `blocks` and their inner blocks by `clientId`, the first in document order. */
function indexOf(blocks: SharedBlocks): Map<string, BlockMap> {
  const index = new Map<string, BlockMap>();
  const visit = (list: Y.Array<unknown>): void => {
    for (const block of list) {
      if (!(block instanceof Y.Map)) continue;
      const clientId = block.get('clientId');
      if (typeof clientId === 'string' && !index.has(clientId)) index.set(clientId, block);
      const inner = block.get('innerBlocks');
      if (inner instanceof Y.Array) visit(inner as Y.Array<unknown>);
    }
  };
  visit(blocks as Y.Array<unknown>);
  return index;
}
