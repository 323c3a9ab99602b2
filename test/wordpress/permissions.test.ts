import { when } from 'mobx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidActionError } from '../../src/index.js';
import type { PermissionAction } from '../../stores/PermissionStore.js';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { wordpressSite } from './site.js';
import { loggedStoreAs, storeAs } from './stores.js';

const site = wordpressSite();
const token = uniqueToken('permissions');
let adminPost = 0;
let authorPost = 0;

beforeAll(async () => {
  [adminPost = 0] = await createPosts(site, 'admin', [{ title: `${token} admin`, status: 'publish' }]);
  [authorPost = 0] = await createPosts(site, 'author', [{ title: `${token} author`, status: 'publish' }]);
});

afterAll(async () => {
  await deletePosts(site, [adminPost, authorPost]);
});

const ACTIONS: readonly PermissionAction[] = ['create', 'read', 'update', 'delete'];

describe('store.permissions as the administrator of WordPress 6.1', () => {
  it('may create and read posts but not update or delete the collection', async () => {
    const store = storeAs('admin');

    await expect(store.permissions.canUser('create', 'posts')).resolves.toBe(true);
    expect(ACTIONS.map((action) => store.permissions.get(action, 'posts'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("may do everything to another user's post", async () => {
    const store = storeAs('admin');

    await expect(store.permissions.canUser('delete', 'posts', authorPost)).resolves.toBe(true);
    expect(ACTIONS.map((action) => store.permissions.get(action, 'posts', authorPost))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('may update the settings', async () => {
    const store = storeAs('admin');
    await expect(store.permissions.canUser('update', 'settings')).resolves.toBe(true);
  });

  it('may edit any post record', async () => {
    const store = storeAs('admin');
    await expect(store.permissions.canUserEditRecord('postType', 'post', authorPost)).resolves.toBe(true);
  });
});

describe('store.permissions as an author of WordPress 6.1', () => {
  it("may read the administrator's post but not update or delete it", async () => {
    const store = storeAs('author');

    await expect(store.permissions.canUser('update', 'posts', adminPost)).resolves.toBe(false);
    expect(store.permissions.get('read', 'posts', adminPost)).toBe(true);
    expect(store.permissions.get('delete', 'posts', adminPost)).toBe(false);
  });

  it('may update and delete their own post', async () => {
    const store = storeAs('author');

    await expect(store.permissions.canUser('update', 'posts', authorPost)).resolves.toBe(true);
    expect(store.permissions.get('delete', 'posts', authorPost)).toBe(true);
  });

  it('may not update the settings, where WordPress sends no Allow header', async () => {
    const store = storeAs('author');

    await expect(store.permissions.canUser('update', 'settings')).resolves.toBe(false);
    expect(store.permissions.get('read', 'settings')).toBe(false);
  });

  it('may edit their own post record and not the administrator’s', async () => {
    const store = storeAs('author');

    await expect(store.permissions.canUserEditRecord('postType', 'post', authorPost)).resolves.toBe(true);
    await expect(store.permissions.canUserEditRecord('postType', 'post', adminPost)).resolves.toBe(false);
  });

  it('may not create pages', async () => {
    const store = storeAs('author');
    await expect(store.permissions.canUser('create', 'pages')).resolves.toBe(false);
  });
});

describe('store.permissions requests', () => {
  it('answers all four actions of one resource from one OPTIONS request', async () => {
    const { store, log } = loggedStoreAs('author');

    await Promise.all(ACTIONS.map((action) => store.permissions.canUser(action, 'posts', authorPost)));
    await store.permissions.canUser('read', 'posts', authorPost);

    expect(log).toEqual([{ method: 'OPTIONS', path: `/wp/v2/posts/${authorPost}` }]);
  });

  it('lets an anonymous visitor only read posts', async () => {
    const store = storeAs('anon');

    await expect(store.permissions.canUser('create', 'posts')).resolves.toBe(false);
    expect(store.permissions.get('read', 'posts')).toBe(true);
  });

  it('rejects an action that is not create, read, update or delete, without a request', async () => {
    const { store, log } = loggedStoreAs('admin');
    const check = store.permissions.canUser('publish' as PermissionAction, 'posts');

    await expect(check).rejects.toBeInstanceOf(InvalidActionError);
    await expect(check).rejects.toThrow("'publish' is not a valid action.");
    expect(log).toEqual([]);
  });
});

describe('record.canEdit on WordPress 6.1', () => {
  it("is true for an author's own post and false for the administrator's, asked once per record", async () => {
    const { store, log } = loggedStoreAs('author');
    await store.entities.load('postType');
    const own = store.record('postType', 'post', authorPost);
    const other = store.record('postType', 'post', adminPost);
    log.length = 0;

    expect(own.canEdit).toBeUndefined();
    await when(() => own.canEdit !== undefined && other.canEdit !== undefined, { timeout: 10_000 });

    expect(own.canEdit).toBe(true);
    expect(other.canEdit).toBe(false);
    expect(log.map((request) => `${request.method} ${request.path}`).sort()).toEqual(
      [`OPTIONS /wp/v2/posts/${adminPost}`, `OPTIONS /wp/v2/posts/${authorPost}`].sort(),
    );
  });

  it("is true for the administrator on an author's post", async () => {
    const { store } = loggedStoreAs('admin');
    await store.entities.load('postType');
    const record = store.record('postType', 'post', authorPost);

    await when(() => record.canEdit !== undefined, { timeout: 10_000 });
    expect(record.canEdit).toBe(true);
  });
});
