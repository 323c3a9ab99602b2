/**
 * Post content as the block editor keeps it in the shared document (`@wordpress/core-data` 8.1
 * `utils/crdt-blocks.ts`): `document.blocks` is a `Y.Array` with one `Y.Map` per block, and the
 * block editor treats it as the truth (its `document.content` text may be stale). Each block map
 * holds the block's own properties as the parser made them (`name`, `clientId`, `isValid`,
 * `originalContent`, …; never `validationIssues`), `attributes` as a `Y.Map`, and `innerBlocks` as
 * a nested `Y.Array` of block maps. Each attribute follows its block type's schema:
 *
 * - `type: 'rich-text'` → a `Y.Text` holding the attribute's HTML (formatting as tags in the text);
 * - `type: 'array'` with a `query` → a `Y.Array` of `Y.Map`s (each property by the query's schema);
 * - `type: 'object'` with a `query` → a `Y.Map` (the same);
 * - `role: 'local'` → not shared at all;
 * - anything else → a plain value (last writer wins).
 *
 * A change merges into the blocks in place, as core-data's does: blocks equal on both ends are kept
 * (a sweep from the left and from the right; `clientId` and inner blocks do not count), the blocks
 * between are updated property by property (a rich-text attribute by the smallest text diff, so two
 * people typing in one paragraph keep both their characters), and the rest are deleted or inserted.
 * A block keeps the `clientId` the document gave it: a parse makes new ones every time.
 *
 * @module
 */
import * as Y from 'yjs';
import { deepEqual, isPlainObject } from '../../../models/snapshot.js';
import type { BlockAttributeSchema, BlockCodec, SyncBlock } from './blockCodec.js';
import { SCRATCH_GUID, SEED_PREFIX, derivedClientId, documentMapOf, stateMapOf } from './recordDoc.js';
import { applyTextValue } from './textDiff.js';

/** The key of the blocks in the document map (the block editor's). */
export const BLOCKS_FIELD = 'blocks';

/** A block as the document holds it, as plain JSON (rich-text attributes as HTML strings). */
export type PlainBlock = Record<string, unknown> & {
  name: string;
  attributes: Record<string, unknown>;
  innerBlocks: PlainBlock[];
};

type BlockMap = Y.Map<unknown>;

/** The document's blocks: one `Y.Map` per block. */
export type SharedBlocks = Y.Array<Y.Map<unknown>>;

/** A JSON copy of `value` (a `RichTextData` becomes its HTML by its own `toJSON`). */
function plain(value: unknown): unknown {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** A block's attributes as the document shares them: no local ones, rich text as HTML strings. */
function plainAttributes(codec: BlockCodec, block: SyncBlock): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const attributes = isPlainObject(block.attributes) ? block.attributes : {};
  for (const key of Object.keys(attributes)) {
    const schema = codec.attributeSchema(block.name, key);
    if (schema?.role === 'local') continue;
    const value = attributes[key];
    result[key] = schema?.type === 'rich-text' && value != null ? String(value) : plain(value);
  }
  return result;
}

/** Blocks as the document shares them (see the module comment); `validationIssues` is dropped. */
export function plainBlocks(codec: BlockCodec, blocks: readonly SyncBlock[]): PlainBlock[] {
  return blocks.map((block) => {
    const result: PlainBlock = { name: block.name, attributes: {}, innerBlocks: [] };
    for (const key of Object.keys(block)) {
      if (key === 'validationIssues' || key === 'attributes' || key === 'innerBlocks' || key === 'name')
        continue;
      const value = block[key];
      if (value !== undefined && typeof value !== 'function') result[key] = plain(value);
    }
    result.attributes = plainAttributes(codec, block);
    result.innerBlocks = plainBlocks(codec, Array.isArray(block.innerBlocks) ? block.innerBlocks : []);
    return result;
  });
}

/** The blocks the document holds, as plain JSON (the codec serializes these). */
export function readBlocks(blocks: SharedBlocks): SyncBlock[] {
  return blocks.toJSON() as SyncBlock[];
}

/** The document's blocks array, `undefined` when it holds none (the block editor may leave it `undefined`). */
export function sharedBlocksOf(documentMap: Y.Map<unknown>): SharedBlocks | undefined {
  const value = documentMap.get(BLOCKS_FIELD);
  return value instanceof Y.Array ? (value as SharedBlocks) : undefined;
}

/** The shared type (or plain value) of `value` under `schema`. */
function sharedValueOf(schema: BlockAttributeSchema | undefined, value: unknown): unknown {
  if (schema === undefined) return value;
  if (schema.type === 'rich-text') return new Y.Text(typeof value === 'string' ? value : '');
  if (schema.type === 'array' && schema.query !== undefined && Array.isArray(value)) {
    const query = schema.query;
    const array = new Y.Array<BlockMap>();
    array.insert(
      0,
      value.map((item) => mapFromQuery(query, item)),
    );
    return array;
  }
  if (schema.type === 'object' && schema.query !== undefined && isPlainObject(value)) {
    return mapFromQuery(schema.query, value);
  }
  return value;
}

function mapFromQuery(query: Readonly<Record<string, BlockAttributeSchema>>, value: unknown): BlockMap {
  if (!isPlainObject(value)) return new Y.Map();
  return new Y.Map(Object.entries(value).map(([key, item]) => [key, sharedValueOf(query[key], item)]));
}

/** A new attributes map of `block`, each attribute by its schema. */
function newAttributesMap(codec: BlockCodec, block: PlainBlock): Y.Map<unknown> {
  return new Y.Map<unknown>(
    Object.entries(block.attributes).map(([name, value]) => [
      name,
      sharedValueOf(codec.attributeSchema(block.name, name), value),
    ]),
  );
}

/** A new block map (and its inner blocks'), with a `clientId` when the block came without one. */
function newBlockMap(codec: BlockCodec, block: PlainBlock): BlockMap {
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(block)) {
    if (key === 'attributes') {
      entries.push([key, newAttributesMap(codec, block)]);
    } else if (key === 'innerBlocks') {
      const inner = new Y.Array<BlockMap>();
      inner.insert(
        0,
        block.innerBlocks.map((child) => newBlockMap(codec, child)),
      );
      entries.push([key, inner]);
    } else {
      entries.push([key, block[key]]);
    }
  }
  if (typeof block.clientId !== 'string') entries.push(['clientId', crypto.randomUUID()]);
  return new Y.Map(entries);
}

/** True when a block and a block map agree, `clientId` aside, inner blocks included. */
function isSameBlock(block: PlainBlock, map: BlockMap): boolean {
  const { clientId: _a, innerBlocks: _b, ...own } = block;
  const { clientId: _c, innerBlocks: _d, ...shared } = map.toJSON() as PlainBlock;
  if (!deepEqual(own, shared)) return false;
  const inner = map.get('innerBlocks');
  const children = block.innerBlocks;
  if (!(inner instanceof Y.Array)) return children.length === 0;
  if (inner.length !== children.length) return false;
  return children.every((child, i) => isSameBlock(child, inner.get(i) as BlockMap));
}

/** Merges `value` into `map[key]` by `schema`, in place where the shared type fits. */
function mergeValue(
  schema: BlockAttributeSchema | undefined,
  value: unknown,
  map: Y.Map<unknown>,
  key: string,
): void {
  const current = map.get(key);
  if (schema?.type === 'rich-text' && typeof value === 'string' && current instanceof Y.Text) {
    if (current.toString() !== value) applyTextValue(current, value);
    return;
  }
  if (schema?.type === 'array' && schema.query && Array.isArray(value) && current instanceof Y.Array) {
    mergeArray(current as Y.Array<unknown>, value, schema.query);
    return;
  }
  if (schema?.type === 'object' && schema.query && isPlainObject(value) && current instanceof Y.Map) {
    mergeMap(current, value, schema.query);
    return;
  }
  const shared = sharedValueOf(schema, value);
  if (shared !== value || !map.has(key) || !deepEqual(current, value)) map.set(key, shared);
}

function mergeMap(
  map: Y.Map<unknown>,
  value: Record<string, unknown>,
  query: Readonly<Record<string, BlockAttributeSchema>>,
): void {
  for (const [key, item] of Object.entries(value)) mergeValue(query[key], item, map, key);
  for (const key of [...map.keys()]) if (!Object.prototype.hasOwnProperty.call(value, key)) map.delete(key);
}

/** The same sweep as the blocks', for an array attribute of maps (e.g. a table's rows). */
function mergeArray(
  array: Y.Array<unknown>,
  next: unknown[],
  query: Readonly<Record<string, BlockAttributeSchema>>,
): void {
  const same = (value: unknown, shared: unknown): boolean =>
    shared instanceof Y.Map ? deepEqual(value, shared.toJSON()) : deepEqual(value, shared);
  const common = Math.min(next.length, array.length);
  let left = 0;
  while (left < common && same(next[left], array.get(left))) left++;
  let right = 0;
  while (right < common - left && same(next[next.length - right - 1], array.get(array.length - right - 1)))
    right++;
  const updates = common - left - right;
  for (let i = 0; i < updates; i++) {
    const current = array.get(left + i);
    const value = next[left + i];
    if (current instanceof Y.Map && isPlainObject(value)) {
      mergeMap(current, value, query);
    } else {
      array.delete(0, array.length);
      array.insert(
        0,
        next.map((item) => mapFromQuery(query, item)),
      );
      return;
    }
  }
  const deletions = Math.max(0, array.length - next.length);
  if (deletions > 0) array.delete(left + updates, deletions);
  const insertAt = left + updates;
  const insertions = Math.max(0, next.length - array.length);
  if (insertions > 0)
    array.insert(
      insertAt,
      next.slice(insertAt, insertAt + insertions).map((item) => mapFromQuery(query, item)),
    );
}

/** Updates one block map to `block`, property by property. */
function mergeBlock(codec: BlockCodec, map: BlockMap, block: PlainBlock): void {
  for (const key of Object.keys(block)) {
    if (key === 'attributes') {
      const attributes = map.get('attributes');
      if (!(attributes instanceof Y.Map)) {
        map.set('attributes', newAttributesMap(codec, block));
        continue;
      }
      for (const [name, value] of Object.entries(block.attributes)) {
        mergeValue(codec.attributeSchema(block.name, name), value, attributes as Y.Map<unknown>, name);
      }
      for (const name of [...(attributes as Y.Map<unknown>).keys()]) {
        if (!Object.prototype.hasOwnProperty.call(block.attributes, name)) attributes.delete(name);
      }
    } else if (key === 'innerBlocks') {
      let inner = map.get('innerBlocks');
      if (!(inner instanceof Y.Array)) {
        inner = new Y.Array<BlockMap>();
        map.set('innerBlocks', inner);
      }
      mergeBlockList(codec, inner as Y.Array<BlockMap>, block.innerBlocks);
    } else if (key === 'clientId') {
      // The document's clientId stays: a parse makes a new one each time.
      if (typeof map.get('clientId') !== 'string') map.set('clientId', block.clientId);
    } else if (!map.has(key) || !deepEqual(map.get(key), block[key])) {
      map.set(key, block[key]);
    }
  }
  for (const key of [...map.keys()]) {
    if (key !== 'clientId' && !Object.prototype.hasOwnProperty.call(block, key)) map.delete(key);
  }
}

/**
 * Merges `blocks` into `shared` in place of its blocks `from` to `to` (all of them by default): the
 * same sweep from both ends, then updates, deletions and insertions.
 */
function mergeBlockList(
  codec: BlockCodec,
  shared: Y.Array<BlockMap>,
  blocks: PlainBlock[],
  from = 0,
  to = shared.length,
): void {
  const length = to - from;
  const common = Math.min(blocks.length, length);
  let left = 0;
  while (left < common && isSameBlock(blocks[left] as PlainBlock, shared.get(from + left))) left++;
  let right = 0;
  while (
    right < common - left &&
    isSameBlock(blocks[blocks.length - right - 1] as PlainBlock, shared.get(to - right - 1))
  )
    right++;
  const updates = common - left - right;
  for (let i = 0; i < updates; i++)
    mergeBlock(codec, shared.get(from + left + i), blocks[left + i] as PlainBlock);
  const at = from + left + updates;
  const deletions = Math.max(0, length - blocks.length);
  if (deletions > 0) shared.delete(at, deletions);
  const insertions = Math.max(0, blocks.length - length);
  if (insertions > 0) {
    shared.insert(
      at,
      blocks.slice(left + updates, left + updates + insertions).map((block) => newBlockMap(codec, block)),
    );
  }
  // Two blocks with one clientId (a paste, a merge of two people's inserts): the later gets a new one.
  const seen = new Set<string>();
  for (let i = 0; i < shared.length; i++) {
    const block = shared.get(i);
    const clientId = block.get('clientId');
    if (typeof clientId !== 'string') continue;
    if (seen.has(clientId)) block.set('clientId', crypto.randomUUID());
    else seen.add(clientId);
  }
}

/**
 * Makes the document's blocks those of `content` (parsed by `codec`), merging in place; creates
 * `document.blocks` when the document holds none. Call it inside a transaction.
 */
export function writeBlocks(documentMap: Y.Map<unknown>, codec: BlockCodec, content: string): void {
  let shared = sharedBlocksOf(documentMap);
  if (shared === undefined) {
    shared = new Y.Array<BlockMap>();
    documentMap.set(BLOCKS_FIELD, shared);
  }
  mergeBlockList(codec, shared, plainBlocks(codec, codec.parse(content)));
}

/**
 * Makes the document's top-level blocks `from` to `to` (the end excluded) those of `content`, a
 * run of whole blocks (parsed by `codec`), merging in place; the other blocks stay as they are.
 * Call it inside a transaction, on a document that holds blocks.
 */
export function writeBlocksBetween(
  documentMap: Y.Map<unknown>,
  codec: BlockCodec,
  from: number,
  to: number,
  content: string,
): void {
  const shared = sharedBlocksOf(documentMap);
  if (shared === undefined) throw new RangeError('writeBlocksBetween: the document holds no blocks.');
  mergeBlockList(codec, shared, plainBlocks(codec, codec.parse(content)), from, to);
}

/**
 * Makes the document's blocks `blocks` (already plain, see {@link plainBlocks}), merging in place;
 * creates `document.blocks` when the document holds none. Call it inside a transaction.
 */
export function writePlainBlocks(documentMap: Y.Map<unknown>, codec: BlockCodec, blocks: PlainBlock[]): void {
  let shared = sharedBlocksOf(documentMap);
  if (shared === undefined) {
    shared = new Y.Array<BlockMap>();
    documentMap.set(BLOCKS_FIELD, shared);
  }
  mergeBlockList(codec, shared, blocks);
}

/** The block map with `clientId` among `blocks` and their inner blocks, `undefined` when none has it. */
export function blockMapWithClientId(blocks: SharedBlocks, clientId: string): Y.Map<unknown> | undefined {
  for (const block of blocks) {
    if (!(block instanceof Y.Map)) continue;
    if (block.get('clientId') === clientId) return block;
    const inner = block.get('innerBlocks');
    const found =
      inner instanceof Y.Array ? blockMapWithClientId(inner as SharedBlocks, clientId) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** True when `type` is the document's blocks array or lies inside it. */
export function isInsideBlocks(blocks: SharedBlocks | undefined, type: Y.AbstractType<unknown>): boolean {
  if (blocks === undefined) return false;
  if ((type as unknown) === blocks) return true;
  return Y.isParentOf(blocks as unknown as Y.AbstractType<unknown>, type._item);
}

/** A block `clientId` in the UUID shape the block editor's parser makes, derived from `key`. */
function derivedBlockClientId(key: string): string {
  const hex = [0, 1, 2, 3]
    .map((part) => derivedClientId(`block\u0000${part}\u0000${key}`).toString(16).padStart(8, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * `blocks` (and their inner blocks) with clientIds derived from `key` and their place. `key` (the
 * whole saved content) is hashed once, and each block's id from that digest and its place: hashing
 * the key again for every block cost a 1 MB post's join minutes (blocks × content length).
 */
export function withDerivedClientIds(blocks: PlainBlock[], key: string): PlainBlock[] {
  const digest = [1, 2, 3, 4]
    .map((part) => derivedClientId(`key\u0000${part}\u0000${key}`).toString(36))
    .join('.');
  return withPlacedClientIds(blocks, digest);
}

function withPlacedClientIds(blocks: PlainBlock[], prefix: string): PlainBlock[] {
  return blocks.map((block, index) => {
    const place = `${prefix}/${index}`;
    return {
      ...block,
      clientId: derivedBlockClientId(place),
      innerBlocks: withPlacedClientIds(block.innerBlocks, place),
    };
  });
}

/** The `state` key recording the blocks seed written by `client` (a seed entry of the field `blocks`). */
function blocksSeedKeyOf(client: number): string {
  return `${SEED_PREFIX}${BLOCKS_FIELD}.${client}`;
}

/** The blocks seed of saved content: the update, and the client id that wrote it (no one's change). */
export interface BlocksSeed {
  readonly update: Uint8Array;
  readonly client: number;
}

/**
 * The update that creates `document.blocks` holding the blocks of the saved `content` (version
 * `version`), block clientIds derived from the content: written by a client id derived from
 * exactly what it writes, so everyone who builds the blocks of one saved copy makes the same items,
 * and two people doing so at once before hearing of each other make one array, not two under one
 * key (of which Yjs would keep one, and lose what was typed into the other). It records itself in
 * `state` as a seed of `blocks` (`wpEntities.seed.blocks.<client>` → the saved version), so every
 * peer knows its characters are no one's.
 */
export function blocksSeedOf(codec: BlockCodec, version: string, content: string): BlocksSeed {
  const blocks = withDerivedClientIds(plainBlocks(codec, codec.parse(content)), content);
  const client = derivedClientId(`seed\u0000${BLOCKS_FIELD}\u0000${version}\u0000${JSON.stringify(blocks)}`);
  const scratch = new Y.Doc({ guid: SCRATCH_GUID });
  scratch.clientID = client;
  scratch.transact(() => {
    writePlainBlocks(documentMapOf(scratch), codec, blocks);
    stateMapOf(scratch).set(blocksSeedKeyOf(client), version);
  });
  const update = Y.encodeStateAsUpdate(scratch);
  scratch.destroy();
  return { update, client };
}
