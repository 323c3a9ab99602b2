/**
 * What tabs of one site tell each other about the server's answers (`crossTab: true`), and the
 * check every message passes before it touches the cache. Any script of the origin can post on the
 * channel, so a message is read as hostile input: only the shape this module writes, with records
 * that are JSON as a REST answer is, gets through.
 *
 * @module
 */
import { SyncError } from '../../core/errors.js';
import { readId, type Id } from '../../models/ids.js';
import { isPlainObject, type PlainObject } from '../../models/snapshot.js';

/** Every message carries this: a message without it was not written by this library. */
export const CACHE_MESSAGE_SOURCE = 'wp-entities/cache';
/** The format of the messages; a tab running another format is ignored (and reported). */
export const CACHE_MESSAGE_VERSION = 1;

/** The server answered a read: `records` as received, stored in `context` (`complete` unless `_fields` cut them). */
export interface RecordsMessage {
  readonly type: 'records';
  readonly kind: string;
  readonly name: string;
  readonly context: string;
  readonly complete: boolean;
  readonly records: readonly PlainObject[];
}

/** The server answered a save (or an autosave that updated the post): `record`; `created` for a creation. */
export interface SavedMessage {
  readonly type: 'saved';
  readonly kind: string;
  readonly name: string;
  readonly record: PlainObject;
  readonly created: boolean;
}

/** The server answered a delete of record `id`. */
export interface DeletedMessage {
  readonly type: 'deleted';
  readonly kind: string;
  readonly name: string;
  readonly id: Id;
}

/** A message between tabs, without its envelope (`source`, `version`). */
export type CacheMessage = RecordsMessage | SavedMessage | DeletedMessage;

/** `message` with the envelope every message carries, ready to post. */
export function envelope(message: CacheMessage): PlainObject {
  return { source: CACHE_MESSAGE_SOURCE, version: CACHE_MESSAGE_VERSION, ...message };
}

/** Deeper than any record WordPress sends; a cyclic object (structured clone keeps cycles) stops here. */
const MAX_DEPTH = 64;

/**
 * The message `data` holds, checked field by field.
 * @throws SyncError (`cross_tab_message`) naming what was wrong: not from this library, another
 *   format, an unknown type, a missing or mistyped field, or a record that is not JSON.
 */
export function readCacheMessage(data: unknown): CacheMessage {
  if (!isPlainObject(data) || data['source'] !== CACHE_MESSAGE_SOURCE) {
    refuse(`it is not a wp-entities cache message (got ${describe(data)})`);
  }
  if (data['version'] !== CACHE_MESSAGE_VERSION) {
    refuse(`its format version is ${describe(data['version'])}, not ${CACHE_MESSAGE_VERSION}`);
  }
  const kind = text(data, 'kind');
  const name = text(data, 'name');
  switch (data['type']) {
    case 'records': {
      const records = data['records'];
      if (!Array.isArray(records)) refuse(`its 'records' is ${describe(records)}, not an array`);
      const complete = data['complete'];
      if (typeof complete !== 'boolean') refuse(`its 'complete' is ${describe(complete)}, not a boolean`);
      return {
        type: 'records',
        kind,
        name,
        context: text(data, 'context'),
        complete,
        records: records.map((record: unknown, index) => jsonRecord(record, `records[${index}]`)),
      };
    }
    case 'saved': {
      const created = data['created'];
      if (typeof created !== 'boolean') refuse(`its 'created' is ${describe(created)}, not a boolean`);
      return { type: 'saved', kind, name, record: jsonRecord(data['record'], 'record'), created };
    }
    case 'deleted': {
      const id = readId(data['id']);
      if (id === undefined) refuse(`its 'id' is ${describe(data['id'])}, not a record id`);
      return { type: 'deleted', kind, name, id };
    }
    default:
      return refuse(`its type ${describe(data['type'])} is not 'records', 'saved' or 'deleted'`);
  }
}

/**
 * The error of a message that is ignored because of `why` (what was wrong with it).
 * @throws SyncError (`cross_tab_message`) always.
 */
export function refuse(why: string): never {
  throw new SyncError(
    `A message on the tabs' cache channel was ignored: ${why}. Another script on this origin may be posting on the channel.`,
    'cross_tab_message',
  );
}

function text(data: PlainObject, field: string): string {
  const value = data[field];
  if (typeof value !== 'string' || value === '') refuse(`its '${field}' is ${describe(value)}, not a name`);
  return value;
}

/** `value` when it is a plain object of JSON values, as a REST answer's record is. */
function jsonRecord(value: unknown, where: string): PlainObject {
  if (!isPlainObject(value)) refuse(`its '${where}' is ${describe(value)}, not a record`);
  if (!isJson(value, 0))
    refuse(`its '${where}' holds something JSON cannot (a class instance, a cycle, too deep)`);
  return value;
}

function isJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (!isPlainObject(value)) return false;
  for (const key in value) if (!isJson(value[key], depth + 1)) return false;
  return true;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return isPlainObject(value) ? 'an object' : 'a class instance';
  return typeof value === 'undefined' ? 'missing' : String(value);
}
