/**
 * The shapes of the site-wide data `SiteStore` reads: the active theme, global styles and their
 * revisions, block patterns and their categories.
 *
 * @module
 */

/**
 * The theme's `theme_supports` object (`align-wide`, `editor-color-palette`, …).
 *
 * @inline
 */
export type ThemeSupports = Record<string, unknown>;

/**
 * The active theme as `/wp/v2/themes?status=active` returns it.
 *
 * @inline
 */
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

/**
 * Theme global styles (`theme.json` data): base styles or one style variation.
 *
 * @inline
 */
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

/**
 * A revision of the user's global styles, with keys converted to camelCase (`modifiedGmt`).
 *
 * @inline
 */
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

/**
 * A registered block pattern, with keys converted to camelCase (`blockTypes`, `viewportWidth`, `postTypes`).
 *
 * @inline
 */
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

/**
 * A registered block pattern category.
 *
 * @inline
 */
export interface BlockPatternCategory {
  /** Category name (`buttons`). */
  name: string;
  /** Human label. */
  label: string;
  /** Any other field the server sent. */
  [field: string]: unknown;
}

/**
 * A term of the `wp_pattern_category` taxonomy, shaped like a pattern category.
 *
 * @inline
 */
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
