/**
 * The current user and the site's authors.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { isPlainObject } from '../models/snapshot.js';
import { invalidResponseError } from '../core/transport/restErrors.js';
import type { Query, Transport } from '../core/transport/types.js';
import { InflightRequests } from './InflightRequests.js';
import { stableQueryKey } from './siteHelpers.js';

/**
 * A WordPress user as `/wp/v2/users` returns it (view context unless asked otherwise).
 *
 * @inline
 */
export interface User {
  /** The user id. */
  id: number;
  /** Display name. */
  name?: string;
  /** URL-friendly name. */
  slug?: string;
  /** Author archive address. */
  link?: string;
  /** Avatar addresses keyed by size in pixels. */
  avatar_urls?: Record<string, string>;
  /** Any other field the server sent. */
  [field: string]: unknown;
}

/** The path of the authors list; the reference always asks for 100 authors. */
const AUTHORS_PATH = '/wp/v2/users/?who=authors&per_page=100';

function toUser(value: unknown, url: string): User {
  if (!isPlainObject(value) || (typeof value.id !== 'number' && typeof value.id !== 'string')) {
    throw invalidResponseError(200, `The server answered ${url} with something that is not a user.`, value, {
      method: 'GET',
      url,
    });
  }
  return { ...value, id: Number(value.id) } as User;
}

/**
 * Users the editor shows: the signed-in user and the authors list.
 *
 * ```ts
 * const me = await store.users.fetchCurrent();
 * const authors = await store.users.authors({ search: 'ann' });
 * ```
 */
export class UserStore {
  private readonly transport: Transport;
  private readonly currentUser = observable.box<User | undefined>(undefined, { deep: false });
  private readonly users = observable.map<number, User>({}, { deep: false });
  /** Stable query key → ids, in server order. */
  private readonly queries = observable.map<string, readonly number[]>({}, { deep: false });
  private readonly requests = new InflightRequests();

  /** Users are requested through `transport`; the constructor does no I/O. */
  constructor(transport: Transport) {
    this.transport = transport;
  }

  /** The signed-in user (observable); undefined until {@link UserStore.fetchCurrent} resolves. */
  get current(): User | undefined {
    return this.currentUser.get();
  }

  /** `GET /wp/v2/users/me`; stores and resolves the user. Deduplicated while in flight; rejects with the `RestError` on failure. */
  fetchCurrent(): Promise<User> {
    return this.requests.run('me', async () => {
      const path = '/wp/v2/users/me';
      const user = toUser(await this.transport.request<unknown>({ path }), path);
      runInAction(() => this.currentUser.set(user));
      return user;
    });
  }

  /** The error of the last failed {@link UserStore.fetchCurrent} (observable); cleared when it is asked again. */
  get currentError(): Error | undefined {
    return this.requests.error('me');
  }

  /**
   * The site's authors (`GET /wp/v2/users/?who=authors&per_page=100` plus `query`), cached by query
   * and each user by id; concurrent identical calls share a request, and a failure caches nothing.
   */
  authors(query: Query = {}): Promise<User[]> {
    const key = stableQueryKey(query);
    const cached = this.authorsOf(query);
    if (cached !== undefined) return Promise.resolve(cached);
    return this.requests.run(`authors:${key}`, async () => {
      const body = await this.transport.request<unknown>({ path: AUTHORS_PATH, query });
      if (!Array.isArray(body)) {
        throw invalidResponseError(
          200,
          `The server answered ${AUTHORS_PATH} with something that is not a list of users.`,
          body,
          { method: 'GET', url: AUTHORS_PATH },
        );
      }
      const list = body.map((item) => toUser(item, AUTHORS_PATH));
      runInAction(() => {
        this.storeUsers(list);
        this.queries.set(
          key,
          list.map((user) => user.id),
        );
      });
      return list;
    });
  }

  /** The cached authors for `query` (observable); undefined until that query was answered. */
  authorsOf(query: Query = {}): User[] | undefined {
    const ids = this.queries.get(stableQueryKey(query));
    if (ids === undefined) return undefined;
    return ids.flatMap((id) => {
      const user = this.users.get(id);
      return user === undefined ? [] : [user];
    });
  }

  /** A user cached by an authors query or {@link UserStore.receive} (observable). */
  byId(id: number | string): User | undefined {
    return this.users.get(Number(id));
  }

  /** Puts users into the by-id cache (bootstrapping, tests). */
  receive(users: User | readonly User[]): void {
    const list = Array.isArray(users) ? (users as readonly User[]) : [users as User];
    runInAction(() => this.storeUsers(list.map((user) => ({ ...user, id: Number(user.id) }))));
  }

  private storeUsers(list: readonly User[]): void {
    for (const user of list) this.users.set(user.id, user);
  }
}
