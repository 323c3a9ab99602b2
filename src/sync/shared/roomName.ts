/**
 * Room names as the sync server reads them: `${site}/${kind}/${name}/${id}`, the default of
 * `SyncOptions.room`. The site (the REST root's host + path) may itself hold slashes, so the record
 * is read from the last three segments. Anything the server cannot map to one WordPress record it
 * may ask about is refused: that is the whole authorisation model.
 *
 * @module
 */

/** A room the server can authorise: one record of one site. */
export interface RoomRecord {
  /** The room name as the client sent it. */
  readonly room: string;
  /** The REST root's host + path, e.g. `example.com/wp-json`. */
  readonly site: string;
  /** The synced record kinds: post types and the site settings. */
  readonly kind: 'postType' | 'root';
  /** The post type (`post`, `page`, …) or `site` for the settings. */
  readonly name: string;
  /** The post id; for `root/site` whatever the client's key was (often `undefined`). */
  readonly id: string;
}

/** The longest room name accepted; real ones are far shorter. */
export const MAX_ROOM_NAME_LENGTH = 512;

/** WordPress post type names are at most 20 characters of lowercase letters, digits, `-` and `_`. */
const POST_TYPE_NAME = /^[a-z0-9_-]{1,20}$/;
/** A positive integer that fits WordPress's BIGINT ids. */
const POST_ID = /^[1-9][0-9]{0,18}$/;
/** The key `root/site` rooms carry: the settings record has no id of its own. */
const SITE_KEY = /^[A-Za-z0-9_-]{0,64}$/;
/** host[:port] followed by an optional path, no spaces, no query or fragment. */
const SITE = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/[A-Za-z0-9._~%!$&'()*+,;=:@-]*)*$/;

/**
 * The site part of room names for a REST root: host + path without trailing slashes, as
 * `SyncOptions.room` builds it (`http://example.com/wp-json/` → `example.com/wp-json`).
 */
export function siteOfRestRoot(root: string): string {
  const url = new URL(root);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** Splits a room name into its record, or `undefined` when it names no record the server serves. */
export function parseRoomName(room: unknown): RoomRecord | undefined {
  if (typeof room !== 'string' || room.length === 0 || room.length > MAX_ROOM_NAME_LENGTH) return undefined;
  const parts = room.split('/');
  if (parts.length < 4) return undefined;
  const id = parts[parts.length - 1] as string;
  const name = parts[parts.length - 2] as string;
  const kind = parts[parts.length - 3] as string;
  const site = parts.slice(0, -3).join('/');
  if (!SITE.test(site)) return undefined;
  if (kind === 'postType' && POST_TYPE_NAME.test(name) && POST_ID.test(id)) {
    return { room, site, kind, name, id };
  }
  if (kind === 'root' && name === 'site' && SITE_KEY.test(id)) {
    return { room, site, kind, name, id };
  }
  return undefined;
}
