/**
 * The page React tests render into: a store, a container in the document and a React root per
 * test, torn down after it in the order a page closes (unmount, remove, dispose the store).
 * Test files keep their own `// @vitest-environment jsdom` line.
 *
 * @module
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { StoreProvider } from '../../src/react/index.js';
import type { RootStore } from '../../stores/RootStore.js';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Lets React and the store's answers settle: five macrotasks, each inside `act`. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** The current test's page (read its fields inside a test or a hook, not at collection time). */
export interface ReactPage {
  /** The store made by `makeStore` for this test. */
  readonly store: RootStore;
  /** The element the root renders into, attached to `document.body`. */
  readonly container: HTMLElement;
  /** The React root. */
  readonly root: Root;
  /** Renders `node` inside `<StoreProvider store={store}>`, within `act`. */
  render(node: ReactNode): Promise<void>;
}

/**
 * Registers, in the calling `describe`, a `beforeEach` that makes a page with the store
 * `makeStore()` returns (hooks registered before this call run first, so they may prepare what the
 * store needs) and an `afterEach` that unmounts the root, removes the container and disposes the store.
 */
export function reactPage(makeStore: () => RootStore): ReactPage {
  let current: { store: RootStore; container: HTMLElement; root: Root } | undefined;
  const now = (): { store: RootStore; container: HTMLElement; root: Root } => {
    if (current === undefined) throw new Error('reactPage: read the page inside a test or a hook.');
    return current;
  };
  beforeEach(() => {
    const store = makeStore();
    const container = document.createElement('div');
    document.body.append(container);
    current = { store, container, root: createRoot(container) };
  });
  afterEach(() => {
    const { store, container, root } = now();
    act(() => root.unmount());
    container.remove();
    store.dispose();
    current = undefined;
  });
  return {
    get store() {
      return now().store;
    },
    get container() {
      return now().container;
    },
    get root() {
      return now().root;
    },
    render(node) {
      const { store, root } = now();
      return act(async () => {
        root.render(<StoreProvider store={store}>{node}</StoreProvider>);
      });
    },
  };
}
