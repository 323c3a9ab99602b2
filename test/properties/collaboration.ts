/**
 * The collaboration property: 3 to 5 people edit one post's title and content on a memory network
 * that reorders, duplicates and drops messages, with random typing, deleting, undo, redo, saves
 * (some left in flight while others type), partitions and heals. Every typed character is unique,
 * so each can be followed. Checked:
 *
 * - at every undo: it removes no one else's character, and when `hasUndo` was true it changed
 *   something;
 * - after the network heals and settles: every person sees the same text; no character is missing
 *   unless someone deleted it or its author's undo took it back; no character is there twice
 *   (but one that two people deleted and both undid: Yjs restores a deletion as a new copy);
 * - every person's edits are exactly what differs between the shared text and the saved copy of
 *   the post they hold (`isDirty` included), and that copy is the server's newest.
 *
 * Shared by `npm test` (1,000 runs, fixed seed) and `npm run test:soak` (100,000).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import { RootStore } from '../../stores/RootStore.js';
import type { RawResponse, RequestOptions, Transport } from '../../core/transport/types.js';
import '../../src/sync/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';

const FIELDS = ['title', 'content'] as const;
type Field = (typeof FIELDS)[number];

/** One step of a run. */
export type CollabStep =
  | { type: 'type'; peer: number; field: Field; at: number }
  | { type: 'delete'; peer: number; field: Field; at: number }
  | { type: 'undo'; peer: number }
  | { type: 'redo'; peer: number }
  | { type: 'save'; peer: number; wait: boolean }
  | { type: 'partition'; cut: number[] }
  | { type: 'heal' }
  | { type: 'flush' };

/** One run: the people, the network's faults and the steps. */
export interface CollabRun {
  readonly peers: number;
  readonly networkSeed: number;
  readonly drop: number;
  readonly duplicate: number;
  readonly steps: readonly CollabStep[];
}

const peer = fc.nat(4);
const field = fc.constantFrom<Field>(...FIELDS);
const at = fc.double({ min: 0, max: 1, noNaN: true });

const stepArbitrary: fc.Arbitrary<CollabStep> = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('type' as const), peer, field, at }), weight: 8 },
  { arbitrary: fc.record({ type: fc.constant('delete' as const), peer, field, at }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('undo' as const), peer }), weight: 3 },
  { arbitrary: fc.record({ type: fc.constant('redo' as const), peer }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('save' as const), peer, wait: fc.boolean() }), weight: 3 },
  {
    arbitrary: fc.record({
      type: fc.constant('partition' as const),
      cut: fc.uniqueArray(peer, { minLength: 1, maxLength: 3 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ type: 'heal' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'flush' as const }), weight: 2 },
);

/** Runs of up to `maxSteps` steps. */
export function collabRunArbitrary(maxSteps: number): fc.Arbitrary<CollabRun> {
  return fc.record({
    peers: fc.integer({ min: 3, max: 5 }),
    networkSeed: fc.integer({ min: 1, max: 1_000_000 }),
    drop: fc.constantFrom(0, 0.2),
    duplicate: fc.constantFrom(0, 0.2),
    steps: fc.array(stepArbitrary, { minLength: 1, maxLength: maxSteps }),
  });
}

interface ServerPost {
  id: number;
  title: { raw: string; rendered: string };
  content: { raw: string; rendered: string };
  status: string;
  modified_gmt: string;
  modified: string;
}

/** A one-post WordPress in memory: GET and PUT of post 1, a new `modified_gmt` per save. */
class CollabServer implements Transport {
  private version = 0;
  post: ServerPost = this.copy('T', 'B');

  private copy(title: string, content: string): ServerPost {
    const modified = `2026-11-27T00:00:${String(this.version).padStart(4, '0')}`;
    this.version += 1;
    return {
      id: 1,
      title: { raw: title, rendered: title },
      content: { raw: content, rendered: content },
      status: 'draft',
      modified_gmt: modified,
      modified,
    };
  }

  allowedMethods(): Promise<Set<string>> {
    return Promise.resolve(new Set(['GET', 'PUT', 'POST']));
  }

  fetchAll(): Promise<never> {
    return Promise.reject(new Error('the collaboration server answers one post only'));
  }

  batch(): Promise<never> {
    return Promise.reject(new Error('the collaboration server answers one post only'));
  }

  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  async request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    await Promise.resolve();
    if (options.path !== '/wp/v2/posts/1') throw new Error(`unexpected request ${options.path}`);
    if (options.method === 'PUT' || options.method === 'POST') {
      const body = options.body as Record<string, unknown>;
      const title = typeof body.title === 'string' ? body.title : this.post.title.raw;
      const content = typeof body.content === 'string' ? body.content : this.post.content.raw;
      this.post = this.copy(title, content);
    }
    return structuredClone(this.post) as T;
  }
}

type Post = EntityRecord<Record<string, unknown>>;

function textOf(post: Post, name: Field): string {
  return (post.edited as Record<string, string>)[name] ?? '';
}

function savedOf(post: Post, name: Field): string {
  return ((post.persisted as Record<string, { raw: string }> | undefined)?.[name]?.raw ?? '') as string;
}

/** Every character of the shown title and content (each typed character is unique). */
function charsOf(post: Post): Set<string> {
  return new Set([...textOf(post, 'title'), ...textOf(post, 'content')]);
}

async function settle(net: MemoryNetwork, posts: readonly Post[], saves: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(saves);
  for (let round = 0; round < 200; round++) {
    await net.flush();
    await new Promise((resolve) => setImmediate(resolve));
    if (net.inFlight === 0 && !posts.some((post) => post.isResolving || post.isSaving)) {
      await net.flush();
      if (net.inFlight === 0 && !posts.some((post) => post.isResolving || post.isSaving)) return;
    }
  }
  throw new Error('the network did not settle');
}

/** Runs one run and checks every invariant; throws (an assertion) on the first broken one. */
export async function checkCollabRun(run: CollabRun): Promise<void> {
  const server = new CollabServer();
  const net = memoryNetwork({
    seed: run.networkSeed,
    reorder: true,
    drop: run.drop,
    duplicate: run.duplicate,
    autoDeliver: false,
  });
  const providers = Array.from({ length: run.peers }, () => net.provider());
  const stores = providers.map(
    (provider, i) =>
      new RootStore({
        transport: server,
        sync: {
          user: { id: i + 1, name: `P${i}`, color: '#000' },
          providers: [provider],
          undoCaptureTimeoutMs: 0,
        },
      }),
  );
  const saves: Promise<unknown>[] = [];
  try {
    const posts = stores.map((store) => {
      store.entities.register(
        new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', restBase: 'posts' }),
      );
      const collection = store.collection('postType', 'post');
      collection.receive(structuredClone(server.post) as unknown as Record<string, unknown>);
      return collection.record(1) as Post;
    });
    for (const [i, store] of stores.entries()) await store.sync?.join(posts[i] as Post);
    const authorOf = new Map<string, number>();
    const removed = new Set<string>();
    const deleted = new Set<string>();
    const deletedBy = new Map<string, number[]>();
    let next = 0x4e00;
    for (const step of run.steps) {
      if (step.type === 'heal') net.heal();
      else if (step.type === 'flush') await net.flush();
      else if (step.type === 'partition') {
        const cut = step.cut.filter((index) => index < run.peers).map((index) => providers[index]);
        net.partition(cut as never[]);
      } else {
        const index = step.peer % run.peers;
        const post = posts[index] as Post;
        const store = stores[index] as RootStore;
        if (step.type === 'type') {
          const value = textOf(post, step.field);
          const char = String.fromCharCode(next++);
          authorOf.set(char, index);
          const position = Math.floor(step.at * (value.length + 1));
          post.edit({ [step.field]: value.slice(0, position) + char + value.slice(position) });
        } else if (step.type === 'delete') {
          const value = textOf(post, step.field);
          if (value.length === 0) continue;
          const position = Math.min(value.length - 1, Math.floor(step.at * value.length));
          const char = value.charAt(position);
          removed.add(char);
          deleted.add(char);
          deletedBy.set(char, [...(deletedBy.get(char) ?? []), index]);
          post.edit({ [step.field]: value.slice(0, position) + value.slice(position + 1) });
        } else if (step.type === 'undo' || step.type === 'redo') {
          const had = step.type === 'undo' ? store.history.hasUndo : store.history.hasRedo;
          const before = charsOf(post);
          const shown = FIELDS.map((name) => textOf(post, name)).join('\u0000');
          if (step.type === 'undo') store.undo();
          else store.redo();
          const after = charsOf(post);
          for (const char of before) {
            if (after.has(char)) continue;
            // An undo takes back only this person's characters; a redo may also delete again what
            // this person had deleted.
            const isOwn =
              (authorOf.get(char) ?? index) === index ||
              (step.type === 'redo' && (deletedBy.get(char) ?? []).includes(index));
            assert.ok(
              isOwn,
              `peer ${index}'s ${step.type} removed a character of peer ${String(authorOf.get(char))}`,
            );
            removed.add(char);
          }
          if (had) {
            assert.notEqual(
              FIELDS.map((name) => textOf(post, name)).join('\u0000'),
              shown,
              `peer ${index}'s ${step.type} changed nothing although has${step.type === 'undo' ? 'Undo' : 'Redo'} was true`,
            );
          }
        } else {
          const saving = post.save();
          saves.push(saving.catch(() => undefined));
          if (step.wait) await saving.catch(() => undefined);
        }
      }
    }
    net.heal();
    await settle(net, posts, saves);
    const first = posts[0] as Post;
    for (const [index, post] of posts.entries()) {
      for (const name of FIELDS) {
        assert.equal(
          textOf(post, name),
          textOf(first, name),
          `peer ${index}'s ${name} differs from peer 0's`,
        );
      }
      assert.equal(
        (post.persisted as unknown as ServerPost).modified_gmt,
        server.post.modified_gmt,
        `peer ${index} does not hold the server's newest copy`,
      );
      let isDirty = false;
      for (const name of FIELDS) {
        const differs = textOf(post, name) !== savedOf(post, name);
        isDirty ||= differs;
        assert.equal(
          Object.prototype.hasOwnProperty.call(post.edits, name),
          differs,
          `peer ${index}'s edit of ${name} does not match what differs from its saved copy`,
        );
      }
      assert.equal(post.isDirty, isDirty, `peer ${index}'s isDirty`);
    }
    const final = [...textOf(first, 'title'), ...textOf(first, 'content')];
    const seen = new Set<string>();
    for (const char of final) {
      // Two people who deleted the same character and both undid it each bring back a copy (Yjs
      // restores a deletion as a new character); any other character is there once.
      assert.ok(!seen.has(char) || deleted.has(char), `character ${char} is there twice`);
      seen.add(char);
    }
    for (const char of authorOf.keys()) {
      if (!seen.has(char) && !removed.has(char)) {
        assert.fail(`peer ${String(authorOf.get(char))}'s character ${char} was lost`);
      }
    }
  } finally {
    await Promise.allSettled(saves);
    for (const store of stores) store.dispose();
    net.dispose();
  }
}

/** The property, for `fc.assert` / `fc.check`. */
export function collaborationProperty(maxSteps: number): fc.IAsyncProperty<[CollabRun]> {
  return fc.asyncProperty(collabRunArbitrary(maxSteps), checkCollabRun);
}
