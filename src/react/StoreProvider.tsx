/**
 * The React context that hands a {@link RootStore} to the hooks of `wp-entities/react`.
 *
 * @module
 */
import { createContext, useContext, type ReactNode } from 'react';
import { ArgumentError } from '../../core/errors.js';
import type { RootStore } from '../../stores/RootStore.js';
// The hooks show data that stays fresh: this registers the store's freshness policy (refetch on
// focus, reconnect, interval; `store.invalidate`). Here, not in the entry (index.ts): every hook
// reads its store through this module, so a bundler keeps it. The entry only re-exports, and
// bundlers that see it as free of side effects (package.json `sideEffects`) skip it, and this
// import with it (Vite 8 did: `store.freshness` threw in the example editor's production build).
import '../freshness/index.js';

const StoreContext = createContext<RootStore | undefined>(undefined);
StoreContext.displayName = 'WpEntitiesStore';

/** Props of {@link StoreProvider}. */
export interface StoreProviderProps {
  /** The store every hook below reads from; usually one per site and session, made once. */
  store: RootStore;
  /** The components that use the hooks. */
  children?: ReactNode;
}

/**
 * Makes `store` available to {@link useStore} and the entity hooks of every component below it:
 * `<StoreProvider store={store}><App /></StoreProvider>`.
 */
export function StoreProvider({ store, children }: StoreProviderProps): ReactNode {
  // A store made before this module was first evaluated has no policy yet: made now, so the lists
  // shown below refetch on focus and reconnect too.
  void store.freshness;
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/**
 * The store of the nearest {@link StoreProvider}.
 * @throws ArgumentError when the component is not inside a `StoreProvider`.
 */
export function useStore(): RootStore {
  const store = useContext(StoreContext);
  if (!store) {
    throw new ArgumentError(
      'useStore() was called outside a <StoreProvider store={…}>: wrap the app in a StoreProvider.',
    );
  }
  return store;
}
