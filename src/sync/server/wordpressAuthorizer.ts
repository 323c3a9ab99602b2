/**
 * Asks WordPress whether the holder of a token may edit a room's record: `GET …/{id}?context=edit`
 * with the token as the `Authorization` header, where only a 200 lets the client in. This is the
 * check WordPress itself makes before it shows a record for editing, so the sync server never holds
 * a permission model of its own.
 *
 * Answers are cached briefly per (token, record) so a burst of joins (a reconnect storm after a
 * server restart) costs WordPress one request per person and record. The cache key holds a SHA-256
 * of the token, never the token itself, and the token is never logged.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { parseRestRoot, resolveRestUrl, type RestRoot } from '../../../core/transport/restUrl.js';
import type { RoomRecord } from './roomName.js';

/** Options of {@link WordPressAuthorizer}. */
export interface WordPressAuthorizerOptions {
  /** The REST root of the WordPress the rooms belong to, e.g. `http://127.0.0.1:8889/wp-json`. */
  wordpress: string;
  /** How long an answer (yes or no) is reused for the same token and record. @default 10000 */
  cacheMs?: number;
  /** The most answers kept; the oldest go first. @default 10000 */
  maxCacheEntries?: number;
  /** Time limit of one question to WordPress; a timeout counts as "no". @default 10000 */
  timeoutMs?: number;
  /** The `fetch` to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
}

/** A post type's REST route, from `/wp/v2/types/{name}`. */
interface PostTypeRoute {
  readonly path: string;
  readonly expiresAt: number;
}

/** How long a post type's REST base is reused: it changes only when plugins change. */
const POST_TYPE_ROUTE_CACHE_MS = 5 * 60_000;

/** Caches WordPress's answer to "may this token edit this record?". */
export class WordPressAuthorizer {
  readonly #root: RestRoot;
  readonly #cacheMs: number;
  readonly #maxCacheEntries: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch | undefined;
  readonly #now: () => number;
  /** key: sha256(token) + record → the answer and when it expires. */
  readonly #answers = new Map<string, { allowed: boolean; expiresAt: number }>();
  /** Questions in flight, so concurrent joins of one person share one request. */
  readonly #pending = new Map<string, Promise<boolean>>();
  readonly #postTypeRoutes = new Map<string, PostTypeRoute>();

  /** The constructor does no I/O. */
  constructor(options: WordPressAuthorizerOptions) {
    this.#root = parseRestRoot(options.wordpress);
    this.#cacheMs = options.cacheMs ?? 10_000;
    this.#maxCacheEntries = options.maxCacheEntries ?? 10_000;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch;
    this.#now = options.now ?? Date.now;
  }

  /** Answers cached right now (expired ones are dropped lazily). */
  get cacheSize(): number {
    return this.#answers.size;
  }

  /**
   * True when WordPress answers 200 to the record's `context=edit` GET made with `token` as the
   * `Authorization` header. An empty token is refused without asking: WordPress would otherwise
   * treat the request as its own current (cookie) user.
   */
  async canEdit(token: string, record: RoomRecord): Promise<boolean> {
    if (token.trim() === '') return false;
    const key = `${createHash('sha256').update(token).digest('base64')}\n${record.kind}/${record.name}/${record.id}`;
    const now = this.#now();
    const cached = this.#answers.get(key);
    if (cached && cached.expiresAt > now) return cached.allowed;
    if (cached) this.#answers.delete(key);
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const question = this.#ask(token, record)
      .then((allowed) => {
        this.#remember(key, allowed);
        return allowed;
      })
      .finally(() => this.#pending.delete(key));
    this.#pending.set(key, question);
    return question;
  }

  #remember(key: string, allowed: boolean): void {
    if (this.#cacheMs <= 0) return;
    while (this.#answers.size >= this.#maxCacheEntries) {
      const oldest = this.#answers.keys().next();
      if (oldest.done) break;
      this.#answers.delete(oldest.value);
    }
    this.#answers.set(key, { allowed, expiresAt: this.#now() + this.#cacheMs });
  }

  async #ask(token: string, record: RoomRecord): Promise<boolean> {
    const path = record.kind === 'root' ? '/wp/v2/settings' : await this.#recordPath(record);
    if (path === undefined) return false;
    const answer = await this.#get(path, { context: 'edit', _fields: 'id' }, token);
    return answer?.status === 200;
  }

  /** `/wp/v2/posts/5` for `postType/post/5`: the post type's own REST base and namespace. */
  async #recordPath(record: RoomRecord): Promise<string | undefined> {
    const now = this.#now();
    const known = this.#postTypeRoutes.get(record.name);
    if (known && known.expiresAt > now) return `${known.path}/${record.id}`;
    // Anonymous on purpose: type descriptions are public, and the user's token is for their record.
    const answer = await this.#get(`/wp/v2/types/${record.name}`, {}, undefined);
    if (answer?.status !== 200) return undefined;
    const type = answer.body as { rest_base?: unknown; rest_namespace?: unknown } | null;
    const base = typeof type?.rest_base === 'string' && type.rest_base !== '' ? type.rest_base : record.name;
    const namespace =
      typeof type?.rest_namespace === 'string' && type.rest_namespace !== '' ? type.rest_namespace : 'wp/v2';
    const path = `/${namespace}/${base}`;
    this.#postTypeRoutes.set(record.name, { path, expiresAt: now + POST_TYPE_ROUTE_CACHE_MS });
    return `${path}/${record.id}`;
  }

  /**
   * One GET: its status and JSON body (`null` when not JSON), or `undefined` when WordPress cannot
   * be reached in time, which refuses the join.
   */
  async #get(
    path: string,
    query: Record<string, string>,
    token: string | undefined,
  ): Promise<{ status: number; body: unknown } | undefined> {
    const fetchImpl = this.#fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token !== undefined) headers.Authorization = token;
    try {
      const response = await fetchImpl(resolveRestUrl(this.#root, path, query), {
        headers,
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      // Reading the body also lets keep-alive reuse the socket.
      const body: unknown = await response.json().catch(() => null);
      return { status: response.status, body };
    } catch {
      return undefined;
    }
  }
}
