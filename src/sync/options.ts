/**
 * The options of collaborative mode: `new RootStore({ transport, sync: { user, providers } })`.
 *
 * @module
 */
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { SyncUser } from './Presence.js';
import type { ProviderFactory } from './provider.js';

/** `RootStore`'s `sync` option: turns collaborative mode on. */
export interface SyncOptions {
  /** Who this person is, as peers see them in presence. */
  readonly user: SyncUser;
  /**
   * How shared documents travel and persist: any mix of `webrtcProvider(...)`,
   * `websocketProvider(...)`, `indexeddbProvider()` and, in tests, `memoryNetwork().provider()`.
   * At least one.
   */
  readonly providers: readonly ProviderFactory[];
  /**
   * The room of a record: everyone in one room shares one document.
   * @default `${site}/${kind}/${name}/${id}`, site = the REST root's host and path
   */
  readonly room?: ((record: EntityRecord<object>) => string) | undefined;
  /**
   * How long Yjs would group own changes into one undo step. The store's own undo rules decide the
   * steps of synced records as of unsynced ones (each edit is a step, typing made with `isCached`
   * joins the step it started, `history.createUndoLevel()` closes it), because `store.undo()` must
   * step the same way whether a record syncs or not; so this groups nothing any more and is kept
   * only so existing options still type-check.
   * @default 500
   * @deprecated Undo steps follow the store's rules for synced and unsynced records alike.
   */
  readonly undoCaptureTimeoutMs?: number | undefined;
  /**
   * Fields shared as collaborative text (merged character by character) besides
   * `title`, `content` and `excerpt`.
   * @default []
   */
  readonly textFields?: readonly string[] | undefined;
}
