/**
 * Record types for posts and pages: the REST shape of the `edit` context ({@link WpPost}) and the
 * edited shape ({@link WpPostEdited}), as in `store.record<WpPost, WpPostEdited>(…)`. Extend them
 * for fields a custom post type or plugin adds.
 *
 * @module
 */

/**
 * A field the server sends as `{ raw, rendered }`; `raw` is only present in the `edit` context.
 *
 * @inline
 */
export interface WpRendered {
  /** The stored value, as edited; only sent in the `edit` context. */
  raw?: string;
  /** The value as displayed, after filters. */
  rendered: string;
}

/**
 * The `content` or `excerpt` of a post: a rendered field that can be password protected.
 *
 * @inline
 */
export interface WpRenderedContent extends WpRendered {
  /** The content is password protected (its `rendered` value is then empty for other users). */
  protected?: boolean;
}

/**
 * The `content` of a post, with the version of its block markup.
 *
 * @inline
 */
export interface WpRenderedBlocks extends WpRenderedContent {
  /** The version of the block serialisation of `raw` (`1` for block content); only in the `edit` context. */
  block_version?: number;
}

/** The fields a post and its edited form share: everything but the raw attributes. */
export interface WpPostFields {
  /** The post id. */
  id: number;
  /** The publication date, in the site's timezone (ISO 8601 without offset); `null` for a draft without one. */
  date: string | null;
  /** The publication date in UTC. */
  date_gmt: string | null;
  /** The date of the last change, in the site's timezone. */
  modified: string;
  /** The date of the last change in UTC. */
  modified_gmt: string;
  /** The URL slug. */
  slug: string;
  /** The slug WordPress would generate from the title (`edit` context). */
  generated_slug?: string;
  /** `publish`, `future`, `draft`, `pending`, `private`, `auto-draft`, `trash` or a custom status. */
  status: string;
  /** The post type (`post`, `page`, …). */
  type: string;
  /** The permalink. */
  link: string;
  /** The permalink with `%postname%`-style placeholders (`edit` context). */
  permalink_template?: string;
  /** The password protecting the post (`edit` context); `''` when none. */
  password?: string;
  /** The id of the author. */
  author: number;
  /** The id of the featured image; `0` when none. */
  featured_media: number;
  /** `open` or `closed`. */
  comment_status: string;
  /** `open` or `closed`. */
  ping_status: string;
  /** The page template file, or `''` for the default. */
  template: string;
  /** The registered meta fields exposed over REST. */
  meta: Record<string, unknown>;
  /** The post is sticky (posts only). */
  sticky?: boolean;
  /** The post format (`standard`, `aside`, …; posts only). */
  format?: string;
  /** The category ids (posts only). */
  categories?: number[];
  /** The tag ids (posts only). */
  tags?: number[];
  /** The parent page id (hierarchical types). */
  parent?: number;
  /** The order among siblings (pages). */
  menu_order?: number;
}

/** A post or page as the REST API sends it in the `edit` context: raw attributes as `{ raw, rendered }`. */
export interface WpPost extends WpPostFields {
  /** The GUID. */
  guid: WpRendered;
  /** The title. */
  title: WpRendered;
  /** The content. */
  content: WpRenderedBlocks;
  /** The excerpt. */
  excerpt: WpRenderedContent;
}

/**
 * A post or page as it is edited (`record.raw`, `record.edited`, `record.edit()`): the raw
 * attributes `title`, `content` and `excerpt` are their raw strings. `guid` is not a raw attribute
 * of post types, so it keeps its server shape.
 */
export interface WpPostEdited extends WpPostFields {
  /** The GUID, as the server sent it. */
  guid: WpRendered;
  /** The raw title. */
  title: string;
  /** The raw content (block markup). */
  content: string;
  /** The raw excerpt. */
  excerpt: string;
}
