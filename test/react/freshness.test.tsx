// @vitest-environment jsdom
/** The freshness policy as a page sees it: the window's focus, visibility and online events, and hooks. */
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { observer, useEntityRecord, useEntityRecords } from '../../src/react/index.js';
import { RootStore } from '../../stores/RootStore.js';
import {
  registeredStoreEngine,
  registerStoreEngine,
  type FreshnessEngine,
} from '../../stores/storeEngines.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';
import { reactPage, settle } from './harness.js';

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
  const titles = new Map<number, string>([
    [1, 'One'],
    [2, 'Two'],
  ]);

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
  });
  const page = reactPage(() => new RootStore({ transport }));

  it('refetches what is shown when the window regains focus, and shows the new data', async () => {
    await page.render(
      <>
        <Post id={1} />
        <Drafts />
      </>,
    );
    await settle();
    // Post 2 was read by a script: nothing shows it.
    await page.store.collection('postType', 'post').fetch(2);
    expect(page.container.textContent).toBe('One1 pages');
    titles.set(1, 'One, edited elsewhere');

    await act(async () => void window.dispatchEvent(new Event('focus')));
    await settle();
    expect(page.container.textContent).toBe('One, edited elsewhere1 pages');
    expect(postGets(1)).toBe(2);
    expect(pageLists()).toBe(2);
    expect(postGets(2)).toBe(1);
  });

  it('refetches on visibilitychange to visible and on online, not after the component unmounted or the store ended', async () => {
    await page.render(<Post id={1} />);
    await settle();
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(postGets(1)).toBe(2);
    await act(async () => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(postGets(1)).toBe(3);

    await page.render(<p>elsewhere</p>);
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await settle();
    expect(postGets(1)).toBe(3);

    await page.render(<Post id={1} />);
    page.store.dispose();
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await settle();
    expect(postGets(1)).toBe(3);
  });

  it('asks again for a record invalidated while nobody showed it once a component shows it', async () => {
    await page.store.collection('postType', 'post').fetch(1);
    page.store.invalidate({ kind: 'postType', name: 'post', id: 1 });
    expect(postGets(1)).toBe(1);
    titles.set(1, 'Newer');
    await page.render(<Post id={1} />);
    await settle();
    expect(postGets(1)).toBe(2);
    expect(page.container.textContent).toBe('Newer');
  });

  describe('a store made before wp-entities/react was first loaded', () => {
    // As in an app whose store module is evaluated before any module imports wp-entities/react:
    // the store is made while no freshness engine is registered.
    const early = reactPage(() => {
      const engine = registeredStoreEngine('freshness');
      registerStoreEngine('freshness', undefined as unknown as FreshnessEngine);
      try {
        return new RootStore({ transport });
      } finally {
        registerStoreEngine('freshness', engine as FreshnessEngine);
      }
    });

    it('gets its policy from the StoreProvider: a shown list refetches on focus', async () => {
      await early.render(<Drafts />);
      await settle();
      expect(pageLists()).toBe(1);
      await act(async () => void window.dispatchEvent(new Event('focus')));
      await settle();
      expect(pageLists()).toBe(2);
    });
  });
});
