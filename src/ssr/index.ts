/**
 * `wp-entities/ssr`: server rendering. Importing it gives every `RootStore` `store.dehydrate()`
 * (the cache as JSON, on the server) and `store.hydrate(snapshot)` (on the client, before the first
 * render: the same reads answer with no request). It registers them (see `stores/storeEngines.ts`),
 * so a root-only bundle carries none of it. Import it on both sides.
 *
 * ```ts
 * import 'wp-entities/ssr';
 * // server: const snapshot = JSON.stringify(store.dehydrate());
 * // client: store.hydrate(snapshot);
 * ```
 *
 * @packageDocumentation
 */
import { registerStoreEngine } from '../../stores/storeEngines.js';
import { dehydrateStore, hydrateStore } from '../../stores/storeSnapshot.js';

registerStoreEngine('snapshot', { dehydrate: dehydrateStore, hydrate: hydrateStore });

export { SNAPSHOT_VERSION, type StoreSnapshot } from '../../stores/storeSnapshot.js';
