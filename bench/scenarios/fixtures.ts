/**
 * The data both systems work on in `npm run bench:compare`: posts shaped and sized like WordPress
 * 6.1's answers in `context=edit` (every field it sends, raw and rendered content, `meta`, and the
 * `_links` an administrator gets), the `/wp/v2/types` answer, and the filters of the query scenario.
 * Everything is deterministic, so every round and both systems see the same bytes.
 *
 * A post serialises to about 5.5 KB on average (see {@link averagePostBytes}), as a real post in
 * the edit context does: content makes up about half of it, `_links` about a quarter.
 *
 * @module
 */
import { seededRandom } from '../../src/testing/seededRandom.js';

/** The site's origin in every URL the mock server writes (links, `Link` headers). */
export const SITE = 'http://example.test';

/** The REST root under {@link SITE}. */
export const REST_ROOT = `${SITE}/wp-json`;

/** A post as WordPress 6.1 sends it with `context=edit`. */
export type PostJson = Record<string, unknown> & { id: number };

/** Post statuses of the site, by weight: most posts are published. */
const STATUSES = ['publish', 'publish', 'publish', 'publish', 'publish', 'draft', 'pending', 'private'];

/** Authors 1…AUTHORS write the posts in turn. */
export const AUTHORS = 5;

/** Categories 1…CATEGORIES are assigned in turn. */
export const CATEGORIES = 7;

const WORDS = (
  'the editor block post site theme layout paragraph heading image gallery quote list column ' +
  'button cover media text table code preformatted verse navigation template pattern style colour ' +
  'typography spacing border shadow gradient font size weight line height letter case decoration ' +
  'alignment width wide full group row stack grid query loop title excerpt author date category tag ' +
  'comment archive search login logout calendar latest posts page list social icons embed video audio'
).split(' ');

function sentence(next: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)] ?? 'word');
  const text = picked.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraphText(next: () => number): string {
  const sentences = 2 + Math.floor(next() * 3);
  return Array.from({ length: sentences }, () => sentence(next, 8 + Math.floor(next() * 10))).join(' ');
}

/** Block markup as the editor saves it (raw) and as WordPress renders it. */
function content(id: number, next: () => number): { raw: string; rendered: string } {
  const raw: string[] = [];
  const rendered: string[] = [];
  const blocks = 4 + Math.floor(next() * 4);
  for (let block = 0; block < blocks; block++) {
    const kind = block === 0 ? 0 : Math.floor(next() * 5);
    if (kind === 1) {
      const text = sentence(next, 4 + Math.floor(next() * 4));
      raw.push(`<!-- wp:heading -->\n<h2 class="wp-block-heading">${text}</h2>\n<!-- /wp:heading -->`);
      rendered.push(`<h2 class="wp-block-heading">${text}</h2>`);
    } else if (kind === 2) {
      const items = Array.from({ length: 3 }, () => `<li>${sentence(next, 5)}</li>`).join('');
      raw.push(`<!-- wp:list -->\n<ul>${items}</ul>\n<!-- /wp:list -->`);
      rendered.push(`<ul>${items}</ul>`);
    } else if (kind === 3) {
      const text = paragraphText(next);
      raw.push(
        `<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph --></blockquote>\n<!-- /wp:quote -->`,
      );
      rendered.push(`<blockquote class="wp-block-quote">\n<p>${text}</p>\n</blockquote>`);
    } else {
      const text = paragraphText(next);
      raw.push(`<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`);
      rendered.push(`<p>${text}</p>`);
    }
  }
  void id;
  return { raw: raw.join('\n\n'), rendered: `\n${rendered.join('\n\n\n\n')}\n` };
}

/** The `_links` WordPress 6.1 sends an administrator for a post. */
function links(id: number, author: number, category: number): Record<string, unknown> {
  const posts = `${REST_ROOT}/wp/v2/posts`;
  const action = (rel: string): [string, { href: string }[]] => [
    `wp:action-${rel}`,
    [{ href: `${posts}/${id}` }],
  ];
  return {
    self: [{ href: `${posts}/${id}` }],
    collection: [{ href: posts }],
    about: [{ href: `${REST_ROOT}/wp/v2/types/post` }],
    author: [{ embeddable: true, href: `${REST_ROOT}/wp/v2/users/${author}` }],
    replies: [{ embeddable: true, href: `${REST_ROOT}/wp/v2/comments?post=${id}` }],
    'version-history': [{ count: 2 + (id % 4), href: `${posts}/${id}/revisions` }],
    'predecessor-version': [{ id: 100_000 + id, href: `${posts}/${id}/revisions/${100_000 + id}` }],
    'wp:attachment': [{ href: `${REST_ROOT}/wp/v2/media?parent=${id}` }],
    'wp:term': [
      { taxonomy: 'category', embeddable: true, href: `${REST_ROOT}/wp/v2/categories?post=${id}` },
      { taxonomy: 'post_tag', embeddable: true, href: `${REST_ROOT}/wp/v2/tags?post=${id}` },
    ],
    ...Object.fromEntries(
      [
        'publish',
        'unfiltered-html',
        'sticky',
        'assign-author',
        'create-categories',
        'assign-categories',
        'create-tags',
        'assign-tags',
      ].map(action),
    ),
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    'wp:featuredmedia':
      category === 1 ? [{ embeddable: true, href: `${REST_ROOT}/wp/v2/media/9` }] : undefined,
  };
}

/** The status of the post with this id. */
export function statusOf(id: number): string {
  return STATUSES[id % STATUSES.length] ?? 'publish';
}

/** The author of the post with this id. */
export function authorOf(id: number): number {
  return 1 + (id % AUTHORS);
}

/** The category of the post with this id. */
export function categoryOf(id: number): number {
  return 1 + (id % CATEGORIES);
}

/** The title of the post with this id (raw and rendered are the same). */
export function titleOf(id: number): string {
  return sentence(seededRandom(id * 7919), 3 + (id % 5)).slice(0, -1);
}

/** The post with this id, as the server stores it before any write. */
export function post(id: number): PostJson {
  const next = seededRandom(id);
  const date = new Date(Date.UTC(2024, 0, 1) + id * 60_000).toISOString().slice(0, 19);
  const modified = new Date(Date.UTC(2024, 0, 1) + id * 60_000 + (id % 97) * 3_600_000)
    .toISOString()
    .slice(0, 19);
  const title = titleOf(id);
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const body = content(id, next);
  const excerpt = paragraphText(next);
  const status = statusOf(id);
  const author = authorOf(id);
  const category = categoryOf(id);
  return {
    id,
    date,
    date_gmt: date,
    guid: { rendered: `${SITE}/?p=${id}`, raw: `${SITE}/?p=${id}` },
    modified,
    modified_gmt: modified,
    password: '',
    slug: status === 'draft' ? '' : `${slug}-${id}`,
    status,
    type: 'post',
    link: status === 'publish' ? `${SITE}/${slug}-${id}/` : `${SITE}/?p=${id}`,
    title: { raw: title, rendered: title },
    content: { ...body, protected: false, block_version: 1 },
    excerpt: { raw: '', rendered: `<p>${excerpt} [&hellip;]</p>\n`, protected: false },
    author,
    featured_media: category === 1 ? 9 : 0,
    comment_status: 'open',
    ping_status: 'open',
    sticky: id % 50 === 0,
    template: '',
    format: 'standard',
    meta: { footnotes: '' },
    categories: [category],
    tags: id % 3 === 0 ? [10 + (id % 11)] : [],
    permalink_template: `${SITE}/%postname%/`,
    generated_slug: `${slug}-${id}`,
    _links: links(id, author, category),
  };
}

/** The mean size in bytes of the first `count` posts, serialised. */
export function averagePostBytes(count = 1_000): number {
  let bytes = 0;
  for (let id = 1; id <= count; id++) bytes += Buffer.byteLength(JSON.stringify(post(id)));
  return bytes / count;
}

/** The body of `GET /wp/v2/types?context=view` on a site with only the `post` type. */
export function postTypes(): Record<string, unknown> {
  return {
    post: {
      description: '',
      hierarchical: false,
      has_archive: false,
      name: 'Posts',
      slug: 'post',
      icon: 'dashicons-admin-post',
      taxonomies: ['category', 'post_tag'],
      rest_base: 'posts',
      rest_namespace: 'wp/v2',
    },
  };
}

/** The search term of query number `index` in the queries scenario. */
export function searchTerm(index: number): string {
  return `term-${index}`;
}

/**
 * The ids a search for {@link searchTerm}(index) finds: `size` posts spread over the site, so that
 * distinct queries overlap in records as real searches do.
 */
export function searchIds(index: number, size: number, posts: number): number[] {
  return Array.from({ length: size }, (_, i) => ((index * 37 + i * 101) % posts) + 1);
}

/**
 * Query number `index` of the queries scenario: a different filter each time, as an editor's
 * screens ask (search, author, status, category, ordering), each at its own `offset`, so no two
 * of the first 10,000 are the same query. Every one finds `perPage` posts on a site of `posts`
 * posts (at least 10,000).
 */
export function distinctQuery(
  index: number,
  perPage: number,
  posts: number,
): Record<string, string | number> {
  const group = Math.floor(index / 5);
  const base = { per_page: perPage };
  switch (index % 5) {
    case 0:
      return { ...base, search: searchTerm(index) };
    case 1:
      return {
        ...base,
        author: 1 + (group % AUTHORS),
        offset: Math.floor(group / AUTHORS) % Math.max(1, Math.floor(posts / AUTHORS) - perPage),
      };
    case 2:
      return {
        ...base,
        status: 'publish',
        orderby: 'title',
        order: 'asc',
        offset: group % (Math.floor(posts / 2) - perPage),
      };
    case 3:
      return {
        ...base,
        categories: 1 + (group % CATEGORIES),
        offset: Math.floor(group / CATEGORIES) % Math.max(1, Math.floor(posts / CATEGORIES) - perPage),
      };
    default:
      return {
        ...base,
        orderby: group % 2 === 0 ? 'modified' : 'date',
        order: group % 4 < 2 ? 'asc' : 'desc',
        offset: Math.floor(group / 4) % (posts - perPage),
      };
  }
}
