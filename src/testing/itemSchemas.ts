/**
 * The record schemas the mock's `OPTIONS` answers describe, as WordPress 6.1's controllers build
 * them: the posts controller's (by the type's supports, its taxonomies and its registered meta),
 * the attachments', the terms controller's and the settings'. Each property carries its
 * `context` list (`edit` only for raw values), `readonly` where the server sets it, and
 * WordPress's own encoding (an empty `properties` is PHP's empty array, `[]`).
 *
 * @module
 */
import type { PostTypeRow, TaxonomyRow } from './database.js';
import type { Site } from './router.js';

/** A JSON Schema object as WordPress writes one. */
type Schema = Record<string, unknown>;

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];
const EDIT = ['edit'];

/** The statuses the posts schema lists (`get_post_stati( array( 'internal' => false ) )`). */
const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/** The post formats (`get_post_format_slugs()`). */
const POST_FORMATS = [
  'standard',
  'aside',
  'chat',
  'gallery',
  'link',
  'image',
  'quote',
  'status',
  'video',
  'audio',
];

/** The supports WordPress reads for these types, whatever they register (`$fixed_schemas`). */
const FIXED_SUPPORTS: Readonly<Record<string, readonly string[]>> = {
  post: [
    'title',
    'editor',
    'author',
    'excerpt',
    'thumbnail',
    'comments',
    'revisions',
    'post-formats',
    'custom-fields',
  ],
  page: [
    'title',
    'editor',
    'author',
    'excerpt',
    'thumbnail',
    'comments',
    'revisions',
    'page-attributes',
    'custom-fields',
  ],
  attachment: ['title', 'author', 'comments', 'revisions', 'custom-fields'],
};

function prop(description: string, type: unknown, context: string[], extra: Schema = {}): Schema {
  return { description, type, context, ...extra };
}

/** A `{ raw, rendered }` field: `raw` in the `edit` context only. */
function rendered(description: string, context: string[], inner: Schema = {}, readonly = false): Schema {
  return {
    description,
    type: 'object',
    context,
    ...(readonly ? { readonly: true } : {}),
    properties: {
      raw: prop(
        `${description} As it exists in the database.`,
        'string',
        EDIT,
        readonly ? { readonly: true } : {},
      ),
      rendered: prop(`${description} Transformed for display.`, 'string', context, { readonly: true }),
      ...inner,
    },
  };
}

/** The `meta` property: the registered keys (`properties` is `[]` when there are none, as PHP encodes it). */
export function metaFieldSchema(keys: ReadonlyMap<string, Record<string, unknown>>): Schema {
  const properties = [...keys].map(([key, schema]) => [key, { ...schema }] as const);
  return {
    description: 'Meta fields.',
    type: 'object',
    context: VIEW_EDIT,
    properties: properties.length === 0 ? [] : Object.fromEntries(properties),
  };
}

/** The meta keys registered for `type`: its own and those registered for every post type (`''`). */
export function registeredMetaOf(site: Site, type: PostTypeRow): Map<string, Record<string, unknown>> {
  return new Map([
    ...(site.db.registeredMeta.get('') ?? []),
    ...(site.db.registeredMeta.get(type.slug) ?? []),
  ]);
}

/** True when WordPress reads `feature` as supported by `type` for its schema. */
function schemaSupports(type: PostTypeRow, feature: string): boolean {
  const fixed = FIXED_SUPPORTS[type.slug];
  return fixed ? fixed.includes(feature) : type.supports.includes(feature);
}

/** The properties of a post type's record schema, as `WP_REST_Posts_Controller::get_item_schema` builds them. */
export function postItemProperties(site: Site, type: PostTypeRow): Schema {
  const properties: Schema = {
    date: prop("The date the post was published, in the site's timezone.", ['string', 'null'], ALL, {
      format: 'date-time',
    }),
    date_gmt: prop('The date the post was published, as GMT.', ['string', 'null'], VIEW_EDIT, {
      format: 'date-time',
    }),
    guid: rendered('The globally unique identifier for the post.', VIEW_EDIT, {}, true),
    id: prop('Unique identifier for the post.', 'integer', ALL, { readonly: true }),
    link: prop('URL to the post.', 'string', ALL, { format: 'uri', readonly: true }),
    modified: prop("The date the post was last modified, in the site's timezone.", 'string', VIEW_EDIT, {
      format: 'date-time',
      readonly: true,
    }),
    modified_gmt: prop('The date the post was last modified, as GMT.', 'string', VIEW_EDIT, {
      format: 'date-time',
      readonly: true,
    }),
    slug: prop('An alphanumeric identifier for the post unique to its type.', 'string', ALL),
    status: prop('A named status for the post.', 'string', VIEW_EDIT, { enum: POST_STATUSES }),
    type: prop('Type of post.', 'string', ALL, { readonly: true }),
    password: prop('A password to protect access to the content and excerpt.', 'string', EDIT),
  };
  if (type.viewable) {
    properties['permalink_template'] = prop('Permalink template for the post.', 'string', EDIT, {
      readonly: true,
    });
    properties['generated_slug'] = prop('Slug automatically generated from the post title.', 'string', EDIT, {
      readonly: true,
    });
  }
  if (type.hierarchical)
    properties['parent'] = prop('The ID for the parent of the post.', 'integer', VIEW_EDIT);
  if (schemaSupports(type, 'title')) properties['title'] = rendered('The title for the post.', ALL);
  if (schemaSupports(type, 'editor')) {
    properties['content'] = rendered('The content for the post.', VIEW_EDIT, {
      block_version: prop('Version of the content block format used by the post.', 'integer', EDIT, {
        readonly: true,
      }),
      protected: prop('Whether the content is protected with a password.', 'boolean', ALL, {
        readonly: true,
      }),
    });
  }
  if (schemaSupports(type, 'author'))
    properties['author'] = prop('The ID for the author of the post.', 'integer', ALL);
  if (schemaSupports(type, 'excerpt')) {
    properties['excerpt'] = rendered('The excerpt for the post.', ALL, {
      protected: prop('Whether the excerpt is protected with a password.', 'boolean', ALL, {
        readonly: true,
      }),
    });
  }
  if (schemaSupports(type, 'thumbnail'))
    properties['featured_media'] = prop('The ID of the featured media for the post.', 'integer', ALL);
  if (schemaSupports(type, 'comments')) {
    const openClosed = { enum: ['open', 'closed'] };
    properties['comment_status'] = prop(
      'Whether or not comments are open on the post.',
      'string',
      VIEW_EDIT,
      openClosed,
    );
    properties['ping_status'] = prop(
      'Whether or not the post can be pinged.',
      'string',
      VIEW_EDIT,
      openClosed,
    );
  }
  if (schemaSupports(type, 'page-attributes'))
    properties['menu_order'] = prop(
      'The order of the post in relation to other posts.',
      'integer',
      VIEW_EDIT,
    );
  if (schemaSupports(type, 'post-formats'))
    properties['format'] = prop('The format for the post.', 'string', VIEW_EDIT, { enum: POST_FORMATS });
  if (schemaSupports(type, 'custom-fields'))
    properties['meta'] = metaFieldSchema(registeredMetaOf(site, type));
  if (type.slug === 'post')
    properties['sticky'] = prop('Whether or not the post should be treated as sticky.', 'boolean', VIEW_EDIT);
  properties['template'] = prop('The theme file to use to display the post.', 'string', VIEW_EDIT);
  for (const slug of type.taxonomies) {
    const taxonomy = site.db.taxonomies.get(slug);
    if (taxonomy === undefined) continue;
    properties[taxonomy.rest_base] = prop(
      `The terms assigned to the post in the ${taxonomy.slug} taxonomy.`,
      'array',
      VIEW_EDIT,
      { items: { type: 'integer' } },
    );
  }
  return properties;
}

/** The properties of the attachments controller's schema: the post's, without content and excerpt, with the media fields. */
export function attachmentItemProperties(site: Site, type: PostTypeRow): Schema {
  const properties = postItemProperties(site, type);
  delete properties['content'];
  delete properties['excerpt'];
  delete properties['password'];
  return {
    ...properties,
    alt_text: prop('Alternative text to display when attachment is not displayed.', 'string', ALL),
    caption: rendered('The attachment caption.', ALL),
    description: rendered('The attachment description.', VIEW_EDIT),
    media_type: prop('Attachment type.', 'string', ALL, { enum: ['image', 'file'], readonly: true }),
    mime_type: prop('The attachment MIME type.', 'string', ALL, { readonly: true }),
    media_details: prop('Details about the media file, specific to its type.', 'object', ALL, {
      readonly: true,
    }),
    post: prop('The ID for the associated post of the attachment.', 'integer', VIEW_EDIT),
    source_url: prop('URL to the original attachment file.', 'string', ALL, {
      format: 'uri',
      readonly: true,
    }),
    missing_image_sizes: prop('List of the missing image sizes of the attachment.', 'array', EDIT, {
      items: { type: 'string' },
      readonly: true,
    }),
  };
}

/** The properties of a taxonomy's term schema, as `WP_REST_Terms_Controller::get_item_schema` builds them. */
export function termItemProperties(taxonomy: TaxonomyRow): Schema {
  const properties: Schema = {
    id: prop('Unique identifier for the term.', 'integer', ['view', 'embed', 'edit'], { readonly: true }),
    count: prop('Number of published posts for the term.', 'integer', VIEW_EDIT, { readonly: true }),
    description: prop('HTML description of the term.', 'string', VIEW_EDIT),
    link: prop('URL of the term.', 'string', ['view', 'embed', 'edit'], { format: 'uri', readonly: true }),
    // `required: true` is draft-3 style, as WordPress writes it.
    name: prop('HTML title for the term.', 'string', ['view', 'embed', 'edit'], { required: true }),
    slug: prop('An alphanumeric identifier for the term unique to its type.', 'string', [
      'view',
      'embed',
      'edit',
    ]),
    taxonomy: prop('Type attribution for the term.', 'string', ['view', 'embed', 'edit'], {
      enum: [taxonomy.slug],
      readonly: true,
    }),
  };
  if (taxonomy.hierarchical) properties['parent'] = prop('The parent term ID.', 'integer', VIEW_EDIT);
  properties['meta'] = metaFieldSchema(new Map());
  return properties;
}

/** The JSON Schema type of each setting the mock stores (as `register_setting` declares them). */
const SETTING_TYPES: Readonly<Record<string, Schema>> = {
  title: { type: 'string', description: 'Site title.' },
  description: { type: 'string', description: 'Site tagline.' },
  url: { type: 'string', description: 'Site URL.', format: 'uri' },
  email: {
    type: 'string',
    description: 'This address is used for admin purposes, like new user notification.',
    format: 'email',
  },
  timezone: { type: 'string', description: 'A city in the same timezone as you.' },
  date_format: { type: 'string', description: 'A date format for all date strings.' },
  time_format: { type: 'string', description: 'A time format for all time strings.' },
  start_of_week: { type: 'integer', description: 'A day number of the week that the week should start on.' },
  language: { type: 'string', description: 'WordPress locale code.' },
  use_smilies: { type: 'boolean', description: 'Convert emoticons like :-) and :-P to graphics on display.' },
  default_category: { type: 'integer', description: 'Default post category.' },
  default_post_format: { type: 'string', description: 'Default post format.' },
  posts_per_page: { type: 'integer', description: 'Blog pages show at most.' },
  show_on_front: { type: 'string', description: 'What to show on the front page' },
  page_on_front: {
    type: 'integer',
    description: 'The ID of the page that should be displayed on the front page',
  },
  page_for_posts: { type: 'integer', description: 'The ID of the page that should display the latest posts' },
  default_ping_status: {
    type: 'string',
    description: 'Allow link notifications from other blogs (pingbacks and trackbacks) on new articles.',
    enum: ['open', 'closed'],
  },
  default_comment_status: {
    type: 'string',
    description: 'Allow people to submit comments on new posts.',
    enum: ['open', 'closed'],
  },
  site_logo: { type: 'integer', description: 'Site logo.' },
  site_icon: { type: 'integer', description: 'Site icon.' },
};

/**
 * The properties of `/wp/v2/settings`' schema: one per stored setting, with no `context` (as
 * `register_setting` writes them); a setting the mock stores without a known type is a string.
 */
export function settingsItemProperties(site: Site): Schema {
  const properties: Schema = {};
  for (const [key, value] of Object.entries(site.db.settings)) {
    const known = SETTING_TYPES[key];
    properties[key] = known
      ? { ...known, default: null }
      : {
          type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string',
          description: '',
          default: null,
        };
  }
  return properties;
}
