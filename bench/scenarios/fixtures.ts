/**
 * The data both systems work on in `npm run bench:compare`: posts shaped like WordPress 6.1's edit
 * context (without `_links`), the `/wp/v2/types` answer, and the search terms of the query
 * scenario. Everything is deterministic, so every round and both systems see the same bytes.
 *
 * @module
 */

/** The site's origin in every URL the mock server writes (links, `Link` headers). */
export const SITE = 'http://example.test';

/** The REST root under {@link SITE}. */
export const REST_ROOT = `${SITE}/wp-json`;

/** A post as WordPress 6.1 sends it with `context=edit` (no `_links`). */
export type PostJson = Record<string, unknown> & { id: number };

/** The post with this id, as the server stores it before any write. */
export function post(id: number): PostJson {
  const date = new Date(Date.UTC(2024, 0, 1) + id * 60_000).toISOString().slice(0, 19);
  return {
    id,
    date,
    date_gmt: date,
    guid: { rendered: `${SITE}/?p=${id}`, raw: `${SITE}/?p=${id}` },
    modified: date,
    modified_gmt: date,
    password: '',
    slug: `post-${id}`,
    status: 'publish',
    type: 'post',
    link: `${SITE}/post-${id}/`,
    title: { raw: `Post number ${id}`, rendered: `Post number ${id}` },
    content: {
      raw: `<!-- wp:paragraph -->\n<p>Body of post ${id}.</p>\n<!-- /wp:paragraph -->`,
      rendered: `\n<p>Body of post ${id}.</p>\n`,
      protected: false,
      block_version: 1,
    },
    excerpt: { raw: '', rendered: `<p>Body of post ${id}.</p>\n`, protected: false },
    author: 1 + (id % 5),
    featured_media: 0,
    comment_status: 'open',
    ping_status: 'open',
    sticky: false,
    template: '',
    format: 'standard',
    meta: { footnotes: '' },
    categories: [1 + (id % 7)],
    tags: [],
    permalink_template: `${SITE}/%postname%/`,
    generated_slug: `post-${id}`,
  };
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

/** The search term of query number `index` in the 1,000-queries scenario. */
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
