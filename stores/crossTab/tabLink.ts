/**
 * What a store knows of the other tabs of its site (`crossTab`): a link it tells the server's
 * answers to, made by `crossTabCache()` from `wp-entities/tabs`. Types only, so the root entry
 * carries none of the channel's code.
 *
 * @module
 */
import type { SyncError } from '../../core/errors.js';
import type { EntityCollection } from '../EntityCollection.js';
import type { ServerAnswerSink } from './serverAnswerSink.js';

/** A store's link to the other tabs of its site. */
export interface CrossTabLink extends ServerAnswerSink {
  /** The first message from the channel that was ignored; later ones are only counted. Observable. */
  readonly error: SyncError | undefined;
  /** How many messages from the channel were ignored so far. */
  readonly ignoredMessages: number;
  /** Stops posting and listening; `store.dispose()` calls it. */
  close(): void;
}

/** What the link reads from its store. */
export interface CrossTabHost {
  /** The collection of `(kind, name)` if this tab made it; a message never makes one. */
  collectionIfMade(kind: string, name: string): EntityCollection<object> | undefined;
  /** The store's transport: the channel is per REST root and signed-in identity. */
  readonly transport: { readonly root?: string | undefined; readonly authorization?: string | undefined };
}

/**
 * The value of the `crossTab` option: opens a store's link to the other tabs, or gives `undefined`
 * where there are none (Node). Made by `crossTabCache()` from `wp-entities/tabs`.
 */
export type CrossTabCacheFactory = (store: CrossTabHost) => CrossTabLink | undefined;
