/**
 * What the editor asks about the site as a whole: the active theme and its supports, global
 * styles, templates for links, block patterns, pattern categories and the navigation fallback.
 * Site info (`root/base`) and settings (`root/site`) are singleton entity records, reached through
 * `store.collection('root', 'site').record()`, not through this store.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { WpEntitiesError, isRestError, type RestError } from '../core/errors.js';
import { invalidResponseError } from '../core/transport/restErrors.js';
import type { Query, Transport } from '../core/transport/types.js';
import { InflightRequests } from './InflightRequests.js';
import { readId } from '../models/ids.js';
import { isPlainObject } from '../models/snapshot.js';
import { camelCaseKeys, decodeEntities, linkHref, stableQueryKey } from './siteHelpers.js';

/** The theme's `theme_supports` object (`align-wide`, `editor-color-palette`, …). */
export type ThemeSupports = Record<string, unknown>;

/** The active theme as `/wp/v2/themes?status=active` returns it. */
export interface Theme {
  /** The theme's directory name; the key of `root/theme`. */
  stylesheet: string;
  /** The parent theme's directory name (the stylesheet itself for a parent theme). */
  template?: string;
  /** Theme name. */
  name?: { raw?: string; rendered?: string };
  /** Features the theme supports. */
  theme_supports?: ThemeSupports;
  /** Any other field the server sent, including `_links`. */
  [field: string]: unknown;
}

/** Theme global styles (`theme.json` data): base styles or one style variation. */
export interface GlobalStylesData {
  /** Title of a style variation (`Aubergine`). */
  title?: string;
  /** `theme.json` schema version. */
  version?: number;
  /** `theme.json` settings. */
  settings?: Record<string, unknown>;
  /** `theme.json` styles. */
  styles?: Record<string, unknown>;
  /** Any other field the server sent. */
  [field: string]: unknown;
}

/** A revision of the user's global styles, with keys converted to camelCase (`modifiedGmt`). */
export interface GlobalStylesRevision {
  /** Revision id. */
  id?: number;
  /** Author user id. */
  author?: number;
  /** Local date of the revision. */
  date?: string;
  /** GMT date of the revision. */
  dateGmt?: string;
  /** Local modification date. */
  modified?: string;
  /** GMT modification date. */
  modifiedGmt?: string;
  /** The global styles post id. */
  parent?: number;
  /** `theme.json` settings at this revision. */
  settings?: Record<string, unknown>;
  /** `theme.json` styles at this revision. */
  styles?: Record<string, unknown>;
  /** Any other field, camelCased. */
  [field: string]: unknown;
}

/** A registered block pattern, with keys converted to camelCase (`blockTypes`, `viewportWidth`, `postTypes`). */
export interface BlockPattern {
  /** Pattern name (`core/query-standard-posts`). */
  name: string;
  /** Human title. */
  title: string;
  /** Serialized block markup. */
  content: string;
  /** Category names. */
  categories?: string[];
  /** Block types the pattern is meant for. */
  blockTypes?: string[];
  /** Post types the pattern is limited to; absent means every type. */
  postTypes?: string[];
  /** Any other field, camelCased. */
  [field: string]: unknown;
}

/** A registered block pattern category. */
export interface BlockPatternCategory {
  /** Category name (`buttons`). */
  name: string;
  /** Human label. */
  label: string;
  /** Any other field the server sent. */
  [field: string]: unknown;
}

/** A term of the `wp_pattern_category` taxonomy, shaped like a pattern category. */
export interface UserPatternCategory {
  /** Term id. */
  id: number;
  /** The term's slug, as a pattern category name. */
  name: string;
  /** The term's name with HTML entities decoded. */
  label: string;
  /** Term slug. */
  slug: string;
  /** Term description. */
  description?: string;
  /** Any other field the server sent. */
  [field: string]: unknown;
}

/** Where {@link SiteStore} finds entity configs (the base path of a taxonomy). `EntityRegistry` satisfies it. */
export interface SiteConfigSource {
  /** The config, loading the kind first when needed; undefined when there is no such entity. */
  ensure(kind: string, name: string): Promise<{ readonly baseURL: string } | undefined>;
}

/** How {@link SiteStore} reaches the entity cache. */
export interface SiteRecordSource<TRecord> {
  /** Loads record `id` of `(kind, name)` into the cache and returns it (`collection(kind, name).load(id)`). */
  load(kind: string, name: string, id: number | string): Promise<TRecord | undefined>;
  /** Puts server records into the cache (`collection(kind, name).receive(records)`). */
  receive?(kind: string, name: string, records: readonly Record<string, unknown>[]): void;
}

/** Optional collaborators of a {@link SiteStore}. */
export interface SiteStoreOptions<TRecord> {
  /** Entity configs, for the `wp_pattern_category` taxonomy's path. @default undefined (the path is `/wp/v2/wp_pattern_category`) */
  configs?: SiteConfigSource;
  /** The entity cache, needed by `templateForLink`. @default undefined */
  records?: SiteRecordSource<TRecord>;
}

/** A value the {@link SiteStore} fetches; `isRequesting` takes one of these names. */
export type SiteValue =
  | 'currentTheme'
  | 'globalStylesId'
  | 'baseGlobalStyles'
  | 'globalStylesVariations'
  | 'globalStylesRevisions'
  | 'blockPatterns'
  | 'blockPatternCategories'
  | 'userPatternCategories'
  | 'navigationFallbackId';

/** The fields the reference asks for when it lists user pattern categories. */
const USER_PATTERN_CATEGORY_FIELDS = 'id,name,description,slug';

function invalidResponse(url: string, what: string, body: unknown): RestError {
  return invalidResponseError(200, `The server answered ${url} with something that is not ${what}.`, body, {
    method: 'GET',
    url,
  });
}

/** A 404 from a route this WordPress does not have (`rest_no_route`), or a missing resource. */
function isNotFound(error: unknown): boolean {
  return isRestError(error) && error.status === 404;
}

/**
 * Reads the global styles post id from a `wp:user-global-styles` href
 * (`…/wp-json/wp/v2/global-styles/27` or `…/?rest_route=/wp/v2/global-styles/27`).
 */
function globalStylesIdFromHref(href: string): number | undefined {
  let decoded = href;
  try {
    decoded = decodeURIComponent(href);
  } catch {
    // A malformed escape: match the href as it is.
  }
  const match = /\/wp\/v2\/global-styles\/(\d+)\/?(?:[?#&]|$)/.exec(decoded);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Site-wide data. Every value is observable and undefined until fetched; every `fetchX()`
 * requests (sharing one request while in flight), stores, and resolves to the value the
 * observable then holds, and may be called again after a failure (it rejects with the
 * `RestError`).
 *
 * ```ts
 * await store.site.fetchThemeSupports();
 * store.site.themeSupports?.['align-wide'];
 * const template = await store.site.templateForLink('https://example.com/hello-world/');
 * ```
 */
export class SiteStore<TRecord = unknown> {
  private readonly transport: Transport;
  private readonly configs: SiteConfigSource | undefined;
  private readonly records: SiteRecordSource<TRecord> | undefined;
  private readonly requests = new InflightRequests();

  private readonly theme = observable.box<Theme | undefined>(undefined, { deep: false });
  private readonly stylesId = observable.box<number | undefined>(undefined, { deep: false });
  /** Keyed by stylesheet, as in the reference, so switching themes keeps each theme's answer apart. */
  private readonly baseStyles = observable.map<string, GlobalStylesData>({}, { deep: false });
  private readonly variations = observable.map<string, readonly GlobalStylesData[]>({}, { deep: false });
  /** Keyed by global styles id. */
  private readonly revisions = observable.map<number, readonly GlobalStylesRevision[]>({}, { deep: false });
  private readonly patterns = observable.box<readonly BlockPattern[] | undefined>(undefined, { deep: false });
  private readonly patternCategories = observable.box<readonly BlockPatternCategory[] | undefined>(
    undefined,
    {
      deep: false,
    },
  );
  private readonly userCategories = observable.box<readonly UserPatternCategory[] | undefined>(undefined, {
    deep: false,
  });
  private readonly navigationFallback = observable.box<number | null | undefined>(undefined, { deep: false });
  /** Page URL → template id found by `templateForLink`. */
  private readonly templateIds = observable.map<string, number | string>({}, { deep: false });
  /** Stable query key → default template id. */
  private readonly defaultTemplates = observable.map<string, string>({}, { deep: false });

  /** Site data is requested through `transport`; `options` connects it to the entity caches. The constructor does no I/O. */
  constructor(transport: Transport, options: SiteStoreOptions<TRecord> = {}) {
    this.transport = transport;
    this.configs = options.configs;
    this.records = options.records;
  }

  /** The active theme (observable); undefined until fetched. */
  get currentTheme(): Theme | undefined {
    return this.theme.get();
  }

  /** The active theme's `theme_supports`, `{}` when it has none (observable); undefined until the theme is fetched. */
  get themeSupports(): ThemeSupports | undefined {
    const theme = this.theme.get();
    return theme === undefined ? undefined : (theme.theme_supports ?? {});
  }

  /** The id of the user's global styles post (observable); undefined until fetched or when the theme has none. */
  get globalStylesId(): number | undefined {
    return this.stylesId.get();
  }

  /** The active theme's own global styles (observable); undefined until fetched. */
  get baseGlobalStyles(): GlobalStylesData | undefined {
    const stylesheet = this.theme.get()?.stylesheet;
    return stylesheet === undefined ? undefined : this.baseStyles.get(stylesheet);
  }

  /** The active theme's style variations (observable); undefined until fetched. */
  get globalStylesVariations(): readonly GlobalStylesData[] | undefined {
    const stylesheet = this.theme.get()?.stylesheet;
    return stylesheet === undefined ? undefined : this.variations.get(stylesheet);
  }

  /**
   * Revisions of the user's global styles, newest first as the server sends them, keys camelCased
   * (observable); undefined until fetched, `[]` when the site has no revisions route.
   */
  get globalStylesRevisions(): readonly GlobalStylesRevision[] | undefined {
    const id = this.stylesId.get();
    return id === undefined ? undefined : this.revisions.get(id);
  }

  /** Registered block patterns, keys camelCased (observable); undefined until fetched. */
  get blockPatterns(): readonly BlockPattern[] | undefined {
    return this.patterns.get();
  }

  /** Registered block pattern categories (observable); undefined until fetched. */
  get blockPatternCategories(): readonly BlockPatternCategory[] | undefined {
    return this.patternCategories.get();
  }

  /** Terms of the `wp_pattern_category` taxonomy as pattern categories (observable); undefined until fetched. */
  get userPatternCategories(): readonly UserPatternCategory[] | undefined {
    return this.userCategories.get();
  }

  /**
   * The id of the navigation menu the editor falls back to (observable): undefined until fetched,
   * null when the site has none or no fallback route (WordPress before 6.3).
   */
  get navigationFallbackId(): number | null | undefined {
    return this.navigationFallback.get();
  }

  /** True while the request for `value` is in flight (observable). */
  isRequesting(value: SiteValue): boolean {
    return this.requests.isPending(value);
  }

  /** The error of the last failed request for `value` (observable); cleared when it is requested again. */
  fetchError(value: SiteValue): Error | undefined {
    return this.requests.error(value);
  }

  /** Block patterns meant for `postType`: those with no `postTypes`, or listing it (observable). */
  blockPatternsForPostType(postType: string): readonly BlockPattern[] | undefined {
    return this.patterns
      .get()
      ?.filter((pattern) => !Array.isArray(pattern.postTypes) || pattern.postTypes.includes(postType));
  }

  /** `GET /wp/v2/themes?status=active`: stores and resolves the active theme (undefined if the list is empty). */
  fetchCurrentTheme(): Promise<Theme | undefined> {
    return this.requests.run('currentTheme', async () => {
      const path = '/wp/v2/themes';
      const body = await this.transport.request<unknown>({ path, query: { status: 'active' } });
      if (!Array.isArray(body)) throw invalidResponse(path, 'a list of themes', body);
      const first: unknown = body[0];
      const theme =
        isPlainObject(first) && typeof first.stylesheet === 'string' ? (first as Theme) : undefined;
      runInAction(() => this.theme.set(theme));
      return theme;
    });
  }

  /** Fetches the active theme and resolves its `theme_supports` (`{}` when absent; undefined with no theme). */
  async fetchThemeSupports(): Promise<ThemeSupports | undefined> {
    await this.fetchCurrentTheme();
    return this.themeSupports;
  }

  /**
   * Resolves the user's global styles id, read from the theme's `wp:user-global-styles` link itself
   * so users who may not read that record get it too; only a link of another shape is requested.
   */
  fetchGlobalStylesId(): Promise<number | undefined> {
    return this.requests.run('globalStylesId', async () => {
      const theme = await this.activeTheme();
      const href = theme === undefined ? undefined : linkHref(theme, 'wp:user-global-styles');
      if (href === undefined) return undefined;
      let id = globalStylesIdFromHref(href);
      if (id === undefined) {
        const body = await this.transport.request<unknown>({ path: href });
        const bodyId = isPlainObject(body) ? readId(body.id) : undefined;
        if (typeof bodyId !== 'number') throw invalidResponse(href, 'a global styles record', body);
        id = bodyId;
      }
      const found = id;
      runInAction(() => this.stylesId.set(found));
      return found;
    });
  }

  /** `GET /wp/v2/global-styles/themes/{stylesheet}` for the active theme; undefined with no theme. */
  fetchBaseGlobalStyles(): Promise<GlobalStylesData | undefined> {
    return this.requests.run('baseGlobalStyles', async () => {
      const stylesheet = (await this.activeTheme())?.stylesheet;
      if (stylesheet === undefined) return undefined;
      const path = `/wp/v2/global-styles/themes/${stylesheet}`;
      const body = await this.transport.request<unknown>({ path });
      if (!isPlainObject(body)) throw invalidResponse(path, 'a global styles object', body);
      const styles = body as GlobalStylesData;
      runInAction(() => this.baseStyles.set(stylesheet, styles));
      return styles;
    });
  }

  /** `GET /wp/v2/global-styles/themes/{stylesheet}/variations` for the active theme; undefined with no theme. */
  fetchGlobalStylesVariations(): Promise<readonly GlobalStylesData[] | undefined> {
    return this.requests.run('globalStylesVariations', async () => {
      const stylesheet = (await this.activeTheme())?.stylesheet;
      if (stylesheet === undefined) return undefined;
      const path = `/wp/v2/global-styles/themes/${stylesheet}/variations`;
      const body = await this.transport.request<unknown>({ path });
      if (!Array.isArray(body)) throw invalidResponse(path, 'a list of style variations', body);
      const list = body.filter(isPlainObject) as GlobalStylesData[];
      runInAction(() => this.variations.set(stylesheet, list));
      return list;
    });
  }

  /**
   * Revisions of the user's global styles through the record's `version-history` link, keys
   * camelCased. WordPress 6.1 has no revisions route and answers with the record itself, so any
   * answer that is not a list gives `[]`.
   */
  fetchGlobalStylesRevisions(): Promise<readonly GlobalStylesRevision[] | undefined> {
    return this.requests.run('globalStylesRevisions', async () => {
      const id = this.stylesId.get() ?? (await this.fetchGlobalStylesId());
      if (id === undefined) return undefined;
      const record = await this.transport.request<unknown>({
        path: `/wp/v2/global-styles/${id}`,
        query: { context: 'edit' },
      });
      const href = linkHref(record, 'version-history') ?? `/wp/v2/global-styles/${id}/revisions`;
      const body = await this.transport.request<unknown>({ path: href });
      const list: readonly GlobalStylesRevision[] = Array.isArray(body)
        ? body.filter(isPlainObject).map((revision) => camelCaseKeys(revision) as GlobalStylesRevision)
        : [];
      runInAction(() => this.revisions.set(id, list));
      return list;
    });
  }

  /** `GET /wp/v2/block-patterns/patterns`, each pattern's keys camelCased; an empty answer gives `[]`. */
  fetchBlockPatterns(): Promise<readonly BlockPattern[]> {
    return this.requests.run('blockPatterns', async () => {
      const path = '/wp/v2/block-patterns/patterns';
      const body = await this.transport.request<unknown>({ path });
      if (body !== null && body !== undefined && !Array.isArray(body)) {
        throw invalidResponse(path, 'a list of block patterns', body);
      }
      const list = (body ?? [])
        .filter(isPlainObject)
        .map((pattern) => camelCaseKeys(pattern) as BlockPattern);
      runInAction(() => this.patterns.set(list));
      return list;
    });
  }

  /** `GET /wp/v2/block-patterns/categories`; an empty answer gives `[]`. */
  fetchBlockPatternCategories(): Promise<readonly BlockPatternCategory[]> {
    return this.requests.run('blockPatternCategories', async () => {
      const path = '/wp/v2/block-patterns/categories';
      const body = await this.transport.request<unknown>({ path });
      if (body !== null && body !== undefined && !Array.isArray(body)) {
        throw invalidResponse(path, 'a list of block pattern categories', body);
      }
      const list = (body ?? []).filter(isPlainObject) as BlockPatternCategory[];
      runInAction(() => this.patternCategories.set(list));
      return list;
    });
  }

  /**
   * Every term of the `wp_pattern_category` taxonomy (view context, `id,name,description,slug`),
   * each as `{ ...term, label: decoded name, name: slug }`. A site without the taxonomy
   * (WordPress before 6.5) gives `[]`.
   */
  fetchUserPatternCategories(): Promise<readonly UserPatternCategory[]> {
    return this.requests.run('userPatternCategories', async () => {
      let path = '/wp/v2/wp_pattern_category';
      if (this.configs !== undefined) {
        const config = await this.configs.ensure('taxonomy', 'wp_pattern_category');
        path = config?.baseURL ?? '';
      }
      let terms: unknown[] = [];
      if (path !== '') {
        try {
          terms = await this.transport.fetchAll<unknown>(path, {
            _fields: USER_PATTERN_CATEGORY_FIELDS,
            context: 'view',
          });
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      const list = terms.filter(isPlainObject).map((term): UserPatternCategory => ({
        ...term,
        id: Number(term.id),
        slug: String(term.slug ?? ''),
        label: decodeEntities(String(term.name ?? '')),
        name: String(term.slug ?? ''),
      }));
      runInAction(() => this.userCategories.set(list));
      return list;
    });
  }

  /**
   * `GET /wp-block-editor/v1/navigation-fallback?_embed=true`: stores the fallback menu's id and,
   * when the entity cache is wired, receives the embedded `wp_navigation` record. Sites without the
   * route (WordPress before 6.3) answer 404: that resolves null, quietly.
   */
  fetchNavigationFallbackId(): Promise<number | null> {
    return this.requests.run('navigationFallbackId', async () => {
      let body: unknown;
      try {
        body = await this.transport.request<unknown>({
          path: '/wp-block-editor/v1/navigation-fallback',
          query: { _embed: true },
        });
      } catch (error) {
        if (!isNotFound(error)) throw error;
        body = undefined;
      }
      const id = isPlainObject(body) ? readId(body.id) : undefined;
      const fallbackId = typeof id === 'number' ? id : null;
      const self: unknown =
        isPlainObject(body) && isPlainObject(body._embedded) ? body._embedded.self : undefined;
      // REST embeds are lists; accept a bare object too.
      const embedded = (Array.isArray(self) ? self : [self]).filter(isPlainObject);
      runInAction(() => {
        this.navigationFallback.set(fallbackId);
        if (embedded.length > 0) this.records?.receive?.('postType', 'wp_navigation', embedded);
      });
      return fallbackId;
    });
  }

  /**
   * The template WordPress renders for a front-end page (`?_wp-find-template=true`), loaded through
   * the entity cache; any failed step resolves undefined.
   */
  templateForLink(url: string): Promise<TRecord | undefined> {
    return this.requests.run(`template:${url}`, async () => {
      const records = this.requireRecords('templateForLink');
      let id: number | string | undefined;
      try {
        const body = await this.transport.request<unknown>({
          path: url,
          query: { '_wp-find-template': 'true' },
        });
        const data = isPlainObject(body) ? body.data : undefined;
        id = isPlainObject(data) ? readId(data.id) : undefined;
      } catch {
        // The spec: a failed template lookup is ignored.
        return undefined;
      }
      if (id === undefined) return undefined;
      const templateId = id;
      runInAction(() => this.templateIds.set(url, templateId));
      try {
        return await records.load('postType', 'wp_template', templateId);
      } catch {
        // The record keeps its own fetchError; the lookup itself just finds nothing.
        return undefined;
      }
    });
  }

  /** The template id last found for `url` by {@link SiteStore.templateForLink} (observable). */
  templateIdForLink(url: string): number | string | undefined {
    return this.templateIds.get(url);
  }

  /**
   * The id of the template WordPress would use for `query` (`GET /wp/v2/templates/lookup`), cached
   * by query whatever its key order; undefined when the server has none.
   */
  defaultTemplateId(query: Query): Promise<string | undefined> {
    const key = stableQueryKey(query);
    const cached = this.defaultTemplates.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    return this.requests.run(`defaultTemplate:${key}`, async () => {
      const body = await this.transport.request<unknown>({ path: '/wp/v2/templates/lookup', query });
      const id = isPlainObject(body) ? body.id : undefined;
      if (typeof id !== 'string' && typeof id !== 'number') return undefined;
      const templateId = String(id);
      runInAction(() => this.defaultTemplates.set(key, templateId));
      return templateId;
    });
  }

  /** The cached answer of {@link SiteStore.defaultTemplateId} for `query` (observable). */
  defaultTemplateIdOf(query: Query): string | undefined {
    return this.defaultTemplates.get(stableQueryKey(query));
  }

  private async activeTheme(): Promise<Theme | undefined> {
    return this.theme.get() ?? (await this.fetchCurrentTheme());
  }

  private requireRecords(method: string): SiteRecordSource<TRecord> {
    if (this.records === undefined) {
      throw new WpEntitiesError(
        `This SiteStore has no entity cache: pass { records } to its constructor to use ${method}().`,
      );
    }
    return this.records;
  }
}
