/**
 * What the editor asks about the site as a whole: the active theme and its supports, global
 * styles, templates for links, block patterns, pattern categories and the navigation fallback.
 * Site info (`root/base`) and settings (`root/site`) are singleton entity records, reached through
 * `store.collection('root', 'site').record()`, not through this store.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { WpEntitiesError } from '../core/errors.js';
import type { Query, Transport } from '../core/transport/types.js';
import { InflightRequests } from './InflightRequests.js';
import { readId } from '../models/ids.js';
import { isPlainObject } from '../models/snapshot.js';
import { camelCaseKeys, decodeEntities, linkHref, stableQueryKey } from './siteHelpers.js';
import type {
  BlockPattern,
  BlockPatternCategory,
  GlobalStylesData,
  GlobalStylesRevision,
  Theme,
  ThemeSupports,
  UserPatternCategory,
} from './site/siteData.js';
import {
  ask,
  embeddedSelf,
  invalidResponse,
  isNotFound,
  optionalList,
  type SiteRead,
  type SiteTarget,
  type SiteValues,
} from './site/siteReads.js';

export type * from './site/siteData.js';

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

  /** Site data is requested through `transport`; `options` connects it to the entity caches. The constructor does no I/O. @internal */
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
    return this.read('currentTheme');
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
    return this.read('globalStylesId');
  }

  /** `GET /wp/v2/global-styles/themes/{stylesheet}` for the active theme; undefined with no theme. */
  fetchBaseGlobalStyles(): Promise<GlobalStylesData | undefined> {
    return this.read('baseGlobalStyles');
  }

  /** `GET /wp/v2/global-styles/themes/{stylesheet}/variations` for the active theme; undefined with no theme. */
  fetchGlobalStylesVariations(): Promise<readonly GlobalStylesData[] | undefined> {
    return this.read('globalStylesVariations');
  }

  /**
   * Revisions of the user's global styles through the record's `version-history` link, keys
   * camelCased. WordPress 6.1 has no revisions route and answers with the record itself, so any
   * answer that is not a list gives `[]`.
   */
  fetchGlobalStylesRevisions(): Promise<readonly GlobalStylesRevision[] | undefined> {
    return this.read('globalStylesRevisions');
  }

  /** `GET /wp/v2/block-patterns/patterns`, each pattern's keys camelCased; an empty answer gives `[]`. */
  fetchBlockPatterns(): Promise<readonly BlockPattern[]> {
    return this.read('blockPatterns') as Promise<readonly BlockPattern[]>;
  }

  /** `GET /wp/v2/block-patterns/categories`; an empty answer gives `[]`. */
  fetchBlockPatternCategories(): Promise<readonly BlockPatternCategory[]> {
    return this.read('blockPatternCategories') as Promise<readonly BlockPatternCategory[]>;
  }

  /**
   * Every term of the `wp_pattern_category` taxonomy (view context, `id,name,description,slug`),
   * each as `{ ...term, label: decoded name, name: slug }`. A site without the taxonomy
   * (WordPress before 6.5) gives `[]`.
   */
  fetchUserPatternCategories(): Promise<readonly UserPatternCategory[]> {
    return this.read('userPatternCategories') as Promise<readonly UserPatternCategory[]>;
  }

  /**
   * `GET /wp-block-editor/v1/navigation-fallback?_embed=true`: stores the fallback menu's id and,
   * when the entity cache is wired, receives the embedded `wp_navigation` record. Sites without the
   * route (WordPress before 6.3) answer 404: that resolves null, quietly.
   */
  fetchNavigationFallbackId(): Promise<number | null> {
    return this.read('navigationFallbackId') as Promise<number | null>;
  }

  /**
   * Reads one site value by its row of {@link reads}: where to ask, the answer checked and shaped,
   * then stored; one request per value while in flight, its state behind `isRequesting`/`fetchError`.
   */
  private read<N extends SiteValue>(name: N): Promise<SiteValues[N] | undefined> {
    return this.requests.run(name, async () => {
      const row = this.reads[name] as unknown as SiteRead<SiteValues[N]>;
      const target = await row.target();
      if (target === undefined) return undefined;
      let value: SiteValues[N];
      let body: unknown;
      if ('known' in target) {
        value = target.known;
      } else {
        try {
          body =
            row.pages === 'all'
              ? await this.transport.fetchAll<unknown>(target.path, target.query)
              : await this.transport.request<unknown>({
                  path: target.path,
                  ...(target.query ? { query: target.query } : {}),
                });
        } catch (error) {
          if (!('ifNotFound' in row) || !isNotFound(error)) throw error;
          body = row.ifNotFound;
        }
        value = row.parse(body, target.path);
      }
      runInAction(() => row.store(value, target.key, body));
      return value;
    });
  }

  /** How each site value is read: the table behind every `fetchX()` above. */
  private readonly reads: { readonly [N in SiteValue]: SiteRead<SiteValues[N]> } = {
    currentTheme: {
      target: () => ask('/wp/v2/themes', { status: 'active' }),
      parse: (body, path) => {
        if (!Array.isArray(body)) throw invalidResponse(path, 'a list of themes', body);
        const first: unknown = body[0];
        return isPlainObject(first) && typeof first.stylesheet === 'string' ? (first as Theme) : undefined;
      },
      store: (theme) => this.theme.set(theme),
    },
    globalStylesId: {
      target: async () => {
        const theme = await this.activeTheme();
        const href = theme === undefined ? undefined : linkHref(theme, 'wp:user-global-styles');
        if (href === undefined) return undefined;
        const id = globalStylesIdFromHref(href);
        return id === undefined ? { path: href } : { known: id };
      },
      parse: (body, path) => {
        const id = isPlainObject(body) ? readId(body.id) : undefined;
        if (typeof id !== 'number') throw invalidResponse(path, 'a global styles record', body);
        return id;
      },
      store: (id) => this.stylesId.set(id),
    },
    baseGlobalStyles: {
      target: () => this.themePath((stylesheet) => `/wp/v2/global-styles/themes/${stylesheet}`),
      parse: (body, path) => {
        if (!isPlainObject(body)) throw invalidResponse(path, 'a global styles object', body);
        return body as GlobalStylesData;
      },
      store: (styles, stylesheet) => {
        if (styles !== undefined) this.baseStyles.set(stylesheet as string, styles);
      },
    },
    globalStylesVariations: {
      target: () => this.themePath((stylesheet) => `/wp/v2/global-styles/themes/${stylesheet}/variations`),
      parse: (body, path) => {
        if (!Array.isArray(body)) throw invalidResponse(path, 'a list of style variations', body);
        return body.filter(isPlainObject) as GlobalStylesData[];
      },
      store: (list, stylesheet) => {
        if (list !== undefined) this.variations.set(stylesheet as string, list);
      },
    },
    globalStylesRevisions: {
      target: async () => {
        const id = this.stylesId.get() ?? (await this.fetchGlobalStylesId());
        if (id === undefined) return undefined;
        const record = await this.transport.request<unknown>({
          path: `/wp/v2/global-styles/${id}`,
          query: { context: 'edit' },
        });
        return {
          path: linkHref(record, 'version-history') ?? `/wp/v2/global-styles/${id}/revisions`,
          key: id,
        };
      },
      parse: (body) =>
        Array.isArray(body)
          ? body.filter(isPlainObject).map((revision) => camelCaseKeys(revision) as GlobalStylesRevision)
          : [],
      store: (list, id) => {
        if (list !== undefined) this.revisions.set(id as number, list);
      },
    },
    blockPatterns: {
      target: () => ask('/wp/v2/block-patterns/patterns'),
      parse: (body, path) =>
        optionalList(body, path, 'a list of block patterns').map(
          (pattern) => camelCaseKeys(pattern) as BlockPattern,
        ),
      store: (list) => this.patterns.set(list),
    },
    blockPatternCategories: {
      target: () => ask('/wp/v2/block-patterns/categories'),
      parse: (body, path) =>
        optionalList(body, path, 'a list of block pattern categories') as BlockPatternCategory[],
      store: (list) => this.patternCategories.set(list),
    },
    userPatternCategories: {
      target: async () => {
        let path = '/wp/v2/wp_pattern_category';
        if (this.configs !== undefined) {
          const config = await this.configs.ensure('taxonomy', 'wp_pattern_category');
          path = config?.baseURL ?? '';
        }
        return path === ''
          ? { known: [] }
          : { path, query: { _fields: USER_PATTERN_CATEGORY_FIELDS, context: 'view' } };
      },
      pages: 'all',
      // A site without the taxonomy (WordPress before 6.5).
      ifNotFound: [],
      parse: (body) =>
        (Array.isArray(body) ? body : []).filter(isPlainObject).map((term): UserPatternCategory => ({
          ...term,
          id: Number(term.id),
          slug: String(term.slug ?? ''),
          label: decodeEntities(String(term.name ?? '')),
          name: String(term.slug ?? ''),
        })),
      store: (list) => this.userCategories.set(list),
    },
    navigationFallbackId: {
      target: () => ask('/wp-block-editor/v1/navigation-fallback', { _embed: true }),
      // WordPress before 6.3 has no such route.
      ifNotFound: undefined,
      parse: (body) => {
        const id = isPlainObject(body) ? readId(body.id) : undefined;
        return typeof id === 'number' ? id : null;
      },
      store: (fallbackId, _key, body) => {
        this.navigationFallback.set(fallbackId);
        const embedded = embeddedSelf(body);
        if (embedded.length > 0) this.records?.receive?.('postType', 'wp_navigation', embedded);
      },
    },
  };

  /** A target under the active theme's stylesheet (keyed by it); none without a theme. */
  private async themePath(path: (stylesheet: string) => string): Promise<SiteTarget<never> | undefined> {
    const stylesheet = (await this.activeTheme())?.stylesheet;
    return stylesheet === undefined ? undefined : { path: path(stylesheet), key: stylesheet };
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
