/**
 * The mock WordPress: an in-memory WordPress 6.1 REST API behind one framework-agnostic entry,
 * `handle(request: Request): Promise<Response>`, with msw handlers and a Node HTTP server as
 * adapters. It holds the data, the current user, the request log and the faults.
 *
 * @module
 */
import type { HttpHandler } from 'msw';
import { ArgumentError } from '../../core/errors.js';
import { MockDatabase, type PostRow, type UserRow } from './database.js';
import { FaultInjector, type FilterSubject } from './faults.js';
import { embedLinks, embedRequest } from './embed.js';
import { filterFields, requestedFields } from './fields.js';
import { createMswHandlers } from './msw.js';
import { parseQuery, type Params } from './params.js';
import { commonHeaders, WpRestFailure, type RouteResponse } from './responses.js';
import {
  allowedMethods,
  dispatch,
  matchRoute,
  type RestRequest,
  type Route,
  type Site,
  type UploadedFile,
} from './router.js';
import { batchRoutes } from './routes/batch.js';
import { blockRoutes } from './routes/blocks.js';
import { commentRoutes } from './routes/comments.js';
import { mediaRoutes } from './routes/media.js';
import { menuRoutes } from './routes/menus.js';
import { oembedRoutes } from './routes/oembed.js';
import { pluginRoutes } from './routes/plugins.js';
import { postTypeRoutes } from './routes/posts.js';
import { revisionRoutes } from './routes/revisions.js';
import { searchRoutes } from './routes/search.js';
import { SYNC_UPDATES_ROUTE, syncRoutes } from './routes/sync.js';
import { appEntityRoute } from './routes/appEntity.js';
import type { EntitySyncRules } from '../../core/entitySync.js';
import { siteRoutes } from './routes/site.js';
import { findTemplateForUrl, templateRoutes } from './routes/templates.js';
import { termRoutes } from './routes/terms.js';
import { themeRoutes } from './routes/themes.js';
import { userRoutes } from './routes/users.js';
import { widgetRoutes } from './routes/widgets.js';
import { SyncRelay } from './SyncRelay.js';
import { fontLibraryRoutes, registerFontFamilyType } from './routes/fontLibrary.js';
import { iconRoutes } from './routes/icons.js';
import { addTargetHints } from './targetHints.js';
import { atLeast, MOCK_VERSIONS } from './versions.js';
import {
  applySeed,
  insertComment,
  insertPost,
  insertTerm,
  insertUser,
  registerPostMeta,
  registerPostType,
  registerTaxonomy,
} from './seed.js';
import type {
  MockCommentInput,
  MockEmbedAnswer,
  MockFailure,
  MockHold,
  MockListenOptions,
  MockPostInput,
  MockPostMetaInput,
  MockPostTypeInput,
  MockTaxonomyInput,
  MockRequestFilter,
  MockRequestLogEntry,
  MockRole,
  MockServerHandle,
  MockTermInput,
  MockUserInput,
  MockWordPressOptions,
  MockWordPressVersion,
} from './types.js';

/** The default site root. */
export const DEFAULT_ROOT = 'http://localhost:8888';

/**
 * The nonce the mock accepts in `X-WP-Nonce` (until {@link MockWordPress.expireNonce}); any other
 * value gets 403 `rest_cookie_invalid_nonce`.
 */
export const MOCK_NONCE = 'mock-nonce';

/** A stored post as the mock holds it (a copy; changing it does not change the mock). */
export type MockPostRecord = PostRow;

/** The user requests act as. */
export interface MockCurrentUser {
  /** User id. */
  id: number;
  /** Login. */
  username: string;
  /** Role. */
  role: UserRow['role'];
}

const BODYLESS = new Set(['GET', 'HEAD']);
const OVERRIDABLE = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);

interface ParsedBody {
  body: Params;
  logged: unknown;
  raw: Uint8Array | null;
  upload: UploadedFile | null;
  invalidJson: boolean;
}

async function readBody(request: Request): Promise<ParsedBody> {
  const empty: ParsedBody = { body: {}, logged: undefined, raw: null, upload: null, invalidJson: false };
  if (BODYLESS.has(request.method.toUpperCase())) return empty;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const body: Params = {};
    let upload: UploadedFile | null = null;
    for (const [key, value] of form) {
      if (typeof value === 'string') body[key] = value;
      else upload = { filename: value.name, type: value.type, size: value.size };
    }
    return { body, logged: body, raw: null, upload, invalidJson: false };
  }
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength === 0) return { ...empty, raw };
  if (type.includes('json')) {
    const text = new TextDecoder().decode(raw);
    try {
      const parsed: unknown = JSON.parse(text);
      const body =
        typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Params) : {};
      return { body, logged: parsed, raw, upload: null, invalidJson: false };
    } catch {
      return { body: {}, logged: text, raw, upload: null, invalidJson: true };
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const body = parseQuery(new URLSearchParams(new TextDecoder().decode(raw)));
    return { body, logged: body, raw, upload: null, invalidJson: false };
  }
  return { body: {}, logged: undefined, raw, upload: null, invalidJson: false };
}

function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string>,
  head: boolean,
): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Response(head ? null : text, { status, headers });
}

/**
 * An in-memory WordPress 6.1 REST API. Create one with {@link createMockWordPress}; mount it with
 * `setupServer(...mock.handlers)` (msw), `setupWorker(...mock.handlers)` in a browser, or
 * `await mock.listen()` for a real HTTP server.
 *
 * Requests without an `Authorization` header act as the current user (see
 * {@link MockWordPress.setCurrentUser}); `Authorization: Basic` with a seeded user's application
 * password acts as that user, and wrong credentials act as anonymous, as WordPress 6.1 does.
 */
export class MockWordPress {
  /** The site root (no trailing slash), e.g. `http://localhost:8888`. */
  readonly root: string;
  private readonly options: MockWordPressOptions;
  private db!: MockDatabase;
  private readonly faults = new FaultInjector();
  private readonly log: MockRequestLogEntry[] = [];
  private readonly embeds = new Map<string, MockEmbedAnswer>();
  private currentUserId: number | null = null;
  private routeCache: Route[] | null = null;
  /** The routes of apps' own entities ({@link serveEntity}), matched after WordPress's own. */
  private readonly appRoutes: Route[] = [];
  private site!: Site;
  private readonly batchMaxItems: number;
  /** The WordPress release this mock answers as. */
  readonly version: MockWordPressVersion;
  private mswHandlers: HttpHandler[] | null = null;
  /** The nonce accepted now (`MOCK_NONCE` until {@link expireNonce}). */
  private nonce = MOCK_NONCE;
  /** The collaboration relay behind `/wp-sync/v1/updates` (rows, presence, long polls). */
  readonly syncRelay: SyncRelay;

  constructor(options: MockWordPressOptions = {}) {
    this.options = options;
    this.root = (options.root ?? DEFAULT_ROOT).replace(/\/+$/, '');
    if (!/^https?:\/\//.test(this.root))
      throw new ArgumentError(`The mock root must be an http(s) URL, got "${this.root}".`);
    const batchMaxItems = options.batchMaxItems ?? 25;
    if (!Number.isInteger(batchMaxItems) || batchMaxItems < 1) {
      throw new ArgumentError(
        `batchMaxItems must be a positive integer, got ${String(options.batchMaxItems)}.`,
      );
    }
    this.batchMaxItems = batchMaxItems;
    this.syncRelay = new SyncRelay(options.syncRelay);
    const version = options.version ?? '6.1';
    if (!MOCK_VERSIONS.includes(version)) {
      throw new ArgumentError(
        `The mock answers as WordPress ${MOCK_VERSIONS.join(', ')}; got version "${String(options.version)}".`,
      );
    }
    this.version = version;
    this.reset();
  }

  /** The REST root, `${root}/wp-json`. */
  get restRoot(): string {
    return `${this.root}/wp-json`;
  }

  /** Every request handled since the last {@link reset} or {@link clearRequests}, oldest first. */
  get requests(): readonly MockRequestLogEntry[] {
    return this.log;
  }

  /** Empties the request log. */
  clearRequests(): void {
    this.log.length = 0;
  }

  /** msw request handlers for `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  get handlers(): HttpHandler[] {
    this.mswHandlers ??= createMswHandlers(this);
    return this.mswHandlers;
  }

  /** The user requests without `Authorization` act as, or `null` for anonymous. */
  get currentUser(): MockCurrentUser | null {
    const user = this.currentUserId === null ? undefined : this.db.users.get(this.currentUserId);
    return user ? { id: user.id, username: user.username, role: user.role } : null;
  }

  /**
   * Sets the user requests without an `Authorization` header act as: an id, a login, or `null`
   * for anonymous. Throws {@link ArgumentError} for an unknown user.
   */
  setCurrentUser(idOrLogin: number | string | null): void {
    if (idOrLogin === null) {
      this.currentUserId = null;
      return;
    }
    const user = this.db.findUser(idOrLogin);
    if (!user) throw new ArgumentError(`No mock user "${String(idOrLogin)}".`);
    this.currentUserId = user.id;
  }

  /**
   * Acts as the first user with a role (lowest id), or as anonymous for `'anonymous'`. Throws
   * {@link ArgumentError} when no user has the role (add one with {@link MockWordPress.addUser}).
   */
  setCurrentRole(role: MockRole | 'anonymous'): void {
    if (role === 'anonymous') {
      this.currentUserId = null;
      return;
    }
    const user = [...this.db.users.values()].sort((a, b) => a.id - b.id).find((u) => u.role === role);
    if (!user) throw new ArgumentError(`No mock user has the role "${role}".`);
    this.currentUserId = user.id;
  }

  /** Adds a user; returns its id. */
  addUser(input: MockUserInput): number {
    return insertUser(this.db, input);
  }

  /** Adds a post of a registered type (`post`, `page`, `wp_block`, a custom type, …); returns its id. */
  addPost(type: string, data: MockPostInput = {}): number {
    return insertPost(this.db, type, data);
  }

  /** Adds a term to `category`, `post_tag`, `nav_menu` or a registered taxonomy; returns its id. */
  addTerm(taxonomy: string, data: MockTermInput): number {
    return insertTerm(this.db, taxonomy, data);
  }

  /** Adds a comment; returns its id. */
  addComment(data: MockCommentInput): number {
    return insertComment(this.db, data);
  }

  /**
   * Registers a post type served by the posts controller at `/{rest_namespace}/{rest_base}`, with
   * revisions and autosaves when it supports `revisions`.
   */
  addPostType(input: MockPostTypeInput): void {
    registerPostType(this.db, input);
    this.routeCache = null;
  }

  /**
   * Registers a taxonomy served by the terms controller at `/{rest_namespace}/{rest_base}`
   * (`register_taxonomy` with `show_in_rest`), attached to the post types in `input.types`: their
   * posts list its terms, and their schemas describe that field.
   */
  addTaxonomy(input: MockTaxonomyInput): void {
    registerTaxonomy(this.db, input);
    this.routeCache = null;
  }

  /**
   * Registers a meta key for REST on a post type (`register_post_meta` with `show_in_rest`): the
   * type's routes describe it in their `OPTIONS` schema and every post sends it in `meta`.
   */
  registerPostMeta(input: MockPostMetaInput): void {
    registerPostMeta(this.db, input);
  }

  /** Merges values into `/wp/v2/settings`. */
  updateSettings(values: Record<string, unknown>): void {
    this.db.settings = { ...this.db.settings, ...values };
  }

  /** A copy of a stored post of any type (revisions included), or undefined. */
  getPost(id: number): MockPostRecord | undefined {
    const post = this.db.posts.get(id);
    return post ? structuredClone(post) : undefined;
  }

  /**
   * Sets what `/oembed/1.0/proxy?url=` answers for a URL: an oEmbed object, `'fallback'` (the
   * bare link `<a href="url">url</a>`), or `'invalid'` (404 `oembed_invalid_url`). Without an
   * answer, this site's URLs embed their post and any other URL is 404.
   */
  setEmbed(url: string, answer: MockEmbedAnswer): void {
    this.embeds.set(url, answer);
  }

  /**
   * Expires the REST nonce, as WordPress does after 12–24 hours: the old one gets 403
   * `rest_cookie_invalid_nonce`; answers to logged-in requests and
   * `/wp-admin/admin-ajax.php?action=rest-nonce` carry the new one, which this returns.
   */
  expireNonce(): string {
    this.nonceGeneration += 1;
    this.nonce = `${MOCK_NONCE}-${this.nonceGeneration}`;
    return this.nonce;
  }

  private nonceGeneration = 0;

  /** Waits `ms` milliseconds before every answer (0 turns it off). Works with fake timers. */
  delay(ms: number): void {
    this.faults.setDelay(ms);
  }

  /**
   * Makes the next `count` requests matching `filter` fail: `{ status, body? }` answers that HTTP
   * error (default body `{code:'mock_failure', …}`), `'network'` fails the fetch, `'invalid-json'`
   * answers 200 with a truncated JSON body. Requests still appear in the log.
   */
  failNext(count: number, failure: MockFailure, filter?: MockRequestFilter): void {
    this.faults.failNext(count, failure, filter);
  }

  /** Holds requests matching `filter` in flight until `release()` is called on the returned handle. */
  hold(filter?: MockRequestFilter): MockHold {
    return this.faults.hold(filter);
  }

  /**
   * Restores the initial seed, the initial current user and the default embeds; clears the log,
   * the delay and pending failures; releases held requests.
   */
  reset(): void {
    this.db = new MockDatabase(this.options.now ?? '2026-11-21T10:00:00', this.options.realTime === true);
    applySeed(this.db, this.options);
    if (atLeast(this.version, '6.7')) registerFontFamilyType(this.db);
    this.site = {
      db: this.db,
      batchMaxItems: this.batchMaxItems,
      version: this.version,
      embeds: this.embeds,
      routes: () => this.routes(),
      dispatch: (request) => dispatch(this.routes(), request),
    };
    this.routeCache = null;
    this.embeds.clear();
    this.syncRelay.clear();
    this.nonce = MOCK_NONCE;
    this.faults.reset();
    this.log.length = 0;
    const initial = this.options.currentUser === undefined ? 1 : this.options.currentUser;
    if (initial === null) this.currentUserId = null;
    else this.currentUserId = this.db.findUser(initial)?.id ?? null;
  }

  /**
   * Starts a plain Node HTTP server serving this mock (REST under `${url}/wp-json`). Node only; the
   * `node:http` module is loaded when this is called.
   */
  async listen(options: MockListenOptions = {}): Promise<MockServerHandle> {
    const { startNodeServer } = await import('./nodeServer.js');
    return startNodeServer(this, options);
  }

  /**
   * Serves an app's own singleton entity, as its plugin would register it: `GET config.baseURL`
   * answers `record` as it is now and a `POST` sets the fields it names (the entity's
   * `sync.roomCapability` needed, else `edit_posts`). When the config has `sync`, the relay serves
   * its room too, by those rules. `record` is changed in place by writes.
   */
  serveEntity(
    config: {
      readonly baseURL: string;
      readonly singleton: boolean;
      readonly sync?: EntitySyncRules | undefined;
    },
    record: Record<string, unknown>,
  ): void {
    if (!config.singleton) {
      throw new ArgumentError(`serveEntity serves singletons only; ${config.baseURL} is not one.`);
    }
    this.appRoutes.push(
      appEntityRoute(
        { baseURL: config.baseURL, capability: config.sync?.roomCapability ?? 'edit_posts' },
        record,
      ),
    );
    if (config.sync !== undefined) this.syncRelay.addEntity(config.sync);
    this.routeCache = null;
  }

  /** Every REST route, in matching order. */
  private routes(): Route[] {
    if (this.routeCache) return this.routeCache;
    const routes: Route[] = [...siteRoutes()];
    for (const type of this.db.postTypes.values()) {
      if (!type.postsController) continue;
      routes.push(...postTypeRoutes(type));
      if (type.supports.includes('revisions')) routes.push(...revisionRoutes(type));
    }
    for (const tax of this.db.taxonomies.values()) if (tax.termsController) routes.push(...termRoutes(tax));
    routes.push(
      ...mediaRoutes(),
      ...userRoutes(),
      ...commentRoutes(),
      ...menuRoutes(),
      ...widgetRoutes(),
      ...themeRoutes(),
      ...templateRoutes(),
      ...blockRoutes(),
      ...pluginRoutes(),
      ...searchRoutes(),
      ...oembedRoutes(),
      ...(atLeast(this.version, '6.7') ? fontLibraryRoutes() : []),
      ...(atLeast(this.version, '7.1') ? iconRoutes() : []),
      ...batchRoutes(this.batchMaxItems),
      ...syncRoutes(this.syncRelay),
      ...this.appRoutes,
    );
    this.routeCache = routes;
    return routes;
  }

  private authenticate(headers: Headers): {
    user: UserRow | null;
    viaAppPassword: boolean;
    hasAuthHeader: boolean;
  } {
    const auth = headers.get('authorization');
    if (auth === null) {
      const user = this.currentUserId === null ? null : (this.db.users.get(this.currentUserId) ?? null);
      return { user, viaAppPassword: false, hasAuthHeader: false };
    }
    if (!auth.startsWith('Basic ')) return { user: null, viaAppPassword: false, hasAuthHeader: true };
    let decoded: string;
    try {
      decoded = atob(auth.slice(6).trim());
    } catch {
      return { user: null, viaAppPassword: false, hasAuthHeader: true };
    }
    const colon = decoded.indexOf(':');
    const login = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1).replace(/\s/g, '');
    const user = colon > 0 ? this.db.findUser(login) : undefined;
    const ok = user?.appPasswords.some((a) => a.password.replace(/\s/g, '') === password) ?? false;
    // A wrong application password is silently anonymous in 6.1, not a 401.
    return { user: ok && user ? user : null, viaAppPassword: ok, hasAuthHeader: true };
  }

  /**
   * Answers one request: REST under `${root}/wp-json/…` or `${root}/?rest_route=/…`, the
   * `?_wp-find-template=true` lookup on front-end URLs, and a plain HTML page otherwise.
   * A network fault resolves to `Response.error()`.
   */
  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const rootPath = new URL(this.root).pathname.replace(/\/+$/, '');
    const siteRoot = `${url.origin}${rootPath}`;
    const restRoot = `${siteRoot}/wp-json`;
    const headMethod = request.method.toUpperCase() === 'HEAD';
    const afterRoot = url.pathname.startsWith(rootPath) ? url.pathname.slice(rootPath.length) : null;
    const restRouteParam = url.searchParams.get('rest_route');
    let route: string | null = null;
    if (restRouteParam !== null) route = restRouteParam === '' ? '/' : restRouteParam;
    else if (afterRoot !== null && (afterRoot === '/wp-json' || afterRoot.startsWith('/wp-json/'))) {
      route = safeDecode(afterRoot.slice('/wp-json'.length)) || '/';
    }
    // WordPress untrailingslashes the route (`/wp/v2/users/?who=authors` works).
    if (route !== null) route = route.replace(/\/+$/, '') || '/';
    const query = parseQuery(url.searchParams);
    delete query['rest_route'];
    const parsed = await readBody(request);
    let method = request.method.toUpperCase();
    const override =
      request.headers.get('x-http-method-override') ??
      (typeof query['_method'] === 'string' ? query['_method'] : null);
    if (route !== null && override && OVERRIDABLE.has(override.toUpperCase()))
      method = override.toUpperCase();
    const auth = this.authenticate(request.headers);
    const entry: MockRequestLogEntry = {
      method,
      httpMethod: request.method.toUpperCase(),
      path: route ?? url.pathname,
      query,
      body: parsed.logged,
      url: request.url,
      status: undefined,
      userId: auth.user?.id ?? 0,
    };
    this.log.push(entry);
    const subject: FilterSubject = { method, path: entry.path, query };
    await this.faults.before(subject, entry);
    const failure = this.faults.takeFailure(subject);
    if (failure !== null) {
      if (failure === 'network') {
        entry.status = 0;
        return Response.error();
      }
      const headers = commonHeaders(restRoot, auth.user !== null);
      if (failure === 'invalid-json') {
        entry.status = 200;
        return new Response('{"id":1,"title":', { status: 200, headers });
      }
      entry.status = failure.status;
      const body = failure.body ?? {
        code: 'mock_failure',
        message: 'Injected failure.',
        data: { status: failure.status },
      };
      return jsonResponse(failure.status, body, headers, headMethod);
    }
    if (route === null) {
      const answer = this.frontEnd(url, rootPath, afterRoot);
      entry.status = answer.status;
      return answer;
    }
    let response = this.rest(request, { route, method, query, parsed, auth, url, siteRoot, restRoot });
    if (route === SYNC_UPDATES_ROUTE && method === 'POST' && response.status === 200) {
      response = await this.holdSyncAnswer(response, parsed.body, request.signal);
    }
    entry.status = response.status;
    return jsonResponse(response.status, response.body, response.headers, headMethod);
  }

  /**
   * The long poll of our relay: a request that sent nothing, asked to `wait` and has nothing new
   * is answered when another client stores a row or changes presence in one of its rooms, or when
   * the wait (capped by the relay) ends. The block editor's server has no such thing.
   */
  private async holdSyncAnswer(
    response: { status: number; body: unknown; headers: Record<string, string> },
    body: Params,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
    const wait = body['wait'];
    const rooms = Array.isArray(body['rooms']) ? (body['rooms'] as Array<Record<string, unknown>>) : [];
    const answer = response.body as { rooms?: Array<{ updates: unknown[]; should_compact: boolean }> };
    const isIdle =
      this.syncRelay.maxWaitMs > 0 &&
      typeof wait === 'number' &&
      wait > 0 &&
      rooms.every((room) => Array.isArray(room['updates']) && room['updates'].length === 0) &&
      (answer.rooms ?? []).every((room) => room.updates.length === 0 && !room.should_compact);
    if (!isIdle) return response;
    await this.syncRelay.waitForChange(
      new Set(rooms.map((room) => String(room['room']))),
      new Set(rooms.map((room) => Number(room['client_id']))),
      wait,
      signal,
    );
    const again = rooms.map((room) =>
      this.syncRelay.answer(String(room['room']), Number(room['client_id']), Number(room['after'])),
    );
    return { ...response, body: { rooms: again, wait: this.syncRelay.maxWaitMs } };
  }

  private frontEnd(url: URL, rootPath: string, afterRoot: string | null): Response {
    if (afterRoot === '/wp-admin/admin-ajax.php' && url.searchParams.get('action') === 'rest-nonce') {
      // WordPress's nonce refresh: the nonce for a logged-in (cookie) user, "0" otherwise.
      const loggedIn = this.currentUserId !== null;
      return new Response(loggedIn ? this.nonce : '0', {
        status: loggedIn ? 200 : 400,
        headers: { 'Content-Type': 'text/html; charset=UTF-8' },
      });
    }
    if (afterRoot !== null && url.searchParams.get('_wp-find-template') === 'true') {
      const found = findTemplateForUrl(this.db, url, rootPath);
      return new Response(JSON.stringify(found.body), {
        status: found.status,
        headers: { 'Content-Type': 'application/json; charset=UTF-8' },
      });
    }
    const found = afterRoot === null ? { status: 404 } : findTemplateForUrl(this.db, url, rootPath);
    const title = String(this.db.settings['title'] ?? '');
    return new Response(`<!doctype html><html><head><title>${title}</title></head><body></body></html>`, {
      status: found.status,
      headers: { 'Content-Type': 'text/html; charset=UTF-8' },
    });
  }

  /**
   * The `GET` request a link of this site's REST API stands for, as `user` (what `_embed` and
   * `targetHints` dispatch); undefined for a link outside this REST root.
   */
  private linkedRequest(
    href: string,
    request: Request,
    user: UserRow | null,
    siteRoot: string,
    restRoot: string,
  ): RestRequest | undefined {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return undefined;
    }
    const restPath = new URL(restRoot).pathname;
    if (!url.pathname.startsWith(restPath)) return undefined;
    return {
      method: 'GET',
      route: safeDecode(url.pathname.slice(restPath.length)).replace(/\/+$/, '') || '/',
      params: {},
      query: parseQuery(url.searchParams),
      body: {},
      rawBody: null,
      upload: null,
      headers: request.headers,
      user,
      url,
      siteRoot,
      restRoot,
      isBatch: false,
      site: this.site,
    };
  }

  /**
   * The methods `user` may use on a link's route, as WordPress 6.7 computes `targetHints`: the
   * `Allow` header the route would send; undefined for a link outside this REST root.
   */
  private allowOfLink(
    href: string,
    request: Request,
    user: UserRow | null,
    siteRoot: string,
    restRoot: string,
  ): readonly string[] | undefined {
    const linked = this.linkedRequest(href, request, user, siteRoot, restRoot);
    if (linked === undefined) return undefined;
    const match = matchRoute(this.routes(), 'OPTIONS', linked.route);
    return match === null ? undefined : allowedMethods(match, { ...linked, params: match.params });
  }

  /** Answers an embedded link (`_embed`) as the same user, in `embed` context unless the link says otherwise. */
  private dispatchLinked(
    href: string,
    request: Request,
    user: UserRow | null,
    siteRoot: string,
    restRoot: string,
  ): unknown {
    const linked = this.linkedRequest(href, request, user, siteRoot, restRoot);
    if (linked === undefined) return [];
    linked.query['context'] ??= 'embed';
    return dispatch(this.routes(), linked).body;
  }

  private rest(
    request: Request,
    ctx: {
      route: string;
      method: string;
      query: Params;
      parsed: ParsedBody;
      auth: { user: UserRow | null; viaAppPassword: boolean; hasAuthHeader: boolean };
      url: URL;
      siteRoot: string;
      restRoot: string;
    },
  ): { status: number; body: unknown; headers: Record<string, string> } {
    const { auth, restRoot } = ctx;
    let user = auth.user;
    const nonce =
      request.headers.get('x-wp-nonce') ??
      (typeof ctx.query['_wpnonce'] === 'string' ? ctx.query['_wpnonce'] : null);
    let response: RouteResponse;
    if (nonce !== null && !auth.viaAppPassword && nonce !== this.nonce) {
      // A stale nonce fails even public routes in 6.1.
      user = null;
      response = new WpRestFailure('rest_cookie_invalid_nonce', 'Cookie check failed', 403).toResponse();
    } else if (ctx.parsed.invalidJson) {
      response = new WpRestFailure('rest_invalid_json', 'Invalid JSON body passed.', 400, {
        json_error_code: 4,
        json_error_message: 'Syntax error',
      }).toResponse();
    } else {
      const restRequest: RestRequest = {
        method: ctx.method === 'HEAD' ? 'GET' : (ctx.method as RestRequest['method']),
        route: ctx.route,
        params: {},
        query: ctx.query,
        body: ctx.parsed.body,
        rawBody: ctx.parsed.raw,
        upload: ctx.parsed.upload,
        headers: request.headers,
        user,
        url: ctx.url,
        siteRoot: ctx.siteRoot,
        restRoot,
        isBatch: false,
        site: this.site,
      };
      response = dispatch(this.routes(), restRequest);
    }
    let body = response.body;
    if (atLeast(this.version, '6.7') && response.status < 400 && ctx.method !== 'OPTIONS') {
      body = addTargetHints(body, (href) => this.allowOfLink(href, request, user, ctx.siteRoot, restRoot));
    }
    const fields = requestedFields(ctx.query['_fields']);
    if (fields && response.status < 400) body = filterFields(body, fields, response.keepLinks === true);
    const embed = embedRequest(ctx.query['_embed']);
    if (embed !== null && response.status < 400) {
      body = embedLinks(body, embed, (href) =>
        this.dispatchLinked(href, request, user, ctx.siteRoot, restRoot),
      );
    }
    const headers = { ...commonHeaders(restRoot, user !== null), ...response.headers };
    const origin = request.headers.get('origin');
    if (origin !== null) {
      headers['Access-Control-Allow-Origin'] = origin;
      headers['Access-Control-Allow-Methods'] = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
      headers['Access-Control-Allow-Credentials'] = 'true';
      headers['Vary'] = 'Origin';
    } else if (user === null && ctx.method === 'GET') {
      headers['Vary'] = 'Origin';
    }
    if (user !== null && !auth.viaAppPassword) headers['X-WP-Nonce'] = this.nonce;
    if (ctx.query['_envelope'] !== undefined) {
      const envelopeHeaders = Object.keys(response.headers).length > 0 ? response.headers : [];
      return { status: 200, body: { body, status: response.status, headers: envelopeHeaders }, headers };
    }
    return { status: response.status, body, headers };
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Creates a mock WordPress 6.1 site. With no options it holds the realistic default seed
 * (administrator, editor and author with application passwords, posts, pages, terms, media, a
 * menu, the Twenty Twenty-Three theme and global styles) and acts as the administrator.
 *
 * @example
 * ```ts
 * const mock = createMockWordPress();
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * await fetch(`${mock.restRoot}/wp/v2/posts`);
 * ```
 */
export function createMockWordPress(options: MockWordPressOptions = {}): MockWordPress {
  return new MockWordPress(options);
}
