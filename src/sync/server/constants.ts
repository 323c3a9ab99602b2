/**
 * Protocol constants of the sync server, each with the reason for its value.
 *
 * @module
 */

/**
 * Largest WebSocket message accepted, in bytes. A post in `context=edit` is ~5.5 KB of JSON and a
 * long one a few hundred KB; the first sync of a room sends the whole document once. 8 MiB leaves
 * room for very long posts and stops a client from making the server buffer without bound.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * Most rooms one connection may open. An editor has a post, its template parts and the site
 * settings open; 64 is generous for that and bounds the work one socket can ask for.
 */
export const DEFAULT_MAX_ROOMS_PER_CONNECTION = 64;

/**
 * How long WordPress's answer to "may this token edit this record?" is reused. Short enough that a
 * revoked permission takes effect within seconds, long enough that a reconnect storm after a
 * server restart costs WordPress one request per person and record.
 */
export const DEFAULT_AUTH_CACHE_MS = 10_000;

/** Hocuspocus's defaults: a room is stored 2 s after its last change, and at least every 10 s. */
export const DEFAULT_STORE_DEBOUNCE_MS = 2_000;
/** See {@link DEFAULT_STORE_DEBOUNCE_MS}. */
export const DEFAULT_STORE_MAX_DEBOUNCE_MS = 10_000;

/** Rooms nobody opened or changed for 7 days are deleted from Redis (unsaved edits are that old). */
export const DEFAULT_IDLE_ROOM_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

/** The reason a refused room is given (`SyncError` code on the client). */
export const FORBIDDEN_REASON = 'forbidden';

/** Close code for a frame that is not a Hocuspocus message (RFC 6455: invalid payload data). */
export const CLOSE_MALFORMED = { code: 1007, reason: 'malformed-message' } as const;
/** Close code for a connection asking for more rooms than allowed (RFC 6455: policy violation). */
export const CLOSE_TOO_MANY_ROOMS = { code: 1008, reason: 'too-many-rooms' } as const;
/** Close code after a refused room (Hocuspocus's `Forbidden`). */
export const CLOSE_FORBIDDEN = { code: 4403, reason: FORBIDDEN_REASON } as const;
/** Close code when the server shuts down (RFC 6455: going away); clients reconnect. */
export const CLOSE_GOING_AWAY = { code: 1001, reason: 'server-shutdown' } as const;

/** Message types of the Hocuspocus protocol (`@hocuspocus/server` `MessageType`, 0 to 8). */
export const HIGHEST_MESSAGE_TYPE = 8;
/** The message a client sends when it leaves a room (`MessageType.CLOSE`). */
export const CLOSE_MESSAGE_TYPE = 7;
