/**
 * wp-entities/tabs: one cache for every tab of a site in a browser. Pass `crossTabCache()` as a
 * store's `crossTab` option and what the server answers one tab (a read, a save, a delete) updates
 * the same records and their lists in the other tabs, without a request. Its own entry, so an app
 * that does not use it carries none of it.
 *
 * ```ts
 * import { RootStore } from 'wp-entities';
 * import { crossTabCache } from 'wp-entities/tabs';
 *
 * const store = new RootStore({ transport, crossTab: crossTabCache() });
 * ```
 *
 * @packageDocumentation
 */
export type { CrossTabCacheFactory, CrossTabHost, CrossTabLink } from '../../stores/crossTab/tabLink.js';
import { openCrossTabCache } from '../../stores/crossTab/CrossTabCache.js';
import type { CrossTabCacheFactory } from '../../stores/crossTab/tabLink.js';

/**
 * The `crossTab` option of a `RootStore` that shares its cache with the other tabs of the site
 * (same origin, same REST root, same signed-in user) over a `BroadcastChannel`. Only the server's
 * answers travel: unsaved edits stay in their tab. Messages on the channel that this library did
 * not write are ignored, and the first one is `store.crossTabError`. Where there is no
 * `BroadcastChannel`, or no browser page or worker (Node, where stores of different requests must
 * not share records), the store keeps its own cache, as without the option.
 */
export function crossTabCache(): CrossTabCacheFactory {
  return openCrossTabCache;
}
