import { describe, expect, it } from 'vitest';
import { MOCK_USERS } from '../../src/testing/index.js';
import { mountMock, type WpErrorBody } from './helpers.js';

const { mock, rest, json } = mountMock();

/** Id of a published post by the author in the default seed. */
function authorsPublishedPost(): number {
  for (let id = 1; id < 100; id++) {
    const post = mock.getPost(id);
    if (post?.type === 'post' && post.author === MOCK_USERS.author.id && post.status === 'publish') return id;
  }
  throw new Error('the default seed has no published post by the author');
}

async function allow(path: string, as: 'admin' | 'editor' | 'author' | null): Promise<string | null> {
  mock.setCurrentUser(as === null ? null : MOCK_USERS[as].id);
  const res = await rest(path, { method: 'OPTIONS' });
  expect(res.status).toBe(200);
  return res.headers.get('allow');
}

describe('Allow header per role', () => {
  it('matches WordPress 6.1 on collections, posts, pages, settings and batch', async () => {
    const own = authorsPublishedPost();
    const all = 'GET, POST, PUT, PATCH, DELETE';
    const table: Array<[string, string | null, string | null, string | null]> = [
      ['/wp/v2/posts', 'GET, POST', 'GET, POST', 'GET'],
      ['/wp/v2/posts/1', all, 'GET', 'GET'],
      [`/wp/v2/posts/${own}`, all, all, 'GET'],
      ['/wp/v2/pages/2', all, 'GET', 'GET'],
      ['/wp/v2/settings', 'GET, POST, PUT, PATCH', null, null],
      ['/batch/v1', 'POST', 'POST', 'POST'],
    ];
    for (const [path, admin, author, anon] of table) {
      expect(await allow(path, 'admin'), `admin ${path}`).toBe(admin);
      expect(await allow(path, 'author'), `author ${path}`).toBe(author);
      expect(await allow(path, null), `anon ${path}`).toBe(anon);
    }
  });

  it("lets an editor edit and delete others' posts and pages", async () => {
    expect(await allow('/wp/v2/posts/1', 'editor')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(await allow('/wp/v2/pages/2', 'editor')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(await allow('/wp/v2/settings', 'editor')).toBeNull();
  });

  it('sends no Allow header when the user may do nothing', async () => {
    expect(await allow(`/wp/v2/global-styles/${mockGlobalStylesId()}`, 'author')).toBeNull();
  });

  it('answers OPTIONS with the route schema body', async () => {
    const res = await json<{ namespace: string; methods: string[]; endpoints: Array<{ methods: string[] }> }>(
      '/wp/v2/posts',
      { method: 'OPTIONS' },
    );
    expect(res.body.namespace).toBe('wp/v2');
    expect(res.body.methods).toEqual(['GET', 'POST']);
    expect(res.body.endpoints.map((e) => e.methods)).toEqual([['GET'], ['POST']]);
  });
});

function mockGlobalStylesId(): number {
  for (let id = 1; id < 200; id++) if (mock.getPost(id)?.type === 'wp_global_styles') return id;
  throw new Error('no global styles record in the default seed');
}

describe('authentication', () => {
  it('acts as the user whose application password is sent with Basic auth', async () => {
    mock.setCurrentUser(null);
    const res = await json<{ id: number; roles: string[] }>('/wp/v2/users/me?context=edit', {
      headers: { Authorization: MOCK_USERS.author.authorization },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: MOCK_USERS.author.id, roles: ['author'] });
  });

  it('accepts the application password without spaces and the email as login', async () => {
    const password = MOCK_USERS.editor.appPassword.replace(/\s/g, '');
    const res = await json<{ id: number }>('/wp/v2/users/me', {
      headers: { Authorization: `Basic ${btoa(`editor@example.test:${password}`)}` },
    });
    expect(res.body.id).toBe(MOCK_USERS.editor.id);
  });

  it('treats a wrong application password as anonymous instead of answering 401 incorrect_password', async () => {
    const headers = { Authorization: `Basic ${btoa('admin:wrong password')}` };
    const publicRead = await rest('/wp/v2/posts/1', { headers });
    expect(publicRead.status).toBe(200);
    const me = await json<WpErrorBody>('/wp/v2/users/me', { headers });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('rest_not_logged_in');
  });

  it('answers 403 rest_cookie_invalid_nonce for a stale nonce, even on public routes', async () => {
    const res = await json<WpErrorBody>('/wp/v2/posts/1', { headers: { 'X-WP-Nonce': 'stale' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      data: { status: 403 },
    });
  });

  it('records which user each request acted as', async () => {
    mock.setCurrentUser('editor');
    await rest('/wp/v2/posts/1');
    mock.setCurrentUser(null);
    await rest('/wp/v2/posts/1');
    expect(mock.requests.map((r) => r.userId)).toEqual([MOCK_USERS.editor.id, 0]);
  });
});

describe('read permissions', () => {
  it('answers 401 for anonymous and 403 for a logged-in user without the capability', async () => {
    mock.setCurrentUser(null);
    const anon = await json<WpErrorBody>('/wp/v2/settings');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('rest_forbidden');
    mock.setCurrentUser('author');
    const author = await json<WpErrorBody>('/wp/v2/settings');
    expect(author.status).toBe(403);
    expect(author.body.code).toBe('rest_forbidden');
  });

  it('gives settings to the administrator, with site_logo null until saved', async () => {
    const res = await json<Record<string, unknown>>('/wp/v2/settings');
    expect(res.body).toMatchObject({
      title: 'WP REST Test Site',
      default_post_format: '0',
      site_logo: null,
      url: mock.root,
    });
    const saved = await json<Record<string, unknown>>('/wp/v2/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed', site_logo: 0 }),
    });
    expect(saved.body).toMatchObject({ title: 'Renamed', site_logo: 0 });
  });

  it('answers rest_forbidden_context for edit context on a post the user may not edit', async () => {
    mock.setCurrentUser('author');
    const author = await json<WpErrorBody>('/wp/v2/posts/1?context=edit');
    expect(author.status).toBe(403);
    expect(author.body.code).toBe('rest_forbidden_context');
    mock.setCurrentUser(null);
    const anon = await json<WpErrorBody>('/wp/v2/posts/1?context=edit');
    expect(anon.status).toBe(401);
  });

  it('hides drafts from anonymous users with 401 rest_forbidden', async () => {
    mock.setCurrentUser(null);
    const res = await json<WpErrorBody>('/wp/v2/pages/3');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_forbidden');
  });

  it('rejects a non-public status filter for anonymous users with rest_forbidden_status', async () => {
    mock.setCurrentUser(null);
    const res = await json<WpErrorBody>('/wp/v2/posts?status=draft');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.details?.['status']).toEqual({
      code: 'rest_forbidden_status',
      message: 'Status is forbidden.',
      data: { status: 401 },
    });
  });

  it('counts X-WP-Total before dropping the items the user may not see', async () => {
    mock.setCurrentUser('author');
    const res = await rest('/wp/v2/posts?status=draft&per_page=100');
    const items = (await res.json()) as Array<{ author: number }>;
    const total = Number(res.headers.get('x-wp-total'));
    expect(items.every((p) => p.author === MOCK_USERS.author.id)).toBe(true);
    expect(total).toBeGreaterThan(items.length);
  });

  it('answers 401 rest_not_logged_in for anonymous /users/me', async () => {
    mock.setCurrentUser(null);
    const res = await json<WpErrorBody>('/wp/v2/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'rest_not_logged_in',
      message: 'You are not currently logged in.',
      data: { status: 401 },
    });
  });

  it('lists authors with who=authors and shows edit fields of the current user', async () => {
    const authors = await json<Array<{ id: number }>>('/wp/v2/users/?who=authors&per_page=100');
    expect(authors.body.map((u) => u.id)).toEqual(expect.arrayContaining([1, 2, 3]));
    const me = await json<Record<string, unknown>>('/wp/v2/users/me?context=edit');
    expect(me.body).toMatchObject({ id: 1, username: 'admin', roles: ['administrator'] });
    expect(me.body['capabilities']).toMatchObject({ manage_options: true });
  });

  it('shows anonymous users only publish in /statuses and 401 on edit-context types', async () => {
    mock.setCurrentUser(null);
    const statuses = await json<Record<string, unknown>>('/wp/v2/statuses');
    expect(Object.keys(statuses.body)).toEqual(['publish']);
    const types = await json<WpErrorBody>('/wp/v2/types?context=edit');
    expect(types.status).toBe(401);
    expect(types.body.code).toBe('rest_cannot_view');
  });
});

describe('names that are also Object.prototype members', () => {
  it('answers 404 rest_status_invalid for a status slug such as constructor', async () => {
    for (const slug of ['constructor', 'toString', 'hasOwnProperty']) {
      const answer = await json<WpErrorBody>(`/wp/v2/statuses/${slug}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('rest_status_invalid');
    }
  });
});

describe('choosing the current user', () => {
  it('acts as the first user with a role, or as anonymous', async () => {
    mock.setCurrentRole('editor');
    expect(mock.currentUser).toEqual({ id: MOCK_USERS.editor.id, username: 'editor', role: 'editor' });
    expect((await json<{ id: number }>('/wp/v2/users/me')).body.id).toBe(MOCK_USERS.editor.id);
    mock.setCurrentRole('anonymous');
    expect(mock.currentUser).toBeNull();
    expect((await rest('/wp/v2/users/me')).status).toBe(401);
  });

  it('refuses an unknown user or a role nobody has', () => {
    expect(() => mock.setCurrentUser('nobody')).toThrow(/No mock user "nobody"/);
    expect(() => mock.setCurrentRole('contributor')).toThrow(/contributor/);
  });

  it('gives a seeded contributor edit rights on drafts but not publishing', async () => {
    const id = mock.addUser({ username: 'casey', role: 'contributor' });
    mock.setCurrentUser(id);
    expect((await rest('/wp/v2/posts', { method: 'OPTIONS' })).headers.get('allow')).toBe('GET, POST');
    const res = await json<WpErrorBody>('/wp/v2/posts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'x', status: 'publish' }),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_publish');
  });
});
