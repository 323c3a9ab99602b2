// @vitest-environment jsdom
/** The freshness policy as a page sees it: the window's focus, visibility and online events, and hooks. */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { observer, StoreProvider, useEntityRecord, useEntityRecords } from '../../src/react/index.js';
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

const Post = observer(function Post({ id }: { id: number }) {
  const { edited } = useEntityRecord<{ id: number; title: string }>('postType', 'post', id);
  return <p>{edited?.title ?? '…'}</p>;
});

const Drafts = observer(function Drafts() {
  const { items } = useEntityRecords<{ id: number }>('postType', 'page', { per_page: 5 });
  return <p>{items?.length ?? '…'} pages</p>;
});

describe('freshness in a page', () => {
  let transport: FakeTransport;
  let store: RootStore;
  let container: HTMLElement;
  let root: Root;
  const titles = new Map<number, string>([
    [1, 'One'],
    [2, 'Two'],
  ]);

  function render(node: ReactNode): Promise<void> {
    return act(async () => {
      root.render(<StoreProvider store={store}>{node}</StoreProvider>);
    });
  }

  const postGets = (id: number): number => transport.callsTo('GET', `/wp/v2/posts/${id}`).length;
  const pageLists = (): number => transport.callsTo('GET', '/wp/v2/pages').length;

  beforeEach(() => {
    transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
      'GET',
      '/wp/v2/pages',
      paginated(() => [makePost(10, { type: 'page' })]),
    );
    for (const id of [1, 2]) {
      transport.on('GET', `/wp/v2/posts/${id}`, () => ({
        body: makePost(id, { title: { raw: titles.get(id), rendered: titles.get(id) } }),
      }));
    }
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

  it('refetches what is shown when the window regains focus, and shows the new data', async () => {
    await render(
      <>
        <Post id={1} />
        <Drafts />
      </>,
    );
    await settle();
    // Post 2 was read by a script: nothing shows it.
    await store.collection('postType', 'post').fetch(2);
    expect(container.textContent).toBe('One1 pages');
    titles.set(1, 'One, edited elsewhere');

    await act(async () => void window.dispatchEvent(new Event('focus')));
    await settle();
    expect(container.textContent).toBe('One, edited elsewhere1 pages');
    expect(postGets(1)).toBe(2);
    expect(pageLists()).toBe(2);
    expect(postGets(2)).toBe(1);
  });

  it('refetches on visibilitychange to visible and on online, not after the component unmounted or the store ended', async () => {
    await render(<Post id={1} />);
    await settle();
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(postGets(1)).toBe(2);
    await act(async () => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(postGets(1)).toBe(3);

    await render(<p>elsewhere</p>);
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await settle();
    expect(postGets(1)).toBe(3);

    await render(<Post id={1} />);
    store.dispose();
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await settle();
    expect(postGets(1)).toBe(3);
  });

  it('asks again for a record invalidated while nobody showed it once a component shows it', async () => {
    await store.collection('postType', 'post').fetch(1);
    store.invalidate({ kind: 'postType', name: 'post', id: 1 });
    expect(postGets(1)).toBe(1);
    titles.set(1, 'Newer');
    await render(<Post id={1} />);
    await settle();
    expect(postGets(1)).toBe(2);
    expect(container.textContent).toBe('Newer');
  });
});
