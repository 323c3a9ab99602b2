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
 * How long WordPress's answer to "may this token edit this record?" is reused for new joins. Long
 * enough that a reconnect storm after a server restart costs WordPress one request per person and
 * record; live connections are re-checked on their own schedule ({@link DEFAULT_RECHECK_INTERVAL_MS}).
 */
export const DEFAULT_AUTH_CACHE_MS = 10_000;

/**
 * How often a live connection's permission is asked of WordPress again: a revoked application
 * password, a deleted or demoted user leaves every room within this (plus one WordPress answer).
 * One request per person and record per interval.
 */
export const DEFAULT_RECHECK_INTERVAL_MS = 30_000;

/**
 * How long a connection may go without an authenticated room. A client sends its token as its
 * first frame and WordPress answers in well under a second; 10 s also covers a slow WordPress.
 */
export const DEFAULT_AUTH_TIMEOUT_MS = 10_000;

/**
 * Bytes a connection may send for rooms that are not authenticated yet, all rooms together.
 * Hocuspocus keeps them until authentication passes. A real client sends its token, its state
 * vector and its presence first (about 1 KB); 64 KiB also covers edits typed while connecting.
 */
export const DEFAULT_MAX_UNAUTHENTICATED_BYTES = 64 * 1024;

/**
 * How long a token WordPress rejected outright (401) is refused without asking again, so a flood
 * of one bad token costs WordPress one request.
 */
export const DEFAULT_REFUSED_TOKEN_CACHE_MS = 30_000;

/**
 * Questions to WordPress in flight at once. WordPress serves a handful of PHP workers; more at
 * once only queues there, where the sync server cannot put real users first.
 */
export const DEFAULT_MAX_CONCURRENT_CHECKS = 8;

/** The longest a join waits for its turn to be checked before it is told `unavailable`. */
export const DEFAULT_CHECK_QUEUE_TIMEOUT_MS = 5_000;

/** Hocuspocus's defaults: a room is stored 2 s after its last change, and at least every 10 s. */
export const DEFAULT_STORE_DEBOUNCE_MS = 2_000;
/** See {@link DEFAULT_STORE_DEBOUNCE_MS}. */
export const DEFAULT_STORE_MAX_DEBOUNCE_MS = 10_000;

/** Rooms nobody opened or changed for 7 days are deleted from Redis (unsaved edits are that old). */
export const DEFAULT_IDLE_ROOM_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

/** The reason a refused room is given (`SyncError` code on the client). */
export const FORBIDDEN_REASON = 'forbidden';

/**
 * The reason a room is refused when WordPress could not answer (slow, down, 5xx) or the queue of
 * checks was full. Not a refusal: the client retries with its capped backoff.
 */
export const UNAVAILABLE_REASON = 'unavailable';

/** Close code for a frame that is not a Hocuspocus message (RFC 6455: invalid payload data). */
export const CLOSE_MALFORMED = { code: 1007, reason: 'malformed-message' } as const;
/** Close code for a connection asking for more rooms than allowed (RFC 6455: policy violation). */
export const CLOSE_TOO_MANY_ROOMS = { code: 1008, reason: 'too-many-rooms' } as const;
/** Close code after a refused room (Hocuspocus's `Forbidden`). */
export const CLOSE_FORBIDDEN = { code: 4403, reason: FORBIDDEN_REASON } as const;
/** Close code after WordPress could not answer; the client reconnects later. */
export const CLOSE_UNAVAILABLE = { code: 4503, reason: UNAVAILABLE_REASON } as const;
/** Close code for a connection whose permission WordPress withdrew while it was in a room. */
export const CLOSE_REVOKED = { code: 4403, reason: 'permission-revoked' } as const;
/**
 * Close code for a connection that sent a change its user may not make (a guarded field, HTML
 * without `unfiltered_html`). 4403 like a refusal: reconnecting would send the same change again.
 */
export const CLOSE_REFUSED_CHANGE = { code: 4403, reason: 'refused-change' } as const;
/** Close code for a connection with no authenticated room after the deadline. */
export const CLOSE_AUTH_TIMEOUT = { code: 4408, reason: 'authentication-timeout' } as const;
/** Close code for a connection that tried to authenticate too often (RFC 6455: policy violation). */
export const CLOSE_TOO_MANY_AUTH_ATTEMPTS = { code: 1008, reason: 'too-many-auth-attempts' } as const;
/** Close code for a connection that sent too much before authenticating (RFC 6455: message too big). */
export const CLOSE_UNAUTHENTICATED_BYTES = { code: 1009, reason: 'unauthenticated-data' } as const;
/** Close code when the server shuts down (RFC 6455: going away); clients reconnect. */
export const CLOSE_GOING_AWAY = { code: 1001, reason: 'server-shutdown' } as const;

/** Message types of the Hocuspocus protocol (`@hocuspocus/server` `MessageType`, 0 to 8). */
export const HIGHEST_MESSAGE_TYPE = 8;
/** The message that carries a token (`MessageType.Auth`). */
export const AUTH_MESSAGE_TYPE = 2;
/** The message a client sends when it leaves a room (`MessageType.CLOSE`). */
export const CLOSE_MESSAGE_TYPE = 7;
