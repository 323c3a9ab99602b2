/**
 * Block editor registries of WordPress 6.1: block patterns and their categories, the pattern
 * directory (500 because outgoing HTTP is blocked) and a few block types.
 *
 * @module
 */
import { contextArg } from '../params.js';
import { READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure } from '../responses.js';
import { requireCap } from './guards.js';

const PATTERNS: Array<{
  name: string;
  title: string;
  categories: string[];
  block_types?: string[];
  inserter?: boolean;
}> = [
  {
    name: 'core/query-standard-posts',
    title: 'Standard',
    categories: ['query'],
    block_types: ['core/query'],
  },
  {
    name: 'core/query-medium-posts',
    title: 'Image at left',
    categories: ['query'],
    block_types: ['core/query'],
  },
  {
    name: 'core/query-small-posts',
    title: 'Small image and title',
    categories: ['query'],
    block_types: ['core/query'],
  },
  { name: 'core/query-grid-posts', title: 'Grid', categories: ['query'], block_types: ['core/query'] },
  {
    name: 'core/query-large-title-posts',
    title: 'Large title',
    categories: ['query'],
    block_types: ['core/query'],
  },
  { name: 'core/query-offset-posts', title: 'Offset', categories: ['query'], block_types: ['core/query'] },
  {
    name: 'core/social-links-shared-background-color',
    title: 'Social links with a shared background color',
    categories: ['buttons'],
    block_types: ['core/social-links'],
  },
  { name: 'twentytwentythree/call-to-action', title: 'Call to action', categories: ['featured'] },
  {
    name: 'twentytwentythree/footer-default',
    title: 'Default Footer',
    categories: ['footer'],
    block_types: ['core/template-part/footer'],
  },
  { name: 'twentytwentythree/hidden-404', title: 'Hidden 404', categories: [], inserter: false },
  { name: 'twentytwentythree/hidden-comments', title: 'Hidden Comments', categories: [], inserter: false },
  {
    name: 'twentytwentythree/hidden-no-results',
    title: 'Hidden No Results Content',
    categories: [],
    inserter: false,
  },
  {
    name: 'twentytwentythree/post-meta',
    title: 'Post Meta',
    categories: ['query'],
    block_types: ['core/template-part/post-meta'],
  },
];

const CATEGORIES: Array<[string, string]> = [
  ['buttons', 'Buttons'],
  ['columns', 'Columns'],
  ['featured', 'Featured'],
  ['footer', 'Footers'],
  ['gallery', 'Gallery'],
  ['header', 'Headers'],
  ['text', 'Text'],
  ['query', 'Posts'],
];

const BLOCK_TYPES = [
  'paragraph',
  'heading',
  'image',
  'list',
  'quote',
  'group',
  'columns',
  'column',
  'navigation',
  'query',
  'post-title',
  'post-content',
  'template-part',
  'site-title',
];

function viewPatterns(request: RestRequest): true | WpRestFailure {
  return requireCap(
    request,
    'edit_posts',
    'rest_cannot_view',
    'Sorry, you are not allowed to view the registered block patterns.',
  );
}

/** Block pattern, pattern category, pattern directory and block type routes. */
export function blockRoutes(): Route[] {
  return [
    route('/wp/v2/block-patterns/patterns', 'wp/v2', [
      {
        methods: READABLE,
        permission: viewPatterns,
        handler: () =>
          ok(
            PATTERNS.map((p) => {
              const out: Record<string, unknown> = {
                name: p.name,
                title: p.title,
                content: `<!-- wp:group --><div class="wp-block-group"><!-- wp:paragraph --><p>${p.title}</p><!-- /wp:paragraph --></div><!-- /wp:group -->`,
                categories: p.categories,
                keywords: [],
                block_types: p.block_types ?? [],
              };
              if (p.inserter === false) out['inserter'] = false;
              return out;
            }),
          ),
      },
    ]),
    route('/wp/v2/block-patterns/categories', 'wp/v2', [
      {
        methods: READABLE,
        permission: (r) =>
          requireCap(
            r,
            'edit_posts',
            'rest_cannot_view',
            'Sorry, you are not allowed to view the registered block pattern categories.',
          ),
        handler: () => ok(CATEGORIES.map(([name, label]) => ({ name, label }))),
      },
    ]),
    route('/wp/v2/pattern-directory/patterns', 'wp/v2', [
      {
        methods: READABLE,
        permission: (r) =>
          requireCap(
            r,
            'edit_posts',
            'rest_pattern_directory_cannot_view',
            'Sorry, you are not allowed to browse the local block pattern directory.',
          ),
        handler: () => {
          throw new WpRestFailure(
            'http_request_not_executed',
            'User has blocked requests through HTTP.',
            500,
          );
        },
      },
    ]),
    route('/wp/v2/block-types', 'wp/v2', [
      {
        methods: READABLE,
        args: { context: contextArg() },
        permission: (r) =>
          requireCap(
            r,
            'edit_posts',
            'rest_block_type_cannot_view',
            'Sorry, you are not allowed to manage block types.',
          ),
        handler: () =>
          ok(
            BLOCK_TYPES.map((b) => ({
              name: `core/${b}`,
              title: b,
              category: 'text',
              is_dynamic: false,
              api_version: 2,
              attributes: {},
              supports: {},
              styles: [],
              variations: [],
            })),
          ),
      },
    ]),
  ];
}
