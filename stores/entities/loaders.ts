/**
 * Loaders of the dynamic entities: one `postType` config per registered post type and one
 * `taxonomy` config per taxonomy, read from the server (reference §2.3).
 *
 * @module
 */
import { PostTypeConfig, TaxonomyConfig, type EntityConfig } from '../../models/EntityConfig.js';
import type { Transport } from '../../core/transport/types.js';

/** What `GET /wp/v2/types` and `GET /wp/v2/taxonomies` say about one type, as far as configs need it. */
export interface RestTypeDescription {
  /** The human name (`Posts`), used as label. */
  name?: string;
  /** The type's slug; the response is keyed by it too. */
  slug?: string;
  /** The collection's base under its namespace (`posts`, `template-parts`). */
  rest_base?: string;
  /** The REST namespace. @default 'wp/v2' */
  rest_namespace?: string;
}

/** Builds the configs of one kind by asking the server. */
export type EntityLoader = (transport: Transport) => Promise<EntityConfig[]>;

function entriesOf(body: unknown): [string, RestTypeDescription][] {
  if (Array.isArray(body)) {
    return (body as RestTypeDescription[])
      .filter((t) => typeof t.slug === 'string')
      .map((t) => [t.slug as string, t]);
  }
  if (typeof body === 'object' && body !== null)
    return Object.entries(body as Record<string, RestTypeDescription>);
  return [];
}

function basePath(name: string, type: RestTypeDescription): { baseURL: string; restBase: string } {
  const restBase = type.rest_base || name;
  return { baseURL: `/${type.rest_namespace || 'wp/v2'}/${restBase}`, restBase };
}

/**
 * What `postType/attachment` changes from the post-type defaults: it is edited like `root/media`
 * (raw caption, title and description) and has no autosaves or auto-drafts. core-data
 * 8.1 deprecates `root/media` for it but gives it the defaults of posts (raw content and excerpt,
 * which an attachment does not have).
 */
const ATTACHMENT_SPEC = {
  rawAttributes: ['caption', 'title', 'description'],
  hasAutosaves: false,
  hasAutoDrafts: false,
} as const;

/** The config of one post type from its REST description. */
export function postTypeConfigFromRest(name: string, type: RestTypeDescription): PostTypeConfig {
  return new PostTypeConfig({
    name,
    label: type.name ?? name,
    ...basePath(name, type),
    ...(name === 'attachment'
      ? { ...ATTACHMENT_SPEC, rawAttributes: [...ATTACHMENT_SPEC.rawAttributes] }
      : {}),
  });
}

/** The config of one taxonomy from its REST description. */
export function taxonomyConfigFromRest(name: string, type: RestTypeDescription): TaxonomyConfig {
  return new TaxonomyConfig({ name, label: type.name ?? name, ...basePath(name, type) });
}

/** `GET /wp/v2/types?context=view`: one {@link PostTypeConfig} per post type. */
export const loadPostTypeConfigs: EntityLoader = async (transport) => {
  const body = await transport.request<unknown>({ path: '/wp/v2/types', query: { context: 'view' } });
  return entriesOf(body).map(([name, type]) => postTypeConfigFromRest(name, type));
};

/** `GET /wp/v2/taxonomies?context=view`: one {@link TaxonomyConfig} per taxonomy. */
export const loadTaxonomyConfigs: EntityLoader = async (transport) => {
  const body = await transport.request<unknown>({ path: '/wp/v2/taxonomies', query: { context: 'view' } });
  return entriesOf(body).map(([name, type]) => taxonomyConfigFromRest(name, type));
};

/** The loader of each dynamic kind; other kinds have none. */
export const ENTITY_LOADERS: Readonly<Record<string, EntityLoader>> = {
  postType: loadPostTypeConfigs,
  taxonomy: loadTaxonomyConfigs,
};
