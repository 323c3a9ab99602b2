/**
 * The meta keys a post type registers for REST (`register_post_meta(..., ['show_in_rest' => …])`),
 * read from the schema the post type's collection route describes: one
 * `OPTIONS /wp/v2/{rest_base}?context=edit`, whose `schema.properties.meta.properties` lists each
 * key with its type, default and description. Every WordPress since 4.7 answers it, 6.1 included.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { isPlainObject } from '../models/snapshot.js';
import { invalidResponseError } from '../core/transport/restErrors.js';
import type { Transport } from '../core/transport/types.js';
import { InflightRequests } from './InflightRequests.js';

/**
 * One registered meta key as the schema describes it (`type`, `default`, `description`, `context`, …).
 *
 * @inline
 */
export interface RegisteredMetaField {
  /** JSON schema type: `string`, `number`, `integer`, `boolean`, `array`, `object`. */
  type?: string | string[];
  /** What the key holds. */
  description?: string;
  /** The value a post without it has. */
  default?: unknown;
  /** Contexts the key is sent in (`view`, `edit`). */
  context?: string[];
  /** Any other schema member (`items`, `properties`, `enum`, …). */
  [member: string]: unknown;
}

/**
 * Meta key → its schema.
 *
 * @inline
 */
export type RegisteredMeta = Readonly<Record<string, RegisteredMetaField>>;

/** Where {@link RegisteredPostMetaStore} finds a post type's collection path. `EntityRegistry` satisfies it. */
export interface PostTypeConfigSource {
  /** The config, loading the kind first when needed; undefined when there is no such entity. */
  ensure(kind: string, name: string): Promise<{ readonly baseURL: string } | undefined>;
}

/**
 * The registered meta of each post type (what `getRegisteredPostMeta` gives in the reference).
 *
 * ```ts
 * await store.postMeta.fetchRegistered('post');
 * store.postMeta.registered('post')?.footnotes?.type; // 'string'
 * ```
 */
export class RegisteredPostMetaStore {
  private readonly byType = observable.map<string, RegisteredMeta | null>({}, { deep: false });
  private readonly requests = new InflightRequests();

  /** Reads go through `transport`; `configs` gives each post type's path. The constructor does no I/O. @internal */
  constructor(
    private readonly transport: Transport,
    private readonly configs: PostTypeConfigSource,
  ) {}

  /**
   * The meta keys `postType` registers (observable): `{}` when it registers none or does not
   * support custom fields; `null` for a post type this site does not have; undefined until fetched.
   */
  registered(postType: string): RegisteredMeta | null | undefined {
    return this.byType.get(postType);
  }

  /** True while the schema of `postType` is being requested (observable). */
  isRequesting(postType: string): boolean {
    return this.requests.isPending(postType);
  }

  /** Why the last request for `postType` failed (observable); cleared when it is asked again. */
  fetchError(postType: string): Error | undefined {
    return this.requests.error(postType);
  }

  /**
   * Requests the schema of `postType`'s collection (shared while in flight), stores and resolves
   * its registered meta (see {@link registered}). Rejects with the `RestError` of a failed request
   * or an answer that is not a route description; nothing is stored then.
   */
  fetchRegistered(postType: string): Promise<RegisteredMeta | null> {
    return this.requests.run(postType, async () => {
      const config = await this.configs.ensure('postType', postType);
      if (config === undefined) {
        runInAction(() => this.byType.set(postType, null));
        return null;
      }
      const path = config.baseURL;
      const body = await this.transport.request<unknown>({
        path,
        method: 'OPTIONS',
        query: { context: 'edit' },
      });
      if (!isPlainObject(body)) {
        throw invalidResponseError(
          200,
          `The server answered OPTIONS ${path} with something that is not a route description.`,
          body,
          {
            method: 'OPTIONS',
            url: path,
          },
        );
      }
      const meta = metaOfSchema(body.schema);
      runInAction(() => this.byType.set(postType, meta));
      return meta;
    });
  }
}

/** `schema.properties.meta.properties` of a route description, `{}` when the schema has no meta. */
export function metaOfSchema(schema: unknown): RegisteredMeta {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return {};
  const meta = schema.properties.meta;
  if (!isPlainObject(meta) || !isPlainObject(meta.properties)) return {};
  const fields: Record<string, RegisteredMetaField> = {};
  for (const [key, field] of Object.entries(meta.properties)) {
    if (isPlainObject(field)) fields[key] = field as RegisteredMetaField;
  }
  return fields;
}
