/**
 * Every example of docs/guide.md, run against the test kit's mock WordPress through msw. Each test
 * names the guide section it comes from; the example code sits in the test unchanged, followed by
 * the assertions that check what the guide says about it. `guide.examples.test.ts` fails when an
 * example of the guide is not found here (or in guide.react.test.tsx) word for word.
 */
import type { SetupWorker } from 'msw/browser';
import { setupServer } from 'msw/node';
import { autorun, when } from 'mobx';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EntityConfig,
  EntityRecord,
  isConflictError,
  isEntityConfigError,
  isInvalidActionError,
  isRestError,
  memoryJournal,
  RestTransport,
  RootStore,
  type PlainObject,
} from 'wp-entities';
import { createMockWordPress, MOCK_NONCE, MOCK_USERS } from 'wp-entities/testing';

// The guide imports from the package; here (hoisted above the imports) its names load the sources.
vi.mock('wp-entities', () => import('../../src/index.js'));
vi.mock('wp-entities/testing', () => import('../../src/testing/index.js'));

const wordpress = createMockWordPress();
// The "your own site" examples of §1 talk to https://example.test: a second mock answers there.
const exampleSite = createMockWordPress({ root: 'https://example.test' });
const server = setupServer(...wordpress.handlers, ...exampleSite.handlers);
// Bypass: the §7 example of the mock's own HTTP server on 127.0.0.1 goes past msw.
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

let store: RootStore;
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  wordpress.reset();
  exampleSite.reset();
  store = new RootStore({ transport: new RestTransport({ root: wordpress.restRoot }) });
});

afterEach(() => {
  store.dispose();
  vi.restoreAllMocks();
});

/** What the example printed: the arguments of each console.log call. */
function logs(): unknown[][] {
  return vi.mocked(console.log).mock.calls;
}

function requests(method: string, path: string) {
  return wordpress.requests.filter((r) => r.method === method && r.path === path);
}

describe('guide §1 Setup', () => {
  it('signs in with an application password on a site with pretty permalinks', async () => {
    const transport = new RestTransport({
      root: 'https://example.test/wp-json',
      auth: { username: 'editor', applicationPassword: 'EdIt 1111 2222 3333 4444 5555' },
    });
    const me = await transport.request<{ id: number; name: string }>({ path: '/wp/v2/users/me' });

    expect(me).toMatchObject({ id: 2, name: 'Eddie Editor' });
    expect(exampleSite.requests.at(-1)?.url).toBe('https://example.test/wp-json/wp/v2/users/me');
  });

  it('uses ?rest_route= on a site without pretty permalinks', async () => {
    const transport = new RestTransport({
      root: 'https://example.test/?rest_route=',
      auth: { username: 'author', applicationPassword: MOCK_USERS.author.appPassword },
    });
    const me = await transport.request<{ id: number }>({ path: '/wp/v2/users/me' });

    expect(me).toMatchObject({ id: 3 });
    const url = new URL(exampleSite.requests.at(-1)?.url ?? '');
    expect(url.searchParams.get('rest_route')).toBe('/wp/v2/users/me');
  });

  it('sends the nonce of cookie authentication with every request', async () => {
    const transport = new RestTransport({
      root: 'https://example.test/wp-json',
      auth: { nonce: MOCK_NONCE }, // in wp-admin: window.wpApiSettings.nonce
      credentials: 'include', // only needed when the editor runs on another origin
    });
    await transport.request({ path: '/wp/v2/users/me' });

    expect(exampleSite.requests.at(-1)?.status).toBe(200);
  });
});

describe('guide §2 Reading', () => {
  it('gives one object per record, however it is reached', async () => {
    const posts = store.collection('postType', 'post');
    const post = posts.record(1);
    console.log(post === posts.record('1')); // true: ids are normalised
    console.log(post === store.record('postType', 'post', 1)); // true
    console.log(post.persisted); // undefined: nothing has been fetched yet

    await posts.fetch(1);
    console.log(post.edited?.title); // 'Hello world!' (the raw title)

    expect(logs()).toEqual([[true], [true], [undefined], ['Hello world!']]);
    expect(requests('GET', '/wp/v2/posts/1')[0]?.query).toMatchObject({ context: 'edit' });
  });

  it('fetches, loads once, and gets without a request', async () => {
    const posts = store.collection('postType', 'post');
    const [a, b] = await Promise.all([posts.fetch(1), posts.fetch(1)]); // one GET
    await posts.load(1); // no request: already complete
    const cached = posts.get(1); // no request ever; undefined when nothing is cached

    expect(a).toBe(b);
    expect(cached).toBe(a);
    expect(requests('GET', '/wp/v2/posts/1')).toHaveLength(1);
    expect(posts.get(2)).toBeUndefined();
  });

  it('keeps records of other contexts and of partial _fields apart', async () => {
    const posts = store.collection('postType', 'post');
    const post = await posts.fetch(1, { _fields: ['title'] });
    console.log(post?.isComplete); // false: only some fields were asked for
    await posts.fetch(1, { context: 'view' });
    console.log(post?.inContext('view')?.title); // { rendered: 'Hello world!' }

    expect(logs()).toEqual([[false], [{ rendered: 'Hello world!' }]]);
    expect(post?.persisted).toMatchObject({ id: 1, title: { raw: 'Hello world!' } });
    expect(post?.inContext('view')).toMatchObject({ title: { rendered: 'Hello world!' } });
    expect(requests('GET', '/wp/v2/posts/1')[0]?.query).toMatchObject({ _fields: 'id,title' });
    await posts.load(1); // not complete yet: requests the full record
    expect(post?.isComplete).toBe(true);
    expect(requests('GET', '/wp/v2/posts/1')).toHaveLength(3);
  });

  it('reads the site settings and the site info as singletons', async () => {
    const settings = await store.collection('root', 'site').fetch(); // GET /wp/v2/settings
    const info = await store.collection('root', 'base').fetch(); // GET / (name, description, url, …)
    console.log(settings?.edited?.title, info?.persisted?.name);

    expect(logs()).toEqual([['WP REST Test Site', 'WP REST Test Site']]);
    expect(settings).toBe(store.record('root', 'site'));
  });

  it('lists records with a query, with totals', async () => {
    const posts = store.collection('postType', 'post');
    const drafts = posts.query({ status: 'draft', per_page: 2 });
    await drafts.fetch();
    console.log(drafts.items?.map((p) => p.id)); // plain snapshots
    console.log(drafts.records?.[0]?.edited?.title); // the same EntityRecord objects as record(id)
    console.log(drafts.totalItems, drafts.totalPages); // from X-WP-Total and X-WP-TotalPages

    const allDrafts = await posts.query({ status: 'draft', per_page: -1 }).fetch(); // every page
    console.log(allDrafts.totalPages); // 1

    expect(logs()[0]?.[0]).toEqual(drafts.records?.map((r) => r.id));
    expect(logs()[1]?.[0]).toBe(drafts.records?.[0]?.raw?.title);
    expect(logs()[2]).toEqual([drafts.totalItems, drafts.totalPages]);
    expect(logs()[3]).toEqual([1]);
    expect(drafts.items).toHaveLength(2);
    expect(drafts.records?.[0]).toBe(store.record('postType', 'post', drafts.items?.[0]?.id as number));
    expect(drafts.totalItems).toBeGreaterThan(2);
    expect(drafts.totalPages).toBe(Math.ceil((drafts.totalItems ?? 0) / 2));
    expect(allDrafts.items).toHaveLength(drafts.totalItems ?? -1);
    expect(allDrafts.totalPages).toBe(1);
    expect(requests('GET', '/wp/v2/posts').at(-1)?.query).toMatchObject({ per_page: '100' });
    expect(store.collection('postType', 'post').query({ per_page: 2, status: 'draft' })).toBe(drafts);
  });

  it('refetches an invalidated query and resolves a query read inside a reaction', async () => {
    const pages = store.collection('postType', 'page').query({ per_page: 5 });
    const stop = autorun(() => console.log(pages.items?.length)); // undefined, then 4
    await when(() => pages.hasResolved);

    wordpress.addPost('page', { title: 'Careers' }); // changed behind the store's back
    pages.invalidate(); // the autorun still observes the query: it refetches at once
    await when(() => pages.items?.length === 5); // the autorun printed 5
    stop();

    expect(logs()).toEqual([[undefined], [4], [5]]);
    expect(requests('GET', '/wp/v2/pages')).toHaveLength(2);
  });

  it('loads post types and taxonomies from the server', async () => {
    wordpress.addPostType({ slug: 'book', name: 'Books', rest_base: 'books' });
    const bookId = wordpress.addPost('book', { title: 'Dune' });
    const book = await store.collection('postType', 'book').fetch(bookId); // loads /wp/v2/types first
    const genres = await store.entities.ensure('taxonomy', 'category');

    expect(book?.edited?.title).toBe('Dune');
    expect(requests('GET', `/wp/v2/books/${bookId}`)).toHaveLength(1);
    expect(genres?.baseURL).toBe('/wp/v2/categories');
  });
});

describe('guide §3 Editing', () => {
  it('edits locally and keeps the server copy', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ title: 'Hello, editor!' });
    console.log(post.edited?.title); // 'Hello, editor!'
    console.log(post.raw?.title); // 'Hello world!': the saved value, raw
    console.log(post.persisted?.title); // { raw: 'Hello world!', rendered: 'Hello world!' }
    console.log(post.edits); // { title: 'Hello, editor!' }
    console.log(post.hasEdits, post.isDirty); // true true

    post.edit({ title: 'Hello world!' }); // back to the saved value: the edit is dropped
    console.log(post.hasEdits); // false

    expect(logs()).toEqual([
      ['Hello, editor!'],
      ['Hello world!'],
      [{ raw: 'Hello world!', rendered: 'Hello world!' }],
      [{ title: 'Hello, editor!' }],
      [true, true],
      [false],
    ]);
    expect(post.edits).toEqual({});
    expect(post.persisted?.title).toEqual({ raw: 'Hello world!', rendered: 'Hello world!' });
  });

  it('keeps transient fields out of saves and merges meta', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ blocks: [], selection: { start: 0 } }); // transient: never sent
    console.log(post.hasEdits); // false
    post.edit({ meta: { footnotes: '[]' } });
    post.edit({ meta: { subtitle: 'A start' } }); // merged with the edited meta, not replacing it
    console.log(post.edited?.meta); // { footnotes: '[]', subtitle: 'A start', … }

    expect(logs()[0]).toEqual([false]);
    expect(Object.keys(post.nonTransientEdits)).toEqual(['meta']);
    expect(post.edited?.meta).toMatchObject({ footnotes: '[]', subtitle: 'A start' });
  });

  it('evaluates a function value at save time', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ title: 'Draft title' });
    post.edit({ excerpt: (edited: { title: string }) => `About: ${edited.title}` });
    post.edit({ title: 'Final title' });
    await post.save();
    console.log(post.raw?.excerpt); // 'About: Final title'

    expect(logs()).toEqual([['About: Final title']]);
    expect(requests('PUT', '/wp/v2/posts/1')[0]?.body).toMatchObject({ excerpt: 'About: Final title' });
  });

  it('undoes and redoes across records', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ title: 'One' });
    post.edit({ title: 'Two' });
    store.undo();
    console.log(post.edited?.title); // 'One'
    store.undo();
    console.log(post.isDirty); // false: undone back to the saved value
    store.redo();
    console.log(post.edited?.title, store.history.hasRedo); // 'One' true

    expect(logs()).toEqual([['One'], [false], ['One', true]]);
  });

  it('groups typing into one undo step with cached edits', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ content: 'H' }); // the first key: an undo step
    post.edit({ content: 'Hi' }, { isCached: true }); // the next keys join it
    post.edit({ content: 'Hi!' }, { isCached: true });
    store.history.createUndoLevel(); // e.g. when the caret leaves the block
    console.log(store.history.steps.length); // 1
    store.undo();
    console.log(post.hasEdits); // false: one undo removed all three edits

    expect(logs()).toEqual([[1], [false]]);
    expect(store.history.hasRedo).toBe(true);
  });

  it('counts a pending cached step in hasUndo (guide text)', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ content: 'typed' }, { isCached: true });
    expect(store.history.hasUndo).toBe(true);
    expect(store.history.steps).toHaveLength(0);
  });

  it('lists every dirty record of the store', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    const page = await store.collection('postType', 'page').fetch(2);
    post.edit({ title: 'Changed' });
    page?.edit({ title: 'Changed too' });
    console.log(store.dirtyRecords.length); // 2

    expect(logs()).toEqual([[2]]);
    expect(store.dirtyRecords).toEqual(expect.arrayContaining([post, page]));
    expect(store.dirtyRecords).toHaveLength(2);
  });
});

describe('guide §4 Saving', () => {
  it('saves the edits, or only some fields', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ title: 'New title', excerpt: 'New excerpt' });
    await post.saveFields(['excerpt']); // PUT { id: 1, excerpt: 'New excerpt' }
    console.log(post.edits); // { title: 'New title' }
    const saved = await post.save(); // PUT { id: 1, title: 'New title' }
    console.log(saved?.title, post.isDirty); // { raw: 'New title', … } false

    const puts = requests('PUT', '/wp/v2/posts/1').map((r) => r.body);
    expect(puts).toEqual([
      { id: 1, excerpt: 'New excerpt' },
      { id: 1, title: 'New title' },
    ]);
    expect(logs()).toEqual([
      [{ title: 'New title' }],
      [expect.objectContaining({ raw: 'New title' }), false],
    ]);
  });

  it('creates a record', async () => {
    const draft = store.collection('postType', 'post').create({ title: 'Fresh', status: 'draft' });
    await draft.save(); // POST /wp/v2/posts
    console.log(draft.id); // the id WordPress gave it
    console.log(draft === store.record('postType', 'post', draft.id)); // true

    expect(typeof draft.id).toBe('number');
    expect(logs()).toEqual([[draft.id], [true]]);
    expect(requests('POST', '/wp/v2/posts')).toHaveLength(1);
    expect(wordpress.getPost(draft.id as number)?.title).toBe('Fresh');
  });

  it('keeps the edits when a save fails', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ title: 'Try again' });
    wordpress.failNext(1, { status: 500 }); // the mock's next request fails

    const result = await post.save();
    console.log(result); // undefined: the save failed
    console.log(post.saveError); // the RestError (status 500), kept on the record
    console.log(post.edits, post.isDirty); // { title: 'Try again' } true: nothing is lost

    await post.save(); // succeeds, and clears saveError
    console.log(post.raw?.title, post.saveError); // 'Try again' undefined

    expect(logs()[0]).toEqual([undefined]);
    expect(isRestError(logs()[1]?.[0]) && (logs()[1]?.[0] as { status: number }).status).toBe(500);
    expect(logs()[2]).toEqual([{ title: 'Try again' }, true]);
    expect(logs()[3]).toEqual(['Try again', undefined]);
    expect(requests('PUT', '/wp/v2/posts/1').map((r) => r.status)).toEqual([500, 200]);
  });

  it('rethrows with throwOnError', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ title: 'Nope' });
    wordpress.failNext(1, {
      status: 403,
      body: {
        code: 'rest_cannot_edit',
        message: 'Sorry, you are not allowed to edit this post.',
        data: { status: 403 },
      },
    });
    try {
      await post.save({ throwOnError: true });
    } catch (error) {
      if (isRestError(error)) console.log(error.status, error.code); // 403 'rest_cannot_edit'
    }

    expect(logs()).toEqual([[403, 'rest_cannot_edit']]);
    expect(isRestError(post.saveError) && post.saveError.code).toBe('rest_cannot_edit');
    expect(post.edits).toEqual({ title: 'Nope' });
  });

  it('serialises saves of one record', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    const held = wordpress.hold({ method: 'PUT' }); // keep the first save in flight
    post.edit({ title: 'First' });
    const first = post.save();
    await held.caught;
    post.edit({ title: 'Second' }); // typed while the first save is in flight
    const second = post.save(); // waits for the first, then sends what is still unsaved
    held.release();
    await Promise.all([first, second]);

    expect(requests('PUT', '/wp/v2/posts/1').map((r) => r.body)).toEqual([
      { id: 1, title: 'First' },
      { id: 1, title: 'Second' },
    ]);
    expect(post.isDirty).toBe(false);
  });

  it('trashes, or deletes for good with force', async () => {
    const id = wordpress.addPost('post', { title: 'Old news' });
    const post = await store.collection('postType', 'post').fetch(id);
    const trashed = await post?.delete(); // DELETE: moved to the trash
    console.log(trashed); // the trashed record, status 'trash'
    const gone = await post?.delete({ force: true });
    console.log(gone); // { deleted: true, previous: { … } }

    expect(logs()).toEqual([[trashed], [gone]]);
    expect(trashed).toMatchObject({ id, status: 'trash' });
    expect(gone).toMatchObject({ deleted: true, previous: { id } });
    expect(wordpress.getPost(id)).toBeUndefined();
  });

  it('autosaves and reads the autosaves and revisions', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ content: 'Work in progress' });
    await post.autosave(); // POST /wp/v2/posts/1/autosaves
    const autosaves = await post.fetchAutosaves();
    console.log(autosaves[0]?.content); // the autosaved content

    post.edit({ title: 'Revised' });
    await post.save();
    const revisions = await post.revisions({ per_page: 10 }).fetch();
    console.log(revisions.totalItems, revisions.items?.[0]?.title);

    expect(requests('POST', '/wp/v2/posts/1/autosaves')).toHaveLength(1);
    expect(logs()[0]).toEqual([expect.objectContaining({ raw: 'Work in progress' })]);
    expect(logs()[1]).toEqual([revisions.totalItems, { raw: 'Revised', rendered: 'Revised' }]);
    expect(revisions.items?.[0]).toMatchObject({ parent: 1 });
    expect(revisions.totalItems).toBeGreaterThan(0);
  });

  it('saves every dirty record in one batch', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    const page = await store.collection('postType', 'page').fetch(2);
    post.edit({ title: 'Batch one' });
    page?.edit({ title: 'Batch two' });
    const results = await store.saveDirty(); // one POST /batch/v1
    console.log(results.map((r) => r.ok)); // [true, true]

    expect(logs()).toEqual([[[true, true]]]);
    expect(requests('POST', '/batch/v1')).toHaveLength(1);
    expect(store.dirtyRecords).toEqual([]);
  });

  it('writes nothing of a batch when one record fails validation', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    const page = await store.collection('postType', 'page').fetch(2);
    post.edit({ title: 'Fine' });
    page?.edit({ status: 'no-such-status' }); // WordPress refuses this one
    const results = await store.saveDirty();
    console.log(results.map((r) => r.ok)); // [false, false]: nothing was written
    console.log(page?.saveError?.message); // 'Invalid parameter(s): status'
    console.log(post.saveError?.message); // 'This request was not run because another …'
    console.log(store.dirtyRecords.length); // 2: both keep their edits

    expect(logs()).toEqual([
      [[false, false]],
      ['Invalid parameter(s): status'],
      ['This request was not run because another request in the same batch failed validation.'],
      [2],
    ]);
    expect(isRestError(post.saveError) && post.saveError.code).toBe('batch_not_executed');
    expect(page?.saveError?.message).toBe('Invalid parameter(s): status');
    expect(store.dirtyRecords).toHaveLength(2);
    expect(wordpress.getPost(1)?.title).toBe('Hello world!');
  });

  it('builds a batch by hand', async () => {
    const [created, deleted] = await store.batch((api) => [
      api.saveRecord('postType', 'post', { title: 'Made in a batch', status: 'draft' }),
      api.deleteRecord('postType', 'post', 1, { force: true }),
    ]);
    console.log(created, deleted);

    expect(logs()).toEqual([[created, deleted]]);
    expect(created).toMatchObject({ title: { raw: 'Made in a batch' } });
    expect(deleted).toMatchObject({ deleted: true });
    expect(requests('POST', '/batch/v1')).toHaveLength(1);
  });
});

describe('guide §5 Site', () => {
  it('answers permission questions', async () => {
    wordpress.setCurrentRole('author'); // the mock answers as an author
    const post = store.record('postType', 'post', 1);
    await post.fetch({ context: 'view' }); // the administrator's post: its Allow header says what we may do
    console.log(post.canEdit); // false: known from that answer, no OPTIONS
    console.log(await store.permissions.canUser('update', { kind: 'postType', name: 'post', id: 1 })); // false
    console.log(await store.permissions.canUser('create', 'posts')); // true: one OPTIONS /wp/v2/posts
    await store.permissions.canUser('create', 'media');
    console.log(store.permissions.canUpload); // true

    expect(logs()).toEqual([[false], [false], [true], [true]]);
    expect(requests('OPTIONS', '/wp/v2/posts/1')).toHaveLength(0);
    expect(requests('OPTIONS', '/wp/v2/posts')).toHaveLength(1);
    expect(store.permissions.get('read', 'posts', 1)).toBe(true);
    await expect(
      store.permissions
        .canUser('publish' as 'create', 'posts')
        .catch((e: unknown) => isInvalidActionError(e)),
    ).resolves.toBe(true);
  });

  it('previews embeds', async () => {
    wordpress.setEmbed('https://video.example/watch/1', { type: 'video', html: '<iframe></iframe>' });
    const preview = await store.embeds.preview('https://video.example/watch/1');
    console.log(preview); // { type: 'video', html: '<iframe></iframe>', … }, or false

    expect(logs()).toEqual([[expect.objectContaining({ type: 'video', html: '<iframe></iframe>' })]]);
    expect(store.embeds.get('https://video.example/watch/1')).toBe(preview);
  });

  it('knows the current user and the authors', async () => {
    const me = await store.users.fetchCurrent();
    const authors = await store.users.authors();
    const names = authors.map((u) => u.name);
    console.log(me.name, names); // 'Admin' [ 'Admin', 'Eddie Editor', … ]

    expect(logs()[0]).toEqual(['Admin', names]);
    expect(authors.map((u) => u.name)).toEqual(expect.arrayContaining(['Admin', 'Eddie Editor']));
    expect(store.users.current).toBe(me);
  });

  it('reads the theme, global styles, templates, patterns and the navigation fallback', async () => {
    const theme = await store.site.fetchCurrentTheme();
    const stylesId = await store.site.fetchGlobalStylesId();
    const template = await store.site.templateForLink(`${wordpress.root}/hello-world/`);
    const frontPage = await store.site.defaultTemplateId({ slug: 'front-page' });
    const patterns = await store.site.fetchBlockPatterns();
    const navigation = await store.site.fetchNavigationFallbackId();
    console.log(theme?.stylesheet, stylesId, template?.id, frontPage, patterns.length, navigation);

    expect(logs()).toEqual([[theme?.stylesheet, stylesId, template?.id, frontPage, patterns.length, null]]);
    expect(store.site.currentTheme).toBe(theme);
    expect(typeof stylesId).toBe('number');
    expect(String(template?.id)).toMatch(/\/\/single$/);
    expect(frontPage).toMatch(/\/\/home$/);
    expect(patterns.length).toBeGreaterThan(0);
    expect(navigation).toBeNull(); // WordPress 6.1 has no fallback route
  });
});

describe('guide §7 Testing your editor', () => {
  it('seeds a site of its own', () => {
    const wordpress = createMockWordPress({
      defaults: false, // no default users, posts or terms
      users: [{ id: 1, username: 'ada', role: 'administrator' }],
      posts: [{ id: 10, title: 'Only post', status: 'publish', author: 1 }],
      settings: { title: 'Empty site' },
    });
    const draftId = wordpress.addPost('post', { title: 'Later', status: 'draft', author: 1 });

    expect(wordpress.getPost(10)?.title).toBe('Only post');
    expect(wordpress.getPost(draftId)?.status).toBe('draft');
    expect(wordpress.currentUser?.id).toBe(1);
  });

  it('signs in as a seeded user with an application password', async () => {
    const asAuthor = new RootStore({
      transport: new RestTransport({
        root: wordpress.restRoot,
        auth: { username: 'author', applicationPassword: MOCK_USERS.author.appPassword },
      }),
    });
    const me = await asAuthor.users.fetchCurrent();
    console.log(me.id, await asAuthor.permissions.canUser('update', 'posts', 1)); // 3 false

    expect(logs()).toEqual([[3, false]]);
    expect(asAuthor.permissions.get('update', 'posts', 1)).toBe(false);
  });

  it('tests what the editor shows when a save fails', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    wordpress.clearRequests();
    wordpress.failNext(1, 'network', { method: 'PUT', path: '/wp/v2/posts/*' });
    post.edit({ title: 'Offline edit' });
    await post.save();

    expect(isRestError(post.saveError) && post.saveError.code).toBe('fetch_error');
    expect(post.edits).toEqual({ title: 'Offline edit' });
    expect(wordpress.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /wp/v2/posts/1']);
  });

  it('runs the mock as a Node HTTP server', async () => {
    const wordpress = createMockWordPress();
    const running = await wordpress.listen(); // http://127.0.0.1:<port>
    const store = new RootStore({ transport: new RestTransport({ root: running.root }) });
    const post = await store.collection('postType', 'post').fetch(1);
    await running.close();

    expect(post?.title).toBe('Hello world!');
    expect(wordpress.requests.some((r) => r.path === '/wp/v2/posts/1')).toBe(true);
  });

  it('tests a model without a store or a network', () => {
    const config = new EntityConfig({
      kind: 'postType',
      name: 'post',
      baseURL: '/wp/v2/posts',
      rawAttributes: ['title'],
      transientEdits: ['blocks'],
    });
    const post = EntityRecord.detached<PlainObject>(config, {
      id: 7,
      title: { raw: 'Draft', rendered: 'Draft' },
    });
    post.edit({ title: 'Better', blocks: [] });
    console.log(post.edited?.title, post.hasEdits); // 'Better' true
    console.log(post.nonTransientEdits); // { title: 'Better' }

    expect(logs()).toEqual([['Better', true], [{ title: 'Better' }]]);
  });
});

/**
 * Guide §7, msw in the browser: only typechecked here, since Node has no service worker. The example
 * editor (examples/editor/src/demoSite.ts) starts its mock the same way and its browser tests run it.
 */
export async function startInBrowser(): Promise<SetupWorker> {
  const { setupWorker } = await import('msw/browser');
  const wordpress = createMockWordPress({ root: location.origin });
  const worker = setupWorker(...wordpress.handlers);
  await worker.start({ onUnhandledRequest: 'bypass' }); // needs public/mockServiceWorker.js
  return worker;
}

describe('guide §9 Differences from @wordpress/core-data', () => {
  it('leaves a record clean when undo returns to the saved value', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ title: 'Changed' });
    store.undo();
    console.log(post.hasEdits); // false (core-data keeps an edit equal to the saved value)

    expect(logs()).toEqual([[false]]);
  });

  it('redoes a meta edit with the whole merged value', async () => {
    const post = store.record('postType', 'post', 1);
    await post.fetch();
    post.edit({ meta: { a: 5, b: 2 } });
    post.edit({ meta: { b: 7 } });
    store.undo();
    store.redo();
    console.log(post.edited?.meta); // { …, a: 5, b: 7 } (core-data loses a: 5)

    expect(logs()).toEqual([[expect.objectContaining({ a: 5, b: 7 })]]);
  });

  it('finds a list asked for with _fields that lack the key', async () => {
    const titles = await store.collection('postType', 'page').query({ _fields: 'title' }).fetch();
    console.log(titles.items?.[0]); // { id: …, title: { … } }

    expect(logs()).toEqual([[{ id: expect.any(Number), title: expect.any(Object) }]]);
    expect(requests('GET', '/wp/v2/pages')[0]?.query).toMatchObject({ _fields: 'id,title' });
  });

  it('edits a record that is not cached', async () => {
    await store.entities.load('postType');
    const post = store.record('postType', 'post', 12345);
    post.edit({ title: 'Written before it was loaded' });
    console.log(post.edited); // { title: 'Written before it was loaded' }

    expect(logs()).toEqual([[{ title: 'Written before it was loaded' }]]);
  });

  it('asks again after a failed permission check', async () => {
    const transport = new RestTransport({ root: wordpress.restRoot, retry: false }); // no retries
    const store = new RootStore({ transport });
    wordpress.failNext(1, { status: 500 }, { method: 'OPTIONS' });
    console.log(await store.permissions.canUser('create', 'media')); // undefined: unknown
    console.log(await store.permissions.canUser('create', 'media')); // true: asked again

    expect(logs()).toEqual([[undefined], [true]]);
    expect(requests('OPTIONS', '/wp/v2/media')).toHaveLength(2);
  });

  it('drops the edits of a deleted record', async () => {
    const id = wordpress.addPost('post', { title: 'Short-lived' });
    const post = await store.collection('postType', 'post').fetch(id);
    post?.edit({ title: 'Edited, then deleted' });
    await post?.delete({ force: true });
    console.log(post?.hasEdits, store.dirtyRecords.length); // false 0

    expect(logs()).toEqual([[false, 0]]);
  });
});

describe('guide §8 Errors', () => {
  it('turns every failed request into a RestError', async () => {
    const error = await store
      .collection('postType', 'post')
      .fetch(999)
      .catch((e: unknown) => e);
    if (isRestError(error)) console.log(error.status, error.code); // 404 'rest_post_invalid_id'
    console.log(store.record('postType', 'post', 999).fetchError === error); // true

    expect(logs()).toEqual([[404, 'rest_post_invalid_id'], [true]]);
  });

  it('rejects a fetch or a query of an unknown entity with an EntityConfigError', async () => {
    const missing = await store
      .collection('postType', 'no_such_type')
      .fetch(1)
      .catch((e: unknown) => e);
    if (isEntityConfigError(missing)) console.log(missing.message);
    // No entity config is registered for (postType, no_such_type).
    const error = await store
      .collection('postType', 'no_such_type')
      .query()
      .fetch()
      .catch((e: unknown) => e);
    console.log(isEntityConfigError(error)); // true

    expect(logs()).toEqual([['No entity config is registered for (postType, no_such_type).'], [true]]);
    expect(store.record('postType', 'no_such_type', 1).fetchError).toBe(missing);
  });

  it('refuses an edit before the config is loaded', () => {
    try {
      store.record('postType', 'book', 1).edit({ title: 'x' });
    } catch (error) {
      if (isEntityConfigError(error)) console.log(error.message);
      // The entity being edited (postType, book) does not have a loaded config.
    }

    expect(logs()).toEqual([['The entity being edited (postType, book) does not have a loaded config.']]);
    expect(() => store.record('postType', 'book', 1).edit({ title: 'x' })).toThrow(
      'The entity being edited (postType, book) does not have a loaded config.',
    );
  });
});

describe('guide §4 Never lose work: the journal and save conflicts', () => {
  it('restores unsaved edits after a reload, as one undo step', async () => {
    const transport = new RestTransport({ root: wordpress.restRoot });
    const journal = memoryJournal(); // indexedDbJournal() in a browser, fileJournal(path) in Node
    const before = new RootStore({ transport, journal });
    const post = await before.collection('postType', 'post').fetch(1);
    post?.edit({ title: 'Not saved yet' });
    await before.flushJournal(); // it is written within a second anyway
    before.dispose(); // the tab is closed, or crashes

    const after = new RootStore({ transport, journal }); // the page is loaded again
    const offered = await after.readJournal();
    console.log(offered.map((entry) => entry.edits)); // [{ title: 'Not saved yet' }]
    const [restored] = await after.restoreJournal();
    console.log(restored?.edits, after.journalSize); // { title: 'Not saved yet' } 1
    after.undo(); // one undo step per record takes the restored edits back

    expect(logs()).toEqual([[[{ title: 'Not saved yet' }]], [{ title: 'Not saved yet' }, 1]]);
    expect(restored?.hasEdits).toBe(false);
    after.dispose();
  });

  it("stops a save that would overwrite someone else's title, and keeps mine once resolved", async () => {
    const transport = new RestTransport({ root: wordpress.restRoot });
    const mine = new RootStore({ transport, conflicts: 'detect' });
    const post = await mine.collection('postType', 'post').fetch(1);
    post?.edit({ title: 'My title', content: 'My text' });

    const other = new RootStore({ transport }); // someone else, in another tab
    const theirs = await other.collection('postType', 'post').fetch(1);
    theirs?.edit({ title: 'Their title' });
    await theirs?.save();

    try {
      await post?.save({ throwOnError: true });
    } catch (error) {
      if (isConflictError(error)) console.log(error.fields); // ['title']: nothing was sent
    }
    console.log(post?.conflict?.server, post?.conflict?.local); // { title: 'Their title' } { title: 'My title' }
    post?.resolveConflict('mine'); // or 'theirs', or the values to keep: { title: 'Both titles' }
    await post?.save(); // sends my title and my text

    expect(logs()).toEqual([[['title']], [{ title: 'Their title' }, { title: 'My title' }]]);
    expect(wordpress.getPost(1)).toMatchObject({ title: 'My title', content: 'My text' });
    mine.dispose();
    other.dispose();
  });
});
