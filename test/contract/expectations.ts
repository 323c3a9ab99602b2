/**
 * What WordPress 6.1's REST API answers, written once as data and checked against both the real
 * site (test/wordpress/contract.test.ts) and the test kit's mock (test/testing/contract.test.ts).
 * Facts from /work/shared/reference/wordpress-6.1-rest.md, re-observed on the local 6.1.9 site.
 *
 * Cases run in the order listed (some build on earlier ones: trash, autosaves). Strings in `path`,
 * `query` and `body` may name fixtures: `{adminPost}` and `{authorPost}` (published posts created
 * by those users before the cases run), `{authorDraft}`, `{authorPrivate}`, `{trashPost}`, `{globalStyles}`,
 * `{theme}`, `{adminId}`, `{authorId}` (user ids), `{token}` (unique per run, so searches only find this
 * run's posts) and `{root}` (the REST root). Strings in `equals` matchers are filled in the same way.
 *
 * @module
 */

/** Values created or known before the cases run, usable as `{name}` in requests and expectations. */
export interface ContractFixtures {
  /** Id of a published post by the administrator. */
  readonly adminPost: number;
  /** Id of a published post by the author. */
  readonly authorPost: number;
  /** Id of a draft by the author. */
  readonly authorDraft: number;
  /** Id of a private post by the author. */
  readonly authorPrivate: number;
  /** Id of a published post by the administrator that the cases trash and then delete. */
  readonly trashPost: number;
  /** Id of the active theme's user global styles (from its `wp:user-global-styles` link). */
  readonly globalStyles: number;
  /** Stylesheet of the active theme (`twentytwentythree`). */
  readonly theme: string;
  /** User id of the administrator. */
  readonly adminId: number;
  /** User id of the author. */
  readonly authorId: number;
  /** A string unique to this run, in the title of every post the contract creates. */
  readonly token: string;
  /** The REST root without a trailing slash (`http://127.0.0.1:8889/wp-json`). */
  readonly root: string;
}

/** The name of a fixture. */
export type ContractFixtureName = keyof ContractFixtures;

/** Who sends a request: a user's application password, or no credentials. */
export type ContractRole = 'admin' | 'author' | 'anon';

/** A JSON value type, as {@link Matcher} `type` names it. */
export type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null';

/** An expectation on one value: a body field (by dot path) or a header (`undefined` when not sent). */
export type Matcher =
  /** Deep equality. */
  | { readonly equals: unknown }
  /** The JSON type. */
  | { readonly type: JsonType }
  /** Anything but `undefined` (a header: sent at all). */
  | { readonly present: true }
  /** `undefined` (a header: not sent). */
  | { readonly absent: true }
  /** A string matching the pattern. */
  | { readonly matches: RegExp }
  /** An array (or string) of this length. */
  | { readonly length: number }
  /** A comma-separated method list (`Allow`), compared as a set. */
  | { readonly methods: readonly string[] }
  /** Equals the template with `{field}` replaced by fields of the same object (headers: lower-case names). */
  | { readonly format: string }
  /** Equals a fixture value (a user or post id). */
  | { readonly fixture: ContractFixtureName }
  /** A non-empty array whose every element satisfies the field matchers. */
  | { readonly every: FieldExpectations }
  /** An object with exactly these keys (in any order). */
  | { readonly keys: readonly string[] };

/** Field matchers by dot path (`title.raw`, `responses.1.body.code`, `0.id`); `$` is the value itself. */
export type FieldExpectations = { readonly [path: string]: Matcher };

/** One request and what WordPress answers to it. */
export interface ContractCase {
  /** The behaviour, as the test name. */
  readonly name: string;
  /** Who sends it. */
  readonly as: ContractRole;
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  /** REST route, appended to the REST root. */
  readonly path: string;
  /** Query-string parameters. */
  readonly query?: Readonly<Record<string, string>>;
  /** JSON body. */
  readonly body?: unknown;
  /** A body sent as it is with `Content-Type: application/json` (for malformed JSON). */
  readonly rawBody?: string;
  /** Expected HTTP status. */
  readonly status: number;
  /** For an error status: the WordPress error `code` (the body is also checked for `{code, message, data.status}`). */
  readonly code?: string;
  /** Header matchers by header name. */
  readonly headers?: FieldExpectations;
  /** Body matchers. */
  readonly json?: FieldExpectations;
  /** Posts this request creates (their ids are read from the body) and that are deleted afterwards. */
  readonly creates?: 'post' | 'batch';
}

const allMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const json = { 'Content-Type': { equals: 'application/json; charset=UTF-8' } } as const;

/** Keys of a post in the default `view` context. */
const postViewFields: FieldExpectations = {
  id: { type: 'number' },
  date: { type: 'string' },
  date_gmt: { type: 'string' },
  'guid.rendered': { type: 'string' },
  'guid.raw': { absent: true },
  modified: { type: 'string' },
  modified_gmt: { type: 'string' },
  slug: { type: 'string' },
  status: { equals: 'publish' },
  type: { equals: 'post' },
  link: { type: 'string' },
  'title.rendered': { type: 'string' },
  'title.raw': { absent: true },
  'content.rendered': { type: 'string' },
  'content.protected': { equals: false },
  'content.raw': { absent: true },
  'content.block_version': { absent: true },
  'excerpt.rendered': { type: 'string' },
  'excerpt.protected': { equals: false },
  'excerpt.raw': { absent: true },
  author: { type: 'number' },
  featured_media: { type: 'number' },
  comment_status: { type: 'string' },
  ping_status: { type: 'string' },
  sticky: { type: 'boolean' },
  template: { type: 'string' },
  format: { equals: 'standard' },
  meta: { present: true },
  categories: { type: 'array' },
  tags: { type: 'array' },
  password: { absent: true },
  permalink_template: { absent: true },
  generated_slug: { absent: true },
  '_links.self.0.href': { type: 'string' },
};

/** Keys a post adds in the `edit` context. */
const postEditFields: FieldExpectations = {
  ...postViewFields,
  'guid.raw': { type: 'string' },
  'title.raw': { type: 'string' },
  'content.raw': { type: 'string' },
  'content.block_version': { type: 'number' },
  'excerpt.raw': { type: 'string' },
  password: { equals: '' },
  permalink_template: { type: 'string' },
  generated_slug: { type: 'string' },
};

/** The route-shape contract, in run order. */
export const contractCases: readonly ContractCase[] = [
  // ---- collections and their headers
  {
    name: 'a collection answers an array with X-WP-Total and X-WP-TotalPages',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { search: '{token}' },
    status: 200,
    headers: {
      ...json,
      'X-WP-Total': { equals: '2' },
      'X-WP-TotalPages': { equals: '1' },
      Link: { equals: '<{root}/>; rel="https://api.w.org/"' },
      'Access-Control-Expose-Headers': { equals: 'X-WP-Total, X-WP-TotalPages, Link' },
    },
    json: { $: { length: 2 }, '0.id': { type: 'number' } },
  },
  {
    name: 'a first page links rel="next" and counts one page per item at per_page=1',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { search: '{token}', per_page: '1' },
    status: 200,
    headers: {
      ...json,
      'X-WP-Total': { equals: '2' },
      'X-WP-TotalPages': { format: '{x-wp-total}' },
      Link: { matches: /^<[^>]*[?&]page=2[^>]*>; rel="next"$/ },
    },
    json: { $: { length: 1 } },
  },
  {
    name: 'a last page links rel="prev" only',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { search: '{token}', per_page: '1', page: '2' },
    status: 200,
    headers: { ...json, Link: { matches: /^<[^>]*>; rel="prev"$/ } },
    json: { $: { length: 1 } },
  },
  {
    name: 'a page beyond the last is 400 rest_post_invalid_page_number',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { search: '{token}', page: '3', per_page: '1' },
    status: 400,
    code: 'rest_post_invalid_page_number',
  },
  {
    name: 'X-WP-Total counts before per-item permission filtering',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { search: '{token}', context: 'edit' },
    status: 200,
    headers: { 'X-WP-Total': { equals: '2' } },
    json: { $: { length: 1 }, '0.id': { fixture: 'authorPost' } },
  },
  {
    name: 'page=0 is 400 rest_invalid_param',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { page: '0' },
    status: 400,
    code: 'rest_invalid_param',
    json: { 'data.details.page.code': { equals: 'rest_out_of_bounds' } },
  },
  {
    name: '_fields keeps only the listed fields and drops _links',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { search: '{token}', _fields: 'id,title' },
    status: 200,
    headers: json,
    json: {
      $: { length: 2 },
      '0': { type: 'object' },
      '0.id': { type: 'number' },
      '0.title.rendered': { type: 'string' },
      '0.slug': { absent: true },
      '0.content': { absent: true },
      '0._links': { absent: true },
    },
  },
  {
    name: 'per_page=0 is 400 rest_invalid_param with rest_out_of_bounds details',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { per_page: '0' },
    status: 400,
    code: 'rest_invalid_param',
    headers: json,
    json: {
      message: { equals: 'Invalid parameter(s): per_page' },
      'data.params.per_page': {
        equals: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
      },
      'data.details.per_page.code': { equals: 'rest_out_of_bounds' },
      'data.details.per_page.data': { equals: null },
    },
  },
  {
    name: 'per_page=101 is 400 rest_invalid_param (there is no "all" on the server)',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { per_page: '101' },
    status: 400,
    code: 'rest_invalid_param',
    json: { 'data.details.per_page.code': { equals: 'rest_out_of_bounds' } },
  },

  {
    name: 'a page of terms beyond the last is an empty 200 (unlike posts, no error)',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/categories',
    query: { page: '999', per_page: '1' },
    status: 200,
    json: { $: { length: 0 } },
  },
  {
    name: 'a page of users beyond the last is an empty 200 (unlike posts, no error)',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/users',
    query: { page: '999', per_page: '1' },
    status: 200,
    json: { $: { length: 0 } },
  },
  {
    name: 'a page of search results beyond the last is an empty 200 (unlike posts, no error)',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/search',
    query: { search: '{token}', page: '999', per_page: '1' },
    status: 200,
    json: { $: { length: 0 } },
  },
  {
    name: 'per_page=101 on terms is 400 rest_invalid_param',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/categories',
    query: { per_page: '101' },
    status: 400,
    code: 'rest_invalid_param',
    json: { 'data.details.per_page.code': { equals: 'rest_out_of_bounds' } },
  },
  {
    name: 'per_page=101 on users is 400 rest_invalid_param',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/users',
    query: { per_page: '101' },
    status: 400,
    code: 'rest_invalid_param',
    json: { 'data.details.per_page.code': { equals: 'rest_out_of_bounds' } },
  },
  {
    name: 'per_page=101 on revisions is 400 rest_invalid_param',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}/revisions',
    query: { per_page: '101' },
    status: 400,
    code: 'rest_invalid_param',
  },

  // ---- errors
  {
    name: 'an unknown post id is 404 rest_post_invalid_id',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/posts/987654',
    status: 404,
    code: 'rest_post_invalid_id',
    headers: json,
    json: { message: { equals: 'Invalid post ID.' } },
  },
  {
    name: 'an unknown route is 404 rest_no_route',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/no-such-route',
    status: 404,
    code: 'rest_no_route',
    headers: json,
    json: { message: { equals: 'No route was found matching the URL and request method.' } },
  },
  {
    name: 'a method the route lacks is 404 rest_no_route, not 405',
    as: 'admin',
    method: 'DELETE',
    path: '/wp/v2/posts',
    status: 404,
    code: 'rest_no_route',
  },
  {
    name: 'anonymous /users/me is 401 rest_not_logged_in',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/users/me',
    status: 401,
    code: 'rest_not_logged_in',
    headers: json,
  },
  {
    name: '/users/me answers the user of the application password',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/users/me',
    query: { context: 'edit' },
    status: 200,
    headers: json,
    json: { id: { fixture: 'authorId' }, roles: { equals: ['author'] }, username: { type: 'string' } },
  },
  {
    name: "an author updating the administrator's post is 403 rest_cannot_edit",
    as: 'author',
    method: 'PUT',
    path: '/wp/v2/posts/{adminPost}',
    body: { title: 'not allowed' },
    status: 403,
    code: 'rest_cannot_edit',
    headers: json,
  },
  {
    name: "an author reading the administrator's post in edit context is 403 rest_forbidden_context",
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}',
    query: { context: 'edit' },
    status: 403,
    code: 'rest_forbidden_context',
  },
  {
    name: 'anonymous edit context is 401 rest_forbidden_context',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}',
    query: { context: 'edit' },
    status: 401,
    code: 'rest_forbidden_context',
  },
  {
    name: 'an invalid enum value in a create is 400 rest_invalid_param',
    as: 'author',
    method: 'POST',
    path: '/wp/v2/posts',
    body: { title: '{token} bad status', status: 'bogus' },
    status: 400,
    code: 'rest_invalid_param',
    json: { 'data.details.status.code': { equals: 'rest_not_in_enum' } },
  },

  // ---- writes
  {
    name: 'creating a post is 201 with a Location header and the edit-context object',
    as: 'author',
    method: 'POST',
    path: '/wp/v2/posts',
    body: { title: '{token} created draft', status: 'draft' },
    status: 201,
    creates: 'post',
    headers: { ...json, Location: { matches: /\/wp\/v2\/posts\/\d+$/ } },
    json: {
      id: { type: 'number' },
      status: { equals: 'draft' },
      'title.raw': { equals: '{token} created draft' },
      'content.raw': { equals: '' },
      author: { fixture: 'authorId' },
      slug: { equals: '' },
      generated_slug: { type: 'string' },
    },
  },
  {
    name: 'updating an own post is 200 with the full edit-context object',
    as: 'author',
    method: 'PUT',
    path: '/wp/v2/posts/{authorPost}',
    body: { excerpt: 'updated by the contract' },
    status: 200,
    headers: json,
    json: { ...postEditFields, 'excerpt.raw': { equals: 'updated by the contract' } },
  },

  {
    name: 'an author updating their own private post is 200 and the post stays private',
    as: 'author',
    method: 'POST',
    path: '/wp/v2/posts/{authorPrivate}',
    body: { title: '{token} author private, edited' },
    status: 200,
    headers: json,
    json: {
      id: { fixture: 'authorPrivate' },
      status: { equals: 'private' },
      'title.raw': { equals: '{token} author private, edited' },
    },
  },
  {
    name: 'an author reads their own private post in edit context',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{authorPrivate}',
    query: { context: 'edit' },
    status: 200,
    json: { status: { equals: 'private' }, 'title.raw': { equals: '{token} author private, edited' } },
  },
  {
    name: 'a post scheduled with a date in the past is published at once',
    as: 'admin',
    method: 'POST',
    path: '/wp/v2/posts',
    body: { title: '{token} scheduled in the past', status: 'future', date: '2020-01-02T10:00:00' },
    status: 201,
    creates: 'post',
    json: { status: { equals: 'publish' }, date: { equals: '2020-01-02T10:00:00' } },
  },
  {
    name: 'a post published with a date in the future is scheduled',
    as: 'admin',
    method: 'POST',
    path: '/wp/v2/posts',
    body: { title: '{token} published in the future', status: 'publish', date: '2099-01-02T10:00:00' },
    status: 201,
    creates: 'post',
    json: { status: { equals: 'future' }, date: { equals: '2099-01-02T10:00:00' } },
  },

  // ---- contexts and fields
  {
    name: 'a post in view context has rendered fields and no raw ones',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}',
    status: 200,
    headers: { ...json, Link: { matches: /rel="alternate"; type=text\/html/ } },
    json: postViewFields,
  },
  {
    name: 'a post in edit context adds raw, password, permalink_template and generated_slug',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}',
    query: { context: 'edit' },
    status: 200,
    headers: json,
    json: postEditFields,
  },
  {
    name: 'a post in embed context has only the embed fields',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}',
    query: { context: 'embed' },
    status: 200,
    json: {
      id: { type: 'number' },
      date: { type: 'string' },
      slug: { type: 'string' },
      type: { equals: 'post' },
      link: { type: 'string' },
      'title.rendered': { type: 'string' },
      'title.raw': { absent: true },
      'excerpt.rendered': { type: 'string' },
      author: { type: 'number' },
      featured_media: { type: 'number' },
      content: { absent: true },
      status: { absent: true },
      modified: { absent: true },
      _links: { type: 'object' },
    },
  },

  // ---- Allow per role
  {
    name: 'Allow on the posts collection: GET, POST for an administrator',
    as: 'admin',
    method: 'OPTIONS',
    path: '/wp/v2/posts',
    status: 200,
    headers: { ...json, Allow: { methods: ['GET', 'POST'] } },
    json: { methods: { present: true }, endpoints: { type: 'array' } },
  },
  {
    name: 'Allow on the posts collection: GET, POST for an author',
    as: 'author',
    method: 'OPTIONS',
    path: '/wp/v2/posts',
    status: 200,
    headers: { Allow: { methods: ['GET', 'POST'] } },
  },
  {
    name: 'Allow on the posts collection: GET for anonymous',
    as: 'anon',
    method: 'OPTIONS',
    path: '/wp/v2/posts',
    status: 200,
    headers: { Allow: { methods: ['GET'] } },
  },
  {
    name: "Allow on the administrator's post: every method for the administrator",
    as: 'admin',
    method: 'OPTIONS',
    path: '/wp/v2/posts/{adminPost}',
    status: 200,
    headers: { Allow: { methods: allMethods } },
  },
  {
    name: "Allow on the administrator's post: GET only for an author",
    as: 'author',
    method: 'OPTIONS',
    path: '/wp/v2/posts/{adminPost}',
    status: 200,
    headers: { Allow: { methods: ['GET'] } },
  },
  {
    name: "Allow on the author's own post: every method for the author",
    as: 'author',
    method: 'OPTIONS',
    path: '/wp/v2/posts/{authorPost}',
    status: 200,
    headers: { Allow: { methods: allMethods } },
  },
  {
    name: 'Allow on a GET response also follows the permissions',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}',
    status: 200,
    headers: { Allow: { methods: ['GET'] } },
  },
  {
    name: 'Allow on settings: GET, POST, PUT, PATCH for an administrator',
    as: 'admin',
    method: 'OPTIONS',
    path: '/wp/v2/settings',
    status: 200,
    headers: { Allow: { methods: ['GET', 'POST', 'PUT', 'PATCH'] } },
  },
  {
    name: 'no Allow header at all on settings for an author',
    as: 'author',
    method: 'OPTIONS',
    path: '/wp/v2/settings',
    status: 200,
    headers: { Allow: { absent: true } },
  },

  // ---- record schemas (what wp-entities-types reads)
  {
    name: "OPTIONS of the posts collection describes every field of a post in its schema, raw values in 'edit' only",
    as: 'anon',
    method: 'OPTIONS',
    path: '/wp/v2/posts',
    status: 200,
    json: {
      'schema.title': { equals: 'post' },
      'schema.properties': {
        keys: [
          'date',
          'date_gmt',
          'guid',
          'id',
          'link',
          'modified',
          'modified_gmt',
          'slug',
          'status',
          'type',
          'password',
          'permalink_template',
          'generated_slug',
          'title',
          'content',
          'author',
          'excerpt',
          'featured_media',
          'comment_status',
          'ping_status',
          'format',
          'meta',
          'sticky',
          'template',
          'categories',
          'tags',
        ],
      },
      'schema.properties.date.type': { equals: ['string', 'null'] },
      'schema.properties.title.properties.raw.context': { equals: ['edit'] },
      'schema.properties.id.readonly': { equals: true },
      'schema.properties.status.enum': { equals: ['publish', 'future', 'draft', 'pending', 'private'] },
      'schema.properties.meta.type': { equals: 'object' },
    },
  },
  {
    name: 'OPTIONS of the categories collection describes a term (draft-3 required on its name)',
    as: 'anon',
    method: 'OPTIONS',
    path: '/wp/v2/categories',
    status: 200,
    json: {
      'schema.properties': {
        keys: ['id', 'count', 'description', 'link', 'name', 'slug', 'taxonomy', 'parent', 'meta'],
      },
      'schema.properties.name.required': { equals: true },
      'schema.properties.meta.properties': { equals: [] },
    },
  },
  {
    name: 'OPTIONS of settings describes each setting without a context',
    as: 'admin',
    method: 'OPTIONS',
    path: '/wp/v2/settings',
    status: 200,
    json: {
      'schema.title': { equals: 'settings' },
      'schema.properties.title.type': { equals: 'string' },
      'schema.properties.title.context': { absent: true },
      'schema.properties.posts_per_page.type': { equals: 'integer' },
      'schema.properties.default_ping_status.enum': { equals: ['open', 'closed'] },
    },
  },

  // ---- settings
  {
    name: 'settings answer the site title to an administrator',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/settings',
    status: 200,
    headers: json,
    json: {
      title: { type: 'string' },
      description: { type: 'string' },
      url: { type: 'string' },
      timezone: { type: 'string' },
      posts_per_page: { type: 'number' },
      default_post_format: { type: 'string' },
    },
  },
  {
    name: 'settings are 403 rest_forbidden for an author',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/settings',
    status: 403,
    code: 'rest_forbidden',
  },
  {
    name: 'settings are 401 rest_forbidden for anonymous',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/settings',
    status: 401,
    code: 'rest_forbidden',
  },

  // ---- batch
  {
    name: 'OPTIONS /batch/v1 advertises maxItems 25 at endpoints[0].args.requests',
    as: 'admin',
    method: 'OPTIONS',
    path: '/batch/v1',
    status: 200,
    headers: { ...json, Allow: { methods: ['POST'] } },
    json: {
      'endpoints.0.args.requests.maxItems': { equals: 25 },
      'endpoints.0.args.validation.enum': { equals: ['require-all-validate', 'normal'] },
    },
  },
  {
    name: 'a require-all-validate batch with one invalid request is 207 failed:"validation" with null slots',
    as: 'admin',
    method: 'POST',
    path: '/batch/v1',
    body: {
      validation: 'require-all-validate',
      requests: [
        { path: '/wp/v2/posts', body: { title: '{token} never created' } },
        { path: '/wp/v2/posts', body: { title: '{token} never created', status: 'bogus' } },
        { method: 'PUT', path: '/wp/v2/posts/{adminPost}', body: { title: '{token} never renamed' } },
      ],
    },
    status: 207,
    creates: 'batch',
    headers: json,
    json: {
      failed: { equals: 'validation' },
      responses: { length: 3 },
      'responses.0': { equals: null },
      'responses.1.status': { equals: 400 },
      'responses.1.body.code': { equals: 'rest_invalid_param' },
      'responses.1.body.data.status': { equals: 400 },
      'responses.1.body.data.details.status.code': { equals: 'rest_not_in_enum' },
      'responses.1.headers': { equals: [] },
      'responses.2': { equals: null },
    },
  },
  {
    name: 'a failed require-all-validate batch runs none of its requests',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { search: '{token} never', status: 'any' },
    status: 200,
    headers: { 'X-WP-Total': { equals: '0' } },
    json: { $: { equals: [] } },
  },
  {
    name: 'a normal batch is 207 with one response per request and no failed key',
    as: 'author',
    method: 'POST',
    path: '/batch/v1',
    body: {
      requests: [
        { path: '/wp/v2/posts', body: { title: '{token} batch created', status: 'draft' } },
        { path: '/wp/v2/posts', body: { title: '{token} batch invalid', status: 'bogus' } },
        { method: 'PUT', path: '/wp/v2/posts/{adminPost}', body: { title: 'not allowed' } },
        { method: 'PUT', path: '/wp/v2/posts/{authorPost}', body: { excerpt: 'batch' } },
      ],
    },
    status: 207,
    creates: 'batch',
    headers: json,
    json: {
      failed: { absent: true },
      responses: { length: 4 },
      'responses.0.status': { equals: 201 },
      'responses.0.headers.Location': { matches: /\/wp\/v2\/posts\/\d+$/ },
      'responses.0.body.title.raw': { equals: '{token} batch created' },
      'responses.1.status': { equals: 400 },
      'responses.1.body.code': { equals: 'rest_invalid_param' },
      'responses.2.status': { equals: 403 },
      'responses.2.body.code': { equals: 'rest_cannot_edit' },
      'responses.3.status': { equals: 200 },
      'responses.3.body.excerpt.raw': { equals: 'batch' },
    },
  },

  // ---- themes and templates
  {
    name: 'the active block theme links its user global styles',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/themes',
    query: { status: 'active' },
    status: 200,
    headers: { ...json, 'X-WP-Total': { equals: '1' } },
    json: {
      $: { length: 1 },
      '0.stylesheet': { type: 'string' },
      '0.status': { equals: 'active' },
      '0.theme_supports.block-templates': { equals: true },
      '0._links.wp:user-global-styles.0.href': { matches: /\/wp\/v2\/global-styles\/\d+$/ },
    },
  },
  {
    name: 'an author also sees the active theme',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/themes',
    query: { status: 'active' },
    status: 200,
    json: { $: { length: 1 }, '0.status': { equals: 'active' } },
  },
  {
    name: 'anonymous active theme is 401 rest_cannot_view_active_theme',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/themes',
    query: { status: 'active' },
    status: 401,
    code: 'rest_cannot_view_active_theme',
  },
  {
    name: 'templates are identified as theme//slug',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/templates',
    status: 200,
    headers: { ...json, 'X-WP-Total': { absent: true } },
    json: {
      $: {
        every: {
          id: { format: '{theme}//{slug}' },
          type: { equals: 'wp_template' },
          'title.rendered': { type: 'string' },
          'content.raw': { type: 'string' },
          source: { type: 'string' },
        },
      },
    },
  },
  {
    name: 'templates are 403 rest_cannot_manage_templates for an author',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/templates',
    status: 403,
    code: 'rest_cannot_manage_templates',
  },

  // ---- more errors
  {
    name: 'per_page=-1 is 400 rest_invalid_param: a client must page through',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts',
    query: { per_page: '-1' },
    status: 400,
    code: 'rest_invalid_param',
    json: { 'data.details.per_page.code': { equals: 'rest_out_of_bounds' } },
  },
  {
    name: 'a malformed JSON body is 400 rest_invalid_json',
    as: 'admin',
    method: 'POST',
    path: '/wp/v2/posts',
    rawBody: '{"title":',
    status: 400,
    code: 'rest_invalid_json',
    headers: json,
    json: { 'data.json_error_code': { equals: 4 } },
  },
  {
    name: 'a missing required parameter is 400 rest_missing_callback_param with params as an array',
    as: 'admin',
    method: 'GET',
    path: '/oembed/1.0/proxy',
    status: 400,
    code: 'rest_missing_callback_param',
    json: { message: { equals: 'Missing parameter(s): url' }, 'data.params': { equals: ['url'] } },
  },
  {
    name: 'anonymous reading a draft is 401 rest_forbidden',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts/{authorDraft}',
    status: 401,
    code: 'rest_forbidden',
  },
  {
    name: 'anonymous creating a post is 401 rest_cannot_create',
    as: 'anon',
    method: 'POST',
    path: '/wp/v2/posts',
    body: { title: '{token} anonymous' },
    status: 401,
    code: 'rest_cannot_create',
  },
  {
    name: 'an author creating a post for another user is 403 rest_cannot_edit_others',
    as: 'author',
    method: 'POST',
    path: '/wp/v2/posts',
    body: { title: '{token} for admin', author: '{adminId}' },
    status: 403,
    code: 'rest_cannot_edit_others',
    creates: 'post',
  },
  {
    name: "an author deleting the administrator's post is 403 rest_cannot_delete",
    as: 'author',
    method: 'DELETE',
    path: '/wp/v2/posts/{adminPost}',
    status: 403,
    code: 'rest_cannot_delete',
  },
  {
    name: 'anonymous listing users by who=authors is 401 rest_forbidden_who',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/users',
    query: { who: 'authors' },
    status: 401,
    code: 'rest_forbidden_who',
  },

  // ---- trash and delete (in this order)
  {
    name: 'deleting without force moves a post to the trash and answers the post',
    as: 'admin',
    method: 'DELETE',
    path: '/wp/v2/posts/{trashPost}',
    status: 200,
    headers: json,
    json: {
      id: { fixture: 'trashPost' },
      status: { equals: 'trash' },
      slug: { matches: /__trashed$/ },
    },
  },
  {
    name: 'deleting a trashed post again without force is 410 rest_already_trashed',
    as: 'admin',
    method: 'DELETE',
    path: '/wp/v2/posts/{trashPost}',
    status: 410,
    code: 'rest_already_trashed',
  },
  {
    name: 'deleting with force=true answers {deleted: true, previous}',
    as: 'admin',
    method: 'DELETE',
    path: '/wp/v2/posts/{trashPost}',
    query: { force: 'true' },
    status: 200,
    json: {
      $: { keys: ['deleted', 'previous'] },
      deleted: { equals: true },
      'previous.id': { fixture: 'trashPost' },
      'previous.title.raw': { equals: 'Contract post to trash' },
    },
  },
  {
    name: 'a post deleted for good is 404 rest_post_invalid_id',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/posts/{trashPost}',
    status: 404,
    code: 'rest_post_invalid_id',
  },

  // ---- autosaves and revisions (in this order)
  {
    name: 'autosaving an own draft is 200 and updates the draft itself',
    as: 'author',
    method: 'POST',
    path: '/wp/v2/posts/{authorDraft}/autosaves',
    body: { title: '{token} autosaved draft' },
    status: 200,
    headers: json,
    json: {
      id: { fixture: 'authorDraft' },
      parent: { equals: 0 },
      'title.raw': { equals: '{token} autosaved draft' },
    },
  },
  {
    name: 'the autosaved draft holds the autosaved title',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{authorDraft}',
    query: { context: 'edit' },
    status: 200,
    json: { 'title.raw': { equals: '{token} autosaved draft' }, status: { equals: 'draft' } },
  },
  {
    name: 'an own draft has no autosave revisions after an autosave',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{authorDraft}/autosaves',
    status: 200,
    json: { $: { equals: [] } },
  },
  {
    name: 'autosaving a published post is 200 and creates an autosave revision',
    as: 'author',
    method: 'POST',
    path: '/wp/v2/posts/{authorPost}/autosaves',
    body: { title: '{token} autosaved published' },
    status: 200,
    json: {
      parent: { fixture: 'authorPost' },
      slug: { format: '{parent}-autosave-v1' },
      'title.raw': { equals: '{token} autosaved published' },
      preview_link: { type: 'string' },
      status: { absent: true },
      type: { absent: true },
    },
  },
  {
    name: 'the autosave of a published post is listed and the post is unchanged',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{authorPost}/autosaves',
    query: { context: 'edit' },
    status: 200,
    json: {
      $: { length: 1 },
      '0.parent': { fixture: 'authorPost' },
      '0.title.raw': { equals: '{token} autosaved published' },
    },
  },
  {
    name: 'autosaving leaves the published post itself unchanged',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/posts/{authorPost}',
    status: 200,
    json: { 'title.rendered': { equals: '{token} author post' } },
  },
  {
    name: 'revisions are a paginated list that includes the autosave',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{authorPost}/revisions',
    status: 200,
    headers: { ...json, 'X-WP-Total': { matches: /^[1-9]\d*$/ } },
    json: {
      $: {
        every: {
          parent: { fixture: 'authorPost' },
          id: { type: 'number' },
          slug: { type: 'string' },
          'title.rendered': { type: 'string' },
        },
      },
    },
  },
  {
    name: "an author reading the revisions of the administrator's post is 403 rest_cannot_read",
    as: 'author',
    method: 'GET',
    path: '/wp/v2/posts/{adminPost}/revisions',
    status: 403,
    code: 'rest_cannot_read',
  },

  // ---- types, taxonomies, statuses
  {
    name: 'types are an object keyed by slug with rest_base and rest_namespace',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/types',
    status: 200,
    headers: json,
    json: {
      $: { type: 'object' },
      'post.slug': { equals: 'post' },
      'post.rest_base': { equals: 'posts' },
      'post.rest_namespace': { equals: 'wp/v2' },
      'page.rest_base': { equals: 'pages' },
      'attachment.rest_base': { equals: 'media' },
      'wp_template.rest_base': { equals: 'templates' },
      'wp_template_part.rest_base': { equals: 'template-parts' },
      'nav_menu_item.rest_base': { equals: 'menu-items' },
      'post.taxonomies': { equals: ['category', 'post_tag'] },
      'post.capabilities': { absent: true },
      wp_global_styles: { absent: true },
    },
  },
  {
    name: 'taxonomies are an object keyed by slug with rest_base and types',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/taxonomies',
    status: 200,
    json: {
      'category.rest_base': { equals: 'categories' },
      'category.rest_namespace': { equals: 'wp/v2' },
      'category.hierarchical': { equals: true },
      'category.types': { equals: ['post'] },
      'post_tag.rest_base': { equals: 'tags' },
    },
  },
  {
    name: 'anonymous sees only the publish status',
    as: 'anon',
    method: 'GET',
    path: '/wp/v2/statuses',
    status: 200,
    json: { $: { keys: ['publish'] } },
  },
  {
    name: 'a logged-in user sees every status',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/statuses',
    status: 200,
    json: { $: { keys: ['draft', 'future', 'pending', 'private', 'publish', 'trash'] } },
  },

  // ---- global styles and a single template
  {
    name: 'the user global styles answer an administrator',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/global-styles/{globalStyles}',
    status: 200,
    headers: json,
    json: {
      id: { fixture: 'globalStyles' },
      'title.raw': { type: 'string' },
      settings: { type: 'object' },
      styles: { type: 'object' },
    },
  },
  {
    name: 'the user global styles are 403 rest_cannot_view for an author',
    as: 'author',
    method: 'GET',
    path: '/wp/v2/global-styles/{globalStyles}',
    status: 403,
    code: 'rest_cannot_view',
  },
  {
    name: 'a template is read by its theme//slug id with the slashes as they are',
    as: 'admin',
    method: 'GET',
    path: '/wp/v2/templates/{theme}//index',
    status: 200,
    json: { id: { equals: '{theme}//index' }, slug: { equals: 'index' }, theme: { fixture: 'theme' } },
  },

  // ---- more batch shapes
  {
    name: 'more than 25 batch requests is 400 rest_invalid_param with rest_too_many_items',
    as: 'admin',
    method: 'POST',
    path: '/batch/v1',
    body: {
      requests: Array.from({ length: 26 }, () => ({
        path: '/wp/v2/posts',
        body: { title: '{token} never' },
      })),
    },
    status: 400,
    code: 'rest_invalid_param',
    creates: 'batch',
    json: { 'data.details.requests.code': { equals: 'rest_too_many_items' } },
  },
  {
    name: 'a batch item on a route without batch support is 400 rest_batch_not_allowed, an unknown path 404',
    as: 'admin',
    method: 'POST',
    path: '/batch/v1',
    body: {
      requests: [
        { path: '/wp/v2/settings', body: { title: 'not batched' } },
        { path: '/wp/v2/no-such-route', body: {} },
      ],
    },
    status: 207,
    json: {
      'responses.0.status': { equals: 400 },
      'responses.0.body.code': { equals: 'rest_batch_not_allowed' },
      'responses.1.status': { equals: 404 },
      'responses.1.body.code': { equals: 'rest_no_route' },
      'responses.1.headers': { equals: [] },
    },
  },
];
