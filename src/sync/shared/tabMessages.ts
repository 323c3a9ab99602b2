/**
 * The messages tabs of one browser exchange on their BroadcastChannel when they share one sync
 * connection (`SyncOptions.tabs`), and the check every received message passes before anything
 * acts on it. The channel is hostile input: any script of the origin may post on it, so a message
 * is used only when it has exactly the shape {@link TabMessage} describes; Yjs and awareness
 * updates are decoded once before they are applied.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { isYjsClientId, MAX_PEER_CLIENT_IDS } from './presenceShape.js';

/** The mark every message of ours carries (`wpe`). */
export const TAB_MESSAGE_MARK = 'wp-entities/sync-tabs';
/**
 * The version of the shapes below (`v`). It is part of the channel's and the lock's names, so tabs
 * of two builds of an app (one opened before a deploy, one after) form two groups, each with its
 * own leader, instead of a group whose members ignore each other's messages.
 */
export const TAB_MESSAGE_VERSION = 2;

/** A room's connection state as the leader reports it. */
type Status = 'connecting' | 'connected' | 'disconnected' | 'destroyed';

/** The record a room shares, as providers get it. */
export interface TabEntity {
  /** The entity kind (`postType`). */
  readonly kind: string;
  /** The entity name (`post`). */
  readonly name: string;
  /** The record id. */
  readonly id: string | number | undefined;
}

/**
 * Where a person is in one tab, as `Presence` writes its awareness state: the user and
 * optionally a field, a selection and a block.
 */
export interface TabPresenceState {
  /** Who (`SyncUser`). */
  readonly user: { readonly id: number; readonly name: string; readonly color: string };
  /** The field being edited. */
  readonly field?: string;
  /** The selection in it. */
  readonly selection?: { readonly start: number; readonly end: number };
  /** The block the selection is in. */
  readonly block?: {
    readonly clientId?: string | undefined;
    readonly path?: readonly number[] | undefined;
    readonly attribute: string;
  };
}

/** A tab asks the leader to carry a room, with everything its document holds. */
interface JoinMessage {
  readonly t: 'join';
  readonly room: string;
  readonly entity: TabEntity;
  /** `Y.encodeStateAsUpdate` of the tab's document. */
  readonly state: Uint8Array;
}
/** A tab no longer has the room open. */
interface LeaveMessage {
  readonly t: 'leave';
  readonly room: string;
}
/** A change made in a tab's document, for the leader to send. */
interface PushMessage {
  readonly t: 'push';
  readonly room: string;
  readonly update: Uint8Array;
}
/** Where the person is in this tab (`null`: nowhere; the tab still holds the room). */
interface PresenceMessage {
  readonly t: 'presence';
  readonly room: string;
  readonly state: TabPresenceState | null;
  /** When this tab's position last changed (ms since the epoch): the most recent one is shown. */
  readonly activeAt: number;
  /** Whether the tab is visible (a hidden leader hands over to a visible tab). */
  readonly visible: boolean;
  /**
   * The Yjs client id the tab's document writes its changes under, then those the leader said the
   * person's other tabs write under ({@link WritersMessage}): the leader names them all in the
   * person's presence, so collaborators can tell whose a change is, after a hand-over too. At most
   * `MAX_PEER_CLIENT_IDS`.
   */
  readonly clientIds: readonly number[];
}
/** The leader stores a document on the site for a tab (`RoomProvider.storeDocument`). */
interface StoreMessage {
  readonly t: 'store';
  readonly room: string;
  readonly value: string;
}
/** A tab became the leader: every tab (or the one named) joins its rooms with it again. */
interface LeaderMessage {
  readonly t: 'leader';
  readonly to?: string | undefined;
}
/** A change of a room's document, from the network or from one tab (`origin`). */
interface UpdateMessage {
  readonly t: 'update';
  readonly room: string;
  readonly update: Uint8Array;
  /** The tab that made it, which has it already. */
  readonly origin?: string | undefined;
  /** Only for this tab (the answer to its join). */
  readonly to?: string | undefined;
}
/** Other people's presence in a room (a y-protocols awareness update). */
interface AwarenessMessage {
  readonly t: 'awareness';
  readonly room: string;
  readonly update: Uint8Array;
  readonly to?: string | undefined;
}
/** The Yjs client ids the person's tabs write a room's document under (the leader keeps them). */
interface WritersMessage {
  readonly t: 'writers';
  readonly room: string;
  readonly clientIds: readonly number[];
}
/** A room's connection state. */
interface StatusMessage {
  readonly t: 'status';
  readonly room: string;
  readonly status: Status;
}

/** Messages a tab sends to the leader. */
export type ToLeaderMessage = JoinMessage | LeaveMessage | PushMessage | PresenceMessage | StoreMessage;
/** Messages the leader sends to the tabs. */
export type ToTabMessage = LeaderMessage | UpdateMessage | AwarenessMessage | StatusMessage | WritersMessage;
/** Any message's body. */
export type TabMessageBody = ToLeaderMessage | ToTabMessage;
/** A message as it travels: the body with our mark, the version and the sending tab. */
export type TabMessage = TabMessageBody & {
  readonly wpe: typeof TAB_MESSAGE_MARK;
  readonly v: typeof TAB_MESSAGE_VERSION;
  readonly from: string;
};

/** The longest room name or tab id accepted. */
const MAX_NAME_LENGTH = 1000;
const STATUSES: readonly string[] = ['connecting', 'connected', 'disconnected', 'destroyed'];

type Fields = Record<string, unknown>;

function isPlainObject(value: unknown): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function hasOnlyKeys(value: Fields, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME_LENGTH;
}

function isOptionalName(value: unknown): boolean {
  return value === undefined || isName(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** True for a Yjs update (v1) that decodes. */
export function isYjsUpdate(value: unknown): value is Uint8Array {
  if (!(value instanceof Uint8Array) || value.byteLength === 0) return false;
  try {
    Y.decodeUpdate(value);
    return true;
  } catch {
    return false;
  }
}

/** True for a y-protocols awareness update whose every state is JSON of an object or `null`. */
export function isAwarenessUpdate(value: unknown): value is Uint8Array {
  if (!(value instanceof Uint8Array) || value.byteLength === 0) return false;
  try {
    const decoder = decoding.createDecoder(value);
    const count = decoding.readVarUint(decoder);
    for (let i = 0; i < count; i++) {
      decoding.readVarUint(decoder);
      decoding.readVarUint(decoder);
      const state = JSON.parse(decoding.readVarString(decoder)) as unknown;
      if (state !== null && !isPlainObject(state)) return false;
    }
    return !decoding.hasContent(decoder);
  } catch {
    return false;
  }
}

function isEntity(value: unknown): value is TabEntity {
  if (!isPlainObject(value) || !hasOnlyKeys(value, ['kind', 'name', 'id'])) return false;
  const { kind, name, id } = value;
  return (
    isName(kind) &&
    isName(name) &&
    (id === undefined || (typeof id === 'string' && id.length <= MAX_NAME_LENGTH) || isFiniteNumber(id))
  );
}

/** True for a list of Yjs client ids (unsigned 32-bit integers), one at least and not too many. */
function isClientIds(value: unknown): value is readonly number[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= MAX_PEER_CLIENT_IDS &&
    value.every(isYjsClientId)
  );
}

/** True for an awareness state `Presence` writes. */
export function isTabPresenceState(value: unknown): value is TabPresenceState {
  if (!isPlainObject(value) || !hasOnlyKeys(value, ['user', 'field', 'selection', 'block'])) return false;
  const { user, field, selection, block } = value;
  if (!isPlainObject(user) || !hasOnlyKeys(user, ['id', 'name', 'color'])) return false;
  if (!isFiniteNumber(user.id) || typeof user.name !== 'string' || typeof user.color !== 'string')
    return false;
  if (field !== undefined && typeof field !== 'string') return false;
  if (selection !== undefined) {
    if (!isPlainObject(selection) || !hasOnlyKeys(selection, ['start', 'end'])) return false;
    if (!isFiniteNumber(selection.start) || !isFiniteNumber(selection.end)) return false;
  }
  if (block !== undefined) {
    if (!isPlainObject(block) || !hasOnlyKeys(block, ['clientId', 'path', 'attribute'])) return false;
    if (typeof block.attribute !== 'string') return false;
    if (block.clientId !== undefined && typeof block.clientId !== 'string') return false;
    if (
      block.path !== undefined &&
      !(Array.isArray(block.path) && block.path.every((step) => Number.isInteger(step)))
    )
      return false;
  }
  return true;
}

/** The keys each message type may have besides `wpe`, `v`, `from` and `t`. */
const BODY_KEYS: Record<TabMessageBody['t'], readonly string[]> = {
  join: ['room', 'entity', 'state'],
  leave: ['room'],
  push: ['room', 'update'],
  presence: ['room', 'state', 'activeAt', 'visible', 'clientIds'],
  store: ['room', 'value'],
  leader: ['to'],
  update: ['room', 'update', 'origin', 'to'],
  awareness: ['room', 'update', 'to'],
  status: ['room', 'status'],
  writers: ['room', 'clientIds'],
};

function hasBodyShape(message: Fields): boolean {
  switch (message.t) {
    case 'join':
      return isName(message.room) && isEntity(message.entity) && isYjsUpdate(message.state);
    case 'leave':
      return isName(message.room);
    case 'push':
      return isName(message.room) && isYjsUpdate(message.update);
    case 'presence':
      return (
        isName(message.room) &&
        (message.state === null || isTabPresenceState(message.state)) &&
        isFiniteNumber(message.activeAt) &&
        typeof message.visible === 'boolean' &&
        isClientIds(message.clientIds)
      );
    case 'store':
      return isName(message.room) && typeof message.value === 'string';
    case 'leader':
      return isOptionalName(message.to);
    case 'update':
      return (
        isName(message.room) &&
        isYjsUpdate(message.update) &&
        isOptionalName(message.origin) &&
        isOptionalName(message.to)
      );
    case 'awareness':
      return isName(message.room) && isAwarenessUpdate(message.update) && isOptionalName(message.to);
    case 'status':
      return isName(message.room) && typeof message.status === 'string' && STATUSES.includes(message.status);
    case 'writers':
      return isName(message.room) && isClientIds(message.clientIds);
    default:
      return false;
  }
}

/**
 * What a message received on the channel is: ours and well-formed (`message`), or `invalid`
 * (anything else, which is ignored: a foreign script's, a newer version's, a damaged one).
 */
export function parseTabMessage(data: unknown): { message: TabMessage } | { invalid: string } {
  if (!isPlainObject(data) || data.wpe !== TAB_MESSAGE_MARK) return { invalid: 'not a wp-entities message' };
  if (data.v !== TAB_MESSAGE_VERSION) return { invalid: `version ${String(data.v)}` };
  if (!isName(data.from)) return { invalid: 'no sending tab' };
  const type = data.t;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(BODY_KEYS, type)) {
    return { invalid: `unknown type ${String(type)}` };
  }
  const allowed = ['wpe', 'v', 'from', 't', ...(BODY_KEYS[type as TabMessageBody['t']] ?? [])];
  if (!hasOnlyKeys(data, allowed) || !hasBodyShape(data)) return { invalid: `a malformed "${type}"` };
  return { message: data as unknown as TabMessage };
}
