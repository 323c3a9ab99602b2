/**
 * `conflicts: 'detect'` on WordPress 6.1: two people (admin and author) have the author's post
 * open, the admin saves first, the author saves second.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isConflictError, RootStore, type WpPost, type WpPostEdited } from '../../src/index.js';
import { send } from '../contract/check.js';
import { createPosts, uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { Cleanup, transportAs, type LoggedRequest } from './stores.js';

const site = wordpressSite();
const target = contractTarget(site);
const token = uniqueToken('conflicts');
const cleanup = new Cleanup(site);

afterAll(async () => {
  await cleanup.run();
});

async function serverPost(id: number): Promise<{ title: { raw: string }; content: { raw: string } }> {
  const response = await send(target, 'admin', 'GET', `/wp/v2/posts/${id}`, { query: { context: 'edit' } });
  return response.body as { title: { raw: string }; content: { raw: string } };
}

/** The author's draft, open in A's store (admin) and B's (author); A then saves a new title. */
async function aSavedTitleWhileBHadItOpen() {
  const [id = 0] = await createPosts(site, 'author', [
    { title: `${token} original`, content: 'Original body', status: 'draft' },
  ]);
  cleanup.post(id);
  const aStore = new RootStore({ transport: transportAs('admin', [], site), conflicts: 'detect' });
  const log: LoggedRequest[] = [];
  const bStore = new RootStore({ transport: transportAs('author', log, site), conflicts: 'detect' });
  const a = await aStore.collection<WpPost, WpPostEdited>('postType', 'post').fetch(id);
  const b = await bStore.collection<WpPost, WpPostEdited>('postType', 'post').fetch(id);
  if (!a || !b) throw new Error('post not loaded');
  a.edit({ title: `${token} by A` });
  await a.save({ throwOnError: true });
  log.length = 0;
  return { id, b, log };
}

const writes = (log: LoggedRequest[]) => log.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS');

describe("save conflicts on WordPress 6.1 (conflicts: 'detect')", () => {
  it("stops B's save of title and content when A saved the title: nothing sent, edits kept", async () => {
    const { id, b, log } = await aSavedTitleWhileBHadItOpen();
    b.edit({ title: `${token} by B`, content: 'Body by B' });
    const error = await b.save({ throwOnError: true }).catch((e: unknown) => e);
    expect(isConflictError(error)).toBe(true);
    expect(b.conflict).toMatchObject({
      fields: ['title'],
      base: { title: `${token} original` },
      server: { title: `${token} by A` },
      local: { title: `${token} by B` },
    });
    expect(writes(log)).toEqual([]);
    expect(b.edits).toMatchObject({ title: `${token} by B`, content: 'Body by B' });
    const saved = await serverPost(id);
    expect(saved.title.raw).toBe(`${token} by A`);
    expect(saved.content.raw).toBe('Original body');
  });

  it("lets B's save of the content through, and B's copy shows A's title", async () => {
    const { id, b, log } = await aSavedTitleWhileBHadItOpen();
    b.edit({ content: 'Body by B' });
    await b.save({ throwOnError: true });
    expect(writes(log).map((r) => r.method)).toEqual(['PUT']);
    expect(b.conflict).toBeUndefined();
    expect(b.raw?.title).toBe(`${token} by A`);
    const saved = await serverPost(id);
    expect(saved.title.raw).toBe(`${token} by A`);
    expect(saved.content.raw).toBe('Body by B');
  });

  it("resolve 'mine' then save puts B's title on the server", async () => {
    const { id, b } = await aSavedTitleWhileBHadItOpen();
    b.edit({ title: `${token} by B`, content: 'Body by B' });
    await b.save();
    expect(b.conflict?.fields).toEqual(['title']);
    b.resolveConflict('mine');
    await b.save({ throwOnError: true });
    const saved = await serverPost(id);
    expect(saved.title.raw).toBe(`${token} by B`);
    expect(saved.content.raw).toBe('Body by B');
    expect(b.hasEdits).toBe(false);
  });
});
