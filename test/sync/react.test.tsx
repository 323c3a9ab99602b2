// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRecord, RootStore } from 'wp-entities';
import { observer, StoreProvider, useEntityRecord, usePeers } from '../../src/react/index.js';
import { closeAll, syncedPost, type SyncedSetup } from './storeHelpers.js';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let setup: SyncedSetup | undefined;
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  if (setup !== undefined) closeAll(setup);
  setup = undefined;
});

function render(store: RootStore, node: ReactNode): Promise<void> {
  const container = document.createElement('div');
  root = createRoot(container);
  return act(async () => {
    root?.render(<StoreProvider store={store}>{node}</StoreProvider>);
  });
}

describe('React with sync', () => {
  it('useEntityRecord joins the room while mounted and usePeers lists the others', async () => {
    setup = await syncedPost(2);
    const [a, b] = setup.stores as [RootStore, RootStore];
    const record = setup.records[1] as EntityRecord<object>;
    b.sync?.leave(record);
    expect(b.sync?.isJoined(record)).toBe(false);
    const seen: string[][] = [];
    const Editor = observer(function Editor(): ReactNode {
      const { record: post } = useEntityRecord('postType', 'post', setup?.id);
      seen.push(usePeers(post as EntityRecord<object>).map((peer) => peer.user.name));
      return null;
    });
    await render(b, <Editor />);
    expect(b.sync?.isJoined(record)).toBe(true);
    await act(async () => {
      await setup?.net.flush();
    });
    expect(seen.at(-1)).toEqual(['User 1']);
    a.dispose();
    await act(async () => {
      await setup?.net.flush();
    });
    expect(seen.at(-1)).toEqual([]);
  });
});
