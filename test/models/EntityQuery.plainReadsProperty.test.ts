/**
 * The invariant of a list read by a plain script, over random sequences of what a cache lives
 * through: a read after any change reflects it, and a read with nothing changed since the last one
 * gives the very same arrays (O(1), as a memoised selector does). The expected list comes from a
 * model kept beside the store (ids and titles as last received), not from the code under test.
 */
import fc from 'fast-check';
import { autorun, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost, paginated, typesBody } from '../helpers/fakeTransport.js';

/** Posts on the site: ids 1..SITE_POSTS; the list holds some of them. */
const SITE_POSTS = 120;

/** One step of a run. */
type Step =
  /** One post received changed (listed or not). */
  | { type: 'change'; id: number; title: string }
  /** The same post received again, unchanged. */
  | { type: 'same'; id: number }
  /** A burst of changes of one post, more than the collection's change log holds. */
  | { type: 'burst'; id: number; times: number }
  /** Several posts changed inside one action, with a read inside it too. */
  | { type: 'action'; ids: number[]; title: string }
  /** A post dropped from the cache (and from the list). */
  | { type: 'remove'; id: number }
  /** The list asked for again; the server now lists these posts, with new titles. */
  | { type: 'fetch'; ids: number[]; title: string }
  /** A local edit of a post (edits are not snapshots: the list stays as it was). */
  | { type: 'edit'; id: number; title: string }
  /** A reaction starts or stops observing the list. */
  | { type: 'observe' };

const id = fc.integer({ min: 1, max: SITE_POSTS });
const title = fc.string({ minLength: 1, maxLength: 6 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('change' as const), id, title }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('same' as const), id }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('burst' as const),
      id,
      times: fc.integer({ min: 1, max: 600 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('action' as const),
      ids: fc.array(id, { minLength: 1, maxLength: 20 }),
      title,
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('remove' as const), id }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fetch' as const),
      ids: fc.uniqueArray(id, { minLength: 0, maxLength: 80 }),
      title,
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('edit' as const), id, title }) },
  { weight: 1, arbitrary: fc.constant({ type: 'observe' as const }) },
);

function rawTitle(item: object | undefined): unknown {
  return (item as { title?: { raw?: unknown } } | undefined)?.title?.raw;
}

async function runSteps(steps: readonly Step[]): Promise<void> {
  // The model: what the server last sent for each post, and the list's ids.
  const titles = new Map<number, string>();
  let serverPosts: Record<string, unknown>[] = [];
  const transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() }).on(
    'GET',
    '/wp/v2/posts',
    paginated(() => serverPosts),
  );
  const store = new RootStore({ transport });
  const posts = store.collection('postType', 'post');
  const post = (postId: number, postTitle: string): Record<string, unknown> =>
    makePost(postId, { title: { raw: postTitle, rendered: postTitle } });
  const receive = (postId: number, postTitle: string): void => {
    posts.receive(post(postId, postTitle));
    titles.set(postId, postTitle);
  };
  for (let postId = 1; postId <= SITE_POSTS; postId++) titles.set(postId, `Post ${postId}`);
  posts.receive([...titles].map(([postId, postTitle]) => post(postId, postTitle)));
  serverPosts = Array.from({ length: 60 }, (_, i) => post(i + 1, `Post ${i + 1}`));
  let listed: number[] = serverPosts.map((item) => item.id as number);
  const query = await posts.query({ per_page: -1 }).fetch();
  let stopObserving: (() => void) | undefined;

  /** Reads twice and checks both reads against the model, and that the second is the first. */
  const check = (where: string): void => {
    const items = query.items;
    const records = query.records;
    expect(items, where).not.toBeNull();
    expect(
      items?.map((item) => [(item as { id: number }).id, rawTitle(item)]),
      where,
    ).toEqual(listed.map((listedId) => [listedId, titles.get(listedId)]));
    expect(
      records?.map((record) => record.id),
      where,
    ).toEqual(listed);
    // Nothing changed since: the same arrays, not equal copies.
    expect(query.items, where).toBe(items);
    expect(query.records, where).toBe(records);
  };

  check('after the first fetch');
  for (const [index, current] of steps.entries()) {
    const where = `step ${index}: ${JSON.stringify(current).slice(0, 120)}`;
    const before = query.items;
    const beforeSnapshots = before?.slice();
    switch (current.type) {
      case 'change':
        receive(current.id, current.title);
        break;
      case 'same':
        if (titles.has(current.id)) receive(current.id, titles.get(current.id) as string);
        break;
      case 'burst':
        for (let i = 0; i < current.times; i++) receive(current.id, `Burst ${i}`);
        break;
      case 'action':
        runInAction(() => {
          for (const changed of current.ids) receive(changed, `${current.title} ${changed}`);
          check(`${where}, inside the action`);
        });
        break;
      case 'remove':
        posts.remove(current.id, { invalidate: false });
        titles.delete(current.id);
        listed = listed.filter((listedId) => listedId !== current.id);
        break;
      case 'fetch':
        serverPosts = current.ids.map((postId) => post(postId, `${current.title} ${postId}`));
        await query.fetch();
        for (const postId of current.ids) titles.set(postId, `${current.title} ${postId}`);
        listed = [...current.ids];
        break;
      case 'edit':
        if (titles.has(current.id)) posts.record(current.id).edit({ title: current.title });
        break;
      case 'observe':
        if (stopObserving) {
          stopObserving();
          stopObserving = undefined;
        } else {
          stopObserving = autorun(() => void query.items?.length);
        }
        break;
    }
    check(where);
    // A step that left every listed snapshot as it was keeps the arrays a script already holds.
    const after = query.items;
    if (
      beforeSnapshots !== undefined &&
      after !== null &&
      after.length === beforeSnapshots.length &&
      after.every((item, at) => item === beforeSnapshots[at])
    ) {
      expect(after, `${where}: nothing listed changed`).toBe(before);
    }
  }
  stopObserving?.();
  store.dispose();
}

describe('a list read by a plain script, over random changes', () => {
  it('reflects every change at once and gives the same arrays while nothing changed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => runSteps(steps)),
      {
        numRuns: Number(process.env.FC_RUNS ?? 150),
        seed: process.env.FC_SEED === undefined ? 20_261_207 : Number(process.env.FC_SEED),
      },
    );
  }, 120_000);
});
