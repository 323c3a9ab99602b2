// @vitest-environment jsdom
/**
 * The example editor's restore offer (examples/editor/src/neverLoseWork/RestoreOffer.tsx): a
 * restore that fails says so where the user clicked, keeps the offer to try again, and throws
 * nothing in the page (the button's click does not await it).
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { RootStore, type JournalEntry } from 'wp-entities';
import { StoreProvider } from 'wp-entities/react';
import { RestoreOffer } from '../../examples/editor/src/neverLoseWork/RestoreOffer.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { transportTo } from '../sync/storeHelpers.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
const stores: RootStore[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  for (const store of stores.splice(0)) store.dispose();
  document.body.replaceChildren();
});

const ENTRY: JournalEntry = {
  key: 'other-tab|postType/post/1',
  writer: 'other-tab',
  record: 'postType/post/1',
  kind: 'postType',
  name: 'post',
  id: 1,
  edits: { title: 'Typed before the reload' },
  base: {},
  modifiedGmt: undefined,
  writtenAtMs: 0,
};

/** Lets React and the offer's promises settle. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

it('shows a failed restore, keeps the offer, and leaves no unhandled rejection', async () => {
  const store = new RootStore({ transport: transportTo(createMockWordPress()) });
  stores.push(store);
  const failure = new Error('The journal could not be written.');
  store.readJournal = () => Promise.resolve([ENTRY]);
  store.restoreJournal = () => Promise.reject(failure);
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    roots.push(root);
    act(() =>
      root.render(
        <StoreProvider store={store}>
          <RestoreOffer />
        </StoreProvider>,
      ),
    );
    await settle();
    const button = [...container.querySelectorAll('button')].find((b) =>
      b.textContent?.startsWith('Restore'),
    );
    expect(button).toBeDefined();
    act(() => button?.click());
    await settle();
    await settle();

    expect(unhandled).toEqual([]);
    expect(container.querySelector('[data-testid="restore-error"]')?.textContent).toContain(failure.message);
    // The offer stays, and can be clicked again.
    expect(container.textContent).toContain('You have 1 unsaved change');
    expect(button?.disabled).toBe(false);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
