import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost } from '../helpers/fakeTransport.js';

function postConfig(name: string): PostTypeConfig {
  return new PostTypeConfig({ name, baseURL: `/wp/v2/${name}s`, label: name, restBase: `${name}s` });
}

function setup() {
  const store = new RootStore({ transport: new FakeTransport() });
  store.entities.register(postConfig('post'), postConfig('page'));
  const posts = store.collection('postType', 'post');
  const pages = store.collection('postType', 'page');
  posts.receive([makePost(1), makePost(2)]);
  pages.receive(makePost(3, { type: 'page' }));
  return { store, posts, pages };
}

describe('dirty records', () => {
  it("lists a collection's own dirty records and the store's across collections", () => {
    const { store, posts, pages } = setup();
    posts.record(2).edit({ title: 'Two' });
    pages.record(3).edit({ title: 'Three' });
    posts.record(1).edit({ blocks: [] });
    expect(posts.dirtyRecords).toEqual([posts.record(2)]);
    expect(pages.dirtyRecords).toEqual([pages.record(3)]);
    expect(store.dirtyRecords).toEqual([posts.record(2), pages.record(3)]);
  });

  it('drops a record from the lists when an edit back to the saved value leaves it clean', () => {
    const { store, posts } = setup();
    const record = posts.record(1);
    const saved = record.raw?.title;
    record.edit({ title: 'Changed' });
    expect(posts.dirtyRecords).toEqual([record]);
    record.edit({ title: saved });
    expect(record.hasEdits).toBe(false);
    expect(posts.dirtyRecords).toEqual([]);
    expect(store.dirtyRecords).toEqual([]);
  });

  it('re-runs an observer of hasEdits only when the answer changes, not on every keystroke', () => {
    const { posts } = setup();
    const record = posts.record(1);
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(record.hasEdits));
    record.edit({ title: 'a' });
    record.edit({ title: 'ab' });
    record.edit({ title: 'abc' });
    record.edit({ blocks: [] });
    stop();
    expect(seen).toEqual([false, true]);
  });

  it('stops counting an edit once the config that loads later names it transient', () => {
    const store = new RootStore({ transport: new FakeTransport() });
    const created = store.collection('postType', 'post').create({ blocks: [] } as never);
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(created.hasEdits));
    expect(created.isDirty).toBe(true);
    store.entities.register(postConfig('post'));
    stop();
    expect(created.hasEdits).toBe(false);
    expect(created.isDirty).toBe(false);
    expect(store.dirtyRecords).toEqual([]);
    expect(seen).toEqual([true, false]);
  });
});
