/**
 * Room names as the sync server reads them: `${site}/${kind}/${name}/${id}`, the default of
 * `SyncOptions.room`. The site (the REST root's host + path) may itself hold slashes, so the record
 * is read from the last three segments. Anything the server cannot map to one WordPress record it
 * may ask about is refused: that is the whole authorisation model. Which records those are is what
 * the entities' sync rules say (`EntityConfig.sync`; every post type and the site settings by
 * default).
 *
 * @module
 */
import { DEFAULT_SYNCED_ENTITIES, syncRulesFor, type EntitySyncRules } from '../../../core/entitySync.js';

/** A room the server can authorise: one record of one site. */
export interface RoomRecord {
  /** The room name as the client sent it. */
  readonly room: string;
  /** The REST root's host + path, e.g. `example.com/wp-json`. */
  readonly site: string;
  /** The entity kind (`postType`, `root`). */
  readonly kind: string;
  /** The entity name: the post type (`post`, `page`, …), `site` for the settings. */
  readonly name: string;
  /** The record id; for a singleton (`root/site`) whatever the client's key was (often `undefined`). */
  readonly id: string;
  /** How the entity syncs: where the server asks about it, its HTML, guarded and meta fields. */
  readonly rules: EntitySyncRules;
}

/** The longest room name accepted; real ones are far shorter. */
export const MAX_ROOM_NAME_LENGTH = 512;

/** Names of a kind's entities (post types): at most 20 characters of lowercase letters, digits, `-` and `_`. */
const KIND_ENTITY_NAME = /^[a-z0-9_-]{1,20}$/;
/** A positive integer that fits WordPress's BIGINT ids. */
const RECORD_ID = /^[1-9][0-9]{0,18}$/;
/** The key a singleton's rooms carry (`root/site`): the record has no id of its own. */
const SINGLETON_KEY = /^[A-Za-z0-9_-]{0,64}$/;
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

/**
 * Splits a room name into its record, or `undefined` when it names no record of `entities` (the
 * entities that sync; {@link DEFAULT_SYNCED_ENTITIES} by default) the server serves.
 */
export function parseRoomName(
  room: unknown,
  entities: readonly EntitySyncRules[] = DEFAULT_SYNCED_ENTITIES,
): RoomRecord | undefined {
  if (typeof room !== 'string' || room.length === 0 || room.length > MAX_ROOM_NAME_LENGTH) return undefined;
  const parts = room.split('/');
  if (parts.length < 4) return undefined;
  const id = parts[parts.length - 1] as string;
  const name = parts[parts.length - 2] as string;
  const kind = parts[parts.length - 3] as string;
  const site = parts.slice(0, -3).join('/');
  if (!SITE.test(site)) return undefined;
  const rules = syncRulesFor(entities, kind, name);
  if (rules === undefined) return undefined;
  if (rules.name === '*' && !KIND_ENTITY_NAME.test(name)) return undefined;
  if (!(rules.singleton ? SINGLETON_KEY : RECORD_ID).test(id)) return undefined;
  return { room, site, kind, name, id, rules };
}
