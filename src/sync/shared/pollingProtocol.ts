/**
 * The wire format of WordPress's HTTP polling sync (`POST /wp-sync/v1/updates`), as the block
 * editor's `@wordpress/sync` 1.56 speaks it, and the limits both sides share. Our relays (the mock
 * WordPress, the plugin in `plugins/wp-entities-sync`) add one optional field, `wait`, that the
 * block editor's server ignores.
 *
 * @module
 */

/** The REST route of the relay. */
export const SYNC_UPDATES_PATH = '/wp-sync/v1/updates';

/** The REST route that stores a room's document in post meta `_crdt_document`. */
export const SYNC_SAVE_PATH = '/wp-sync/v1/save';

/** The server refuses more rooms per request (`MAX_ROOMS_PER_REQUEST`). */
export const MAX_ROOMS_PER_REQUEST = 50;

/** The server refuses an update whose base64 is longer (`MAX_UPDATE_DATA_SIZE`, 1 MB). */
export const MAX_UPDATE_DATA_CHARS = 1024 * 1024;

/** The largest raw update whose base64 fits {@link MAX_UPDATE_DATA_CHARS} (3 bytes → 4 chars). */
export const MAX_UPDATE_BYTES = Math.floor(MAX_UPDATE_DATA_CHARS / 4) * 3;

/** The body size the client aims under (the server's 16 MB less 1 MiB of headroom). */
export const MAX_BODY_BYTES = 15 * 1024 * 1024;

/** After a 413 the budget halves, but never below one full update plus room headers. */
export const MIN_BODY_BYTES = 2 * 1024 * 1024;

/** The server asks the lowest live client to compact once a room holds more rows. */
export const COMPACTION_THRESHOLD = 50;

/** A client's awareness entry expires this long after its last request (server side). */
export const AWARENESS_TIMEOUT_MS = 30_000;

/** The room name pattern the server accepts: `{kind}/{name}` or `{kind}/{name}:{id}`. */
export const ROOM_PATTERN = /^[^/]+\/[^/:]+(?::\S+)?$/;

/** The kinds of rows: full-state compactions, y-protocols step messages, and plain updates. */
export type SyncUpdateType = 'compaction' | 'sync_step1' | 'sync_step2' | 'update';

/** Every {@link SyncUpdateType}, for validation. */
export const SYNC_UPDATE_TYPES: readonly SyncUpdateType[] = [
  'compaction',
  'sync_step1',
  'sync_step2',
  'update',
];

/**
 * One row. `update` and `compaction` carry a Yjs **V2** update; `sync_step1`/`sync_step2` carry a
 * y-protocols sync message (type prefix, V1 payload). `data` is base64.
 */
export interface SyncUpdate {
  /** The kind of row. */
  readonly type: SyncUpdateType;
  /** Base64 of the bytes. */
  readonly data: string;
}

/** A client's presence as the block editor shares it: plain JSON, `null` to leave. */
export type WireAwareness = Record<string, unknown> | null;

/** One room of a request. */
export interface RoomRequest {
  /** `postType/post:123`. */
  readonly room: string;
  /** The Y.Doc client id (≥ 1). */
  readonly client_id: number;
  /** The cursor: rows with a higher id are wanted. */
  readonly after: number;
  /** This client's presence, or `null` to leave the room. */
  readonly awareness: WireAwareness;
  /** Rows to store. */
  readonly updates: readonly SyncUpdate[];
}

/** A request body. */
export interface SyncRequestBody {
  /** At most {@link MAX_ROOMS_PER_REQUEST}. */
  readonly rooms: readonly RoomRequest[];
  /**
   * Our extension: hold the answer up to this many milliseconds until something new arrives for
   * one of the rooms (a long poll). The block editor's server ignores unknown parameters.
   */
  readonly wait?: number;
}

/** One room of an answer. */
export interface RoomResponse {
  /** The room name. */
  readonly room: string;
  /** The highest row id stored in the room; sent back as `after`. */
  readonly end_cursor: number;
  /** Every live client's presence by client id, the requester's included. */
  readonly awareness: Record<string, WireAwareness>;
  /** Rows after the cursor, except the requester's own (its own compactions excepted). */
  readonly updates: readonly SyncUpdate[];
  /** The server asks this client for a compaction. */
  readonly should_compact?: boolean;
  /** Rows in the room. */
  readonly total_updates?: number;
}

/** An answer body. */
export interface SyncResponseBody {
  /** One entry per requested room. */
  readonly rooms: readonly RoomResponse[];
  /**
   * Our relays' extension: how long they hold a request that asked to `wait` (absent on the block
   * editor's server, which never holds one).
   */
  readonly wait?: number;
}

/** Base64 of bytes (browsers and Node alike). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of base64 text; throws on text that is not base64. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
