/**
 * The options of collaborative mode: `new RootStore({ transport, sync: { user, providers } })`.
 *
 * @module
 */
import type { EntityRecord } from '../../../models/EntityRecord.js';
import type { BlockCodec } from '../shared/blockCodec.js';
import type { ForeignEdit } from './ForeignEdits.js';
import type { SyncUser } from './Presence.js';
import type { ProviderFactory } from '../providers/provider.js';
import type { TabSharingOptions } from '../providers/sharedTabs.js';

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
   * Own edits of a synced record closer together than this are one undo step: a plain edit made
   * within this time of this person's previous change to the record joins that step. Otherwise the
   * store's own rules apply as for unsynced records (typing made with `isCached` joins the step it
   * started, however slow; another record's step in between closes it). `0` makes synced steps
   * exactly the unsynced ones (the example editor uses it, so Ctrl+Z takes back a word).
   * @default 500
   */
  readonly undoCaptureTimeoutMs?: number | undefined;
  /**
   * Fields shared as collaborative text (merged character by character) besides
   * `title`, `content` and `excerpt`.
   * @default []
   */
  readonly textFields?: readonly string[] | undefined;
  /**
   * Asked by `sync.save` before it saves a record holding changes that came from others and need
   * capabilities (`edits`, all `isGuarded`; see `sync.foreignEdits`): resolve `true` to save them
   * with this person's authority, `false` to stop (the save rejects with a `ForeignEditsError`).
   * A `confirm` passed to `sync.save` wins.
   * @default none: such a save rejects with a `ForeignEditsError`
   */
  readonly confirmForeignEdits?:
    ((edits: readonly ForeignEdit[], record: EntityRecord<object>) => boolean | Promise<boolean>) | undefined;
  /**
   * Parses and serializes post content, so a post's content is shared as the block editor shares
   * it: `document.blocks`, one `Y.Map` per block with each rich-text attribute a `Y.Text` of HTML,
   * which the block editor treats as the truth (its `document.content` may be stale). With a codec,
   * an edit of `content` is written into the blocks (and into `document.content`), and the record's
   * `content` is the codec's serialization of the document's blocks whenever the document holds
   * blocks: a paragraph typed here is a paragraph typed in the block editor, and back. Without one,
   * only `document.content` is read and written. Use one setting for every wp-entities peer of a
   * room. `wordpressBlockCodec(blocks)` wraps `@wordpress/blocks` (core blocks registered).
   * @default undefined
   */
  readonly blockCodec?: BlockCodec | undefined;
  /**
   * Whether the tabs of one browser share one connection per site and person. `'shared'`: the
   * tabs elect one (Web Locks) that carries every room any tab has open on the network providers
   * (relay polling, WebSocket, WebRTC) and the others send and receive through it (a
   * BroadcastChannel); collaborators see the person once per room, where they were active last,
   * and their presence lists the Yjs client id of each tab's document (`Peer.clientIds`), so
   * `sync.foreignEdits()` names the person whichever tab a change came from. When that tab
   * closes, crashes or stays hidden for `hiddenHandOverMs`, another takes over at once and nothing
   * typed meanwhile is lost. Local providers (IndexedDB) stay in each tab. Tabs share only with
   * tabs of the same site (REST root) and user id. An object turns sharing on with its settings.
   * `'separate'`: each tab keeps its own connection (and shows up to others as one more person).
   * @default 'shared' in a browser with Web Locks and BroadcastChannel; elsewhere (Node, old
   * browsers, workers) each store keeps its own connection
   */
  readonly tabs?: 'shared' | 'separate' | TabSharingOptions | undefined;
}
