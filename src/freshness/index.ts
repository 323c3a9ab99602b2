/**
 * `wp-entities/freshness`: when observed data is asked for again by itself (`staleTimeMs`, refetch
 * on window focus and on reconnect, an interval) and `store.invalidate()`. Importing it registers
 * the policy every `RootStore` then gets (see `stores/storeEngines.ts`), so a root-only bundle
 * carries none of it. `wp-entities/react` imports it: a React app has it already.
 *
 * ```ts
 * import 'wp-entities/freshness';
 * import { RootStore } from 'wp-entities';
 * const store = new RootStore({ transport, freshness: { staleTimeMs: 30_000 } });
 * store.invalidate({ kind: 'postType', name: 'post' });
 * ```
 *
 * @packageDocumentation
 */
import { registerStoreEngine } from '../../stores/storeEngines.js';
import { Freshness } from '../../stores/Freshness.js';

registerStoreEngine('freshness', (store, options) => {
  const policy = new Freshness(store, options);
  return { policy, stop: policy.start() };
});

export {
  Freshness,
  type FreshnessOptions,
  type FreshnessPolicy,
  type InvalidateTarget,
  type RefreshReason,
} from '../../stores/Freshness.js';
