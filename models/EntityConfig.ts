/**
 * Entity configs: what the library knows about one kind of record (where it lives on the server,
 * its key, which fields are raw, transient or merged, how it is titled, how it syncs).
 *
 * @module
 */
import type { Query } from '../core/transport/types.js';
import {
  entitySyncRules,
  POST_TYPE_SYNC,
  type EntitySyncRules,
  type EntitySyncSpec,
} from '../core/entitySync.js';
import { readId, type Id } from './ids.js';
import { isPlainObject, type PlainObject } from './snapshot.js';

/** The record type an `EntityConfig<T>`'s spec is written for: `T`, or `PlainObject` when untyped, so untyped callbacks can read any field. */
export type SpecRecord<T extends object> = [keyof T] extends [never] ? PlainObject : T;

/**
 * The pre-persist rule: extra fields to send when saving. A method type, so its parameters check
 * bivariantly and a typed config stays assignable to the untyped `EntityConfig`.
 */
export type PrePersist<T extends object> = {
  bivarianceHack(persisted: T | undefined, edits: Partial<T>): Partial<T>;
}['bivarianceHack'];

/** The plain description an {@link EntityConfig} is built from. */
export interface EntityConfigSpec<T extends object = PlainObject> {
  /** The entity kind: `root`, `postType`, `taxonomy`, … */
  kind: string;
  /** The entity name within its kind: `post`, `media`, `category`, … */
  name: string;
  /** The REST collection path, starting with `/` (`/wp/v2/posts`). */
  baseURL: string;
  /** Query parameters sent with every read; a caller's query overrides them. @default {} */
  baseURLParams?: Query | undefined;
  /** The primary-key field of a record. @default 'id' */
  key?: string | undefined;
  /** The plural name, used by helpers that name lists (`mediaItems`). @default undefined */
  plural?: string | undefined;
  /** A human label (`Posts`). @default the name */
  label?: string | undefined;
  /** Fields whose edits are local only: never saved, never make a record dirty. @default [] */
  transientEdits?: readonly string[] | undefined;
  /** Object fields whose edits are shallow-merged with earlier edits (`meta`). @default [] */
  mergedEdits?: readonly string[] | undefined;
  /** Fields the server sends as `{ raw, rendered }` and that are edited as their raw value. @default [] */
  rawAttributes?: readonly string[] | undefined;
  /** The field revisions are keyed by. @default the key */
  revisionKey?: string | undefined;
  /** The server pages this collection and sends `X-WP-Total`. @default false */
  supportsPagination?: boolean | undefined;
  /** Never read, save or delete over REST. @default false */
  noFetch?: boolean | undefined;
  /** One record without an id (`root/base`, `root/site`): read from the collection path itself. @default false */
  singleton?: boolean | undefined;
  /** The REST base of the collection (`posts`), used for permission checks. @default undefined */
  restBase?: string | undefined;
  /** The list endpoint answers an object keyed by slug (`/wp/v2/types`); for other entities that is a failed read. @default false */
  keyedList?: boolean | undefined;
  /** The title of a record (usually the edited one). @default its title, rendered or raw, else '' */
  getTitle?: ((record: T | undefined) => string) | undefined;
  /** Extra fields to send when saving, computed from the persisted raw record and the edits. @default undefined */
  prePersist?: ((persisted: T | undefined, edits: Partial<T>) => Partial<T>) | undefined;
  /** The path of a record's revisions list, or of one revision. @default undefined: no revisions */
  revisionsPath?: ((parentId: Id, revisionId?: Id) => string) | undefined;
  /**
   * WordPress accepts writes of this entity inside `/batch/v1`.
   * @default by kind: post types served by the posts controller, taxonomy terms, and the root
   *   entities `widget`, `menu` and `menuItem` (see `isBatchableByDefault`)
   */
  canBatch?: boolean | undefined;
  /** Records may arrive as auto-drafts, whose placeholder title is stored as `''`. @default false (true for post types) */
  hasAutoDrafts?: boolean | undefined;
  /** Records have autosaves at `{recordPath}/autosaves`. @default false (true for post types) */
  hasAutosaves?: boolean | undefined;
  /**
   * How records are edited together (`store.sync`): which fields are shared texts, merged maps or
   * plain values, which hold HTML, which need which capability to change, who may join a room. A
   * merged field defaults to `mergedEdits`. @default undefined: records never sync (post types:
   * `POST_TYPE_SYNC`)
   */
  sync?: EntitySyncSpec | undefined;
}

/** Post types whose routes are not served by a batch-enabled controller. */
const UNBATCHABLE_POST_TYPES: ReadonlySet<string> = new Set([
  'attachment',
  'wp_template',
  'wp_template_part',
]);

/** Root entities whose routes accept `/batch/v1` (menus are terms, menu items are posts). */
const BATCHABLE_ROOT_ENTITIES: ReadonlySet<string> = new Set(['widget', 'menu', 'menuItem']);

/**
 * True when WordPress accepts writes of `(kind, name)` inside `/batch/v1`: post types of the posts
 * controller, taxonomy terms, menus and widgets; media, users, settings and templates go alone.
 */
export function isBatchableByDefault(kind: string, name: string): boolean {
  switch (kind) {
    case 'postType':
      return !UNBATCHABLE_POST_TYPES.has(name);
    case 'taxonomy':
      return true;
    case 'root':
      return BATCHABLE_ROOT_ENTITIES.has(name);
    default:
      return false;
  }
}

const AUTO_DRAFT = 'auto-draft';
const WP_V2_PATH = /^\/?wp\/v2\/(.+?)\/?$/;

/** The permission resource: the REST base, else the base path after `/wp/v2/`. */
export function permissionResourceOf(config: {
  readonly restBase?: string | undefined;
  readonly baseURL: string;
}): string | undefined {
  if (config.restBase !== undefined && config.restBase !== '') return config.restBase;
  return WP_V2_PATH.exec(config.baseURL)?.[1];
}

/** The title of a record from its `title` field: a string, or `rendered`/`raw` of an object; '' otherwise. */
export function titleOf(record: unknown): string {
  if (!isPlainObject(record)) return '';
  const title = record.title;
  if (typeof title === 'string') return title;
  if (isPlainObject(title)) {
    if (typeof title.rendered === 'string' && title.rendered) return title.rendered;
    if (typeof title.raw === 'string') return title.raw;
  }
  return '';
}

/**
 * What the library knows about one entity, built from an {@link EntityConfigSpec} and immutable.
 * `T` types the records its callbacks see; any `EntityConfig<T>` is assignable to the untyped one.
 */
export class EntityConfig<T extends object = object> {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The REST collection path. */
  readonly baseURL: string;
  /** Default read parameters. */
  readonly baseURLParams: Query;
  /** The primary-key field. */
  readonly key: string;
  /** The plural name, when the entity has one. */
  readonly plural: string | undefined;
  /** A human label. */
  readonly label: string;
  /** Fields whose edits are transient. */
  readonly transientEdits: ReadonlySet<string>;
  /** Fields whose edits are merged. */
  readonly mergedEdits: ReadonlySet<string>;
  /** Fields edited as their `.raw` value. */
  readonly rawAttributes: ReadonlySet<string>;
  /** The field revisions are keyed by. */
  readonly revisionKey: string;
  /** The server pages this collection. */
  readonly supportsPagination: boolean;
  /** Never read, save or delete over REST. */
  readonly noFetch: boolean;
  /** One record without an id. */
  readonly singleton: boolean;
  /** The REST base, for permission checks. */
  readonly restBase: string | undefined;
  /** The list endpoint answers an object keyed by slug instead of an array. */
  readonly keyedList: boolean;
  /** Extra fields to send when saving (see {@link EntityConfigSpec.prePersist}). */
  readonly prePersist: PrePersist<T> | undefined;

  // Typed on `object`, not `T`: a private field typed by `T` would make `EntityConfig<Post>`
  // unassignable to `EntityConfig`. The spec's callback is typed by `T` where it is given.
  private readonly titleGetter: ((record: object | undefined) => string) | undefined;
  private readonly revisionsPathOf: ((parentId: Id, revisionId?: Id) => string) | undefined;
  /** WordPress accepts writes of this entity inside `/batch/v1`. */
  readonly canBatch: boolean;
  /** Records may arrive as auto-drafts, stored with an empty title. */
  readonly hasAutoDrafts: boolean;
  /** Records have autosaves (`{recordPath}/autosaves`). */
  readonly hasAutosaves: boolean;
  /** How records sync (see {@link EntityConfigSpec.sync}); `undefined` when they never do. */
  readonly sync: EntitySyncRules | undefined;

  /** Builds a config from its plain spec; options left out take the defaults documented on {@link EntityConfigSpec}. */
  constructor(spec: EntityConfigSpec<SpecRecord<T>>) {
    this.kind = spec.kind;
    this.name = spec.name;
    this.baseURL = spec.baseURL;
    this.baseURLParams = spec.baseURLParams ?? {};
    this.key = spec.key ?? 'id';
    this.plural = spec.plural;
    this.label = spec.label ?? spec.name;
    this.transientEdits = new Set(spec.transientEdits ?? []);
    this.mergedEdits = new Set(spec.mergedEdits ?? []);
    this.rawAttributes = new Set(spec.rawAttributes ?? []);
    this.revisionKey = spec.revisionKey ?? this.key;
    this.supportsPagination = spec.supportsPagination ?? false;
    this.noFetch = spec.noFetch ?? false;
    this.singleton = spec.singleton ?? false;
    this.restBase = spec.restBase;
    this.keyedList = spec.keyedList ?? false;
    this.prePersist = spec.prePersist as PrePersist<T> | undefined;
    this.titleGetter = spec.getTitle as ((record: object | undefined) => string) | undefined;
    this.revisionsPathOf = spec.revisionsPath;
    this.canBatch = spec.canBatch ?? isBatchableByDefault(spec.kind, spec.name);
    this.hasAutoDrafts = spec.hasAutoDrafts ?? false;
    this.hasAutosaves = spec.hasAutosaves ?? false;
    this.sync =
      spec.sync === undefined
        ? undefined
        : entitySyncRules(
            { kind: spec.kind, name: spec.name, path: spec.baseURL, singleton: this.singleton },
            { mergedFields: spec.mergedEdits, ...definedOnly(spec.sync) },
          );
  }

  /** The resource of permission checks: the REST base (as in the reference), else the path after `/wp/v2/`. */
  get permissionResource(): string | undefined {
    return permissionResourceOf(this);
  }

  /** A received record as cached: an auto-draft's placeholder title becomes `''` (with {@link hasAutoDrafts}). */
  receivedSnapshot<R extends PlainObject>(data: R): R {
    if (this.hasAutoDrafts && data.status === AUTO_DRAFT && data.title !== '') return { ...data, title: '' };
    return data;
  }

  /** The path of a record's autosaves; `undefined` when the entity has none. */
  autosavesPath(id: Id): string | undefined {
    return this.hasAutosaves ? `${this.recordPath(id)}/autosaves` : undefined;
  }

  /** The title of a record (usually `record.edited`). */
  getTitle(record: T | undefined): string {
    return this.titleGetter ? this.titleGetter(record) : titleOf(record);
  }

  /** The path of the record's revisions list, or of one revision; `undefined` when the entity has none. */
  revisionsPath(parentId: Id, revisionId?: Id): string | undefined {
    return this.revisionsPathOf?.(parentId, revisionId);
  }

  /** The REST path of one record, or of the collection without an id; ids go in as they are (`theme//home`). */
  recordPath(id?: Id): string {
    return id === undefined || id === '' ? this.baseURL : `${this.baseURL}/${id}`;
  }
}

/** `spec` without the keys whose value is `undefined`, so that spreading it keeps the defaults. */
function definedOnly<S extends object>(spec: S): S {
  return Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined)) as S;
}

/** Post types whose records are block templates: keyed for revisions by `wp_id`, titled by slug. */
export const TEMPLATE_POST_TYPES: ReadonlySet<string> = new Set(['wp_template', 'wp_template_part']);

/** `'single-post'` → `'Single Post'`, `'wp_custom_template_1'` → `'Wp Custom Template 1'`. */
export function humaniseSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The auto-draft rule for non-template posts: when persisted as `auto-draft`, a missing status
 * becomes `draft` and a blank or `'Auto Draft'` title (on both sides) becomes `''`.
 */
export function prePersistAutoDraft(persisted: PlainObject | undefined, edits: PlainObject): PlainObject {
  const extra: PlainObject = {};
  if (persisted?.status !== 'auto-draft') return extra;
  if (!edits.status) extra.status = 'draft';
  const isBlank = (title: unknown) => !title || title === 'Auto Draft';
  if (isBlank(edits.title) && isBlank(persisted.title)) extra.title = '';
  return extra;
}

/** The spec of a post type config: every field but `kind`, which is always `postType`. */
export type PostTypeConfigSpec = Omit<EntityConfigSpec, 'kind'>;

/**
 * A `postType` entity: context `edit`, `blocks`/`selection` transient, `meta` merged,
 * `title`/`excerpt`/`content` raw, paginated, with revisions and the auto-draft rule, synced as
 * `POST_TYPE_SYNC` says. Templates key
 * revisions by `wp_id`, are titled by their humanised slug and skip the auto-draft rule.
 */
export class PostTypeConfig extends EntityConfig {
  /** True for `wp_template` and `wp_template_part`. */
  readonly isTemplate: boolean;

  /** A post type config: `kind` is `postType`, and the post-type defaults apply to what `spec` leaves out. */
  constructor(spec: PostTypeConfigSpec) {
    const isTemplate = TEMPLATE_POST_TYPES.has(spec.name);
    const baseURL = spec.baseURL;
    super({
      baseURLParams: { context: 'edit' },
      transientEdits: ['blocks', 'selection'],
      mergedEdits: ['meta'],
      rawAttributes: ['title', 'excerpt', 'content'],
      supportsPagination: true,
      hasAutoDrafts: true,
      hasAutosaves: true,
      sync: POST_TYPE_SYNC,
      revisionKey: isTemplate ? 'wp_id' : 'id',
      prePersist: isTemplate ? undefined : prePersistAutoDraft,
      revisionsPath: (parentId, revisionId) =>
        `${baseURL}/${parentId}/revisions${revisionId === undefined ? '' : `/${revisionId}`}`,
      getTitle: (record) => {
        const title = titleOf(record);
        if (title) return title;
        if (isTemplate && typeof record?.slug === 'string' && record.slug) return humaniseSlug(record.slug);
        const id = readId(record?.id);
        return id === undefined ? '' : String(id);
      },
      ...definedOnly(spec),
      kind: 'postType',
    });
    this.isTemplate = isTemplate;
  }
}

/** The spec of a taxonomy config: every field but `kind`, which is always `taxonomy`. */
export type TaxonomyConfigSpec = Omit<EntityConfigSpec, 'kind'>;

/** A `taxonomy` entity (`category`, `post_tag`, a custom taxonomy): context `edit`, nothing else special. */
export class TaxonomyConfig extends EntityConfig {
  /** A taxonomy config: `kind` is `taxonomy`, and `context: 'edit'` applies unless `spec` sets its own params. */
  constructor(spec: TaxonomyConfigSpec) {
    super({ baseURLParams: { context: 'edit' }, ...definedOnly(spec), kind: 'taxonomy' });
  }
}
