/**
 * What the security suite does to the real WordPress besides the sync server's own requests: users
 * of a chosen role with an application password, posts owned by them, revoking and cleaning up.
 * Plain `fetch` as the administrator, so setup does not depend on code under test.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { WordPressSite } from '../wordpress/site.js';

/** A user created for one test, with an application password. */
export interface TestUser {
  readonly id: number;
  readonly username: string;
  /** `Basic base64(username:applicationPassword)`. */
  readonly authorization: string;
  /** The application password's uuid, to revoke it. */
  readonly passwordUuid: string;
}

async function asAdmin(site: WordPressSite, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${site.restRoot}${path}`, {
    method,
    headers: { Authorization: site.users.admin.authorization, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Creates a user with `role` and an application password. */
export async function createUser(
  site: WordPressSite,
  role: 'contributor' | 'author' | 'editor',
): Promise<TestUser> {
  const username = `sec-${role}-${randomUUID().slice(0, 8)}`;
  const user = (await asAdmin(site, 'POST', '/wp/v2/users', {
    username,
    email: `${username}@example.test`,
    password: randomUUID(),
    roles: [role],
  })) as { id: number };
  const password = (await asAdmin(site, 'POST', `/wp/v2/users/${user.id}/application-passwords`, {
    name: 'security suite',
  })) as { password: string; uuid: string };
  const applicationPassword = password.password.replace(/\s+/g, '');
  return {
    id: user.id,
    username,
    authorization: `Basic ${Buffer.from(`${username}:${applicationPassword}`).toString('base64')}`,
    passwordUuid: password.uuid,
  };
}

/** Revokes the user's application password (what an administrator does from the profile screen). */
export async function revokePassword(site: WordPressSite, user: TestUser): Promise<void> {
  await asAdmin(site, 'DELETE', `/wp/v2/users/${user.id}/application-passwords/${user.passwordUuid}`);
}

/** Gives the user another role (what an administrator does from the Users screen). */
export async function setRole(
  site: WordPressSite,
  user: TestUser,
  role: 'subscriber' | 'contributor' | 'author' | 'editor',
): Promise<void> {
  await asAdmin(site, 'POST', `/wp/v2/users/${user.id}`, { roles: [role] });
}

/** Deletes test users for good, giving their posts to the administrator. */
export async function deleteUsers(
  site: WordPressSite,
  users: readonly (TestUser | undefined)[],
): Promise<void> {
  for (const user of users) {
    if (user === undefined) continue;
    await asAdmin(site, 'DELETE', `/wp/v2/users/${user.id}?force=true&reassign=${site.users.admin.id}`).catch(
      () => undefined,
    );
  }
}

/** Creates a post as the administrator (any author, any status); resolves its id. */
export async function createPost(site: WordPressSite, fields: Record<string, unknown>): Promise<number> {
  const post = (await asAdmin(site, 'POST', '/wp/v2/posts', fields)) as { id: number };
  return post.id;
}

/** Reads a post in context=edit as `authorization`: status and body. */
export async function readPost(
  site: WordPressSite,
  id: number,
  authorization: string,
  fields = 'id,status,author,sticky,content,_links',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${site.restRoot}/wp/v2/posts/${id}?context=edit&_fields=${fields}`, {
    headers: { Authorization: authorization },
  });
  return {
    status: response.status,
    body: ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>,
  };
}

/** Deletes posts for good. */
export async function deletePosts(site: WordPressSite, ids: readonly number[]): Promise<void> {
  for (const id of ids) await asAdmin(site, 'DELETE', `/wp/v2/posts/${id}?force=true`).catch(() => undefined);
}

/** A `fetch` that counts the requests that pass through it (the sync server's questions to WordPress). */
export function countingFetch(): { fetch: typeof fetch; count: () => number } {
  let count = 0;
  return {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      count += 1;
      return fetch(input, init);
    }) as typeof fetch,
    count: () => count,
  };
}

/** Prints one proven bound so the suite's output doubles as its report. */
export function reportBound(what: string, value: string): void {
  process.stdout.write(`[security] ${what}: ${value}\n`);
}
