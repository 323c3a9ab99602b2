/**
 * Which template renders a post (`getTemplateId` in core-data 8.1): the front page's own template
 * when the post is the static front page, the `home` template for the posts page, the template
 * the post names, else the one WordPress's hierarchy picks for its slug (`page-about`,
 * `single-post-hello`). Anything it cannot know (the reading options, the post) leaves it unknown.
 *
 * @module
 */
import type { Id } from '../models/ids.js';
import type { Query } from '../core/transport/types.js';
import type { HomePageTarget } from './HomePage.js';

/** A template as the lookup needs it. */
export interface TemplateSummary {
  /** The template id (`theme//slug`). */
  readonly id: string | number;
  /** The template slug (`front-page`, `page`, `single`). */
  readonly slug?: string | undefined;
}

/** The fields of a post the lookup reads (its edited values: an unsaved template choice counts). */
export interface TemplatedPost {
  /** The template the post names; `''` for the default. */
  readonly template?: unknown;
  /** The post's slug; `''` for a draft without one. */
  readonly slug?: unknown;
}

/** Where {@link TemplateLookup} reads from; `RootStore` wires its stores. */
export interface TemplateLookupSources {
  /** The front page (see `HomePage.fetch`). */
  homePage(): Promise<HomePageTarget | null | undefined>;
  /** The posts page id, once the front page was fetched. */
  postsPageId(): string | null | undefined;
  /** Every `wp_template` of the active theme. */
  templates(): Promise<readonly TemplateSummary[] | undefined>;
  /** The post with its edits. */
  post(postType: string, postId: Id): Promise<TemplatedPost | undefined>;
  /** The id of the template WordPress would use for `query` (`/wp/v2/templates/lookup`). */
  defaultTemplateId(query: Query): Promise<string | undefined>;
}

/**
 * Template lookups.
 *
 * ```ts
 * await store.templates.templateIdOf('page', 7); // 'twentytwentythree//page'
 * ```
 */
export class TemplateLookup {
  /** Reads through `sources`; the constructor does no I/O. @internal */
  constructor(private readonly sources: TemplateLookupSources) {}

  /**
   * The id of the template that renders post `postId` of `postType`, or undefined when it cannot
   * be known (the reading options or the post could not be read, no template matches). Rejects
   * only with the error of a failed read of the post or the templates.
   */
  async templateIdOf(postType: string, postId: Id): Promise<string | undefined> {
    const home = await this.sources.homePage();
    // Without the reading options the front page cannot be told apart: unknown, not a guess.
    if (home === undefined) return undefined;
    const id = String(postId);
    if (postType === 'page' && home?.postType === 'page' && home.postId === id) {
      // The lookup route cannot answer for a static front page: its own template, if any.
      const frontPage = await this.templateWithSlug('front-page');
      if (frontPage !== undefined) return frontPage;
    }
    const post = await this.sources.post(postType, postId);
    if (post === undefined) return undefined;
    if (postType === 'page' && this.sources.postsPageId() === id) {
      return this.sources.defaultTemplateId({ slug: 'home' });
    }
    if (typeof post.template === 'string' && post.template !== '') {
      const chosen = await this.templateWithSlug(post.template);
      if (chosen !== undefined) return chosen;
    }
    const slug = typeof post.slug === 'string' ? post.slug : '';
    // A draft may have no slug yet: its type's generic template then.
    let lookup: string;
    if (slug !== '') lookup = postType === 'page' ? `page-${slug}` : `single-${postType}-${slug}`;
    else lookup = postType === 'page' ? 'page' : `single-${postType}`;
    return this.sources.defaultTemplateId({ slug: lookup });
  }

  private async templateWithSlug(slug: string): Promise<string | undefined> {
    const found = (await this.sources.templates())?.find((template) => template.slug === slug);
    return found === undefined ? undefined : String(found.id);
  }
}
