/**
 * What the site shows at its front page and which page lists its posts, from the reading options
 * `show_on_front`, `page_on_front` and `page_for_posts`. WordPress 6.8 and later send them in the
 * REST index (`root/base`) to every user; older sites only in `/wp/v2/settings`, which needs
 * `manage_options`. A user who can read neither gets "unknown" (undefined), never a wrong answer.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { toError } from '../core/errors.js';
import type { Query } from '../core/transport/types.js';
import { isPlainObject } from '../models/snapshot.js';
import { PendingRequests } from './InflightRequests.js';

/**
 * The post the front page shows: a static page, or the template that renders it.
 *
 * @inline
 */
export interface HomePageTarget {
  /** `page` for a static front page, `wp_template` for the template of a posts front page. */
  readonly postType: 'page' | 'wp_template';
  /** The page id, or the template id (`theme//slug`), as a string (as in the reference). */
  readonly postId: string;
}

/** The reading options of a site. */
export interface ReadingOptions {
  /** `posts` or `page`. */
  readonly show_on_front?: unknown;
  /** The id of the static front page; 0 when none. */
  readonly page_on_front?: unknown;
  /** The id of the page listing the posts; 0 when none. */
  readonly page_for_posts?: unknown;
}

/** Where {@link HomePage} reads from; `RootStore` wires its records and `site.defaultTemplateId`. */
export interface HomePageSources {
  /** The site info (`root/base`, the REST index). */
  siteInfo(): Promise<ReadingOptions | undefined>;
  /** The settings (`root/site`); rejects when the user may not read them. */
  settings(): Promise<ReadingOptions | undefined>;
  /** The id of the template WordPress would use for `query` (`/wp/v2/templates/lookup`), undefined when none. */
  defaultTemplateId(query: Query): Promise<string | undefined>;
}

/** A page id as the reference gives it: a positive id as a string, else null. */
function pageId(value: unknown): string | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? String(id) : null;
}

function hasReadingOptions(options: ReadingOptions | undefined): options is ReadingOptions {
  return isPlainObject(options) && typeof options.show_on_front === 'string';
}

/**
 * The front page and the posts page (`getHomePage` and `getPostsPageId` in the reference).
 *
 * ```ts
 * await store.homePage.fetch();
 * store.homePage.target;      // { postType: 'page', postId: '7' }, { postType: 'wp_template', … }, null
 * store.homePage.postsPageId; // '9', or null when the posts are the front page
 * ```
 */
export class HomePage {
  private readonly state = observable.box<
    { readonly target: HomePageTarget | null; readonly postsPageId: string | null } | undefined
  >(undefined, { deep: false });
  private readonly failure = observable.box<Error | undefined>(undefined, { deep: false });
  private readonly requests = new PendingRequests();

  /** Reads through `sources`; the constructor does no I/O. @internal */
  constructor(private readonly sources: HomePageSources) {}

  /**
   * What the front page shows (observable): a static page, the template of a posts front page
   * (`front-page`, or what WordPress falls back to), null when there is no such template;
   * undefined until fetched, or when the reading options could not be read.
   */
  get target(): HomePageTarget | null | undefined {
    return this.state.get()?.target;
  }

  /** The id of the page that lists the posts (observable); null when there is none; undefined until known. */
  get postsPageId(): string | null | undefined {
    return this.state.get()?.postsPageId;
  }

  /** Why the last {@link HomePage.fetch} left the answer unknown (observable); cleared by the next success. */
  get error(): Error | undefined {
    return this.failure.get();
  }

  /**
   * Reads the reading options (and, for a posts front page, the template lookup), stores and
   * resolves {@link target}. Never rejects: a failed read resolves undefined and sets {@link error}.
   */
  fetch(): Promise<HomePageTarget | null | undefined> {
    return this.requests.run('home', async () => {
      try {
        const options = await this.readingOptions();
        if (options === undefined) return undefined;
        const postsPageId = options.show_on_front === 'page' ? pageId(options.page_for_posts) : null;
        const frontPage = options.show_on_front === 'page' ? pageId(options.page_on_front) : null;
        let target: HomePageTarget | null = null;
        if (frontPage !== null) target = { postType: 'page', postId: frontPage };
        else {
          const templateId = await this.sources.defaultTemplateId({ slug: 'front-page' });
          if (templateId !== undefined && templateId !== '')
            target = { postType: 'wp_template', postId: templateId };
        }
        runInAction(() => {
          this.state.set({ target, postsPageId });
          this.failure.set(undefined);
        });
        return target;
      } catch (error) {
        runInAction(() => this.failure.set(toError(error)));
        return undefined;
      }
    });
  }

  /** The reading options from the index (6.8+), else from the settings; undefined when neither has them. */
  private async readingOptions(): Promise<ReadingOptions | undefined> {
    const info = await this.sources.siteInfo();
    if (hasReadingOptions(info)) return info;
    const settings = await this.sources.settings();
    return hasReadingOptions(settings) ? settings : undefined;
  }
}
