import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../contract/check.js';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { storeAs } from './stores.js';

const site = wordpressSite();
const target = contractTarget(site);
const token = uniqueToken('revctx');
let postId = 0;
let revisionId = 0;

beforeAll(async () => {
  [postId = 0] = await createPosts(site, 'admin', [
    { title: token, status: 'publish', content: '<p>v1</p>' },
  ]);
  await send(target, 'admin', 'POST', `/wp/v2/posts/${postId}`, { body: { content: '<p>v2</p>' } });
  const plain = await send(target, 'admin', 'GET', `/wp/v2/posts/${postId}/revisions`, {
    query: { context: 'edit', _fields: 'id,content' },
  });
  const latest = (plain.body as { id: number; content: { raw: string } }[]).find(
    (revision) => revision.content.raw === '<p>v2</p>',
  );
  if (!latest) throw new Error('WordPress kept no revision of the update');
  revisionId = latest.id;
});

afterAll(async () => {
  await deletePosts(site, [postId]);
});

describe('record.revision() with a context on WordPress 6.1', () => {
  it('resolves the revision as received in the context asked for', async () => {
    const store = storeAs('admin');
    await store.entities.load('postType');
    const record = store.record<{ id: number }>('postType', 'post', postId);

    await expect(record.revision(revisionId, { context: 'edit' })).resolves.toMatchObject({
      id: revisionId,
      parent: postId,
      content: { raw: '<p>v2</p>' },
    });
  });

  it('resolves the edit-context revision even after the revisions list was read in the default context', async () => {
    const store = storeAs('admin');
    await store.entities.load('postType');
    const record = store.record<{ id: number }>('postType', 'post', postId);
    await record.revisions().fetch();

    await expect(record.revision(revisionId, { context: 'edit' })).resolves.toMatchObject({
      content: { raw: '<p>v2</p>' },
    });
  });

  it('lists and reads revisions in the edit context by default, with the raw markup to restore', async () => {
    const store = storeAs('admin');
    await store.entities.load('postType');
    const record = store.record<{ id: number }>('postType', 'post', postId);

    const revisions = await record.revisions().fetch();
    const listed = (revisions.items as Array<{ id: number; content: { raw?: string } }> | null)?.find(
      (revision) => revision.id === revisionId,
    );

    expect(listed?.content.raw).toBe('<p>v2</p>');
    await expect(record.revision(revisionId)).resolves.toMatchObject({ content: { raw: '<p>v2</p>' } });
  });
});
