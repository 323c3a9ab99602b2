/**
 * Stores and clean-up for the integration suite: a `RootStore` over a `RestTransport` signed in as
 * one of the test site's users, and plain-`fetch` deletion of whatever a test made, so that clean-up
 * does not depend on the library under test.
 *
 * @module
 */
import { isRestError, RestTransport, RootStore, type RestError } from '../../src/index.js';
import { send } from '../contract/check.js';
import { contractTarget, wordpressSite, type WordPressSite } from './site.js';

/** Who a store or transport acts as. */
export type Role = 'admin' | 'author' | 'anon';

/** One request as it left the transport: logical method (an override header wins) and path below the REST root. */
export interface LoggedRequest {
  /** `GET`, `POST`, `PUT`, `DELETE`, `OPTIONS`, … */
  method: string;
  /** The path and query string below the REST root (`/wp/v2/posts/5?context=edit`), or the full URL outside it. */
  path: string;
}

/** A transport signed in as `role` (anonymous for `'anon'`) that appends every request it sends to `log`. */
export function transportAs(
  role: Role,
  log: LoggedRequest[] = [],
  site: WordPressSite = wordpressSite(),
): RestTransport {
  const recordingFetch = (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = decodeURIComponent(request.url);
    const override = request.headers.get('X-HTTP-Method-Override');
    log.push({
      method: override ?? request.method,
      path: url.startsWith(site.restRoot) ? url.slice(site.restRoot.length) : url,
    });
    return fetch(request);
  };
  if (role === 'anon') return new RestTransport({ root: site.restRoot, fetch: recordingFetch });
  const user = site.users[role];
  return new RestTransport({
    root: site.restRoot,
    auth: { username: user.username, applicationPassword: user.applicationPassword },
    fetch: recordingFetch,
  });
}

/**
 * A new store signed in as `role`, with the log of the requests it sends; each test file makes its
 * own, so caches never leak between files.
 */
export function storeAs(role: Role, site: WordPressSite = wordpressSite()): RootStore {
  return new RootStore({ transport: transportAs(role, [], site) });
}

/** A new store signed in as `role` and the live log of its requests (clear it with `log.length = 0`). */
export function loggedStoreAs(
  role: Role,
  site: WordPressSite = wordpressSite(),
): { store: RootStore; log: LoggedRequest[] } {
  const log: LoggedRequest[] = [];
  return { store: new RootStore({ transport: transportAs(role, log, site) }), log };
}

/** The `RestError` a promise rejects with; fails when it resolves or rejects with anything else. */
export async function restErrorOf(promise: Promise<unknown>): Promise<RestError> {
  try {
    await promise;
  } catch (error) {
    if (isRestError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to reject with a RestError');
}

/** Single posts and pages, which `/batch/v1` can delete. */
const BATCHABLE_PATH = /^\/wp\/v2\/(posts|pages)\/\d+$/;
/** WordPress's largest batch. */
const BATCH_SIZE = 25;

/**
 * What a test made on the site, deleted for good as the administrator by {@link Cleanup.run}
 * (in `afterAll`). Paths are REST paths of single records: `/wp/v2/posts/12`.
 */
export class Cleanup {
  private readonly paths = new Set<string>();

  constructor(private readonly site: WordPressSite = wordpressSite()) {}

  /** Deletes `path` at the end. */
  add(path: string): void {
    this.paths.add(path);
  }

  /** Deletes the post (or page, …) at the end: `post(12)` or `post(12, 'pages')`. */
  post(id: number | undefined, restBase = 'posts'): void {
    if (id !== undefined) this.add(`/wp/v2/${restBase}/${id}`);
  }

  /**
   * Deletes everything added, with `force=true`; already-deleted records are fine. Posts and pages
   * go through `/batch/v1`, 25 at a time, the rest one by one.
   */
  async run(): Promise<void> {
    const paths = [...this.paths];
    this.paths.clear();
    const batchable = paths.filter((path) => BATCHABLE_PATH.test(path));
    for (let start = 0; start < batchable.length; start += BATCH_SIZE) {
      const requests = batchable
        .slice(start, start + BATCH_SIZE)
        .map((path) => ({ method: 'DELETE', path: `${path}?force=true` }));
      const response = await send(contractTarget(this.site), 'admin', 'POST', '/batch/v1', {
        body: { requests },
      });
      if (response.status >= 500) throw new Error(`clean-up batch answered ${response.status}`);
    }
    for (const path of paths.filter((path) => !BATCHABLE_PATH.test(path))) {
      const response = await send(contractTarget(this.site), 'admin', 'DELETE', path, {
        query: { force: 'true' },
      });
      if (response.status >= 500) throw new Error(`clean-up DELETE ${path} answered ${response.status}`);
    }
  }
}

/**
 * Makes an auto-draft the way the editor does, by opening `wp-admin/post-new.php` as the
 * administrator (the REST API cannot create one), and resolves its id. Needs the administrator's
 * login password: `users.admin.password` in .wordpress/site.json, or `WP_ADMIN_PASSWORD`.
 */
export async function createAutoDraft(site: WordPressSite = wordpressSite()): Promise<number> {
  const admin = site.users.admin as WordPressSite['users']['admin'] & { password?: string };
  const password = admin.password ?? process.env.WP_ADMIN_PASSWORD;
  if (!password) {
    throw new Error(
      'Making an auto-draft needs the administrator login password (site.json users.admin.password or WP_ADMIN_PASSWORD).',
    );
  }
  const login = await fetch(`${site.url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
    },
    body: new URLSearchParams({ log: admin.username, pwd: password, 'wp-submit': 'Log In', testcookie: '1' }),
  });
  await login.body?.cancel();
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const page = await fetch(`${site.url}/wp-admin/post-new.php`, {
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  const match = /name='post_ID' value='(\d+)'/.exec(await page.text());
  if (!match?.[1]) {
    throw new Error(
      `wp-admin/post-new.php (${page.status}) did not make an auto-draft; is the login password right?`,
    );
  }
  return Number(match[1]);
}
