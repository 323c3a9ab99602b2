// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntityRecord } from '../../models/EntityRecord.js';
import {
  observer,
  StoreProvider,
  useEntityRecord,
  useEntityRecords,
  useStore,
} from '../../src/react/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const ROWS = 1000;
const renders = new Map<string, number>();
function rendered(name: string): void {
  renders.set(name, (renders.get(name) ?? 0) + 1);
}

const Row = observer(function Row({ id }: { id: number }) {
  const { edited, isDirty } = useEntityRecord('postType', 'post', id);
  rendered(`row:${id}`);
  const title = (edited as { title?: string } | undefined)?.title ?? '';
  return (
    <li data-id={id}>
      {title}
      {isDirty ? ' *' : ''}
    </li>
  );
});

const PostList = observer(function PostList() {
  const { records } = useEntityRecords('postType', 'post', { per_page: ROWS });
  rendered('list');
  if (!records) return <p>Loading…</p>;
  return (
    <ul>
      {records.map((record: EntityRecord) => (
        <Row key={record.id} id={record.id as number} />
      ))}
    </ul>
  );
});

const DirtyCount = observer(function DirtyCount() {
  const store = useStore();
  rendered('dirty');
  return <p id="dirty">{store.dirtyRecords.length} unsaved</p>;
});

function rowRenders(): number {
  let total = 0;
  for (const [name, count] of renders) if (name.startsWith('row:')) total += count;
  return total;
}

describe('React list of 1,000 observer rows', () => {
  let transport: FakeTransport;
  let store: RootStore;
  let container: HTMLElement;
  let root: Root;

  beforeEach(async () => {
    const posts = Array.from({ length: ROWS }, (_, i) => makePost(i + 1));
    transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
      'GET',
      '/wp/v2/posts',
      paginated(() => posts),
    );
    store = new RootStore({ transport });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(
        <StoreProvider store={store}>
          <DirtyCount />
          <PostList />
        </StoreProvider>,
      );
    });
    // The list resolves by itself (its own microtask, then the fake answers); wait until the rows are on screen.
    for (let i = 0; i < 20 && container.querySelectorAll('li').length < ROWS; i++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
    renders.clear();
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    store.dispose();
  });

  it('requests the list once when an observer reads it, and no record on its own', () => {
    expect(container.querySelectorAll('li')).toHaveLength(ROWS);
    expect(transport.callsTo('GET', '/wp/v2/posts')).toHaveLength(1);
    expect(transport.calls.filter((call) => call.path.startsWith('/wp/v2/posts/'))).toHaveLength(0);
  });

  it('re-renders only the edited row and the dirty count when one record is edited', () => {
    act(() => store.record('postType', 'post', 500).edit({ title: 'Edited title' }));

    expect(renders.get('row:500')).toBe(1);
    expect(rowRenders()).toBe(1);
    expect(renders.get('dirty')).toBe(1);
    expect(renders.get('list')).toBeUndefined();
    expect(container.querySelector('li[data-id="500"]')?.textContent).toBe('Edited title *');
    expect(container.querySelector('#dirty')?.textContent).toBe('1 unsaved');
  });

  it('re-renders only that row again for a second edit of the same record', () => {
    act(() => store.record('postType', 'post', 7).edit({ title: 'One' }));
    renders.clear();
    act(() => store.record('postType', 'post', 7).edit({ title: 'Two' }));

    expect(rowRenders()).toBe(1);
    expect(renders.get('row:7')).toBe(1);
    expect(renders.get('list')).toBeUndefined();
    expect(container.querySelector('li[data-id="7"]')?.textContent).toBe('Two *');
  });

  it('re-renders the row, not the list, when its edit is undone back to the saved value', () => {
    act(() => store.record('postType', 'post', 3).edit({ title: 'Changed' }));
    renders.clear();
    act(() => {
      store.undo();
    });

    expect(rowRenders()).toBe(1);
    expect(renders.get('list')).toBeUndefined();
    expect(container.querySelector('li[data-id="3"]')?.textContent).toBe('Post 3');
    expect(container.querySelector('#dirty')?.textContent).toBe('0 unsaved');
  });
});
