/**
 * A query read by a plain script (no reaction, no observer): the view is kept between changes, so
 * a script walking `query.items` pays O(1) per read, sees every change at once, and holds nothing
 * the cache let go.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { reaction, runInAction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { dispatchRecordAction } from '../../models/EntityRecord.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';

function setup(count = 20, gcTimeMs?: number) {
  let posts = Array.from({ length: count }, (_, i) => makePost(i + 1));
  const transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
    'GET',
    '/wp/v2/posts',
    paginated(() => posts),
  );
  const store = new RootStore({ transport, gcTimeMs });
  return {
    store,
    posts: store.collection('postType', 'post'),
    setPosts: (next: Record<string, unknown>[]) => (posts = next),
  };
}

function ids(items: readonly { id?: unknown }[] | null): unknown[] | null {
  return items === null ? null : items.map((item) => item.id);
}

function rawTitle(item: object | undefined): unknown {
  return (item as { title?: { raw?: unknown } } | undefined)?.title?.raw;
}

describe('a query read outside reactions', () => {
  it('works the list out once as it arrives, then answers from its kept view until something changes', async () => {
    const { posts } = setup(20);
    const peek = vi.spyOn(posts, 'peek');
    const query = await posts.query({ per_page: -1 }).fetch();
    // Worked out as the answer was stored, as a memoised selector's resolution reads it once.
    const afterFetch = peek.mock.calls.length;
    expect(afterFetch).toBe(20);
    const first = query.items;
    expect(first).toHaveLength(20);
    // The first read after the fetch looked nothing up either.
    const afterFirst = peek.mock.calls.length;
    expect(afterFirst).toBe(afterFetch);
    for (let i = 0; i < 100; i++) expect(query.items).toBe(first);
    expect(query.records).toHaveLength(20);
    // No record was looked up again: the reads cost O(1), not O(n).
    expect(peek.mock.calls.length).toBe(afterFirst);
  });

  it('sees a received change of a listed record at once', async () => {
    const { posts } = setup(5);
    const query = await posts.query({ per_page: -1 }).fetch();
    const before = query.items;
    expect(rawTitle(before?.[2])).toBe('Post 3');
    posts.receive(makePost(3, { title: { raw: 'Changed', rendered: 'Changed' } }));
    expect(rawTitle(query.items?.[2])).toBe('Changed');
    expect(query.items).not.toBe(before);
    // The records are the same objects; only the snapshot moved.
    expect(query.records?.[2]).toBe(posts.record(3));
  });

  it('sees a change made inside an action while the action still runs', async () => {
    const { posts } = setup(5);
    const query = await posts.query({ per_page: -1 }).fetch();
    void query.items;
    runInAction(() => {
      posts.receive(makePost(1, { title: { raw: 'Inside', rendered: 'Inside' } }));
      expect(rawTitle(query.items?.[0])).toBe('Inside');
      posts.remove(2, { invalidate: false });
      expect(ids(query.items)).toEqual([1, 3, 4, 5]);
    });
  });

  it('sees a new page, a removed record and a record whose snapshot went', async () => {
    const { posts } = setup(30);
    const all = posts.query({ per_page: 10, page: 1 });
    await all.fetch();
    expect(ids(all.items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const everything = posts.query({ per_page: -1 });
    expect(ids(everything.items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await posts.query({ per_page: 10, page: 2 }).fetch();
    expect(everything.items).toHaveLength(20);
    posts.remove([4, 5], { invalidate: false });
    expect(ids(all.items)).toEqual([1, 2, 3, 6, 7, 8, 9, 10, 11, 12]);
    expect(everything.items).toHaveLength(18);
  });

  it('patches the kept view with the one record that changed, without looking every record up again', async () => {
    const { posts } = setup(1_000);
    const query = await posts.query({ per_page: -1 }).fetch();
    const before = query.items;
    const records = query.records;
    const peek = vi.spyOn(posts, 'peek');
    posts.receive(makePost(500, { title: { raw: 'Changed', rendered: 'Changed' } }));
    const after = query.items;
    expect(rawTitle(after?.[499])).toBe('Changed');
    // Only the changed record was read again: no lookup per listed record.
    expect(peek).not.toHaveBeenCalled();
    // A new array (the old one is what a script held, unchanged); everything else as it was.
    expect(after).not.toBe(before);
    expect(rawTitle(before?.[499])).toBe('Post 500');
    expect(after?.filter((item, i) => item !== before?.[i])).toHaveLength(1);
    expect(query.records).toBe(records);
    // Many changes at once, and a repeated one, still end as a full read would.
    for (let id = 1; id <= 100; id++)
      posts.receive(makePost(id, { title: { raw: `Many ${id}`, rendered: '' } }));
    posts.receive(makePost(3, { title: { raw: 'Again', rendered: '' } }));
    posts.receive(makePost(3, { title: { raw: 'Last', rendered: '' } }));
    expect(query.items?.slice(0, 4).map(rawTitle)).toEqual(['Many 1', 'Many 2', 'Last', 'Many 4']);
    expect(query.items?.map((item) => (item as { id: number }).id)).toEqual(
      Array.from({ length: 1_000 }, (_, i) => i + 1),
    );
  });

  it('patches a _fields list and a page with its projection, and gives up when a record loses its snapshot', async () => {
    const { posts } = setup(200);
    const titles = await posts.query({ per_page: -1, _fields: ['id', 'title'] }).fetch();
    const page = await posts.query({ per_page: 50, page: 2 }).fetch();
    expect(titles.items).toHaveLength(200);
    expect(page.items).toHaveLength(50);
    posts.receive(makePost(60, { title: { raw: 'Sixty', rendered: 'Sixty' } }));
    expect(titles.items?.[59]).toEqual({ id: 60, title: { raw: 'Sixty', rendered: 'Sixty' } });
    expect(rawTitle(page.items?.[9])).toBe('Sixty');
    // A record of another page: the page keeps its arrays.
    const pageItems = page.items;
    posts.receive(makePost(1, { title: { raw: 'One', rendered: 'One' } }));
    expect(page.items).toBe(pageItems);
    // A listed record that lost its snapshot but stays listed: the list is unknown, as a full read says.
    runInAction(() => {
      dispatchRecordAction(posts.record(70), { type: 'cleared' });
      expect(page.items).toBeNull();
    });
  });

  it('gives the same arrays again when a change left the page as it was', async () => {
    const { posts } = setup(20);
    const page = await posts.query({ per_page: 5 }).fetch();
    const items = page.items;
    const records = page.records;
    // A record of another page changes: the version moves, this page's content does not.
    posts.receive(makePost(15, { title: { raw: 'Elsewhere', rendered: 'Elsewhere' } }));
    expect(page.items).toBe(items);
    expect(page.records).toBe(records);
  });

  it('answers inside a reaction as before, and a plain read after it still sees later changes', async () => {
    const { posts } = setup(5);
    const query = await posts.query({ per_page: -1 }).fetch();
    const seen: unknown[] = [];
    const stop = reaction(
      () => rawTitle(query.items?.[0]),
      (title) => seen.push(title),
    );
    posts.receive(makePost(1, { title: { raw: 'One', rendered: 'One' } }));
    expect(seen).toEqual(['One']);
    stop();
    posts.receive(makePost(1, { title: { raw: 'Two', rendered: 'Two' } }));
    expect(rawTitle(query.items?.[0])).toBe('Two');
  });

  it('holds no record the eviction let go', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const { posts, setPosts } = setup(10, 40);
    const query = await posts.query({ per_page: 5 }).fetch();
    // A plain script reads the page: its view holds records 1–5.
    expect(ids(query.items)).toEqual([1, 2, 3, 4, 5]);
    let record: object | undefined = posts.record(1);
    const gone = new WeakRef(record);
    record = undefined;
    // The query stays alive (observed) while its list moves to other records.
    // (Its reads go through the reaction only: a plain read here would replace the kept view.)
    let observed: unknown[] | null = null;
    const stop = reaction(
      () => ids(query.items),
      (next) => (observed = next),
    );
    try {
      setPosts(Array.from({ length: 10 }, (_, i) => makePost(i + 101)));
      await query.fetch();
      expect(observed).toEqual([101, 102, 103, 104, 105]);
      // Records 1–5 are in no list and nobody observes them: the sweep lets them go.
      const deadline = Date.now() + 10_000;
      while (posts.peek(1) !== undefined && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(posts.peek(1)).toBeUndefined();
      // A WeakRef's target stays alive until the job that made it ends.
      await new Promise((resolve) => setTimeout(resolve, 0));
      collect();
      expect(gone.deref()).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('leaves the store and its records collectable once disposed and let go', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    // Everything the test touches lives in this function, so only the WeakRefs outlive it.
    const readAndDispose = async () => {
      const { store, posts } = setup(20);
      const query = await posts.query({ per_page: -1 }).fetch();
      expect(query.items).toHaveLength(20);
      store.dispose();
      return { storeRef: new WeakRef(store), recordRef: new WeakRef(posts.record(1)) };
    };
    const { storeRef, recordRef } = await readAndDispose();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
    expect(storeRef.deref()).toBeUndefined();
    expect(recordRef.deref()).toBeUndefined();
  });
});
