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

/** What a person shares about where they are in a record. */
export interface LocalPresence {
  /** The field being edited. @default undefined */
  readonly field?: string | undefined;
  /** The selection in that field. @default undefined */
  readonly selection?: PresenceSelection | undefined;
}

/** Another person in the room, as `sync.peers(record)` lists them. */
export interface Peer {
  /** Their awareness client id (one per open document). */
  readonly clientId: number;
  /** Who they are. */
  readonly user: SyncUser;
  /** The field they are in, if any. */
  readonly field?: string | undefined;
  /** Their selection in that field, if any. */
  readonly selection?: PresenceSelection | undefined;
  /** When their state was last updated (ms since the epoch, this machine's clock). */
  readonly lastSeenMs: number;
}
