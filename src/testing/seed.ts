/**
 * Seeding: the core post types and taxonomies of WordPress 6.1, the realistic default site
 * (administrator, editor and author with application passwords, ~25 posts, pages, terms, media, a
 * menu, the Twenty Twenty-Three global styles record, …) and the insert helpers behind
 * `mock.addPost`, `mock.addUser` and friends. Everything is deterministic.
 *
 * @module
 */
import { ArgumentError } from '../../core/errors.js';
import {
  slugify,
  type CommentRow,
  type MockDatabase,
  type PostRow,
  type PostTypeRow,
  type TaxonomyRow,
  type TermRow,
  type UserRow,
} from './database.js';
import { TT3_PALETTE } from './themeData.js';
import type {
  MockCommentInput,
  MockPostInput,
  MockPostMetaInput,
  MockPostTypeInput,
  MockTaxonomyInput,
  MockSeed,
  MockTermInput,
  MockUserInput,
} from './types.js';

/** Login, application password and ready-made `Authorization` header of a default user. */
export interface MockCredentials {
  /** User id. */
  id: number;
  /** Login name. */
  username: string;
  /** Role. */
  role: 'administrator' | 'editor' | 'author';
  /** Application password (WordPress's spaced format). */
  appPassword: string;
  /** `Basic base64(username:appPassword)`. */
  authorization: string;
}

function credentials(
  id: number,
  username: string,
  role: MockCredentials['role'],
  appPassword: string,
): MockCredentials {
  return { id, username, role, appPassword, authorization: `Basic ${btoa(`${username}:${appPassword}`)}` };
}

/** The users of the default seed, with application passwords accepted by Basic auth. */
export const MOCK_USERS = {
  admin: credentials(1, 'admin', 'administrator', 'AdMn 1111 2222 3333 4444 5555'),
  editor: credentials(2, 'editor', 'editor', 'EdIt 1111 2222 3333 4444 5555'),
  author: credentials(3, 'author', 'author', 'AuTh 1111 2222 3333 4444 5555'),
} as const;

const BASE_SETTINGS: Record<string, unknown> = {
  title: 'WP REST Test Site',
  description: 'Integration test site',
  url: '',
  email: 'admin@example.test',
  timezone: 'UTC',
  date_format: 'F j, Y',
  time_format: 'g:i a',
  start_of_week: 1,
  language: 'en_US',
  use_smilies: true,
  default_category: 1,
  default_post_format: '0',
  posts_per_page: 10,
  show_on_front: 'posts',
  page_on_front: 0,
  page_for_posts: 0,
  default_ping_status: 'open',
  default_comment_status: 'open',
  // WordPress answers null until the site logo is first saved.
  site_logo: null,
  site_icon: 0,
};

/** Registers a post type. */
export function registerPostType(
  db: MockDatabase,
  input: MockPostTypeInput,
  extra: Partial<PostTypeRow> = {},
): PostTypeRow {
  if (!/^[a-z0-9_-]+$/.test(input.slug))
    throw new ArgumentError(
      `Invalid post type slug "${input.slug}": use lower-case letters, digits, "_" and "-".`,
    );
  const row: PostTypeRow = {
    slug: input.slug,
    name: input.name,
    singular: input.name.replace(/s$/, ''),
    description: input.description ?? '',
    rest_base: input.rest_base ?? input.slug,
    rest_namespace: input.rest_namespace ?? 'wp/v2',
    hierarchical: input.hierarchical ?? false,
    has_archive: false,
    icon: null,
    supports: input.supports ?? [
      'title',
      'editor',
      'author',
      'excerpt',
      'custom-fields',
      'revisions',
      'thumbnail',
    ],
    taxonomies: input.taxonomies ?? [],
    capability: input.capability_type ?? 'post',
    viewable: true,
    postsController: true,
    listed: true,
    ...extra,
  };
  db.postTypes.set(row.slug, row);
  for (const tax of row.taxonomies) {
    const t = db.taxonomies.get(tax);
    if (t && !t.types.includes(row.slug)) t.types.push(row.slug);
  }
  return row;
}

/**
 * Registers a taxonomy served by the terms controller and attaches it to `input.types`; throws
 * {@link ArgumentError} for a bad slug, a taken slug or REST base, or an unknown post type.
 */
export function registerTaxonomy(db: MockDatabase, input: MockTaxonomyInput): TaxonomyRow {
  if (!/^[a-z0-9_-]+$/.test(input.slug))
    throw new ArgumentError(
      `Invalid taxonomy slug "${input.slug}": use lower-case letters, digits, "_" and "-".`,
    );
  if (db.taxonomies.has(input.slug))
    throw new ArgumentError(`The taxonomy "${input.slug}" is registered already.`);
  const restBase = input.rest_base ?? input.slug;
  const namespace = input.rest_namespace ?? 'wp/v2';
  for (const other of db.taxonomies.values()) {
    if (other.rest_base === restBase && other.rest_namespace === namespace)
      throw new ArgumentError(
        `The taxonomy "${input.slug}" cannot use the REST base "${restBase}": "${other.slug}" has it.`,
      );
  }
  const types = input.types ?? [];
  for (const type of types) {
    if (!db.postTypes.has(type))
      throw new ArgumentError(
        `Cannot attach the taxonomy "${input.slug}" to the unknown post type "${type}".`,
      );
  }
  const row: TaxonomyRow = {
    slug: input.slug,
    name: input.name,
    singular: input.name.replace(/s$/, ''),
    description: input.description ?? '',
    rest_base: restBase,
    rest_namespace: namespace,
    hierarchical: input.hierarchical ?? false,
    types: [...types],
    show_cloud: true,
    termsController: true,
  };
  db.taxonomies.set(row.slug, row);
  for (const type of types) {
    const typeRow = db.postTypes.get(type);
    if (typeRow && !typeRow.taxonomies.includes(row.slug)) typeRow.taxonomies.push(row.slug);
  }
  return row;
}

/**
 * Registers a meta key for REST on a post type, as `register_post_meta` with `show_in_rest` does:
 * the post type's routes describe it in their schema. Throws {@link ArgumentError} for an
 * unknown post type or an empty key.
 */
export function registerPostMeta(db: MockDatabase, input: MockPostMetaInput): void {
  if (input.postType !== '' && !db.postTypes.has(input.postType)) {
    throw new ArgumentError(
      `Cannot register meta "${input.key}" on the unknown post type "${input.postType}".`,
    );
  }
  if (typeof input.key !== 'string' || input.key === '') {
    throw new ArgumentError('A registered meta key needs a non-empty key.');
  }
  const schema: Record<string, unknown> = {
    type: input.type ?? 'string',
    description: input.description ?? '',
    context: ['view', 'edit'],
  };
  if (input.default !== undefined) schema['default'] = input.default;
  let keys = db.registeredMeta.get(input.postType);
  if (keys === undefined) {
    keys = new Map();
    db.registeredMeta.set(input.postType, keys);
  }
  keys.set(input.key, schema);
}

/** Registers the post types and taxonomies WordPress 6.1 exposes over REST. */
export function registerCoreTypes(db: MockDatabase): void {
  db.taxonomies.set('category', {
    slug: 'category',
    name: 'Categories',
    singular: 'Category',
    description: '',
    rest_base: 'categories',
    rest_namespace: 'wp/v2',
    hierarchical: true,
    types: [],
    show_cloud: true,
    termsController: true,
  });
  db.taxonomies.set('post_tag', {
    slug: 'post_tag',
    name: 'Tags',
    singular: 'Tag',
    description: '',
    rest_base: 'tags',
    rest_namespace: 'wp/v2',
    hierarchical: false,
    types: [],
    show_cloud: true,
    termsController: true,
  });
  db.taxonomies.set('nav_menu', {
    slug: 'nav_menu',
    name: 'Navigation Menus',
    singular: 'Navigation Menu',
    description: '',
    rest_base: 'menus',
    rest_namespace: 'wp/v2',
    hierarchical: false,
    types: ['nav_menu_item'],
    show_cloud: false,
    termsController: false,
  });
  registerPostType(
    db,
    {
      slug: 'post',
      name: 'Posts',
      rest_base: 'posts',
      supports: [
        'title',
        'editor',
        'author',
        'thumbnail',
        'excerpt',
        'trackbacks',
        'custom-fields',
        'comments',
        'revisions',
        'post-formats',
      ],
      taxonomies: ['category', 'post_tag'],
    },
    { singular: 'Post', icon: 'dashicons-admin-post' },
  );
  registerPostType(
    db,
    {
      slug: 'page',
      name: 'Pages',
      rest_base: 'pages',
      hierarchical: true,
      capability_type: 'page',
      supports: [
        'title',
        'editor',
        'author',
        'thumbnail',
        'page-attributes',
        'custom-fields',
        'comments',
        'revisions',
      ],
    },
    { singular: 'Page', icon: 'dashicons-admin-page' },
  );
  registerPostType(
    db,
    { slug: 'attachment', name: 'Media', rest_base: 'media', supports: ['title', 'author', 'comments'] },
    { singular: 'Media', capability: 'upload', postsController: false, icon: 'dashicons-admin-media' },
  );
  registerPostType(
    db,
    { slug: 'nav_menu_item', name: 'Navigation Menu Items', rest_base: 'menu-items', supports: ['title'] },
    { singular: 'Navigation Menu Item', capability: 'theme', postsController: false, viewable: false },
  );
  registerPostType(
    db,
    {
      slug: 'wp_block',
      name: 'Reusable blocks',
      rest_base: 'blocks',
      supports: ['title', 'editor', 'revisions'],
    },
    { singular: 'Reusable block', viewable: false },
  );
  registerPostType(
    db,
    {
      slug: 'wp_template',
      name: 'Templates',
      rest_base: 'templates',
      supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
    },
    { singular: 'Template', capability: 'theme', postsController: false, viewable: false },
  );
  registerPostType(
    db,
    {
      slug: 'wp_template_part',
      name: 'Template Parts',
      rest_base: 'template-parts',
      supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
    },
    { singular: 'Template Part', capability: 'theme', postsController: false, viewable: false },
  );
  registerPostType(
    db,
    {
      slug: 'wp_navigation',
      name: 'Navigation Menus',
      rest_base: 'navigation',
      supports: ['title', 'editor', 'revisions'],
    },
    { singular: 'Navigation Menu', capability: 'theme', viewable: false },
  );
  registerPostType(
    db,
    {
      slug: 'wp_global_styles',
      name: 'Global Styles',
      rest_base: 'global-styles',
      supports: ['title', 'editor', 'revisions'],
    },
    { capability: 'theme', postsController: false, listed: false, viewable: false },
  );
}

/** Inserts a user; returns its id. */
export function insertUser(db: MockDatabase, input: MockUserInput): number {
  if (db.findUser(input.username))
    throw new ArgumentError(`A user with login "${input.username}" already exists.`);
  const id = db.allocateUserId(input.id);
  const row: UserRow = {
    id,
    username: input.username,
    name: input.name ?? input.username,
    first_name: input.first_name ?? '',
    last_name: input.last_name ?? '',
    email: input.email ?? `${input.username}@example.test`,
    slug: slugify(input.username),
    role: input.role,
    description: input.description ?? '',
    url: '',
    locale: 'en_US',
    registered_date: '2026-11-01T09:00:00',
    appPasswords: input.appPassword
      ? [
          {
            uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
            name: 'mock',
            password: input.appPassword,
          },
        ]
      : [],
    meta: {},
  };
  db.users.set(id, row);
  return id;
}

const KNOWN_POST_FIELDS = new Set([
  'id',
  'title',
  'content',
  'excerpt',
  'status',
  'slug',
  'author',
  'date',
  'parent',
  'menu_order',
  'password',
  'sticky',
  'template',
  'format',
  'meta',
  'categories',
  'tags',
  'featured_media',
  'comment_status',
  'ping_status',
  'type',
]);

/** Inserts a post of any registered type (or `revision`); returns its id. */
export function insertPost(db: MockDatabase, type: string, input: MockPostInput): number {
  const typeRow = db.postTypes.get(type);
  if (!typeRow && type !== 'revision')
    throw new ArgumentError(`Unknown post type "${type}": register it with addPostType first.`);
  const id = db.allocatePostId(input.id);
  if (db.posts.has(id)) throw new ArgumentError(`A post with id ${id} already exists.`);
  const date = input.date ?? db.tick();
  const status = input.status ?? 'publish';
  const title = input.title ?? '';
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!KNOWN_POST_FIELDS.has(key)) extra[key] = value;
  const terms: Record<string, number[]> = {};
  if (typeRow?.taxonomies.includes('category')) terms['category'] = input.categories ?? [1];
  if (typeRow?.taxonomies.includes('post_tag')) terms['post_tag'] = input.tags ?? [];
  const comments = typeRow?.supports.includes('comments') ?? false;
  const row: PostRow = {
    id,
    type,
    status,
    title,
    content: input.content ?? '',
    excerpt: input.excerpt ?? '',
    slug:
      input.slug ??
      (status === 'publish' || status === 'private' || status === 'future' || type === 'attachment'
        ? slugify(title) || String(id)
        : ''),
    author: input.author ?? 1,
    date,
    modified: date,
    parent: input.parent ?? 0,
    menu_order: input.menu_order ?? 0,
    password: input.password ?? '',
    comment_status:
      input.comment_status === undefined ? (comments ? 'open' : 'closed') : String(input.comment_status),
    ping_status: input.ping_status === undefined ? (comments ? 'open' : 'closed') : String(input.ping_status),
    sticky: input.sticky ?? false,
    template: input.template ?? '',
    format: input.format ?? 'standard',
    meta: { ...(input.meta ?? {}) },
    featured_media: input.featured_media ?? 0,
    terms,
    extra,
  };
  if (type === 'nav_menu_item' && typeof input['menus'] === 'number')
    row.terms['nav_menu'] = [input['menus']];
  db.posts.set(id, row);
  return id;
}

/** Inserts a term; returns its id. */
export function insertTerm(db: MockDatabase, taxonomy: string, input: MockTermInput): number {
  if (!db.taxonomies.has(taxonomy)) throw new ArgumentError(`Unknown taxonomy "${taxonomy}".`);
  const id = db.allocateTermId(input.id);
  const row: TermRow = {
    id,
    taxonomy,
    name: input.name,
    slug: input.slug ?? slugify(input.name),
    description: input.description ?? '',
    parent: input.parent ?? 0,
    meta: { ...(input.meta ?? {}) },
    locations: [],
    auto_add: false,
  };
  db.terms.set(id, row);
  return id;
}

/** Inserts a comment; returns its id. */
export function insertComment(db: MockDatabase, input: MockCommentInput): number {
  const id = db.allocateCommentId(input.id);
  const author = input.author ? db.users.get(input.author) : undefined;
  const row: CommentRow = {
    id,
    post: input.post,
    parent: input.parent ?? 0,
    author: input.author ?? 0,
    author_name: input.author_name ?? author?.name ?? 'A WordPress Commenter',
    author_email: author?.email ?? 'wapuu@wordpress.example',
    author_url: author ? '' : 'https://wordpress.org/',
    author_ip: '',
    author_user_agent: '',
    date: db.tick(),
    content: input.content,
    status: input.status ?? 'approved',
    type: 'comment',
    meta: {},
  };
  db.comments.set(id, row);
  return id;
}

function paragraph(text: string): string {
  return `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
}

const TOPICS = [
  'Getting started with the block editor',
  'Ten tips for faster editing',
  'Release notes for version 2.0',
  'Why observable models matter',
  'Writing accessible content',
  'A tour of global styles',
  'Designing with patterns',
  'Working with templates',
  'Revisions and autosaves explained',
  'Batch requests in practice',
  'Managing media at scale',
  'Menus and navigation',
  'Undo and redo, deeply',
  'Collaborative editing',
  'Permissions for every role',
  'Taxonomies in depth',
  'Drafts that never get lost',
  'Scheduling posts',
  'Private notes for editors',
  'Pending review workflow',
  'Embedding videos',
  'Customising the theme',
  'Performance checklist',
  'Release notes for version 2.1',
];

/** Adds the default site: users, terms, posts, pages, media, menu, navigation, widgets, styles. */
export function seedDefaults(db: MockDatabase): void {
  insertUser(db, {
    id: 1,
    username: 'admin',
    name: 'Admin',
    role: 'administrator',
    appPassword: MOCK_USERS.admin.appPassword,
    email: 'admin@example.test',
  });
  insertUser(db, {
    id: 2,
    username: 'editor',
    name: 'Eddie Editor',
    first_name: 'Eddie',
    last_name: 'Editor',
    role: 'editor',
    appPassword: MOCK_USERS.editor.appPassword,
  });
  insertUser(db, {
    id: 3,
    username: 'author',
    name: 'Ana Author',
    first_name: 'Ana',
    last_name: 'Author',
    role: 'author',
    appPassword: MOCK_USERS.author.appPassword,
  });

  insertTerm(db, 'category', { id: 1, name: 'Uncategorized' });
  const news = insertTerm(db, 'category', { name: 'News' });
  const tutorials = insertTerm(db, 'category', { name: 'Tutorials' });
  const releases = insertTerm(db, 'category', { name: 'Releases', parent: news });
  const tags = ['WordPress', 'Editor', 'MobX', 'Release', 'Tips'].map((name) =>
    insertTerm(db, 'post_tag', { name }),
  );

  insertPost(db, 'post', {
    id: 1,
    title: 'Hello world!',
    content: paragraph(
      'Welcome to WordPress. This is your first post. Edit or delete it, then start writing!',
    ),
    date: '2026-11-01T10:00:00',
  });
  insertPost(db, 'page', {
    id: 2,
    title: 'Sample Page',
    content: paragraph('This is an example page.'),
    date: '2026-11-01T10:00:01',
    comment_status: 'closed',
    ping_status: 'closed',
  });
  insertPost(db, 'page', {
    id: 3,
    title: 'Privacy Policy',
    status: 'draft',
    content: paragraph('Who we are.'),
    date: '2026-11-01T10:00:02',
    slug: 'privacy-policy',
    comment_status: 'closed',
    ping_status: 'closed',
  });

  const statuses = [
    'publish',
    'publish',
    'draft',
    'publish',
    'pending',
    'publish',
    'private',
    'publish',
    'future',
    'publish',
    'draft',
    'publish',
  ];
  const authors = [1, 2, 3];
  TOPICS.forEach((title, i) => {
    const status = statuses[i % statuses.length] as string;
    const author = authors[i % authors.length] as number;
    const day = String(2 + Math.floor(i / 2)).padStart(2, '0');
    const hour = String(9 + (i % 2) * 5).padStart(2, '0');
    insertPost(db, 'post', {
      title,
      status,
      author,
      date: status === 'future' ? `2026-12-${day}T${hour}:00:00` : `2026-11-${day}T${hour}:00:00`,
      content: `${paragraph(`${title}: an article written for the mock site.`)}\n\n${paragraph('A second paragraph with more detail.')}`,
      excerpt: i % 3 === 0 ? `A short summary of “${title}”.` : '',
      categories: [[news, tutorials, releases, 1][i % 4] as number],
      tags: [tags[i % tags.length] as number, tags[(i + 2) % tags.length] as number],
      sticky: i === 0,
    });
  });
  insertPost(db, 'post', {
    title: 'Auto Draft',
    status: 'auto-draft',
    author: 3,
    date: '2026-11-20T08:00:00',
  });

  const about = insertPost(db, 'page', {
    title: 'About',
    author: 2,
    content: paragraph('About this site.'),
    date: '2026-11-02T11:00:00',
    menu_order: 1,
  });
  insertPost(db, 'page', {
    title: 'Team',
    author: 2,
    parent: about,
    content: paragraph('The team.'),
    date: '2026-11-02T11:30:00',
  });
  insertPost(db, 'page', {
    title: 'Contact',
    author: 1,
    content: paragraph('Write to us.'),
    date: '2026-11-03T11:00:00',
    menu_order: 2,
  });

  const media: Array<[string, string, number, number]> = [
    ['mountains.jpg', 'image/jpeg', 1920, 1080],
    ['logo.png', 'image/png', 512, 512],
    ['handbook.pdf', 'application/pdf', 0, 0],
  ];
  media.forEach(([file, mime, width, height], i) => {
    const stem = file.replace(/\.[^.]+$/, '');
    insertPost(db, 'attachment', {
      title: stem,
      status: 'inherit',
      author: authors[i] as number,
      date: `2026-11-0${i + 4}T12:00:00`,
      mime_type: mime,
      file: `2026/11/${file}`,
      width,
      height,
      filesize: 1024 * (i + 1),
      alt_text: mime.startsWith('image/') ? `${stem} image` : '',
      caption: '',
      description: '',
    });
  });

  insertPost(db, 'wp_block', {
    title: 'Call to action',
    content: paragraph('Subscribe to our newsletter!'),
    author: 1,
    date: '2026-11-05T09:00:00',
  });
  insertPost(db, 'wp_navigation', {
    title: 'Navigation',
    content: '<!-- wp:page-list /-->',
    author: 1,
    date: '2026-11-05T09:30:00',
    comment_status: 'closed',
    ping_status: 'closed',
  });

  const menu = insertTerm(db, 'nav_menu', { name: 'Primary' });
  [
    ['Home', 'http://localhost:8888/'],
    ['About', 'http://localhost:8888/about/'],
    ['Blog', 'http://localhost:8888/blog/'],
  ].forEach(([title, url], i) => {
    insertPost(db, 'nav_menu_item', {
      title: title as string,
      status: 'publish',
      menus: menu,
      menu_order: i + 1,
      url,
      date: '2026-11-05T10:00:00',
      slug: '',
    });
  });

  const styles = insertPost(db, 'wp_global_styles', {
    title: 'Custom Styles',
    slug: 'wp-global-styles-twentytwentythree',
    status: 'publish',
    date: '2026-11-05T11:00:00',
    settings: {
      color: {
        palette: {
          custom: [{ color: '#1E3A8A', name: 'Brand Blue', slug: 'brand-blue' }, ...TT3_PALETTE.slice(0, 1)],
        },
      },
    },
    styles: { color: { background: 'var(--wp--preset--color--base)' } },
  });
  db.globalStylesId = styles;

  insertPost(db, 'wp_template', {
    title: 'Single',
    slug: 'single',
    status: 'publish',
    content:
      '<!-- wp:template-part {"slug":"header"} /-->\n<!-- wp:post-title /-->\n<!-- wp:post-content /-->',
    excerpt: 'Displays a single post.',
    date: '2026-11-06T09:00:00',
    theme: 'twentytwentythree',
  });

  db.sidebars.set('wp_inactive_widgets', {
    id: 'wp_inactive_widgets',
    name: 'Inactive widgets',
    description: '',
    status: 'inactive',
    class: '',
    before_widget: '',
    after_widget: '',
    before_title: '',
    after_title: '',
  });
  for (let n = 2; n <= 6; n++) {
    db.widgets.set(`block-${n}`, {
      id: `block-${n}`,
      id_base: 'block',
      sidebar: 'wp_inactive_widgets',
      instance: { content: paragraph(`Widget ${n}`) },
    });
  }

  insertComment(db, { post: 1, content: 'Hi, this is a comment.' });
  insertComment(db, { post: 1, content: 'Waiting for moderation.', status: 'hold', author_name: 'Visitor' });

  // One revision of "Hello world!", as an update in the admin would leave behind.
  insertPost(db, 'revision', {
    title: 'Hello world!',
    content: paragraph('Welcome to WordPress.'),
    status: 'inherit',
    parent: 1,
    author: 1,
    slug: '1-revision-v1',
    date: '2026-11-01T10:05:00',
  });
}

/** Applies the default seed (unless disabled) and the seed lists. */
export function applySeed(db: MockDatabase, seed: MockSeed): void {
  db.settings = { ...BASE_SETTINGS };
  registerCoreTypes(db);
  if (seed.defaults !== false) seedDefaults(db);
  for (const user of seed.users ?? []) insertUser(db, user);
  for (const type of seed.postTypes ?? []) registerPostType(db, type);
  for (const taxonomy of seed.taxonomies ?? []) registerTaxonomy(db, taxonomy);
  for (const term of seed.terms ?? []) insertTerm(db, term.taxonomy, term);
  for (const post of seed.posts ?? []) insertPost(db, post.type ?? 'post', post);
  for (const comment of seed.comments ?? []) insertComment(db, comment);
  if (seed.settings) db.settings = { ...db.settings, ...seed.settings };
  for (const meta of seed.postMeta ?? []) registerPostMeta(db, meta);
  if (seed.collaboration === true) registerPostMeta(db, STORED_DOCUMENT_META);
}

/**
 * Post meta `_crdt_document` on every post type, as the Gutenberg plugin's collaboration
 * experiment registers it (`register_meta('post', '_crdt_document', { type: 'string', single: true,
 * show_in_rest: true, revisions_enabled: false })`): the block editor's stored document.
 */
const STORED_DOCUMENT_META: MockPostMetaInput = {
  postType: '',
  key: '_crdt_document',
  type: 'string',
  description: 'The collaboration document of the post (Yjs, as the block editor stores it).',
  default: '',
};
