import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { EntityConfig } from '../../models/EntityConfig.js';
import { RootStore } from '../../stores/RootStore.js';
import { deferred, FakeTransport, typesBody } from '../helpers/fakeTransport.js';

describe('EntityRegistry', () => {
  it('has every static root entity registered in a new store, and nothing else', () => {
    const store = new RootStore({ transport: new FakeTransport() });
    expect(store.entities.all).toHaveLength(20);
    expect(store.entities.get('root', 'site')?.baseURL).toBe('/wp/v2/settings');
    expect(store.entities.get('postType', 'post')).toBeUndefined();
  });

  it('gives a collection and its records the config registered last, read in a script or in a reaction', () => {
    const store = new RootStore({ transport: new FakeTransport() });
    const collection = store.collection('root', 'widgetArea');
    expect(collection.config).toBeUndefined();
    const first = new EntityConfig({ kind: 'root', name: 'widgetArea', baseURL: '/wp/v2/sidebars' });
    store.entities.register(first);
    expect(collection.config).toBe(first);
    expect(collection.record('sidebar-1').config).toBe(first);
    const seen: (EntityConfig | undefined)[] = [];
    const stop = autorun(() => seen.push(collection.config));
    const second = new EntityConfig({ kind: 'root', name: 'widgetArea', baseURL: '/wp/v2/widget-areas' });
    store.entities.register(second);
    stop();
    expect(collection.config).toBe(second);
    expect(collection.record('sidebar-1').config).toBe(second);
    expect(seen).toEqual([first, second]);
  });

  it('keeps configs per store', () => {
    const a = new RootStore({ transport: new FakeTransport() });
    const b = new RootStore({ transport: new FakeTransport() });
    expect(a.entities.get('root', 'media')).not.toBe(b.entities.get('root', 'media'));
  });

  it('loads a kind once, and concurrent loads share one request', async () => {
    const transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() });
    const store = new RootStore({ transport });
    const [a, b] = await Promise.all([store.entities.load('postType'), store.entities.load('postType')]);
    expect(a.map((c) => c.name)).toEqual(b.map((c) => c.name));
    await store.entities.load('postType');
    expect(transport.callsTo('GET', '/wp/v2/types')).toHaveLength(1);
    expect(store.entities.get('postType', 'page')?.baseURL).toBe('/wp/v2/pages');
  });

  it('retries a failed load', async () => {
    let fail = true;
    const transport = new FakeTransport().on('GET', '/wp/v2/taxonomies', () =>
      fail
        ? { status: 500, body: { code: 'internal_server_error', message: 'boom' } }
        : { body: { category: { name: 'Categories', rest_base: 'categories' } } },
    );
    const store = new RootStore({ transport });
    await expect(store.entities.load('taxonomy')).rejects.toMatchObject({ name: 'RestError', status: 500 });
    fail = false;
    const configs = await store.entities.load('taxonomy');
    expect(configs.map((c) => c.baseURL)).toEqual(['/wp/v2/categories']);
    expect(transport.callsTo('GET', '/wp/v2/taxonomies')).toHaveLength(2);
  });

  it('resolves a kind without a loader to its registered configs with no request', async () => {
    const transport = new FakeTransport();
    const store = new RootStore({ transport });
    expect(await store.entities.load('nothing')).toEqual([]);
    expect((await store.entities.load('root')).length).toBe(20);
    expect(transport.calls).toHaveLength(0);
  });

  it('ensure() loads the kind of an unknown name and keeps hand-registered configs', async () => {
    const gate = deferred();
    const transport = new FakeTransport().on('GET', '/wp/v2/types', async () => {
      await gate.promise;
      return { body: typesBody() };
    });
    const store = new RootStore({ transport });
    const custom = new EntityConfig({ kind: 'postType', name: 'post', baseURL: '/custom/posts' });
    store.entities.register(custom);
    const pending = store.entities.ensure('postType', 'page');
    expect(await store.entities.ensure('postType', 'post')).toBe(custom);
    gate.resolve();
    expect((await pending)?.baseURL).toBe('/wp/v2/pages');
    expect(store.entities.get('postType', 'post')).toBe(custom);
    expect(await store.entities.ensure('postType', 'missing')).toBeUndefined();
    expect(transport.calls).toHaveLength(1);
  });
});
