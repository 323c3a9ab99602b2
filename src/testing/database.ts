/**
 * The in-memory tables of the mock WordPress: users, posts of every type (revisions and autosaves
 * included, sharing one id sequence as in WordPress), terms, comments, widgets, the registries of
 * post types and taxonomies, and the settings. Plain data; rules live in the route modules.
 *
 * @module
 */
import type { MockRole } from './types.js';

/** A stored user. */
export interface UserRow {
  id: number;
  username: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  slug: string;
  role: MockRole;
  description: string;
  url: string;
  locale: string;
  registered_date: string;
  appPasswords: Array<{ uuid: string; name: string; password: string }>;
  meta: Record<string, unknown>;
}

/** A stored post of any type (post, page, attachment, revision, wp_template, nav_menu_item, …). */
export interface PostRow {
  /** Post id (shared sequence with attachments, revisions, templates, menu items). */
  id: number;
  /** Post type slug (`post`, `page`, `attachment`, `revision`, `wp_template`, …). */
  type: string;
  /** Status (`publish`, `draft`, `auto-draft`, `trash`, `inherit`, …). */
  status: string;
  /** Raw title. */
  title: string;
  /** Raw content (block markup). */
  content: string;
  /** Raw excerpt (the description of templates). */
  excerpt: string;
  /** Slug; empty for drafts until published. */
  slug: string;
  /** Author user id. */
  author: number;
  /** Local date `YYYY-MM-DDTHH:MM:SS` (UTC site). */
  date: string;
  /** Last modification date. */
  modified: string;
  /** Parent id (the post of a revision, the parent page, the attachment’s post). */
  parent: number;
  /** Menu order. */
  menu_order: number;
  /** Post password. */
  password: string;
  /** `open` or `closed`. */
  comment_status: string;
  /** `open` or `closed`. */
  ping_status: string;
  /** Sticky flag (posts). */
  sticky: boolean;
  /** Page template slug. */
  template: string;
  /** Post format. */
  format: string;
  /** Meta values. */
  meta: Record<string, unknown>;
  /** Featured media id. */
  featured_media: number;
  /** Term ids by taxonomy slug. */
  terms: Record<string, number[]>;
  /** Type-specific fields (attachment details, template theme and area, menu item target, …). */
  extra: Record<string, unknown>;
}

/** A stored term (categories, tags, menus, pattern categories). */
export interface TermRow {
  id: number;
  taxonomy: string;
  name: string;
  slug: string;
  description: string;
  parent: number;
  meta: Record<string, unknown>;
  /** nav_menu only: assigned locations and the auto-add flag. */
  locations: string[];
  auto_add: boolean;
}

/** A stored comment. */
export interface CommentRow {
  id: number;
  post: number;
  parent: number;
  author: number;
  author_name: string;
  author_email: string;
  author_url: string;
  author_ip: string;
  author_user_agent: string;
  date: string;
  content: string;
  status: string;
  type: string;
  meta: Record<string, unknown>;
}

/** A registered post type. */
export interface PostTypeRow {
  slug: string;
  name: string;
  singular: string;
  description: string;
  rest_base: string;
  rest_namespace: string;
  hierarchical: boolean;
  has_archive: boolean;
  icon: string | null;
  supports: string[];
  taxonomies: string[];
  /** `post`/`page` capabilities, `theme` for edit_theme_options types, `upload` for media. */
  capability: 'post' | 'page' | 'theme' | 'upload';
  viewable: boolean;
  /** Served by the generic posts controller (false for attachments, templates, menu items, …). */
  postsController: boolean;
  /** Listed in `/wp/v2/types`. */
  listed: boolean;
}

/** A registered taxonomy. */
export interface TaxonomyRow {
  slug: string;
  name: string;
  singular: string;
  description: string;
  rest_base: string;
  rest_namespace: string;
  hierarchical: boolean;
  types: string[];
  show_cloud: boolean;
  /** Served by the generic terms controller (false for nav_menu, which has its own shape). */
  termsController: boolean;
}

/** A stored widget. */
export interface WidgetRow {
  id: string;
  id_base: string;
  sidebar: string;
  instance: Record<string, unknown>;
}

/** A stored sidebar. */
export interface SidebarRow {
  id: string;
  name: string;
  description: string;
  status: 'active' | 'inactive';
  class: string;
  before_widget: string;
  after_widget: string;
  before_title: string;
  after_title: string;
}

/** Formats a date as WordPress does in REST (`YYYY-MM-DDTHH:MM:SS`, no zone). */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** Lower-case, dash-separated slug of a title (like `sanitize_title`). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

/** All tables of one mock site. */
export class MockDatabase {
  /** Users by id. */
  readonly users = new Map<number, UserRow>();
  /** Posts of every type by id. */
  readonly posts = new Map<number, PostRow>();
  /** Terms by id. */
  readonly terms = new Map<number, TermRow>();
  /** Comments by id. */
  readonly comments = new Map<number, CommentRow>();
  /** Post types by slug, in registration order. */
  readonly postTypes = new Map<string, PostTypeRow>();
  /** Taxonomies by slug, in registration order. */
  readonly taxonomies = new Map<string, TaxonomyRow>();
  /** Widgets by id. */
  readonly widgets = new Map<string, WidgetRow>();
  /** Sidebars by id. */
  readonly sidebars = new Map<string, SidebarRow>();
  /** Installed plugins and their status. */
  readonly plugins = new Map<string, 'active' | 'inactive'>([['akismet/akismet', 'inactive']]);
  /** `/wp/v2/settings` values. */
  settings: Record<string, unknown> = {};
  /** Meta keys registered for REST: post type → key → its schema (`type`, `description`, `default`, …). */
  readonly registeredMeta = new Map<string, Map<string, Record<string, unknown>>>();
  /** Id of the user's global styles post (`wp_global_styles`). */
  globalStylesId = 0;
  /** Active theme stylesheet. */
  stylesheet = 'twentytwentythree';
  /** The next free id of each id sequence. */
  private readonly nextIds = { post: 1, term: 1, comment: 1, user: 1 };
  private clockMs: number;
  private readonly isRealTime: boolean;

  /** `now` is where the clock starts; with `isRealTime` it follows the machine's clock once that is later. */
  constructor(now: string, isRealTime = false) {
    this.clockMs = Date.parse(`${now}Z`);
    this.isRealTime = isRealTime;
  }

  /** The machine's time in whole seconds (dates have no fractions), or 0 on a fixed clock. */
  private wallMs(): number {
    return this.isRealTime ? Math.floor(Date.now() / 1000) * 1000 : 0;
  }

  /** Advances the mock clock by a second (to the machine's time, when that is later) and returns the new local date string. */
  tick(): string {
    this.clockMs = Math.max(this.clockMs + 1000, this.wallMs());
    return formatDate(new Date(this.clockMs));
  }

  /** The current mock date. */
  now(): string {
    return formatDate(new Date(Math.max(this.clockMs, this.wallMs())));
  }

  /** The next post id (posts, attachments, revisions, templates, menu items share it). */
  allocatePostId(requested?: number): number {
    return this.allocate('post', requested);
  }

  /** The next term id. */
  allocateTermId(requested?: number): number {
    return this.allocate('term', requested);
  }

  /** The next comment id. */
  allocateCommentId(requested?: number): number {
    return this.allocate('comment', requested);
  }

  /** The next user id. */
  allocateUserId(requested?: number): number {
    return this.allocate('user', requested);
  }

  /** Takes `requested` (or the next free id) from a sequence and moves the sequence past it. */
  private allocate(sequence: 'post' | 'term' | 'comment' | 'user', requested: number | undefined): number {
    const id = requested ?? this.nextIds[sequence];
    this.nextIds[sequence] = Math.max(this.nextIds[sequence], id + 1);
    return id;
  }

  /** Posts of one type, in id order. */
  postsOfType(type: string): PostRow[] {
    return [...this.posts.values()].filter((p) => p.type === type);
  }

  /** Terms of one taxonomy, in id order. */
  termsOf(taxonomy: string): TermRow[] {
    return [...this.terms.values()].filter((t) => t.taxonomy === taxonomy);
  }

  /** The post type served at `/{namespace}/{rest_base}`. */
  postTypeByBase(namespace: string, restBase: string): PostTypeRow | undefined {
    return [...this.postTypes.values()].find(
      (t) => t.rest_namespace === namespace && t.rest_base === restBase,
    );
  }

  /** Finds a user by id or login (username or email). */
  findUser(idOrLogin: number | string): UserRow | undefined {
    if (typeof idOrLogin === 'number') return this.users.get(idOrLogin);
    const login = idOrLogin.toLowerCase();
    return [...this.users.values()].find(
      (u) => u.username.toLowerCase() === login || u.email.toLowerCase() === login,
    );
  }

  /** A slug unique among posts of the type (`hello`, `hello-2`, …), like `wp_unique_post_slug`. */
  uniquePostSlug(type: string, slug: string, exceptId: number): string {
    if (slug === '') return '';
    const taken = new Set(
      this.postsOfType(type)
        .filter((p) => p.id !== exceptId)
        .map((p) => p.slug),
    );
    if (!taken.has(slug)) return slug;
    let n = 2;
    while (taken.has(`${slug}-${n}`)) n++;
    return `${slug}-${n}`;
  }
}
