/**
 * Asks WordPress whether the holder of a token may edit a room's record: `GET …/{id}?context=edit`
 * with the token as the `Authorization` header, where only a 200 lets the client in. This is the
 * check WordPress itself makes before it shows a record for editing, so the sync server never holds
 * a permission model of its own. The same answer's `_links` tell what else the user may do to the
 * record (publish, post unfiltered HTML, …; see {@link capabilitiesFromLinks}).
 *
 * Three answers, kept apart on purpose: `allowed`, `forbidden` (WordPress said no: 401, 403, 404),
 * and `unavailable` (WordPress was slow, down, answered 5xx or 429, or the server's queue of
 * questions was full): the client retries that one later, it is never a refusal.
 *
 * Cost bounds, so joins cannot be turned against WordPress: answers are cached briefly per (token,
 * record); a token WordPress rejected outright (401) is refused without asking for a short while;
 * concurrent questions for one key share one request; and every question goes through a
 * {@link CheckGate} (a few at a time, fair between sources, known-good tokens first). Keys hold a
 * SHA-256 of the token, never the token itself, and the token is never logged.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { parseRestRoot, resolveRestUrl, type RestRoot } from '../../../core/transport/restUrl.js';
import { CheckGate, GATE_BUSY, type CheckGateOptions } from './checkGate.js';
import {
  ALL_CAPABILITIES,
  capabilitiesFromLinks,
  type RecordCapabilities,
} from '../shared/recordCapabilities.js';
import type { RoomRecord } from '../shared/roomName.js';

/** WordPress's answer to "may this token edit this record?". */
export type AccessVerdict =
  | {
      readonly kind: 'allowed';
      readonly capabilities: RecordCapabilities;
      /** The record's HTML fields as saved (`{ raw }`: a post's `title`, `content`, `excerpt`), when it has them. */
      readonly saved: Readonly<Record<string, unknown>>;
    }
  /** `status` is WordPress's (401, 403, 404…), or 0 when refused without asking. */
  | { readonly kind: 'forbidden'; readonly status: number }
  | { readonly kind: 'unavailable' };

/** Options of {@link WordPressAuthorizer}. */
export interface WordPressAuthorizerOptions {
  /** The REST root of the WordPress the rooms belong to, e.g. `http://127.0.0.1:8889/wp-json`. */
  wordpress: string;
  /** How long an answer (yes or no) is reused for the same token and record. @default 10000 */
  cacheMs?: number;
  /** How long a token WordPress rejected with 401 is refused for every record without asking. @default 30000 */
  refusedTokenCacheMs?: number;
  /** The most answers (and refused tokens) kept; the oldest go first. @default 10000 */
  maxCacheEntries?: number;
  /** Time limit of one question to WordPress; a timeout is `unavailable`. @default 10000 */
  timeoutMs?: number;
  /** Limits on questions in flight and waiting. */
  gate?: CheckGateOptions;
  /**
   * Called whenever WordPress refuses a token: 401 (the token is no good for anything: revoked
   * password, deleted user) or 403/404 for one record. The sync server closes the connections
   * that hold that token (and record).
   */
  onRefused?: (tokenKey: string, record: RoomRecord, status: number) => void;
  /** The `fetch` to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
}

/** How a question is asked. */
export interface AccessQuestionOptions {
  /** Who asks (the client's address): waiting questions take turns per source. @default '' */
  source?: string;
  /** Ask WordPress even when an answer is cached (periodic re-checks). @default false */
  isFresh?: boolean;
}

/** A post type's REST route, from `/wp/v2/types/{name}`. */
interface PostTypeRoute {
  readonly path: string;
  readonly expiresAt: number;
}

/** How long a post type's REST base is reused: it changes only when plugins change. */
const POST_TYPE_ROUTE_CACHE_MS = 5 * 60_000;

/** How long a token WordPress accepted keeps its place at the front of the queue. */
const ACCEPTED_TOKEN_MEMORY_MS = 10 * 60_000;

const UNAVAILABLE: AccessVerdict = Object.freeze({ kind: 'unavailable' });

/** A bounded map whose oldest entries go first; entries carry their expiry. */
class ExpiringMap<T> {
  readonly #entries = new Map<string, { value: T; expiresAt: number }>();
  constructor(
    readonly maxEntries: number,
    readonly now: () => number,
  ) {}
  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }
  set(key: string, value: T, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.#entries.delete(key);
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }
  delete(key: string): void {
    this.#entries.delete(key);
  }
  get size(): number {
    return this.#entries.size;
  }
}

/** Caches WordPress's answer to "may this token edit this record?". */
export class WordPressAuthorizer {
  readonly #root: RestRoot;
  readonly #cacheMs: number;
  readonly #refusedTokenCacheMs: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch | undefined;
  readonly #now: () => number;
  readonly #onRefused: WordPressAuthorizerOptions['onRefused'];
  readonly #gate: CheckGate;
  /** key: tokenKey + record → the verdict (allowed or forbidden; unavailable is never cached). */
  readonly #answers: ExpiringMap<AccessVerdict>;
  /** tokenKey → true for tokens WordPress answered 401. */
  readonly #refusedTokens: ExpiringMap<true>;
  /** tokenKey → true for tokens WordPress accepted lately: they go first in the gate. */
  readonly #acceptedTokens: ExpiringMap<true>;
  /** Questions in flight, so concurrent joins of one person share one request. */
  readonly #pending = new Map<string, Promise<AccessVerdict>>();
  /**
   * The question in flight for each token WordPress has not accepted yet. Further questions with
   * that token wait for it: if WordPress rejects the token, they are answered from the refused
   * tokens without asking (a socket sending 64 joins with one bad token costs one request).
   */
  readonly #firstQuestions = new Map<string, Promise<unknown>>();
  readonly #postTypeRoutes = new Map<string, PostTypeRoute>();

  /** The constructor does no I/O. */
  constructor(options: WordPressAuthorizerOptions) {
    this.#root = parseRestRoot(options.wordpress);
    this.#cacheMs = options.cacheMs ?? 10_000;
    this.#refusedTokenCacheMs = options.refusedTokenCacheMs ?? 30_000;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch;
    this.#now = options.now ?? Date.now;
    this.#onRefused = options.onRefused;
    this.#gate = new CheckGate(options.gate);
    const maxEntries = options.maxCacheEntries ?? 10_000;
    this.#answers = new ExpiringMap(maxEntries, this.#now);
    this.#refusedTokens = new ExpiringMap(maxEntries, this.#now);
    this.#acceptedTokens = new ExpiringMap(maxEntries, this.#now);
  }

  /** The key a token is known by: a SHA-256 of it, never the token itself. */
  static tokenKey(token: string): string {
    return createHash('sha256').update(token).digest('base64');
  }

  /** Answers cached right now (expired ones are dropped lazily). */
  get cacheSize(): number {
    return this.#answers.size;
  }

  /** Questions to WordPress in flight and waiting, for operators and tests. */
  get load(): { active: number; queued: number } {
    return { active: this.#gate.active, queued: this.#gate.queued };
  }

  /**
   * WordPress's verdict on `token` editing `record`, with the user's capabilities when allowed.
   * An empty token is refused without asking: WordPress would treat the request as its own
   * current (cookie) user.
   */
  async check(
    token: string,
    record: RoomRecord,
    options: AccessQuestionOptions = {},
  ): Promise<AccessVerdict> {
    if (token.trim() === '') return { kind: 'forbidden', status: 0 };
    const tokenKey = WordPressAuthorizer.tokenKey(token);
    if (this.#refusedTokens.get(tokenKey)) return { kind: 'forbidden', status: 401 };
    const key = `${tokenKey}\n${record.kind}/${record.name}/${record.id}`;
    if (!options.isFresh) {
      const cached = this.#answers.get(key);
      if (cached) return cached;
    }
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const isKnown = this.#acceptedTokens.get(tokenKey) === true;
    const first = isKnown ? undefined : this.#firstQuestions.get(tokenKey);
    if (first !== undefined) {
      await first.catch(() => undefined);
      return this.check(token, record, options);
    }
    const question = this.#gate
      .run(options.source ?? '', isKnown, () => this.#ask(token, record))
      .then((verdict) => (verdict === GATE_BUSY ? UNAVAILABLE : verdict))
      .then((verdict) => this.#learn(tokenKey, key, record, verdict))
      .finally(() => {
        this.#pending.delete(key);
        if (this.#firstQuestions.get(tokenKey) === question) this.#firstQuestions.delete(tokenKey);
      });
    this.#pending.set(key, question);
    if (!isKnown) this.#firstQuestions.set(tokenKey, question);
    return question;
  }

  /** True when {@link check} says `allowed`. */
  async canEdit(token: string, record: RoomRecord): Promise<boolean> {
    return (await this.check(token, record)).kind === 'allowed';
  }

  #learn(tokenKey: string, key: string, record: RoomRecord, verdict: AccessVerdict): AccessVerdict {
    if (verdict.kind === 'unavailable') return verdict;
    this.#answers.set(key, verdict, this.#cacheMs);
    if (verdict.kind === 'allowed') {
      this.#acceptedTokens.set(tokenKey, true, ACCEPTED_TOKEN_MEMORY_MS);
      return verdict;
    }
    if (verdict.status === 401) {
      this.#refusedTokens.set(tokenKey, true, this.#refusedTokenCacheMs);
      this.#acceptedTokens.delete(tokenKey);
    }
    if (verdict.status !== 0) this.#onRefused?.(tokenKey, record, verdict.status);
    return verdict;
  }

  async #ask(token: string, record: RoomRecord): Promise<AccessVerdict> {
    const { rules } = record;
    const path = await this.#recordPath(record);
    if (typeof path !== 'string') return path;
    // The links carry the capabilities; the raw HTML texts are what the user's client may bring
    // into the room as the saved state (the edit guard does not count their markup as new). An
    // entity whose editors may do everything answers only its texts, to keep the answer small.
    const fields =
      rules.capabilities === 'links'
        ? ['id', '_links', ...Object.keys(rules.htmlFields).map((field) => `${field}.raw`)].join(',')
        : rules.textFields.join(',') || 'id';
    const answer = await this.#get(path, { context: 'edit', _fields: fields }, token);
    if (answer === undefined || answer.status >= 500 || answer.status === 429) return UNAVAILABLE;
    if (answer.status !== 200) return { kind: 'forbidden', status: answer.status };
    // Settings carry no capability links; whoever may edit them (manage_options) may do all.
    if (rules.capabilities === 'all') return { kind: 'allowed', capabilities: ALL_CAPABILITIES, saved: {} };
    const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<
      string,
      unknown
    >;
    return { kind: 'allowed', capabilities: capabilitiesFromLinks(body._links), saved: body };
  }

  /** The REST path of the room's record: its entity's own path, else (a post type) the type's REST base. */
  async #recordPath(record: RoomRecord): Promise<string | AccessVerdict> {
    const { rules } = record;
    if (rules.name !== '*' && rules.path !== undefined)
      return rules.singleton ? rules.path : `${rules.path}/${record.id}`;
    return this.#postTypePath(record);
  }

  /** `/wp/v2/posts/5` for `postType/post/5`: the post type's own REST base and namespace. */
  async #postTypePath(record: RoomRecord): Promise<string | AccessVerdict> {
    const now = this.#now();
    const known = this.#postTypeRoutes.get(record.name);
    if (known && known.expiresAt > now) return `${known.path}/${record.id}`;
    // Anonymous on purpose: type descriptions are public, and the user's token is for their record.
    const answer = await this.#get(`/wp/v2/types/${record.name}`, {}, undefined);
    if (answer === undefined || answer.status >= 500 || answer.status === 429) return UNAVAILABLE;
    // An unknown type: nobody may edit it. Status 0: no reason to distrust the token.
    if (answer.status !== 200) return { kind: 'forbidden', status: 0 };
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
   * be reached in time.
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
