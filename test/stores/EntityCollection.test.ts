import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost } from '../helpers/fakeTransport.js';

function setup() {
  const transport = new FakeTransport();
  const store = new RootStore({ transport });
  store.entities.register(
    new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', label: 'Posts', restBase: 'posts' }),
  );
  return { transport, store, posts: store.collection('postType', 'post') };
}

describe('EntityCollection.receive', () => {
  it('keeps one record object per id across receives', () => {
    const { posts } = setup();
    const record = posts.record(5);
    posts.receive(makePost(5));
    posts.receive(makePost(5, { title: { raw: 'New', rendered: 'New' } }));
    expect(posts.record(5)).toBe(record);
    expect(posts.get(5)).toBe(record);
    expect(record.raw?.title).toBe('New');
  });

  it('normalises numeric-looking ids to numbers', () => {
    const { posts, store } = setup();
    posts.receive({ ...makePost(7), id: '7' });
    const record = posts.record('7');
    expect(record.id).toBe(7);
    expect(posts.record(7)).toBe(record);
    expect(posts.record(' 7 ')).toBe(record);
    expect(store.record('postType', 'post', '7')).toBe(record);
    expect(record.persisted?.id).toBe('7');
  });

  it('keeps unchanged field values and the whole snapshot when nothing changed', () => {
    const { posts } = setup();
    posts.receive(makePost(1));
    const first = posts.record(1).persisted;
    posts.receive(makePost(1));
    expect(posts.record(1).persisted).toBe(first);
    posts.receive(makePost(1, { status: 'draft' }));
    const second = posts.record(1).persisted;
    expect(second).not.toBe(first);
    expect(second?.status).toBe('draft');
    expect(second?.title).toBe(first?.title);
    expect(second?.content).toBe(first?.content);
  });

  it('does not notify observers of a record when an identical snapshot arrives', () => {
    const { posts } = setup();
    posts.receive(makePost(1));
    let runs = 0;
    const stop = autorun(() => {
      void posts.record(1).persisted;
      runs++;
    });
    posts.receive(makePost(1));
    expect(runs).toBe(1);
    posts.receive(makePost(1, { author: 2 }));
    expect(runs).toBe(2);
    stop();
  });

  it('merges a partial _fields record into the cached one without deleting fields or completeness', () => {
    const { posts } = setup();
    posts.receive(makePost(1));
    posts.receive(
      { id: 1, title: { raw: 'Partial', rendered: 'Partial' } },
      { query: { _fields: 'id,title' } },
    );
    const record = posts.record(1);
    expect(record.isComplete).toBe(true);
    expect(record.persisted?.content).toEqual(makePost(1).content);
    expect(record.raw?.title).toBe('Partial');
  });

  it('marks a record received only through _fields as incomplete until a full one arrives', () => {
    const { posts } = setup();
    posts.receive({ id: 2, title: { raw: 'T', rendered: 'T' } }, { query: { _fields: 'title' } });
    expect(posts.get(2)?.isComplete).toBe(false);
    expect(posts.get(2)?.persisted).toEqual({ id: 2, title: { raw: 'T', rendered: 'T' } });
    posts.receive(makePost(2));
    expect(posts.record(2).isComplete).toBe(true);
  });

  it('keeps contexts apart: persisted is the default context, inContext the others', () => {
    const { posts } = setup();
    posts.receive({ id: 3, title: { rendered: 'Viewed' } }, { query: { context: 'view' } });
    const record = posts.record(3);
    expect(record.persisted).toBeUndefined();
    expect(posts.get(3)).toBeUndefined();
    expect(posts.get(3, { context: 'view' })).toBe(record);
    expect(record.inContext('view')).toEqual({ id: 3, title: { rendered: 'Viewed' } });
    expect(record.isCompleteIn('view')).toBe(true);
    posts.receive(makePost(3));
    expect(record.persisted?.title).toEqual({ raw: 'Post 3', rendered: 'Post 3' });
    expect(record.inContext('view')?.title).toEqual({ rendered: 'Viewed' });
    expect(record.inContext('default')).toBe(record.persisted);
  });

  it("clears an auto-draft post's title on receipt", () => {
    const { posts } = setup();
    posts.receive(
      makePost(4, { status: 'auto-draft', title: { raw: 'Auto Draft', rendered: 'Auto Draft' } }),
    );
    expect(posts.record(4).persisted?.title).toBe('');
    expect(posts.record(4).title).toBe('4');
  });

  it('leaves the title of auto-drafts of non-postType kinds alone', () => {
    const { store } = setup();
    const media = store.collection('root', 'media');
    media.receive({ id: 9, status: 'auto-draft', title: { raw: 'Kept', rendered: 'Kept' } });
    expect(media.record(9).raw?.title).toBe('Kept');
  });

  it('stores singleton records without an id', () => {
    const { store } = setup();
    const site = store.collection('root', 'site');
    site.receive({ title: 'My site', description: 'x' });
    expect(site.record()).toBe(store.record('root', 'site'));
    expect(site.get()?.persisted).toEqual({ title: 'My site', description: 'x' });
    expect(site.record().id).toBeUndefined();
    expect(site.record().title).toBe('My site');
  });

  it('refuses a record without its key field', () => {
    const { posts } = setup();
    expect(() => posts.receive({ title: 'no id' })).toThrow(/without its key field 'id'/);
    expect(() => posts.record()).toThrow(/needs an id/);
  });

  it('keys records by the config key field', () => {
    const { store } = setup();
    const types = store.collection('root', 'postType');
    types.receive([
      { slug: 'post', name: 'Posts' },
      { slug: 'page', name: 'Pages' },
    ]);
    expect(types.get('page')?.persisted?.name).toBe('Pages');
  });

  it('never inserts a received record into an existing list', () => {
    const { posts } = setup();
    posts.receive([makePost(1), makePost(2)], { query: {} });
    posts.receive(makePost(3));
    expect(posts.query({}).items?.map((p) => p.id)).toEqual([1, 2]);
  });

  it('fills the list of a query page by page: pages 1 and 3 leave a hole for page 2', () => {
    const { posts } = setup();
    posts.receive([makePost(1), makePost(2)], { query: { per_page: 2, page: 1 } });
    posts.receive([makePost(5), makePost(6)], { query: { per_page: 2, page: 3 } });
    expect(posts.query({ per_page: 2, page: 1 }).items?.map((p) => p.id)).toEqual([1, 2]);
    expect(posts.query({ per_page: 2, page: 3 }).items?.map((p) => p.id)).toEqual([5, 6]);
    expect(posts.query({ per_page: 2, page: 2 }).items).toEqual([]);
    expect(posts.query({ per_page: -1 }).items?.map((p) => p.id)).toEqual([1, 2, 5, 6]);
  });

  it('gives null for an unknown list and [] for a known empty one', () => {
    const { posts } = setup();
    expect(posts.query({ search: 'x' }).items).toBeNull();
    expect(posts.query({ search: 'x' }).records).toBeNull();
    posts.receive([], { query: { search: 'x' } });
    expect(posts.query({ search: 'x' }).items).toEqual([]);
  });

  it('lets a _fields query find its list whether or not the caller named the key, and projects its fields', () => {
    const { posts } = setup();
    posts.receive([{ id: 1, title: 'a', status: 'publish' }], { query: { _fields: 'title,status' } });
    expect(posts.query({ _fields: ['title'] }).items).toBeNull();
    expect(posts.query({ _fields: 'status,title' }).items).toEqual([
      { id: 1, title: 'a', status: 'publish' },
    ]);
    expect(posts.query({ _fields: 'id,status,title' }).items).toEqual([
      { id: 1, title: 'a', status: 'publish' },
    ]);
    expect(posts.record(1).isComplete).toBe(false);
  });

  it('filters a list by include', () => {
    const { posts } = setup();
    posts.receive([makePost(1), makePost(2), makePost(3)], { query: { include: [1, 3] } });
    expect(posts.query({ include: '1,3' }).items?.map((p) => p.id)).toEqual([1, 3]);
    expect(posts.query({ include: ['1', '3'] })).toBe(posts.query({ include: [1, 3] }));
  });

  it('returns the same items array while nothing it shows changes', () => {
    const { posts } = setup();
    posts.receive([makePost(1), makePost(2)], { query: {} });
    const query = posts.query({});
    const first = query.items;
    expect(query.items).toBe(first);
    posts.receive(makePost(9));
    expect(query.items).toBe(first);
    posts.receive(makePost(2, { status: 'draft' }));
    expect(query.items).not.toBe(first);
    expect(query.items?.[0]).toBe(first?.[0]);
  });

  it('takes totals from the meta of the last page received', () => {
    const { posts } = setup();
    posts.receive([makePost(1)], { query: { per_page: 1 }, meta: { totalItems: 3 } });
    expect(posts.query({ per_page: 1 }).totalItems).toBe(3);
    expect(posts.query({ per_page: 1 }).totalPages).toBe(3);
    expect(posts.query({}).totalPages).toBe(1);
    posts.receive([makePost(2)], { query: { per_page: 1, page: 2 }, meta: { totalItems: 5, totalPages: 6 } });
    expect(posts.query({ per_page: 1 }).totalItems).toBe(5);
    expect(posts.query({ per_page: 1 }).totalPages).toBe(6);
    expect(posts.query({ search: 'none' }).totalItems).toBeNull();
    expect(posts.query({ search: 'none' }).totalPages).toBeNull();
  });
});

describe('EntityCollection.receive of records seen for the first time', () => {
  // A receive makes a record it has not seen with its snapshot in one step (no `received` action
  // per record); it must end in the state a record made first and received after ends in.
  const CASES = [
    { name: 'a full record', query: undefined },
    { name: "another context's record", query: { context: 'edit' } },
    { name: 'a _fields record', query: { _fields: 'id,title' } },
  ] as const;
  for (const { name, query } of CASES) {
    it(`gives ${name} the same state as a record made before it was received`, () => {
      const made = setup().posts;
      const fresh = setup().posts;
      made.record(4);
      made.receive([makePost(4)], { query });
      fresh.receive([makePost(4)], { query });
      const context = query && 'context' in query ? query.context : 'default';
      for (const posts of [made, fresh]) {
        const record = posts.record(4);
        expect(record.inContext(context)).toEqual(makePost(4));
        expect(record.isCompleteIn(context)).toBe(query === undefined || 'context' in query);
        expect(record.persisted).toEqual(context === 'default' ? makePost(4) : undefined);
        expect(record.edits).toEqual({});
        expect(record.hasEdits).toBe(false);
        expect(record.status).toEqual(made.record(4).status);
      }
    });
  }

  it('tells observers of the records, of a record and of a list', async () => {
    const { posts } = setup();
    const seen: number[][] = [];
    const titles: unknown[] = [];
    const stops = [
      autorun(() => seen.push(posts.allRecords.map((record) => record.id as number))),
      autorun(() => titles.push(posts.query({ per_page: -1 }).items?.map((post) => post.title))),
    ];
    posts.receive([makePost(1), makePost(2)], { query: { per_page: -1 } });
    // Membership is told on a microtask.
    await Promise.resolve();
    expect(seen.at(-1)).toEqual([1, 2]);
    expect(titles.at(-1)).toEqual([makePost(1).title, makePost(2).title]);
    const record = posts.record(2);
    let persisted: unknown;
    stops.push(autorun(() => (persisted = record.persisted?.title)));
    posts.receive(makePost(2, { title: { raw: 'Changed', rendered: 'Changed' } }));
    expect(persisted).toEqual({ raw: 'Changed', rendered: 'Changed' });
    for (const stop of stops) stop();
  });

  it('moves the snapshot version a plain read of a list is kept by, once per new record', () => {
    const { posts } = setup();
    const before = posts.snapshotVersion;
    posts.receive([makePost(1), makePost(2), makePost(3)]);
    expect(posts.snapshotVersion).toBe(before + 3);
    expect(posts.snapshotChangesSince(before)).toEqual([1, 2, 3]);
  });

  it('keeps a list that names an id twice, with one record for it', () => {
    const { posts } = setup();
    posts.receive([makePost(1), makePost(1, { status: 'draft' })], { query: { per_page: -1 } });
    expect(posts.allRecords).toHaveLength(1);
    expect(posts.record(1).persisted?.status).toBe('draft');
    expect(posts.query({ per_page: -1 }).items?.map((post) => post.id)).toEqual([1, 1]);
  });
});

describe('EntityCollection.remove', () => {
  it('drops the record from every context and every list, keeping totals and identity', () => {
    const { posts } = setup();
    posts.receive([makePost(1), makePost(2)], { query: {}, meta: { totalItems: 2 } });
    posts.receive([makePost(2)], { query: { author: 1 } });
    posts.receive([{ id: 2, title: { rendered: 'v' } }], { query: { context: 'view' } });
    const record = posts.record(2);
    posts.remove('2');
    expect(record.persisted).toBeUndefined();
    expect(record.inContext('view')).toBeUndefined();
    expect(posts.get(2)).toBeUndefined();
    expect(posts.query({}).items?.map((p) => p.id)).toEqual([1]);
    expect(posts.query({ author: 1 }).items).toEqual([]);
    expect(posts.query({ context: 'view' }).items).toEqual([]);
    expect(posts.query({}).totalItems).toBe(2);
    expect(posts.record(2)).toBe(record);
  });

  it('invalidates the queries of the collection', () => {
    const { posts } = setup();
    posts.receive([makePost(1)], { query: {} });
    const query = posts.query({});
    expect(query.status.isStale).toBe(false);
    posts.remove([1]);
    expect(query.status.isStale).toBe(true);
  });
});
