// @vitest-environment jsdom
import { act, Component, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError } from '../../core/errors.js';
import {
  observer,
  useInfiniteEntityRecords,
  type InfiniteEntityRecordsHandle,
} from '../../src/react/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';
import { reactPage, settle } from './harness.js';

describe('useInfiniteEntityRecords', () => {
  let transport: FakeTransport;
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

  const listCalls = () => transport.callsTo('GET', '/wp/v2/posts');

  beforeEach(() => {
    transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
      'GET',
      '/wp/v2/posts',
      paginated(() => posts),
    );
  });
  const page = reactPage(() => new RootStore({ transport }));

  it('reads a list page after page with its totals, one request per page', async () => {
    await page.render(<List status="publish" />);
    await settle();
    expect(page.container.textContent).toBe('10 of 23 more');
    await act(async () => handle!.fetchNextPage());
    await settle();
    expect(page.container.textContent).toBe('20 of 23 more');
    await act(async () => handle!.fetchNextPage());
    await settle();
    expect(page.container.textContent).toBe('23 of 23 end');
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
    await page.render(<List status="publish" />);
    await settle();
    await act(async () => {
      void handle!.fetchNextPage();
      void handle!.fetchNextPage();
    });
    await settle();
    expect(listCalls().map((call) => call.query.page)).toEqual([1, 2]);
  });

  it('starts where it was when shown again, and from the first page for another filter', async () => {
    await page.render(<List status="publish" />);
    await settle();
    await act(async () => handle!.fetchNextPage());
    await settle();
    await page.render(<p>elsewhere</p>);
    await page.render(<List status="publish" />);
    expect(page.container.textContent).toBe('20 of 23 more');
    await page.render(<List status="draft" />);
    await settle();
    expect(page.container.textContent).toBe('10 of 23 more');
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
      await page.render(
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
