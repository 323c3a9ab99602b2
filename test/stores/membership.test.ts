/**
 * The lists of what a store holds (`store.allCollections`, `collection.allRecords`,
 * `collection.allQueries`) are observable: a view of them (the editor's data inspector) reacts to a
 * collection, record or query being made, even when that happens inside a derivation, instead of
 * reading them on a timer.
 */
import { autorun, computed, reaction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport } from '../helpers/fakeTransport.js';

function setup() {
  const store = new RootStore({ transport: new FakeTransport() });
  store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', label: 'Posts' }));
  return store;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('what a store holds, observed', () => {
  it('a reaction on allCollections, allRecords and allQueries runs when one is made', async () => {
    const store = setup();
    const seen: string[] = [];
    const stop = autorun(() => {
      const collections = store.allCollections;
      const records = collections.flatMap((collection) => collection.allRecords.map((r) => String(r.id)));
      const queries = collections.reduce((sum, collection) => sum + collection.allQueries.length, 0);
      seen.push(`${collections.length}:${records.join(',')}:${queries}`);
    });
    store.collection('postType', 'post');
    await settled();
    store.record('postType', 'post', 7);
    await settled();
    store.collection('postType', 'post').query({ search: 'x' });
    await settled();
    stop();
    expect(seen).toEqual(['0::0', '1::0', '1:7:0', '1:7:1']);
  });

  it('a record made inside a derivation is reported after it, without a MobX error', async () => {
    const store = setup();
    const posts = store.collection('postType', 'post');
    const counts: number[] = [];
    const stop = reaction(
      () => posts.allRecords.length,
      (count) => counts.push(count),
    );
    // A computed that makes a record while it runs (as a component's render may).
    const title = computed(() => store.record('postType', 'post', 3).id);
    expect(title.get()).toBe(3);
    await settled();
    stop();
    expect(counts).toEqual([1]);
  });
});
