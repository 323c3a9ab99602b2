import { describe, expect, it } from 'vitest';
import { MOCK_USERS } from '../../src/testing/index.js';
import { mountMock, sendJson, type WpErrorBody } from './helpers.js';

const { mock, rest, json } = mountMock();

interface PostJson {
  id: number;
  slug: string;
  status: string;
  link: string;
  generated_slug: string;
  author: number;
  title: { raw?: string; rendered: string };
  parent?: number;
  _links: Record<string, Array<{ href: string; count?: number; id?: number }>>;
}

async function createDraft(title: string, headers: Record<string, string> = {}): Promise<PostJson> {
  const res = await json<PostJson>('/wp/v2/posts', sendJson('POST', { title, status: 'draft' }, headers));
  expect(res.status).toBe(201);
  return res.body;
}

describe('creating and updating posts', () => {
  it('answers 201 with a Location header and the edit-context post; a draft has an empty slug', async () => {
    const res = await json<PostJson>(
      '/wp/v2/posts',
      sendJson('POST', { title: 'Probe post', status: 'draft' }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${mock.restRoot}/wp/v2/posts/${res.body.id}`);
    expect(res.body).toMatchObject({
      slug: '',
      generated_slug: 'probe-post',
      status: 'draft',
      link: `${mock.root}/?p=${res.body.id}`,
    });
    expect(res.body.title).toEqual({ raw: 'Probe post', rendered: 'Probe post' });
  });

  it('gives a published post a unique slug and a pretty link', async () => {
    const res = await json<PostJson>(
      '/wp/v2/posts',
      sendJson('POST', { title: 'Hello world!', status: 'publish' }),
    );
    expect(res.body.slug).toBe('hello-world-2');
    expect(res.body.link).toBe(`${mock.root}/hello-world-2/`);
  });

  it('rejects creating an auto-draft but lets an auto-draft be saved with its own status', async () => {
    const created = await json<WpErrorBody>(
      '/wp/v2/posts',
      sendJson('POST', { title: 'x', status: 'auto-draft' }),
    );
    expect(created.status).toBe(400);
    expect(created.body.data.details?.['status']?.code).toBe('rest_not_in_enum');
    const id = mock.addPost('post', { title: 'Auto Draft', status: 'auto-draft' });
    const kept = await json<{ status: string }>(
      `/wp/v2/posts/${id}`,
      sendJson('PUT', { status: 'auto-draft', content: 'x' }),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.status).toBe('auto-draft');
    const drafted = await json<{ status: string }>(
      `/wp/v2/posts/${id}`,
      sendJson('PUT', { status: 'draft', title: '' }),
    );
    expect(drafted.body.status).toBe('draft');
  });

  it('links a child page under its parent slug', async () => {
    const pages = await json<Array<{ slug: string; link: string }>>('/wp/v2/pages?slug=team');
    expect(pages.body[0]?.link).toBe(`${mock.root}/about/team/`);
  });

  it('refuses anonymous creation with 401 rest_cannot_create', async () => {
    mock.setCurrentUser(null);
    const res = await json<WpErrorBody>('/wp/v2/posts', sendJson('POST', { title: 'x' }));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_cannot_create');
  });

  it('refuses an author posting as another user with 403 rest_cannot_edit_others', async () => {
    mock.setCurrentUser('author');
    const res = await json<WpErrorBody>('/wp/v2/posts', sendJson('POST', { title: 'x', author: 1 }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_edit_others');
  });

  it('updates with PUT, answers the full object, and records a revision of a published post', async () => {
    const before = await json<PostJson>('/wp/v2/posts/1?context=edit');
    const count = before.body._links['version-history']?.[0]?.count ?? 0;
    const res = await json<PostJson>('/wp/v2/posts/1', sendJson('PUT', { title: 'Hello again' }));
    expect(res.status).toBe(200);
    expect(res.body.title).toEqual({ raw: 'Hello again', rendered: 'Hello again' });
    expect(res.body._links['version-history']?.[0]?.count).toBe(count + 1);
    expect(res.body._links['predecessor-version']?.[0]?.id).toBeGreaterThan(1);
  });

  it("refuses an author editing someone else's post with 403 rest_cannot_edit", async () => {
    mock.setCurrentUser('author');
    const res = await json<WpErrorBody>('/wp/v2/posts/1', sendJson('PUT', { title: 'mine now' }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_edit');
    expect(mock.getPost(1)?.title).toBe('Hello world!');
  });
});

describe('deleting posts', () => {
  it('trashes first, answers 410 on a second trash, deletes with force, then 404', async () => {
    const post = await createDraft('Doomed');
    const trashed = await json<PostJson>(`/wp/v2/posts/${post.id}`, { method: 'DELETE' });
    expect(trashed.status).toBe(200);
    expect(trashed.body.status).toBe('trash');
    const again = await json<WpErrorBody>(`/wp/v2/posts/${post.id}`, { method: 'DELETE' });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('rest_already_trashed');
    const forced = await json<{ deleted: boolean; previous: PostJson }>(
      `/wp/v2/posts/${post.id}?force=true`,
      { method: 'DELETE' },
    );
    expect(forced.status).toBe(200);
    expect(forced.body.deleted).toBe(true);
    expect(forced.body.previous.id).toBe(post.id);
    const gone = await json<WpErrorBody>(`/wp/v2/posts/${post.id}?force=true`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('rest_post_invalid_id');
  });

  it('adds __trashed to the slug of a trashed published post', async () => {
    const res = await json<PostJson>('/wp/v2/posts/1', { method: 'DELETE' });
    expect(res.body.slug).toBe('hello-world__trashed');
  });

  it("refuses an author deleting someone else's post with 403 rest_cannot_delete", async () => {
    mock.setCurrentUser('author');
    const res = await json<WpErrorBody>('/wp/v2/posts/1', { method: 'DELETE' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_delete');
  });

  it('answers 501 rest_trash_not_supported for media without force', async () => {
    const media = await json<Array<{ id: number }>>('/wp/v2/media');
    const id = media.body[0]?.id ?? 0;
    const res = await json<WpErrorBody>(`/wp/v2/media/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(501);
    expect(res.body.code).toBe('rest_trash_not_supported');
    const forced = await json<{ deleted: boolean }>(`/wp/v2/media/${id}?force=true`, { method: 'DELETE' });
    expect(forced.body.deleted).toBe(true);
  });
});

describe('autosaves', () => {
  it("updates the author's own draft in place with 200 and leaves the autosave list empty", async () => {
    const draft = await createDraft('My draft');
    const res = await json<{ id: number; parent: number; title: { raw: string } }>(
      `/wp/v2/posts/${draft.id}/autosaves`,
      sendJson('POST', { title: 'My draft, autosaved', content: 'body', excerpt: '' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: draft.id, parent: 0 });
    expect(mock.getPost(draft.id)?.title).toBe('My draft, autosaved');
    const list = await json<unknown[]>(`/wp/v2/posts/${draft.id}/autosaves?context=edit`);
    expect(list.body).toEqual([]);
  });

  it('creates one autosave revision per user on a published post and leaves the post unchanged', async () => {
    const first = await json<Record<string, unknown>>(
      '/wp/v2/posts/1/autosaves',
      sendJson('POST', { title: 'Autosaved title', content: 'c', excerpt: '' }),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ parent: 1, slug: '1-autosave-v1', author: 1 });
    expect(first.body).not.toHaveProperty('status');
    expect(first.body['preview_link']).toEqual(expect.stringContaining('preview=true'));
    const second = await json<{ id: number }>(
      '/wp/v2/posts/1/autosaves',
      sendJson('POST', { title: 'Again', content: 'c', excerpt: '' }),
    );
    expect(second.body.id).toBe(first.body['id']);
    expect(mock.getPost(1)?.title).toBe('Hello world!');
    const list = await json<Array<{ id: number; title: { raw: string } }>>(
      '/wp/v2/posts/1/autosaves?context=edit',
    );
    expect(list.body).toHaveLength(1);
    expect(list.body[0]?.title.raw).toBe('Again');
    expect(list.headers.get('x-wp-total')).toBeNull();
  });

  it('deletes the autosave and answers rest_autosave_no_changes when it would equal the post', async () => {
    await json('/wp/v2/posts/1/autosaves', sendJson('POST', { title: 'Changed', content: '', excerpt: '' }));
    const post = mock.getPost(1);
    const res = await json<WpErrorBody>(
      '/wp/v2/posts/1/autosaves',
      sendJson('POST', { title: post?.title, content: post?.content, excerpt: post?.excerpt }),
    );
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('rest_autosave_no_changes');
    expect((await json<unknown[]>('/wp/v2/posts/1/autosaves')).body).toEqual([]);
  });

  it('answers 401 rest_cannot_read for an anonymous autosave list', async () => {
    mock.setCurrentUser(null);
    const res = await json<WpErrorBody>('/wp/v2/posts/1/autosaves');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_cannot_read');
  });
});

describe('revisions', () => {
  it('lists revisions with totals headers, autosaves included, and serves one by id', async () => {
    await json('/wp/v2/posts/1/autosaves', sendJson('POST', { title: 'Autosave', content: '', excerpt: '' }));
    const list = await rest('/wp/v2/posts/1/revisions?context=edit');
    const items = (await list.json()) as Array<{ id: number; slug: string }>;
    expect(list.headers.get('x-wp-total')).toBe(String(items.length));
    expect(list.headers.get('x-wp-totalpages')).toBe('1');
    expect(items.map((r) => r.slug)).toEqual(expect.arrayContaining(['1-autosave-v1', '1-revision-v1']));
    const one = await json<{ id: number; parent: number }>(
      `/wp/v2/posts/1/revisions/${items[0]?.id ?? 0}?context=edit`,
    );
    expect(one.body.parent).toBe(1);
    const missing = await json<WpErrorBody>('/wp/v2/posts/1/revisions/99999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'rest_post_invalid_id', message: 'Invalid revision ID.' });
  });

  it('refuses to delete a revision, even for the administrator', async () => {
    const items = (await (await rest('/wp/v2/posts/1/revisions')).json()) as Array<{ id: number }>;
    const res = await json<WpErrorBody>(`/wp/v2/posts/1/revisions/${items[0]?.id ?? 0}?force=true`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_delete');
  });

  it("refuses an author reading revisions of someone else's post", async () => {
    mock.setCurrentUser('author');
    const res = await json<WpErrorBody>('/wp/v2/posts/1/revisions');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_read');
  });
});

describe('other writable collections', () => {
  it('creates, lists and force-deletes a category', async () => {
    const created = await json<{ id: number; slug: string; parent: number }>(
      '/wp/v2/categories',
      sendJson('POST', { name: 'Fresh Ideas' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'fresh-ideas', parent: 0 });
    const dup = await json<WpErrorBody>('/wp/v2/categories', sendJson('POST', { name: 'Fresh Ideas' }));
    expect(dup.body.code).toBe('term_exists');
    const trash = await json<WpErrorBody>(`/wp/v2/categories/${created.body.id}`, { method: 'DELETE' });
    expect(trash.status).toBe(501);
    const deleted = await json<{ deleted: boolean }>(`/wp/v2/categories/${created.body.id}?force=true`, {
      method: 'DELETE',
    });
    expect(deleted.body.deleted).toBe(true);
  });

  it('uploads media from a raw body with Content-Disposition', async () => {
    mock.setCurrentUser('author');
    const res = await json<{
      id: number;
      media_type: string;
      mime_type: string;
      title: { raw: string };
      source_url: string;
    }>('/wp/v2/media', {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="tiny.png"' },
      body: new Uint8Array([137, 80, 78, 71]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-wp-upload-attachment-id')).toBe(String(res.body.id));
    expect(res.body).toMatchObject({ media_type: 'image', mime_type: 'image/png', title: { raw: 'tiny' } });
    expect(res.body.source_url).toBe(`${mock.root}/wp-content/uploads/2026/11/tiny.png`);
    const missing = await json<WpErrorBody>('/wp/v2/media', {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: new Uint8Array([1]),
    });
    expect(missing.body.code).toBe('rest_upload_no_content_disposition');
  });

  it('trashes a comment on the first DELETE', async () => {
    const res = await json<{ status: string }>('/wp/v2/comments/1', { method: 'DELETE' });
    expect(res.body.status).toBe('trash');
  });

  it('requires reassign and force to delete a user', async () => {
    const missing = await json<WpErrorBody>(`/wp/v2/users/${MOCK_USERS.author.id}`, { method: 'DELETE' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    const noForce = await json<WpErrorBody>(`/wp/v2/users/${MOCK_USERS.author.id}?reassign=1`, {
      method: 'DELETE',
    });
    expect(noForce.status).toBe(501);
    expect(noForce.body.code).toBe('rest_trash_not_supported');
  });
});
