// @vitest-environment jsdom
import { act, Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError } from '../../core/errors.js';
import {
  observer,
  StoreProvider,
  useInfiniteEntityRecords,
  type InfiniteEntityRecordsHandle,
} from '../../src/react/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

describe('useInfiniteEntityRecords', () => {
  let transport: FakeTransport;
  let store: RootStore;
  let container: HTMLElement;
  let root: Root;
  let handle: InfiniteEntityRecordsHandle<{ id: number }> | undefined;
  const posts = Array.from({ length: 23 }, (_, i) => makePost(i + 1));

  const List = observer(function List({ status }: { status: string }) {
    handle = useInfiniteEntityRecords<{ id: number }>('postType', 'post', { status }, { perPage: 10 });
    const { items, totalItems, hasNextPage, isLoading, isFetchingNextPage } = handle;
    if (isLoading) return <p>loading</p>;
    return (
      <p>
        {items.length} of {totalItems}
        {hasNextPage ? ' more' : ' end'}
        {isFetchingNextPage ? ' fetching' : ''}
      </p>
    );
  });

  function render(node: ReactNode): Promise<void> {
    return act(async () => {
      root.render(<StoreProvider store={store}>{node}</StoreProvider>);
    });
  }

  const listCalls = () => transport.callsTo('GET', '/wp/v2/posts');

  beforeEach(() => {
    transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
      'GET',
      '/wp/v2/posts',
      paginated(() => posts),
    );
    store = new RootStore({ transport });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    store.dispose();
  });

  it('reads a list page after page with its totals, one request per page', async () => {
    await render(<List status="publish" />);
    await settle();
    expect(container.textContent).toBe('10 of 23 more');
    await act(async () => handle!.fetchNextPage());
    await settle();
    expect(container.textContent).toBe('20 of 23 more');
    await act(async () => handle!.fetchNextPage());
    await settle();
    expect(container.textContent).toBe('23 of 23 end');
    expect(handle!.records.map((record) => record.id)).toEqual(posts.map((post) => post.id));
    // Past the last page: nothing more is asked for.
    await act(async () => handle!.fetchNextPage());
    await settle();
    expect(listCalls().map((call) => call.query.page)).toEqual([1, 2, 3]);
    expect(listCalls().every((call) => call.query.per_page === 10 && call.query.status === 'publish')).toBe(
      true,
    );
  });

  it('asks for a page once however often fetchNextPage is called while it loads', async () => {
    await render(<List status="publish" />);
    await settle();
    await act(async () => {
      void handle!.fetchNextPage();
      void handle!.fetchNextPage();
    });
    await settle();
    expect(listCalls().map((call) => call.query.page)).toEqual([1, 2]);
  });

  it('starts where it was when shown again, and from the first page for another filter', async () => {
    await render(<List status="publish" />);
    await settle();
    await act(async () => handle!.fetchNextPage());
    await settle();
    await render(<p>elsewhere</p>);
    await render(<List status="publish" />);
    expect(container.textContent).toBe('20 of 23 more');
    await render(<List status="draft" />);
    await settle();
    expect(container.textContent).toBe('10 of 23 more');
  });

  it('refuses page and per_page in the query, naming them', async () => {
    const Bad = observer(function Bad() {
      useInfiniteEntityRecords('postType', 'post', { page: 2 });
      return null;
    });
    let caught: unknown;
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError(): { failed: boolean } {
        return { failed: true };
      }
      override componentDidCatch(error: unknown): void {
        caught = error;
      }
      override render(): ReactNode {
        return this.state.failed ? null : this.props.children;
      }
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await render(
        <Boundary>
          <Bad />
        </Boundary>,
      );
    } finally {
      quiet.mockRestore();
    }
    expect(caught).toBeInstanceOf(ArgumentError);
    expect(String(caught)).toMatch(/page and per_page/);
  });
});
