/**
 * A store's cache as JSON, for server rendering: `store.dehydrate()` on the server writes what
 * was fetched (the entity configs of loaded kinds, records per context, answered pages with their
 * totals, permission answers), `store.hydrate(snapshot)` on the client puts it back so the same
 * reads answer with no request. Only server data travels: never edits, the undo history, the
 * journal or sync state, so nothing of a snapshot can be sent back as an edit.
 *
 * @module
 */
import type { EntityConfig } from '../models/EntityConfig.js';
import { runInAction } from 'mobx';
import type { EntityQuery } from '../models/EntityQuery.js';
import { dispatchRecordAction } from '../models/EntityRecord.js';
import type { Id } from '../models/ids.js';
import { isPlainObject, type PlainObject } from '../models/snapshot.js';
import { SnapshotError } from '../core/errors.js';
import type { Query } from '../core/transport/types.js';
import type { EntityCollection } from './EntityCollection.js';
import type { EntityRegistry } from './EntityRegistry.js';
import {
  postTypeConfigFromRest,
  taxonomyConfigFromRest,
  type RestTypeDescription,
} from './entities/loaders.js';
import type { PermissionAction, PermissionStore } from './PermissionStore.js';

/** The `format` of every store snapshot. */
export const SNAPSHOT_FORMAT = 'wp-entities/store-snapshot';

/** The version of the snapshot layout this library writes and reads; another is refused. */
export const SNAPSHOT_VERSION = 1;

/** One record of a snapshot: its id (`null` for a singleton) and its stored data per context. */
export interface SnapshotRecord {
  /** The record's id; `null` for a singleton entity. */
  id: Id | null;
  /** It was asked for on its own (not only listed): hooks do not ask for it again. */
  fetched: boolean;
  /** `[context, data, isComplete]` per context the record was received in. */
  items: [context: string, data: PlainObject, isComplete: boolean][];
}

/** One answered page of a list. */
export interface SnapshotList {
  /** The query as the caller gave it (`{ status: 'publish', page: 2 }`). */
  query: Query;
  /** The ids of the page, in order. */
  ids: Id[];
  /** `X-WP-Total`; `null` when unknown. */
  totalItems: number | null;
  /** `X-WP-TotalPages` for the page's size; `null` when unknown. */
  totalPages: number | null;
}

/** What a snapshot holds of one collection. */
export interface SnapshotCollection {
  /** The entity kind. */
  kind: string;
  /** The entity name. */
  name: string;
  /** The cached records. */
  records: SnapshotRecord[];
  /** The answered pages. */
  lists: SnapshotList[];
}

/** The content of a snapshot, which its checksum covers. */
export interface SnapshotBody {
  /** When the snapshot was taken (`Date.now()`); what freshness compares with `staleTimeMs`. */
  takenAtMs: number;
  /** The REST descriptions of the loaded dynamic kinds (`postType`, `taxonomy`), by kind. */
  kinds: Record<string, Record<string, RestTypeDescription>>;
  /** The collections with something cached. */
  collections: SnapshotCollection[];
  /** The permission answers known, as `[action, path, isAllowed]`. */
  permissions: [action: PermissionAction, path: string, isAllowed: boolean][];
}

/** What `store.dehydrate()` returns: plain JSON (`JSON.stringify` it as it is). */
export interface StoreSnapshot {
  /** Always `'wp-entities/store-snapshot'`. */
  format: typeof SNAPSHOT_FORMAT;
  /** The layout version, {@link SNAPSHOT_VERSION} when written by this library. */
  version: number;
  /** FNV-1a of `JSON.stringify(body)`, in hex: a snapshot changed on its way is refused. */
  checksum: string;
  /** The cached data. */
  body: SnapshotBody;
}

/** What snapshots read from and write to a store. */
export interface SnapshotHost {
  /** Every collection made so far. */
  readonly allCollections: readonly EntityCollection<object>[];
  /** The collection of `(kind, name)`. */
  collection(kind: string, name: string): EntityCollection<object>;
  /** The entity configs. */
  readonly entities: EntityRegistry;
  /** The permission answers. */
  readonly permissions: PermissionStore;
}

/** The loaded kinds a snapshot carries, with how their configs are made again. */
const KIND_BUILDERS: Readonly<Record<string, (name: string, type: RestTypeDescription) => EntityConfig>> = {
  postType: postTypeConfigFromRest,
  taxonomy: taxonomyConfigFromRest,
};

/** The snapshot of `store`'s cache now. */
export function dehydrateStore(store: SnapshotHost): StoreSnapshot {
  const kinds: SnapshotBody['kinds'] = {};
  for (const kind of Object.keys(KIND_BUILDERS)) {
    if (!store.entities.isLoaded(kind)) continue;
    const types: Record<string, RestTypeDescription> = {};
    for (const config of store.entities.ofKind(kind)) types[config.name] = descriptionOf(config);
    kinds[kind] = types;
  }
  const collections: SnapshotCollection[] = [];
  for (const collection of store.allCollections) {
    const records: SnapshotRecord[] = [];
    const isSingleton = collection.config?.singleton === true;
    for (const record of collection.allRecords) {
      // A record made with `create()` and never saved has no id and nothing from the server.
      if (record.id === undefined && !isSingleton) continue;
      const items = record.storedItems();
      if (items.length === 0) continue;
      records.push({
        id: record.id ?? null,
        fetched: record.hasResolved && record.fetchError === undefined,
        items: items.map(([context, item]) => [context, item.data as PlainObject, item.isComplete]),
      });
    }
    const lists: SnapshotList[] = [];
    for (const query of collection.allQueries) {
      const list = listOf(query);
      if (list !== undefined) lists.push(list);
    }
    if (records.length > 0 || lists.length > 0)
      collections.push({ kind: collection.kind, name: collection.name, records, lists });
  }
  const body: SnapshotBody = {
    takenAtMs: Date.now(),
    kinds,
    collections,
    permissions: store.permissions.knownAnswers(),
  };
  // Through JSON once: what is returned is exactly what a reader parses (no undefined, no class).
  const plain = JSON.parse(JSON.stringify(body)) as SnapshotBody;
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, checksum: checksumOf(plain), body: plain };
}

/**
 * Puts `snapshot` (the object, or its JSON text) into `store`. Everything is checked before
 * anything is taken in: a snapshot of another format or version, whose checksum does not match,
 * or of a shape this version does not read is refused with a {@link SnapshotError} and the store
 * is left as it was. Data the store holds already is kept (it is not older than the snapshot).
 * `withKinds` is false when the store has loaders of its own: their configs are theirs to make.
 */
export function hydrateStore(store: SnapshotHost, snapshot: unknown, withKinds = true): void {
  const body = checkedBody(typeof snapshot === 'string' ? parseJson(snapshot) : snapshot);
  if (withKinds) {
    for (const [kind, types] of Object.entries(body.kinds)) {
      const build = KIND_BUILDERS[kind];
      if (build === undefined) continue;
      store.entities.hydrateKind(
        kind,
        Object.entries(types).map(([name, type]) => build(name, type)),
      );
    }
  }
  for (const entry of body.collections) {
    const collection = store.collection(entry.kind, entry.name);
    for (const record of entry.records) {
      hydrateRecord(collection, record);
    }
    for (const list of entry.lists) {
      collection.hydrateList(
        list.query,
        list.ids,
        { totalItems: list.totalItems, totalPages: list.totalPages },
        body.takenAtMs,
      );
    }
  }
  store.permissions.receiveAnswers(body.permissions);
}

/**
 * A record as a snapshot holds it, its data stored as it is (received and worked out on the server
 * already); `fetched` when it was asked for on its own there, so no hook asks for it again. A
 * record already holding data keeps it.
 */
function hydrateRecord(collection: EntityCollection<object>, entry: SnapshotRecord): void {
  const record = collection.record(entry.id ?? undefined);
  if (record.storedItems().length > 0) return;
  runInAction(() => {
    for (const [context, data, isComplete] of entry.items)
      dispatchRecordAction(record, { type: 'received', context, item: { data, isComplete } });
    if (entry.fetched) dispatchRecordAction(record, { type: 'fetchEnded' });
  });
}

/** An answered page of `query`, or `undefined` when it has no answer to carry. */
function listOf(query: EntityQuery<object, object>): SnapshotList | undefined {
  if (!query.hasResolved || query.error !== undefined) return undefined;
  const records = query.records;
  if (records === null) return undefined;
  const ids: Id[] = [];
  for (const record of records) if (record.id !== undefined) ids.push(record.id);
  return { query: query.query, ids, totalItems: query.totalItems, totalPages: query.totalPages };
}

/** The REST description a loaded config was made from. */
function descriptionOf(config: EntityConfig): RestTypeDescription {
  const restBase = config.restBase ?? config.baseURL.slice(config.baseURL.lastIndexOf('/') + 1);
  const namespace = config.baseURL.slice(1, config.baseURL.length - restBase.length - 1);
  return { name: config.label, slug: config.name, rest_base: restBase, rest_namespace: namespace };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SnapshotError('The store snapshot is not valid JSON.', { cause: error });
  }
}

/** FNV-1a (32 bits) of the body's JSON, in hex. It finds a changed or cut snapshot; it is no signature. */
function checksumOf(body: SnapshotBody): string {
  const text = JSON.stringify(body);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The body of a snapshot this version reads, checked through; throws {@link SnapshotError} naming what is wrong. */
function checkedBody(value: unknown): SnapshotBody {
  if (!isPlainObject(value) || value['format'] !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(`This is not a store snapshot: its format is not '${SNAPSHOT_FORMAT}'.`);
  }
  if (value['version'] !== SNAPSHOT_VERSION) {
    throw new SnapshotError(
      `The store snapshot is version ${String(value['version'])}; this library reads version ${SNAPSHOT_VERSION}. Render it again with the same wp-entities on both sides.`,
    );
  }
  const body = value['body'];
  if (!isPlainObject(body)) throw shapeError('body', 'an object');
  if (
    typeof value['checksum'] !== 'string' ||
    value['checksum'] !== checksumOf(body as unknown as SnapshotBody)
  ) {
    throw new SnapshotError(
      'The store snapshot was changed after it was taken: its checksum does not match.',
    );
  }
  onlyKeys(body, ['takenAtMs', 'kinds', 'collections', 'permissions'], 'body');
  if (typeof body['takenAtMs'] !== 'number') throw shapeError('body.takenAtMs', 'a number');
  const kinds = body['kinds'];
  if (!isPlainObject(kinds)) throw shapeError('body.kinds', 'an object');
  for (const [kind, types] of Object.entries(kinds)) {
    if (!isPlainObject(types)) throw shapeError(`body.kinds.${kind}`, 'an object');
    for (const [name, type] of Object.entries(types))
      if (!isPlainObject(type)) throw shapeError(`body.kinds.${kind}.${name}`, 'an object');
  }
  const collections = body['collections'];
  if (!Array.isArray(collections)) throw shapeError('body.collections', 'an array');
  collections.forEach((entry: unknown, i) => checkCollection(entry, `body.collections[${i}]`));
  const permissions = body['permissions'];
  if (!Array.isArray(permissions)) throw shapeError('body.permissions', 'an array');
  permissions.forEach((answer: unknown, i) => {
    if (
      !Array.isArray(answer) ||
      answer.length !== 3 ||
      !['create', 'read', 'update', 'delete'].includes(answer[0] as string) ||
      typeof answer[1] !== 'string' ||
      typeof answer[2] !== 'boolean'
    )
      throw shapeError(`body.permissions[${i}]`, '[action, path, isAllowed]');
  });
  return body as unknown as SnapshotBody;
}

function checkCollection(entry: unknown, where: string): void {
  if (!isPlainObject(entry)) throw shapeError(where, 'an object');
  onlyKeys(entry, ['kind', 'name', 'records', 'lists'], where);
  if (typeof entry['kind'] !== 'string' || typeof entry['name'] !== 'string')
    throw shapeError(`${where}.kind and .name`, 'strings');
  const records = entry['records'];
  if (!Array.isArray(records)) throw shapeError(`${where}.records`, 'an array');
  records.forEach((record: unknown, i) => {
    const at = `${where}.records[${i}]`;
    if (!isPlainObject(record)) throw shapeError(at, 'an object');
    // Strict keys: a snapshot cannot slip edits, or anything else, in beside the server's data.
    onlyKeys(record, ['id', 'fetched', 'items'], at);
    if (!isId(record['id']) && record['id'] !== null) throw shapeError(`${at}.id`, 'an id or null');
    if (typeof record['fetched'] !== 'boolean') throw shapeError(`${at}.fetched`, 'true or false');
    const items = record['items'];
    if (!Array.isArray(items)) throw shapeError(`${at}.items`, 'an array');
    items.forEach((item: unknown, j) => {
      if (
        !Array.isArray(item) ||
        item.length !== 3 ||
        typeof item[0] !== 'string' ||
        !isPlainObject(item[1]) ||
        typeof item[2] !== 'boolean'
      )
        throw shapeError(`${at}.items[${j}]`, '[context, data, isComplete]');
    });
  });
  const lists = entry['lists'];
  if (!Array.isArray(lists)) throw shapeError(`${where}.lists`, 'an array');
  lists.forEach((list: unknown, i) => {
    const at = `${where}.lists[${i}]`;
    if (!isPlainObject(list)) throw shapeError(at, 'an object');
    onlyKeys(list, ['query', 'ids', 'totalItems', 'totalPages'], at);
    if (!isPlainObject(list['query'])) throw shapeError(`${at}.query`, 'an object');
    if (!Array.isArray(list['ids']) || !list['ids'].every(isId))
      throw shapeError(`${at}.ids`, 'an array of ids');
    for (const total of ['totalItems', 'totalPages'] as const)
      if (list[total] !== null && typeof list[total] !== 'number')
        throw shapeError(`${at}.${total}`, 'a number or null');
  });
}

function isId(value: unknown): value is Id {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== '');
}

function onlyKeys(value: PlainObject, keys: readonly string[], where: string): void {
  for (const key of Object.keys(value))
    if (!keys.includes(key))
      throw new SnapshotError(`The store snapshot has an unknown field ${where}.${key}.`);
}

function shapeError(where: string, expected: string): SnapshotError {
  return new SnapshotError(`The store snapshot's ${where} must be ${expected}.`);
}
