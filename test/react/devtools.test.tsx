// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataInspector, loggingFetch, requestLog } from 'wp-entities/devtools';
import { memoryNetwork } from 'wp-entities/testing';
import { StoreProvider } from '../../src/react/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';
import { reactPage } from './harness.js';

describe('wp-entities/devtools', () => {
  const posts = [makePost(1), makePost(2)];
  const page = reactPage(
    () =>
      new RootStore({
        transport: new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
          'GET',
          '/wp/v2/posts',
          paginated(() => posts),
        ),
      }),
  );

  it('shows the cache, the queries with their state, the dirty records and the undo stack, and follows the store', async () => {
    const onClose = vi.fn();
    const list = await page.store.collection('postType', 'post').query({ per_page: 2 }).fetch();
    await act(async () => {
      page.root.render(
        <StoreProvider store={page.store}>
          <DataInspector onClose={onClose} />
        </StoreProvider>,
      );
    });
    const text = (testId: string): string =>
      page.container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
    expect(page.container.textContent).toContain('postType/post');
    expect(text('inspector-queries')).toMatch(/fresh postType\/post\?per_page=2 \d+s ago/);

    await act(async () => list.records![0]!.edit({ title: 'Changed' }));
    expect(text('inspector-dirty')).toBe('postType/post/1: title');
    expect(text('inspector-undo')).toBe('postType/post/1: title');
  });

  it('is usable from the keyboard: focus starts on the close button, Escape closes it', async () => {
    const onClose = vi.fn();
    await act(async () => {
      page.root.render(
        <StoreProvider store={page.store}>
          <DataInspector onClose={onClose} />
        </StoreProvider>,
      );
    });
    const close = page.container.querySelector('button[aria-label="Close the data inspector"]');
    expect(document.activeElement).toBe(close);
    await act(async () => {
      close!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    // Every section has a heading that names it.
    for (const section of Array.from(page.container.querySelectorAll('section'))) {
      const id = section.getAttribute('aria-labelledby');
      expect(id && page.container.querySelector(`#${id}`)?.textContent).toBeTruthy();
    }
  });

  it('shows each open sync room with its connection and the people in it, and follows them', async () => {
    const net = memoryNetwork();
    const synced = (id: number, name: string): RootStore =>
      new RootStore({
        transport: new FakeTransport()
          .on('GET', '/wp/v2/types', { body: typesBody() })
          .on('GET', '/wp/v2/posts/1', { body: makePost(1) }),
        sync: { user: { id, name, color: '#c2185b' }, providers: [net.provider()] },
      });
    const ana = synced(1, 'Ana');
    const bo = synced(2, 'Bo');
    try {
      await act(async () => {
        page.root.render(
          <StoreProvider store={ana}>
            <DataInspector onClose={() => undefined} />
          </StoreProvider>,
        );
      });
      const rooms = (): string =>
        page.container.querySelector('[data-testid="inspector-sync"]')?.textContent ?? '';
      expect(page.container.querySelector('#inspector-sync')?.textContent).toBe('Sync rooms (0)');
      const post = (store: RootStore) => store.record('postType', 'post', 1);
      await act(async () => {
        await Promise.all([ana.sync!.join(post(ana)), bo.sync!.join(post(bo))]);
        await net.flush();
      });
      expect(rooms()).toContain('postType/post/1');
      expect(rooms()).toContain('Bo');
      await act(async () => {
        bo.sync!.setLocalPresence(post(bo), { field: 'title' });
        await net.flush();
      });
      expect(rooms()).toContain('Bo (title)');
      await act(async () => {
        bo.sync!.leave(post(bo));
        await net.flush();
      });
      expect(rooms()).toContain('nobody else');
      await act(async () => ana.sync!.leave(post(ana)));
      expect(page.container.querySelector('#inspector-sync')?.textContent).toBe('Sync rooms (0)');
    } finally {
      act(() => {
        ana.dispose();
        bo.dispose();
      });
    }
  });

  it('says when the store has no sync', async () => {
    await act(async () => {
      page.root.render(
        <StoreProvider store={page.store}>
          <DataInspector onClose={() => undefined} />
        </StoreProvider>,
      );
    });
    expect(page.container.textContent).toContain('Collaboration is off for this store');
  });

  it('logs the requests sent through loggingFetch with their status and timing', async () => {
    const send = vi.fn(async () => new Response('[]', { status: 200 }));
    const fetchLogged = loggingFetch('https://example.test/wp-json', send);
    await fetchLogged('https://example.test/wp-json/wp/v2/posts?per_page=2');
    const last = requestLog[requestLog.length - 1];
    expect(last).toMatchObject({ method: 'GET', path: '/wp/v2/posts?per_page=2', status: 200 });
    expect(typeof last?.durationMs).toBe('number');
  });
});
