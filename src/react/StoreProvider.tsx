/**
 * The React context that hands a {@link RootStore} to the hooks of `wp-entities/react`.
 *
 * @module
 */
import { createContext, useContext, type ReactNode } from 'react';
import { ArgumentError } from '../../core/errors.js';
import type { RootStore } from '../../stores/RootStore.js';

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
