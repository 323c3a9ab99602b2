// @vitest-environment jsdom
import { act, Component, startTransition, Suspense, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestError } from '../../core/errors.js';
import {
  observer,
  StoreProvider,
  useSuspenseEntityRecord,
  useSuspenseEntityRecords,
} from '../../src/react/index.js';
import { suspendMode } from '../../src/react/suspendOn.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody, type FakeCall } from '../helpers/fakeTransport.js';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

interface Post {
  id: number;
  title: string;
}

/** Catches what a child throws and shows its name and message. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };
  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }
  override render(): ReactNode {
    const error = this.state.error;
    return error ? (
      <p>caught {`${error.name} ${error instanceof RestError ? error.status : ''}`}</p>
    ) : (
      this.props.children
    );
  }
}

const Title = observer(function Title({ id }: { id: number }) {
  const { edited } = useSuspenseEntityRecord<Post, { title: string }>('postType', 'post', id);
  return <li>{edited?.title}</li>;
});

const Page = observer(function Page({ page }: { page: number }) {
  const { items, totalPages } = useSuspenseEntityRecords<Post>('postType', 'post', { page, per_page: 5 });
  return (
    <p>
      page {page} of {totalPages}: {items.map((item) => item.id).join(',')}
    </p>
  );
});

/** Waits until `condition` holds, letting React and the transport run in between. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  expect(condition()).toBe(true);
}

describe.each([
  ['React 19 use()', true],
  ['a thrown promise (React 18.3)', false],
])('Suspense hooks with %s', (_label, useReactUse) => {
  let transport: FakeTransport;
  let store: RootStore;
  let container: HTMLElement;
  let root: Root;
  const posts = Array.from({ length: 12 }, (_, i) => makePost(i + 1));
  /** Requests answered only once `release()` is called. */
  let held: Array<() => void> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  /** What React reported through console.error (a misuse of use(), an update outside act). */
  let reactErrors: unknown[][] = [];
  let stopWatchingErrors: () => void = () => undefined;

  function holdBack(reply: (call: FakeCall) => { body: unknown; headers?: Record<string, string> }) {
    return async (call: FakeCall) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise<void>((resolve) => held.push(resolve));
      inFlight--;
      return reply(call);
    };
  }

  function release(): void {
    const waiting = held;
    held = [];
    for (const resolve of waiting) resolve();
  }

  function render(node: ReactNode): Promise<void> {
    return act(async () => {
      root.render(
        <StoreProvider store={store}>
          <Boundary>
            <Suspense fallback={<p>loading</p>}>{node}</Suspense>
          </Boundary>
        </StoreProvider>,
      );
    });
  }

  beforeEach(() => {
    suspendMode.useReactUse = useReactUse;
    reactErrors = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void reactErrors.push(args));
    stopWatchingErrors = () => spy.mockRestore();
    held = [];
    inFlight = 0;
    mostInFlight = 0;
    const list = paginated(() => posts);
    transport = new FakeTransport()
      .on('GET', '/wp/v2/types', { body: typesBody() })
      .on(
        'GET',
        '/wp/v2/posts',
        holdBack((call) => list(call) as { body: unknown }),
      )
      .on('GET', '/wp/v2/posts/404', {
        status: 404,
        body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.' },
      });
    for (const post of posts)
      transport.on(
        'GET',
        `/wp/v2/posts/${post.id}`,
        holdBack(() => ({ body: post })),
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
    suspendMode.useReactUse = true;
    stopWatchingErrors();
    expect(reactErrors).toEqual([]);
  });

  it('shows the fallback until the record is there, then the record', async () => {
    await render(<Title id={3} />);
    expect(container.textContent).toBe('loading');
    await until(() => held.length === 1);
    await act(async () => release());
    await until(() => container.textContent === 'Post 3');
    expect(transport.callsTo('GET', '/wp/v2/posts/3')).toHaveLength(1);
  });

  it('renders a cached record at once, with no request', async () => {
    await store.collection('postType', 'post').ensureConfig();
    store.collection('postType', 'post').receive(posts[1] as Record<string, unknown>);
    await render(<Title id={2} />);
    expect(container.textContent).toBe('Post 2');
    expect(transport.callsTo('GET', '/wp/v2/posts/2')).toHaveLength(0);
  });

  it('starts the requests of siblings that suspend on different records together (no waterfall)', async () => {
    await render(
      <ul>
        <Title id={1} />
        <Title id={2} />
        <Title id={3} />
      </ul>,
    );
    // All three are asked for before any is answered.
    await until(() => inFlight === 3);
    await act(async () => release());
    await until(() => container.textContent === 'Post 1Post 2Post 3');
    expect(mostInFlight).toBe(3);
    for (const id of [1, 2, 3]) expect(transport.callsTo('GET', `/wp/v2/posts/${id}`)).toHaveLength(1);
  });

  it('throws the typed error of a failed request to the nearest error boundary', async () => {
    await render(<Title id={404} />);
    await until(() => container.textContent === 'caught RestError 404');
    expect(store.record('postType', 'post', 404).fetchError).toBeInstanceOf(RestError);
    // React reports the caught error; nothing else.
    expect(reactErrors.length).toBeGreaterThan(0);
    expect(
      reactErrors.every((args) =>
        args.some((arg) => arg instanceof RestError || String(arg).includes('RestError')),
      ),
    ).toBe(true);
    reactErrors = [];
  });

  it('keeps the page shown while the next one loads inside startTransition', async () => {
    let goTo: (page: number) => void = () => undefined;
    function Pager(): ReactNode {
      const [page, setPage] = useState(1);
      goTo = (next) => startTransition(() => setPage(next));
      return <Page page={page} />;
    }
    await render(<Pager />);
    await until(() => held.length === 1);
    await act(async () => release());
    await until(() => container.textContent === 'page 1 of 3: 1,2,3,4,5');

    await act(async () => goTo(2));
    await until(() => held.length === 1);
    // The next page is on its way: the old one stays, no fallback.
    expect(container.textContent).toBe('page 1 of 3: 1,2,3,4,5');
    await act(async () => release());
    await until(() => container.textContent === 'page 2 of 3: 6,7,8,9,10');
  });

  it('shows the fallback for a page change outside a transition', async () => {
    let goTo: (page: number) => void = () => undefined;
    function Pager(): ReactNode {
      const [page, setPage] = useState(1);
      goTo = setPage;
      return <Page page={page} />;
    }
    await store.collection('postType', 'post').ensureConfig();
    store.collection('postType', 'post').receive(posts.slice(0, 5), {
      query: { page: 1, per_page: 5 },
      meta: { totalItems: 12, totalPages: 3 },
    });
    await render(<Pager />);
    expect(container.textContent).toBe('page 1 of 3: 1,2,3,4,5');
    await act(async () => goTo(3));
    // React hides the page (display: none) and shows the fallback beside it.
    expect(container.textContent).toContain('loading');
    // (Page 1, received rather than fetched, is also asked for once it is observed.)
    await until(() => transport.callsTo('GET', '/wp/v2/posts').some((call) => call.query.page === 3));
    await act(async () => release());
    await until(() => container.textContent === 'page 3 of 3: 11,12');
  });
});
