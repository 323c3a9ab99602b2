/**
 * A 401 or 403 names whom the transport signed in as and the likely cause, after WordPress's own
 * text, with WordPress's status and code unchanged: against the mock WordPress on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isRestError, RestTransport, type RestError } from 'wp-entities';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from 'wp-entities/testing';

const site = createMockWordPress({ currentUser: null });
let server: MockServerHandle;
beforeAll(async () => {
  server = await site.listen();
});
afterAll(() => server.close());
beforeEach(() => site.reset());

async function failure(promise: Promise<unknown>): Promise<RestError> {
  try {
    await promise;
  } catch (error) {
    if (isRestError(error)) return error;
    throw error;
  }
  throw new Error('The request succeeded.');
}

const as = (user: keyof typeof MOCK_USERS, password: string = MOCK_USERS[user].appPassword) =>
  new RestTransport({
    root: server.root,
    auth: { username: MOCK_USERS[user].username, applicationPassword: password },
  });

describe('a refused request says whom it signed in as and why', () => {
  it('a wrong application password: 401 naming the user and the password', async () => {
    const error = await failure(
      as('admin', 'abcd efgh ijkl mnop').request({ path: '/wp/v2/posts/1', query: { context: 'edit' } }),
    );
    expect(error.status).toBe(401);
    expect(error.code).toBe('rest_forbidden_context');
    expect(error.message).toMatch(
      /^Sorry, you are not allowed to edit this post\. \(HTTP 401 rest_forbidden_context\) /,
    );
    expect(error.message).toContain('did not sign in "admin"');
    expect(error.message).toContain('application password is probably wrong');
    expect(error.data).toEqual({ status: 401 });
  });

  it('no credentials at all: 401 saying none were sent and how to send them', async () => {
    const error = await failure(
      new RestTransport({ root: server.root }).request({
        path: '/wp/v2/posts/1',
        query: { context: 'edit' },
      }),
    );
    expect(error.status).toBe(401);
    expect(error.message).toContain('carried no credentials');
    expect(error.message).toContain('auth: { username, applicationPassword }');
  });

  it('a user without the capability: 403 naming the user and the capability', async () => {
    const error = await failure(
      as('author').request({ path: '/wp/v2/posts/1', method: 'POST', body: { title: 'Mine now' } }),
    );
    expect(error.status).toBe(403);
    expect(error.code).toBe('rest_cannot_edit');
    expect(error.message).toContain('"author" is signed in but lacks the capability');
    expect(error.message).not.toContain('application password');
  });

  it('a batch item refused for that user says the same', async () => {
    const [result] = await as('author').batch([
      { path: '/wp/v2/posts/1', method: 'POST', body: { title: 'Mine now' } },
    ]);
    expect(result?.ok).toBe(false);
    if (result?.ok !== false) return;
    expect(result.status).toBe(403);
    expect(result.error.code).toBe('rest_cannot_edit');
    expect(result.error.message).toContain('"author" is signed in but lacks the capability');
  });

  it('other failures keep WordPress’s text alone', async () => {
    const error = await failure(as('admin').request({ path: '/wp/v2/posts/999999' }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Invalid post ID.');
  });
});
