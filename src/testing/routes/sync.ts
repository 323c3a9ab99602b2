/**
 * `POST /wp-sync/v1/updates` and `POST /wp-sync/v1/save`: the block editor's HTTP polling relay
 * (Gutenberg's "Real-Time Collaboration" server), with its validation and permission rules:
 *
 * - every request needs `edit_posts` (401 anonymous, 403 logged in, `rest_cannot_edit`);
 * - a room `postType/{type}:{id}` needs a numeric id of a post of that type, a type that supports
 *   `custom-fields`, and `edit_post` on it; `postType/{type}` needs the type's create capability;
 *   `taxonomy/{tax}[:id]` needs `manage_categories`; `root/comment[:id]` needs
 *   `moderate_comments`; another `root/{name}[:id]` room needs what the relay's rules of that
 *   entity say (its config's `sync.roomCapability`: `root/site` needs `manage_options`); any other
 *   room is refused. Refused rooms are listed in `data.rooms`;
 * - a `client_id` whose live presence belongs to another user is refused (403);
 * - at most 50 rooms, 1 MB per row, 16 MB per body (413 `rest_sync_body_too_large`);
 * - presence keeps only `editorState` from the client; `collaboratorInfo` is the user's own.
 *
 * @module
 */
import type { PostRow, PostTypeRow, UserRow } from '../database.js';
import { canCreatePosts, canEditPost, hasCap } from '../permissions.js';
import { CREATABLE, route, type RestRequest, type Route } from '../router.js';
import { forbidden, invalidParams, ok, WpRestFailure, type RouteResponse } from '../responses.js';
import type { SyncRelay } from '../SyncRelay.js';
import { capabilitiesFromLinks, type RecordCapabilities } from '../../sync/shared/recordCapabilities.js';
import { savedMarkupOf } from '../../sync/shared/guardedFields.js';
import { deny } from './guards.js';
import { postActionLinks } from './posts.js';
import { avatars } from './users.js';

/** The relay's routes, as WordPress registers them. */
export const SYNC_UPDATES_ROUTE = '/wp-sync/v1/updates';
/** The route that stores a room's document in post meta. */
export const SYNC_SAVE_ROUTE = '/wp-sync/v1/save';

const MAX_ROOMS = 50;
const MAX_DATA_CHARS = 1024 * 1024;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Presence larger than this is refused: one person's cursor never needs more. */
const MAX_AWARENESS_CHARS = 16 * 1024;
const ROOM_PATTERN = /^[^/]+\/[^/:]+(?::\S+)?$/;
const UPDATE_TYPES = new Set(['compaction', 'sync_step1', 'sync_step2', 'update']);
const AWARENESS_KEYS = new Set(['collaboratorInfo', 'editorState']);

/** One validated room of a request. */
export interface RoomInput {
  room: string;
  client_id: number;
  after: number;
  awareness: Record<string, unknown> | null;
  updates: { type: 'compaction' | 'sync_step1' | 'sync_step2' | 'update'; data: string }[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bad(message: string): WpRestFailure {
  return invalidParams({ rooms: { code: 'rest_invalid_param', message } });
}

/** The rooms of a request body, or the 400/413 WordPress answers. */
export function parseRooms(body: Record<string, unknown>, rawBytes: number): RoomInput[] {
  if (rawBytes > MAX_BODY_BYTES) {
    throw new WpRestFailure('rest_sync_body_too_large', 'Request body is too large.', 413);
  }
  const rooms = body.rooms;
  if (rooms === undefined) {
    throw new WpRestFailure('rest_missing_callback_param', 'Missing parameter(s): rooms', 400, {
      params: ['rooms'],
    });
  }
  if (!Array.isArray(rooms)) throw bad('rooms is not of type array.');
  if (rooms.length > MAX_ROOMS) throw bad(`rooms must contain at most ${MAX_ROOMS} items.`);
  return rooms.map((item, index) => {
    const at = `rooms[${index}]`;
    if (!isRecord(item)) throw bad(`${at} is not of type object.`);
    const { room, client_id: clientId, after, awareness, updates } = item;
    if (typeof room !== 'string' || !ROOM_PATTERN.test(room))
      throw bad(`${at}[room] does not match pattern.`);
    if (!Number.isInteger(clientId) || (clientId as number) < 1)
      throw bad(`${at}[client_id] must be an integer ≥ 1.`);
    if (!Number.isInteger(after) || (after as number) < 0) throw bad(`${at}[after] must be an integer ≥ 0.`);
    if (awareness !== null && !isRecord(awareness)) throw bad(`${at}[awareness] is not of type object,null.`);
    if (awareness !== null) {
      const extra = Object.keys(awareness).filter((key) => !AWARENESS_KEYS.has(key));
      if (extra.length > 0) throw bad(`${at}[awareness] has unknown fields: ${extra.join(', ')}.`);
      if (JSON.stringify(awareness).length > MAX_AWARENESS_CHARS) throw bad(`${at}[awareness] is too large.`);
    }
    if (!Array.isArray(updates)) throw bad(`${at}[updates] is not of type array.`);
    const rows = updates.map((update, rowIndex) => {
      const rowAt = `${at}[updates][${rowIndex}]`;
      if (!isRecord(update)) throw bad(`${rowAt} is not of type object.`);
      if (typeof update.type !== 'string' || !UPDATE_TYPES.has(update.type))
        throw bad(`${rowAt}[type] is not one of compaction, sync_step1, sync_step2, update.`);
      if (typeof update.data !== 'string') throw bad(`${rowAt}[data] is not of type string.`);
      if (update.data.length > MAX_DATA_CHARS)
        throw bad(`${rowAt}[data] must be at most ${MAX_DATA_CHARS} characters long.`);
      return { type: update.type as RoomInput['updates'][number]['type'], data: update.data };
    });
    return {
      room,
      client_id: clientId as number,
      after: after as number,
      awareness: awareness as Record<string, unknown> | null,
      updates: rows,
    };
  });
}

/** `edit_post` on a room's post, and the post, when the room names one the user may sync. */
function postOfRoom(request: RestRequest, name: string, id: string): PostRow | undefined {
  const type = request.site.db.postTypes.get(name);
  if (type === undefined || !/^\d+$/.test(id)) return undefined;
  const post = request.site.db.posts.get(Number(id));
  if (post === undefined || post.type !== name || !type.supports.includes('custom-fields')) return undefined;
  return canEditPost(request.user, type, post) ? post : undefined;
}

/**
 * May the request's user sync `room` (the block editor's `can_user_sync_entity_type`, with the
 * root entities the relay serves read from their sync rules)?
 */
export function canSyncRoom(relay: SyncRelay, request: RestRequest, room: string): boolean {
  const slash = room.indexOf('/');
  const kind = room.slice(0, slash);
  const rest = room.slice(slash + 1);
  const colon = rest.indexOf(':');
  const name = colon < 0 ? rest : rest.slice(0, colon);
  const id = colon < 0 ? undefined : rest.slice(colon + 1);
  const user = request.user;
  if (kind === 'postType') {
    if (id !== undefined) return postOfRoom(request, name, id) !== undefined;
    const type = request.site.db.postTypes.get(name);
    return type !== undefined && canCreatePosts(user, type);
  }
  if (kind === 'taxonomy') return request.site.db.taxonomies.has(name) && hasCap(user, 'manage_categories');
  if (kind === 'root' && name === 'comment') return hasCap(user, 'moderate_comments');
  const rules = kind === 'root' ? relay.rulesOf(kind, name) : undefined;
  if (rules === undefined || rules.singleton !== (id === undefined)) return false;
  return hasCap(user, rules.roomCapability);
}

/** The presence others see: the client's `editorState`, and who it is from WordPress's users. */
export function presenceOf(
  user: UserRow,
  awareness: Record<string, unknown>,
  now: number,
): Record<string, unknown> {
  const sent = isRecord(awareness.collaboratorInfo) ? awareness.collaboratorInfo : {};
  const collaboratorInfo = {
    id: user.id,
    name: user.name,
    slug: user.slug,
    avatar_urls: avatars(user),
    browserType: typeof sent.browserType === 'string' ? sent.browserType.slice(0, 64) : 'Unknown',
    enteredAt: typeof sent.enteredAt === 'number' && Number.isFinite(sent.enteredAt) ? sent.enteredAt : now,
  };
  return isRecord(awareness.editorState)
    ? { collaboratorInfo, editorState: awareness.editorState }
    : { collaboratorInfo };
}

function permission(relay: SyncRelay) {
  return (request: RestRequest): true | WpRestFailure => {
    if (!hasCap(request.user, 'edit_posts')) {
      return deny(request, 'rest_cannot_edit', 'You do not have permission to perform this action');
    }
    let rooms: RoomInput[];
    try {
      rooms = parseRooms(request.body, request.rawBody?.byteLength ?? 0);
    } catch (error) {
      if (error instanceof WpRestFailure) return error;
      throw error;
    }
    const forbiddenRooms: string[] = [];
    for (const room of rooms) {
      const owner = relay.ownerOf(room.room, room.client_id);
      if (owner !== undefined && owner !== request.user?.id) {
        return new WpRestFailure('rest_cannot_edit', 'Client ID is already in use by another user.', 403);
      }
      if (!canSyncRoom(relay, request, room.room) && !forbiddenRooms.includes(room.room))
        forbiddenRooms.push(room.room);
    }
    if (forbiddenRooms.length > 0) {
      return forbidden(
        'rest_cannot_edit',
        `You do not have permission to sync one or more entities: ${forbiddenRooms.join(', ')}.`,
        request.user !== null,
        { rooms: forbiddenRooms },
      );
    }
    return true;
  };
}

/** True when `can` lets the user save every change the guard judges on a post of `type`. */
function maySaveEverything(request: RestRequest, type: PostTypeRow, can: RecordCapabilities): boolean {
  const taxonomies = type.taxonomies.map((slug) => request.site.db.taxonomies.get(slug)?.rest_base);
  return (
    can.canPublish &&
    can.canPostUnfilteredHtml &&
    can.canAssignAuthor &&
    (can.canStick || type.slug !== 'post') &&
    taxonomies.every((base) => base === undefined || can.assignableTaxonomies.has(base))
  );
}

/**
 * Refuses the whole request (403 `rest_sync_change_refused`, the rooms in `data.rooms`, each
 * refused change in `data.refused`) when the rows of a post room change what WordPress would not
 * let this user save: nothing of it is stored. See `relayEditGuard.ts`.
 */
function refuseGuardedChanges(relay: SyncRelay, request: RestRequest, rooms: readonly RoomInput[]): void {
  const refused: { room: string; field: string; reason: string }[] = [];
  for (const room of rooms) {
    const match = /^postType\/([^/:]+):(\d+)$/.exec(room.room);
    if (match === null || room.updates.length === 0) continue;
    const type = request.site.db.postTypes.get(match[1] as string);
    const post = postOfRoom(request, match[1] as string, match[2] as string);
    const rules = relay.rulesOf('postType', match[1] as string);
    if (type === undefined || post === undefined || rules === undefined) continue;
    const can = capabilitiesFromLinks(postActionLinks(request, type, room.room));
    // Someone who may save every guarded change is not judged (their rows stay opaque, as on the block editor's server).
    if (maySaveEverything(request, type, can)) continue;
    // The row holds each raw field under its REST name: the rules' HTML fields are read from it.
    const saved = savedMarkupOf(post, rules);
    const storedDocument = post.meta['_crdt_document'];
    for (const change of relay.guard.judge(room.room, room.updates, can, saved, storedDocument, rules))
      refused.push({ room: room.room, ...change });
  }
  if (refused.length === 0) return;
  const names = [...new Set(refused.map((change) => change.room))];
  throw new WpRestFailure(
    'rest_sync_change_refused',
    `Refused shared edits this user could not save: ${refused.map((change) => `${change.room} ${change.field} (${change.reason})`).join('; ')}.`,
    403,
    { rooms: names, refused },
  );
}

function handleUpdates(relay: SyncRelay, request: RestRequest): RouteResponse {
  const rooms = parseRooms(request.body, request.rawBody?.byteLength ?? 0);
  const user = request.user as UserRow;
  const now = Date.now();
  refuseGuardedChanges(relay, request, rooms);
  const answers = rooms.map((room) => {
    relay.setPresence(
      room.room,
      room.client_id,
      user.id,
      room.awareness === null ? null : presenceOf(user, room.awareness, now),
    );
    for (const row of room.updates) {
      if (relay.store(room.room, room.client_id, room.after, row) !== undefined) {
        throw new WpRestFailure(
          'rest_sync_room_full',
          `Room ${room.room} holds as much as it may until a client compacts it.`,
          507,
        );
      }
    }
    return relay.answer(room.room, room.client_id, room.after);
  });
  // `wait` tells our provider this relay holds long polls; 0 behaves as the block editor's server.
  return ok(relay.maxWaitMs > 0 ? { rooms: answers, wait: relay.maxWaitMs } : { rooms: answers });
}

function handleSave(request: RestRequest): RouteResponse {
  const { room, doc } = request.body;
  if (typeof room !== 'string' || !ROOM_PATTERN.test(room)) {
    throw invalidParams({ room: { code: 'rest_invalid_pattern', message: 'room does not match pattern.' } });
  }
  if (typeof doc !== 'string' || doc.length > MAX_BODY_BYTES) {
    throw invalidParams({ doc: { code: 'rest_invalid_type', message: 'doc is not of type string.' } });
  }
  const match = /^postType\/([^/:]+):(\d+)$/.exec(room);
  const post = match === null ? undefined : postOfRoom(request, match[1] as string, match[2] as string);
  if (post === undefined) {
    throw deny(request, 'rest_cannot_edit', `You do not have permission to sync this entity: ${room}.`);
  }
  post.meta = { ...post.meta, _crdt_document: doc };
  return ok({ room, saved: true });
}

/** The relay's routes over `relay`. */
export function syncRoutes(relay: SyncRelay): Route[] {
  return [
    route(SYNC_UPDATES_ROUTE, 'wp-sync/v1', [
      {
        methods: CREATABLE,
        permission: permission(relay),
        handler: (request) => handleUpdates(relay, request),
      },
    ]),
    route(SYNC_SAVE_ROUTE, 'wp-sync/v1', [
      {
        methods: CREATABLE,
        permission: (request) =>
          hasCap(request.user, 'edit_posts')
            ? true
            : deny(request, 'rest_cannot_edit', 'You do not have permission to perform this action'),
        handler: handleSave,
      },
    ]),
  ];
}
