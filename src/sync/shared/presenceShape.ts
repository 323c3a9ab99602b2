/**
 * What a person shares of themselves and of where they are in a record: plain shapes that the
 * client's presence and the providers' awareness wire both read, so neither imports the other.
 *
 * @module
 */

/** What peers see of a person. */
export interface SyncUser {
  /** The WordPress user id. */
  readonly id: number;
  /** The display name. */
  readonly name: string;
  /** A CSS colour for cursors and avatars. */
  readonly color: string;
}

/** A text selection within a field (UTF-16 offsets). */
export interface PresenceSelection {
  /** Where the selection starts. */
  readonly start: number;
  /** Where it ends (equal to `start` for a caret). */
  readonly end: number;
}

/**
 * A place in one of a post's blocks, as the block editor shares carets: the block (its `clientId`
 * in the shared document, as `record.blocks` gives it, or its index path: `[2, 0]` is the first
 * inner block of the third block) and the rich-text attribute (`content` of a paragraph). A
 * selection beside it counts characters of that attribute's text (tags aside).
 */
export interface PresenceBlock {
  /** The block's `clientId` in the shared document; wins over {@link path}. */
  readonly clientId?: string | undefined;
  /** The block's index path among the post's blocks. */
  readonly path?: readonly number[] | undefined;
  /** The rich-text attribute. */
  readonly attribute: string;
}

/** What a person shares about where they are in a record. */
export interface LocalPresence {
  /** The field being edited (`content` for a place in a block). @default undefined */
  readonly field?: string | undefined;
  /** The selection in that field, or in {@link block}'s attribute. @default undefined */
  readonly selection?: PresenceSelection | undefined;
  /** The block and attribute the selection is in (posts with a block codec). @default undefined */
  readonly block?: PresenceBlock | undefined;
}

/** Where a peer is in one of the post's blocks (see {@link PresenceBlock}), as resolved in this document. */
export interface PeerBlock {
  /** The block's `clientId` in the shared document. */
  readonly clientId: string | undefined;
  /** The block's index path among the post's blocks. */
  readonly path: readonly number[];
  /** The rich-text attribute. */
  readonly attribute: string;
}

/**
 * Who a peer is as the site tells it: the block editor's `collaboratorInfo`, which WordPress's
 * collaboration server fills in from the WordPress user (so a client cannot choose its name).
 */
export interface PeerInfo {
  /** The display name. */
  readonly name: string;
  /** The user's slug (`anonymous-<client id>` for someone it cannot identify). */
  readonly slug?: string | undefined;
  /** Avatar URLs by size (`'24'`, `'48'`, `'96'`). */
  readonly avatarUrls?: Readonly<Record<string, string>> | undefined;
  /** When they opened the post (ms since the epoch, their clock). */
  readonly enteredAt?: number | undefined;
  /** Their browser as they named it (`Chrome`, `wp-entities`). */
  readonly browserType?: string | undefined;
}

/** Another person in the room, as `sync.peers(record)` lists them. */
export interface Peer {
  /** Their awareness client id (one per open document). */
  readonly clientId: number;
  /**
   * Every Yjs client id their changes to this document are written under: {@link clientId} first,
   * then, when their tabs share one connection (`SyncOptions.tabs`), the document client id of
   * each of their tabs that has the record open (or had it, while the room lasts). Match a change's
   * author against any of them. At most 32 (a longer list from the network is cut).
   */
  readonly clientIds: readonly number[];
  /** Who they are. */
  readonly user: SyncUser;
  /** The field they are in, if any. */
  readonly field?: string | undefined;
  /** Their selection in that field (or in {@link block}'s attribute), if any. */
  readonly selection?: PresenceSelection | undefined;
  /** The block they are in, when their caret is in one. */
  readonly block?: PeerBlock | undefined;
  /** Who they are as the site tells it (the block editor's presence carries it), if known. */
  readonly info?: PeerInfo | undefined;
  /** When their state was last updated (ms since the epoch, this machine's clock). */
  readonly lastSeenMs: number;
}

/**
 * The most document client ids one person's presence may name (their tabs with one record open):
 * a remote presence state is hostile input, and a longer list is cut.
 */
export const MAX_PEER_CLIENT_IDS = 32;

/** True for a Yjs client id: an unsigned 32-bit integer. */
export function isYjsClientId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 0xffff_ffff;
}

/**
 * The client ids a person's presence names, as a peer's {@link Peer.clientIds}: `own` (their
 * awareness client id) first, then those of `listed` that are Yjs client ids, without repeats, at
 * most {@link MAX_PEER_CLIENT_IDS} in all. Anything else in `listed` is ignored.
 */
export function peerClientIds(own: number, listed: unknown): number[] {
  const ids = [own];
  if (!Array.isArray(listed)) return ids;
  // Looks at twice the cap of entries at most: a huge list costs no more than a short one.
  const end = Math.min(listed.length, MAX_PEER_CLIENT_IDS * 2);
  for (let index = 0; index < end && ids.length < MAX_PEER_CLIENT_IDS; index++) {
    const id: unknown = listed[index];
    if (isYjsClientId(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
