// @vitest-environment jsdom
import { act, useEffect, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ArgumentError } from '../../core/errors.js';
import {
  observer,
  StoreProvider,
  useEntityProp,
  useEntityRecord,
  useEntityRecords,
  useStore,
  type EntityRecordHandle,
} from '../../src/react/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';
import { reactPage, settle } from './harness.js';

interface Post {
  id: number;
  title: string;
  status: string;
}

describe('wp-entities/react hooks', () => {
  let transport: FakeTransport;
  const posts = Array.from({ length: 25 }, (_, i) =>
    makePost(i + 1, { status: i % 2 === 0 ? 'publish' : 'draft' }),
  );

  beforeEach(() => {
    transport = new FakeTransport()
      .on('GET', '/wp/v2/types', { body: typesBody() })
      .on(
        'GET',
        '/wp/v2/posts',
        paginated(() => posts),
      )
      .on('GET', '/wp/v2/posts/5', { body: posts[4] })
      .on('GET', '/wp/v2/posts/404', {
        status: 404,
        body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.' },
      })
      .on('GET', '/wp/v2/settings', { body: { title: 'My Site', description: 'Just another site' } });
  });
  const page = reactPage(() => new RootStore({ transport }));

  it('requests an unresolved record once however many components read it', async () => {
    const Title = observer(function Title() {
      const { edited, hasResolved } = useEntityRecord<Post>('postType', 'post', 5);
      return <span>{hasResolved ? edited?.title : 'loading'}</span>;
    });
    await page.render(
      <>
        <Title />
        <Title />
        <Title />
      </>,
    );
    await settle();
    expect(page.container.textContent).toBe('Post 5Post 5Post 5');
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(1);
  });

  it("sends a record's request before the mount's effects run, so it is under way before the paint", async () => {
    // React 19 yields to the browser between a mount's commit and its passive effects (to paint):
    // a request started in an effect waited for that. Outside act(), as in a browser.
    await page.store.entities.load('postType');
    let requestsWhenEffectsRan: number | undefined;
    const EffectProbe = () => {
      useEffect(() => {
        requestsWhenEffectsRan = transport.callsTo('GET', '/wp/v2/posts/5').length;
      }, []);
      return null;
    };
    const Title = observer(function Title() {
      const [title] = useEntityProp<Post, 'title'>('postType', 'post', 'title', 5);
      return <span>{title ?? 'loading'}</span>;
    });
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      page.root.render(
        <StoreProvider store={page.store}>
          <EffectProbe />
          <Title />
        </StoreProvider>,
      );
      for (let waited = 0; page.container.textContent !== 'Post 5' && waited < 5_000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(page.container.textContent).toBe('Post 5');
    expect(requestsWhenEffectsRan).toBe(1);
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(1);
  });

  it('re-renders a field reader for its value only, not for the request starting or ending', async () => {
    // The post type's config is known (a first render before it reads it, and renders again once).
    await page.store.entities.load('postType');
    let renders = 0;
    const Title = observer(function Title() {
      renders++;
      const [title] = useEntityProp<Post, 'title'>('postType', 'post', 'title', 5);
      return <span>{title ?? 'loading'}</span>;
    });
    await page.render(<Title />);
    await settle();
    expect(page.container.textContent).toBe('Post 5');
    // Once empty, once with the post: the request's own state changes are not read by the render.
    expect(renders).toBe(2);
  });

  it('requests nothing for a disabled record, and once when it is enabled', async () => {
    let setEnabled: ((value: boolean) => void) | undefined;
    const Maybe = observer(function Maybe() {
      const [isEnabled, set] = useState(false);
      setEnabled = set;
      const { edited } = useEntityRecord<Post>('postType', 'post', 5, { enabled: isEnabled });
      return <span>{edited?.title ?? 'none'}</span>;
    });
    await page.render(<Maybe />);
    await settle();
    expect(page.container.textContent).toBe('none');
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(0);

    act(() => setEnabled?.(true));
    await settle();
    expect(page.container.textContent).toBe('Post 5');
    expect(transport.callsTo('GET', '/wp/v2/posts/5')).toHaveLength(1);
  });

  it('does not ask again for a record whose request failed when it renders again', async () => {
    let setTick: ((value: number) => void) | undefined;
    const Missing = observer(function Missing() {
      const [tick, set] = useState(0);
      setTick = set;
      const { fetchError } = useEntityRecord('postType', 'post', 404);
      return <span>{`${tick}:${fetchError?.message ?? 'none'}`}</span>;
    });
    await page.render(<Missing />);
    await settle();
    act(() => setTick?.(1));
    await settle();
    expect(page.container.textContent).toBe('1:Invalid post ID.');
    expect(transport.callsTo('GET', '/wp/v2/posts/404')).toHaveLength(1);
  });

  it('shows a failed read as fetchError instead of throwing', async () => {
    const Missing = observer(function Missing() {
      const { fetchError, hasResolved } = useEntityRecord('postType', 'post', 404);
      return <span>{hasResolved ? (fetchError?.message ?? 'found') : 'loading'}</span>;
    });
    await page.render(<Missing />);
    await settle();
    expect(page.container.textContent).toBe('Invalid post ID.');
  });

  it('gives a list page with the totals the server sent', async () => {
    const Drafts = observer(function Drafts() {
      const { items, totalItems, totalPages, hasResolved } = useEntityRecords<Post>('postType', 'post', {
        status: 'draft',
        per_page: 5,
      });
      if (!hasResolved || !items) return <span>loading</span>;
      return <span>{`${items.length} of ${totalItems} in ${totalPages} pages`}</span>;
    });
    await page.render(<Drafts />);
    await settle();
    expect(page.container.textContent).toBe('5 of 25 in 5 pages');
    expect(transport.callsTo('GET', '/wp/v2/posts')).toHaveLength(1);
  });

  it('edits one field with useEntityProp and re-renders only the components reading that field', async () => {
    const counts = { title: 0, status: 0 };
    let setTitle: ((value: string) => void) | undefined;
    const TitleField = observer(function TitleField() {
      const [title, set, full] = useEntityProp<Post & { title: unknown }, 'title'>(
        'postType',
        'post',
        'title',
        5,
      );
      setTitle = set;
      counts.title++;
      const rendered = (full as { rendered?: string } | undefined)?.rendered ?? '';
      return <span id="title">{`${String(title)}|${rendered}`}</span>;
    });
    const StatusField = observer(function StatusField() {
      const [status] = useEntityProp<Post, 'status'>('postType', 'post', 'status', 5);
      counts.status++;
      return <span id="status">{status}</span>;
    });
    await page.render(
      <>
        <TitleField />
        <StatusField />
      </>,
    );
    await settle();
    expect(page.container.querySelector('#title')?.textContent).toBe('Post 5|Post 5');
    counts.title = 0;
    counts.status = 0;

    act(() => setTitle?.('New title'));

    expect(page.container.querySelector('#title')?.textContent).toBe('New title|Post 5');
    expect(page.store.record('postType', 'post', 5).edits).toEqual({ title: 'New title' });
    expect(counts).toEqual({ title: 1, status: 0 });
  });

  it('sends nothing for a disabled list until it is enabled', async () => {
    let setEnabled: ((value: boolean) => void) | undefined;
    const Maybe = observer(function Maybe() {
      const [isEnabled, set] = useState(false);
      setEnabled = set;
      const { items } = useEntityRecords<Post>('postType', 'post', { per_page: 5 }, { enabled: isEnabled });
      return <span>{items === null ? 'none' : `${items.length} posts`}</span>;
    });
    await page.render(<Maybe />);
    await settle();
    expect(page.container.textContent).toBe('none');
    expect(transport.callsTo('GET', '/wp/v2/posts')).toHaveLength(0);

    act(() => setEnabled?.(true));
    await settle();
    expect(page.container.textContent).toBe('5 posts');
    expect(transport.callsTo('GET', '/wp/v2/posts')).toHaveLength(1);
  });

  it('rejects from save() when the server refuses, keeping the edit and the error on the record', async () => {
    transport.on('PUT', '/wp/v2/posts/5', {
      status: 500,
      body: { code: 'db_down', message: 'The database is not answering.' },
    });
    let handle: EntityRecordHandle<Post> | undefined;
    const Editor = observer(function Editor() {
      handle = useEntityRecord<Post>('postType', 'post', 5);
      return <span>{handle.edited?.title ?? '…'}</span>;
    });
    await page.render(<Editor />);
    await settle();
    act(() => {
      handle?.edit({ title: 'Unsaved words' });
    });

    await expect(handle?.save()).rejects.toMatchObject({ status: 500, code: 'db_down' });
    await settle();
    expect(page.container.textContent).toBe('Unsaved words');
    expect(handle?.hasEdits).toBe(true);
    expect(handle?.saveError?.message).toBe('The database is not answering.');
  });

  it('reads a singleton entity without an id', async () => {
    const SiteTitle = observer(function SiteTitle() {
      const [title] = useEntityProp<{ title: string }, 'title'>('root', 'site', 'title');
      return <span>{title ?? '…'}</span>;
    });
    await page.render(<SiteTitle />);
    await settle();
    expect(page.container.textContent).toBe('My Site');
    expect(transport.callsTo('GET', '/wp/v2/settings')).toHaveLength(1);
  });

  it('throws a clear error when a hook is used outside a StoreProvider', () => {
    let caught: unknown;
    const Orphan = () => {
      try {
        useStore();
      } catch (error) {
        caught = error;
      }
      return null;
    };
    act(() => page.root.render(<Orphan />));
    expect(caught).toBeInstanceOf(ArgumentError);
    expect((caught as Error).message).toMatch(/StoreProvider/);
  });
});
