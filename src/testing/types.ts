/**
 * Public types of the test kit: seed data, options, the request log and fault injection.
 *
 * @module
 */
import type { SyncRelayOptions } from './SyncRelay.js';

/** A WordPress role the mock knows. `null` as a current user means anonymous. */
export type MockRole = 'administrator' | 'editor' | 'author' | 'contributor';

/** A user to seed. */
export interface MockUserInput {
  /** Id; the next free id when absent. */
  id?: number;
  /** Login name. */
  username: string;
  /** Display name. @default username */
  name?: string;
  /** Email. @default `${username}@example.test` */
  email?: string;
  /** Role. */
  role: MockRole;
  /** An application password accepted by Basic auth (spaces optional). */
  appPassword?: string;
  /** First name. @default '' */
  first_name?: string;
  /** Last name. @default '' */
  last_name?: string;
  /** Biography. @default '' */
  description?: string;
}

/** A post (of any type) to seed or create. Unknown fields are kept and returned as they are. */
export interface MockPostInput {
  /** Id; the next free id when absent. */
  id?: number;
  /** Raw title. @default '' */
  title?: string;
  /** Raw content (block markup). @default '' */
  content?: string;
  /** Raw excerpt. @default '' */
  excerpt?: string;
  /** Status. @default 'publish' */
  status?: string;
  /** Slug; derived from the title for published posts when absent. */
  slug?: string;
  /** Author id. @default 1 */
  author?: number;
  /** Local date `YYYY-MM-DDTHH:MM:SS` (the site's timezone is UTC). @default the mock clock */
  date?: string;
  /** Parent id. @default 0 */
  parent?: number;
  /** Menu order. @default 0 */
  menu_order?: number;
  /** Post password. @default '' */
  password?: string;
  /** Sticky flag (posts only). @default false */
  sticky?: boolean;
  /** Page template. @default '' */
  template?: string;
  /** Post format. @default 'standard' */
  format?: string;
  /** Meta values. @default {} */
  meta?: Record<string, unknown>;
  /** Category ids. */
  categories?: number[];
  /** Tag ids. */
  tags?: number[];
  /** Featured media id. @default 0 */
  featured_media?: number;
  /** Other fields (kept as given). */
  [field: string]: unknown;
}

/** A term to seed. */
export interface MockTermInput {
  /** Id; the next free id when absent. */
  id?: number;
  /** Name. */
  name: string;
  /** Slug. @default derived from the name */
  slug?: string;
  /** Description. @default '' */
  description?: string;
  /** Parent term id. @default 0 */
  parent?: number;
  /** Meta. @default {} */
  meta?: Record<string, unknown>;
}

/** A post type to register (served by the posts controller). */
export interface MockPostTypeInput {
  /** The type's slug (`book`). */
  slug: string;
  /** Plural label (`Books`). */
  name: string;
  /** REST base. @default slug */
  rest_base?: string;
  /** REST namespace. @default 'wp/v2' */
  rest_namespace?: string;
  /** Hierarchical like pages. @default false */
  hierarchical?: boolean;
  /** Feature support. @default ['title','editor','author','excerpt','custom-fields','revisions','thumbnail'] */
  supports?: string[];
  /** Taxonomies attached. @default [] */
  taxonomies?: string[];
  /** Capabilities follow posts or pages. @default 'post' */
  capability_type?: 'post' | 'page';
  /** Description. @default '' */
  description?: string;
}

/** A taxonomy to register (served by the terms controller), as `register_taxonomy` with `show_in_rest`. */
export interface MockTaxonomyInput {
  /** The taxonomy's slug (`genre`). */
  slug: string;
  /** Plural label (`Genres`). */
  name: string;
  /** REST base. @default slug */
  rest_base?: string;
  /** REST namespace. @default 'wp/v2' */
  rest_namespace?: string;
  /** Terms have parents, like categories. @default false */
  hierarchical?: boolean;
  /** The post types it is attached to (each of their posts then lists its terms under `rest_base`). @default [] */
  types?: string[];
  /** Description. @default '' */
  description?: string;
}

/** A comment to seed. */
export interface MockCommentInput {
  /** Id; the next free id when absent. */
  id?: number;
  /** Post id. */
  post: number;
  /** Raw content. */
  content: string;
  /** Author user id (0 for a guest). @default 0 */
  author?: number;
  /** Guest name. @default 'A WordPress Commenter' */
  author_name?: string;
  /** Status: approved, hold, spam or trash. @default 'approved' */
  status?: string;
  /** Parent comment. @default 0 */
  parent?: number;
}

/**
 * One meta key a post type registers for REST, as `register_post_meta` takes it: the schema the
 * post type's route describes (`OPTIONS /wp/v2/{rest_base}` → `schema.properties.meta.properties`).
 */
export interface MockPostMetaInput {
  /** The post type (`post`, `page`, a custom type); `''` for every post type, as `register_post_meta('', …)`. */
  postType: string;
  /** The meta key. */
  key: string;
  /** JSON schema type. @default 'string' */
  type?: 'string' | 'boolean' | 'integer' | 'number' | 'array' | 'object';
  /** What the key holds. @default '' */
  description?: string;
  /** The value of a post without it. */
  default?: unknown;
}

/**
 * The WordPress release the mock answers as. `'6.1'` (the default) is the release the contract
 * tests check against a real site; later ones add what those releases add to the REST API:
 * - `'6.7'`: `_links.self[0].targetHints.allow` on every record, and the font library
 *   (`/wp/v2/font-families`, `/wp/v2/font-collections`, from 6.5);
 * - `'6.8'`: the reading options (`show_on_front`, `page_on_front`, `page_for_posts`) in the index;
 * - `'7.1'`: `/wp/v2/icons` (7.0) and `/wp/v2/icon-collections`.
 */
export type MockWordPressVersion = '6.1' | '6.7' | '6.8' | '7.1';

/** Seed data. Every list is added after the default seed unless `defaults` is false. */
export interface MockSeed {
  /** Start from the realistic default site (users, posts, pages, terms, theme, …). @default true */
  defaults?: boolean;
  /** Users. */
  users?: MockUserInput[];
  /** Post types to register. */
  postTypes?: MockPostTypeInput[];
  /** Taxonomies to register (after the post types, so `types` may name them). */
  taxonomies?: MockTaxonomyInput[];
  /** Posts of any type (`type` defaults to `post`). */
  posts?: Array<MockPostInput & { type?: string }>;
  /** Terms (`taxonomy` is `category`, `post_tag`, `nav_menu` or a registered one). */
  terms?: Array<MockTermInput & { taxonomy: string }>;
  /** Comments. */
  comments?: MockCommentInput[];
  /** Settings overrides (`/wp/v2/settings`). */
  settings?: Record<string, unknown>;
  /** Registered post meta (see {@link MockPostMetaInput}). */
  postMeta?: MockPostMetaInput[];
  /**
   * Registers post meta `_crdt_document` on every post type, as the Gutenberg plugin's
   * "Real-Time Collaboration" experiment does: the block editor's stored collaboration document,
   * which sync reads on join and writes with every save. Without it (WordPress 6.1 as shipped)
   * posts have no such meta and sync never sends it. @default false
   */
  collaboration?: boolean;
}

/** Options of {@link createMockWordPress}. */
export interface MockWordPressOptions extends MockSeed {
  /** The site root; REST is at `${root}/wp-json/…` and `${root}/?rest_route=/…`. @default 'http://localhost:8888' */
  root?: string;
  /** Maximum requests per `/batch/v1` call. @default 25 */
  batchMaxItems?: number;
  /**
   * The user requests act as when they carry no `Authorization` header: an id, a login, or `null`
   * for anonymous. @default 1 (the administrator of the default seed)
   */
  currentUser?: number | string | null;
  /** The WordPress release to answer as (see {@link MockWordPressVersion}). @default '6.1' */
  version?: MockWordPressVersion;
  /** The fixed clock the mock starts from (UTC, `YYYY-MM-DDTHH:MM:SS`); each write advances it one second. @default '2026-11-21T10:00:00' */
  now?: string;
  /**
   * Bounds and timings of the collaboration relay at `/wp-sync/v1/updates` (compaction threshold,
   * rows and bytes a room may hold, presence timeout, the longest long poll).
   * @default {} (the block editor server's values; 1000 rows, 32 MiB, 20 s long polls)
   */
  syncRelay?: SyncRelayOptions;
}

/** One request seen by the mock. */
export interface MockRequestLogEntry {
  /** The logical method (after `X-HTTP-Method-Override` or `_method`). */
  method: string;
  /** The method on the wire. */
  httpMethod: string;
  /** The REST route (`/wp/v2/posts/5`), or the URL path for front-end requests. */
  path: string;
  /** Query parameters, PHP-style parsed (`include[]` becomes an array). */
  query: Record<string, unknown>;
  /** The parsed JSON or form body; `undefined` for none. */
  body: unknown;
  /** The full URL as sent. */
  url: string;
  /** The status answered; `undefined` while the request is in flight, `0` for a network fault. */
  status: number | undefined;
  /** Id of the user the request acted as (0 for anonymous). */
  userId: number;
}

/** Selects requests for faults and holds: method and path (string = exact route or prefix with `*`). */
export type MockRequestFilter =
  | { method?: string; path?: string | RegExp }
  | ((request: { method: string; path: string; query: Record<string, unknown> }) => boolean);

/** How a failed request answers: an HTTP error, a network failure, or a 200 with a broken body. */
export type MockFailure = { status: number; body?: unknown } | 'network' | 'invalid-json';

/** oEmbed answer for a URL: a response object, the bare-link fallback, or 404 `oembed_invalid_url`. */
export type MockEmbedAnswer = Record<string, unknown> | 'fallback' | 'invalid';

/** A request hold created by `mock.hold(filter)`. */
export interface MockHold {
  /** Resolves with the first request caught by this hold. */
  readonly caught: Promise<MockRequestLogEntry>;
  /** Number of requests waiting on this hold. */
  readonly pending: number;
  /** Lets every held request continue and stops holding new ones. */
  release(): void;
}

/** The running Node HTTP server from `mock.listen()`. */
export interface MockServerHandle {
  /** The site root served, e.g. `http://127.0.0.1:51234`. */
  url: string;
  /** The REST root, `${url}/wp-json`. */
  root: string;
  /** Stops the server. */
  close(): Promise<void>;
}

/** Options of `mock.listen()`. */
export interface MockListenOptions {
  /** Port; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to bind. @default '127.0.0.1' */
  host?: string;
}
