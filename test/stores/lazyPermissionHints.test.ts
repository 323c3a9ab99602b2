/**
 * A list's permission hints (`_links.self[0].targetHints.allow`) are read when a permission is
 * first asked for, not as the list arrives: the answers, the order answers win in, reactions and
 * eviction must be as if they had been read at once.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { RootStore } from '../../stores/RootStore.js';
import { deferred, FakeTransport, makePost } from '../helpers/fakeTransport.js';

/** How many times any post's `_links` was read. */
let linkReads = 0;

/** A post whose `_links` say the user may use `allow` on it, counting reads of `_links`. */
function hintedPost(id: number, allow: readonly string[]): Record<string, unknown> {
  const links = { self: [{ href: `/wp/v2/posts/${id}`, targetHints: { allow } }] };
  const post = makePost(id);
  Object.defineProperty(post, '_links', {
    enumerable: true,
    get() {
      linkReads++;
      return links;
    },
  });
  return post;
}

const EDITABLE = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const READ_ONLY = ['GET'];

function setup(transport = new FakeTransport()) {
  const store = new RootStore({ transport });
  store.entities.register(
    new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', label: 'Posts', restBase: 'posts' }),
  );
  linkReads = 0;
  return { transport, store, posts: store.collection('postType', 'post') };
}

/** Posts 1…count, the odd ones editable, the even ones read-only. */
/** Answers every OPTIONS request of `transport` with GET only, and counts them. */
function countOptionsRequests(transport: FakeTransport): { readonly count: number } {
  const counter = { count: 0 };
  transport.allowedMethods = () => {
    counter.count++;
    return Promise.resolve(new Set(['GET']));
  };
  return counter;
}

function list(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => hintedPost(i + 1, i % 2 === 0 ? EDITABLE : READ_ONLY));
}

describe('permission hints of a list, read when asked for', () => {
  it('reads no hint while nobody asks, then answers every record from them, reading each once', () => {
    const { store, posts, transport } = setup();
    posts.receive(list(10), { query: { per_page: -1 } });
    expect(linkReads).toBe(0);

    expect(store.permissions.get('update', 'posts', 1)).toBe(true);
    expect(store.permissions.get('update', 'posts', 2)).toBe(false);
    expect(store.permissions.get('delete', { kind: 'postType', name: 'post', id: 3 })).toBe(true);
    expect(store.record('postType', 'post', 4).canEdit).toBe(false);
    expect(store.permissions.ofRecord('postType', 'post', 5)).toEqual({ update: true, delete: true });
    expect(linkReads).toBe(10);
    expect(transport.calls.filter((call) => call.method === 'OPTIONS')).toEqual([]);
  });

  it('answers canUser from them without an OPTIONS request', async () => {
    const { store, posts, transport } = setup();
    const options = countOptionsRequests(transport);
    posts.receive(list(4), { query: { per_page: -1 } });
    await expect(store.permissions.canUser('update', 'posts', 3)).resolves.toBe(true);
    await expect(store.permissions.canUser('update', 'posts', 4)).resolves.toBe(false);
    expect(options.count).toBe(0);
  });

  it('answers a reaction that first reads after the list arrived, and sends no OPTIONS for it', async () => {
    const { store, posts, transport } = setup();
    const options = countOptionsRequests(transport);
    posts.receive(list(4), { query: { per_page: -1 } });
    const seen: (boolean | undefined)[] = [];
    const stop = autorun(() => seen.push(store.record('postType', 'post', 1).canEdit));
    // The hints read inside the reaction go into the observable answers on a microtask.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.every((answer) => answer === true)).toBe(true);
    expect(store.permissions.get('update', 'posts', 1)).toBe(true);
    expect(options.count).toBe(0);
    stop();
  });

  it('tells a reaction that already reads answers when a list brings a new one', async () => {
    const { store, posts } = setup();
    // No OPTIONS answer: the reaction's check fails, and the answer stays unknown.
    const seen: (boolean | undefined)[] = [];
    const errors: (Error | undefined)[] = [];
    const stop = autorun(() => {
      seen.push(store.record('postType', 'post', 2).canEdit);
      errors.push(store.permissions.lastError('update', 'posts', 2));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.at(-1)).toBeUndefined();
    expect(errors.at(-1)).toBeInstanceOf(Error);

    posts.receive(list(3), { query: { per_page: -1 } });
    expect(seen.at(-1)).toBe(false);
    expect(errors.at(-1)).toBeUndefined();
    stop();
  });

  it('keeps the order answers win in: an OPTIONS sent before the list does not override it', async () => {
    const { store, posts, transport } = setup();
    const held = deferred();
    transport.allowedMethods = async () => {
      await held.promise;
      return new Set(['GET']);
    };
    const check = store.permissions.canUser('update', 'posts', 1);
    // The list is sent (and answered) after the OPTIONS was sent; nobody reads its hints.
    posts.receive(list(1), { query: { per_page: -1 } });
    held.resolve();

    await expect(check).resolves.toBe(true);
    expect(store.permissions.get('update', 'posts', 1)).toBe(true);
  });

  it('keeps the order answers win in: a refusal after an unread list wins, a list after it wins again', () => {
    const { store, posts } = setup();
    posts.receive(list(1), { query: { per_page: -1 } });
    store.permissions.noteRefusal(store.entities.get('postType', 'post')!, 1, 'update');
    expect(store.permissions.get('update', 'posts', 1)).toBe(false);
    posts.receive([hintedPost(1, EDITABLE)], { query: { per_page: 1 } });
    expect(store.permissions.get('update', 'posts', 1)).toBe(true);
  });

  it('keeps the error of an OPTIONS that failed after an unread list arrived, as if read at once', async () => {
    const { store, posts, transport } = setup();
    const held = deferred();
    transport.allowedMethods = async () => {
      await held.promise;
      throw new Error('offline');
    };
    const check = store.permissions.canUser('update', 'posts', 1);
    posts.receive(list(1), { query: { per_page: -1 } });
    held.resolve();
    await check;
    expect(store.permissions.get('update', 'posts', 1)).toBe(true);
    expect(store.permissions.lastError('update', 'posts', 1)?.message).toBe('offline');
  });

  it('reads the list before when the next list arrives, so one list at most waits', () => {
    const { posts } = setup();
    posts.receive(list(5), { query: { per_page: -1 } });
    expect(linkReads).toBe(0);
    posts.receive([hintedPost(6, EDITABLE)], { query: { per_page: 1, page: 6 } });
    expect(linkReads).toBe(5);
  });

  it("takes a copy of the caller's array: changing it after the receive changes no answer", () => {
    const { store, posts } = setup();
    const given = list(2);
    posts.receive(given, { query: { per_page: -1 } });
    given.length = 0;
    expect(store.permissions.get('update', 'posts', 1)).toBe(true);
    expect(store.permissions.get('update', 'posts', 2)).toBe(false);
  });

  it('lets go of the records of an unread list once eviction drops them', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const { store, posts } = setup();
    let post: Record<string, unknown> | undefined = hintedPost(1, EDITABLE);
    const postRef = new WeakRef(post);
    // Not in any list, so the sweep can evict its record.
    posts.receive([post]);
    post = undefined;
    store.evictIdle(Date.now() + 1);
    expect(posts.get(1)).toBeUndefined();
    // A WeakRef's target stays alive until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
    expect(postRef.deref()).toBeUndefined();
    // Its answer was read before it went.
    expect(store.permissions.get('update', 'posts', 1)).toBe(true);
    store.dispose();
  });
});
