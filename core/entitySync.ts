/**
 * How one entity's records are edited together: plain data (no MobX, no Yjs) that an
 * `EntityConfig` carries as `config.sync`, and that the sync client, the sync server, the test
 * kit's relay and the PHP plugin's room list all read. Adding a field that syncs, or an entity
 * that syncs, is a change of this data in the entity's config entry.
 *
 * @module
 */

/** The allow-list WordPress filters an HTML field with for users without `unfiltered_html`. */
export type HtmlAllowList = 'title' | 'post';

/** A capability WordPress reports per record in `_links` (`wp:action-{name}`) that the guard checks. */
export type GuardCapability = 'publish' | 'assign-author' | 'sticky';

/**
 * When a change of a guarded field needs its capability: any change (`always`), a new value among
 * `valueIn`, a new value that is not empty (`null`, `undefined`, `''`), or any change while another
 * field of the record (as it is after the change) holds one of `whileFieldIn.values`.
 */
export type GuardCondition =
  | { readonly always: true }
  | { readonly valueIn: readonly (string | number | boolean)[] }
  | { readonly notEmpty: true }
  | { readonly whileFieldIn: { readonly field: string; readonly values: readonly string[] } };

/** A plain field that only users with `needs` may change through a shared edit, `when` it holds. */
export interface GuardedFieldRule {
  /** The field (`status`). */
  readonly field: string;
  /** The capability it needs (`publish`: WordPress's `wp:action-publish`). */
  readonly needs: GuardCapability;
  /** When a change needs it. */
  readonly when: GuardCondition;
}

/** What an entity's config entry says about its sync (`EntityConfigSpec.sync`); see {@link EntitySyncRules}. */
export interface EntitySyncSpec {
  /** Fields kept as shared texts, merged character by character. @default [] */
  readonly textFields?: readonly string[] | undefined;
  /** Object fields merged per key (`meta`). @default [] */
  readonly mergedFields?: readonly string[] | undefined;
  /** Text fields holding HTML, with the allow-list WordPress filters each with. @default {} */
  readonly htmlFields?: Readonly<Record<string, HtmlAllowList>> | undefined;
  /** Plain fields only some users may change (publishing, the author…). @default [] */
  readonly guardedFields?: readonly GuardedFieldRule[] | undefined;
  /** The record's taxonomy fields (its `wp:term` links) need `wp:action-assign-{field}`. @default false */
  readonly guardsTermFields?: boolean | undefined;
  /** Protected keys (a leading `_`) of this merged field need more than editing. @default undefined */
  readonly metaField?: string | undefined;
  /**
   * Where a user's capabilities on a record come from: the record's `_links` as WordPress answers
   * them to that user (`links`), or `all`: whoever may edit it may do everything (site settings).
   * @default 'links'
   */
  readonly capabilities?: 'links' | 'all' | undefined;
  /**
   * The WordPress capability a user needs to join a record's room on an HTTP relay (the test kit's
   * and the PHP plugin's) for an entity that is not a post type (post types ask `edit_post` of
   * the post). @default 'manage_options'
   */
  readonly roomCapability?: string | undefined;
  /** `content` holds blocks: `SyncOptions.blockCodec` applies. @default false */
  readonly blocks?: boolean | undefined;
}

/** The whole sync description of one entity (or of every entity of a kind: `name` `*`). */
export interface EntitySyncRules {
  /** The entity kind (`postType`, `root`). */
  readonly kind: string;
  /** The entity name, or `*` for every entity of the kind (post types). */
  readonly name: string;
  /**
   * The REST collection path (`/wp/v2/settings`); for a kind's rules (`name` `*`) the path is
   * looked up per entity (a post type's REST base).
   */
  readonly path: string | undefined;
  /** One record without an id (its room carries no id). */
  readonly singleton: boolean;
  /** See {@link EntitySyncSpec.textFields}. */
  readonly textFields: readonly string[];
  /** See {@link EntitySyncSpec.mergedFields}. */
  readonly mergedFields: readonly string[];
  /** See {@link EntitySyncSpec.htmlFields}. */
  readonly htmlFields: Readonly<Record<string, HtmlAllowList>>;
  /** See {@link EntitySyncSpec.guardedFields}. */
  readonly guardedFields: readonly GuardedFieldRule[];
  /** See {@link EntitySyncSpec.guardsTermFields}. */
  readonly guardsTermFields: boolean;
  /** See {@link EntitySyncSpec.metaField}. */
  readonly metaField: string | undefined;
  /** See {@link EntitySyncSpec.capabilities}. */
  readonly capabilities: 'links' | 'all';
  /** See {@link EntitySyncSpec.roomCapability}. */
  readonly roomCapability: string;
  /** See {@link EntitySyncSpec.blocks}. */
  readonly blocks: boolean;
}

/** Statuses only a user who may publish can set (`WP_REST_Posts_Controller::handle_status_param`). */
const PUBLISHING_STATUSES = ['publish', 'future', 'private'];

/**
 * A post's sync (every post type): `title`, `content`, `excerpt` shared texts holding HTML, `meta`
 * merged per key; publishing, a password, the author, sticky, a public post's date, the terms and
 * protected meta guarded as WordPress guards them on save.
 */
export const POST_TYPE_SYNC: EntitySyncSpec = Object.freeze<EntitySyncSpec>({
  textFields: ['title', 'content', 'excerpt'],
  mergedFields: ['meta'],
  htmlFields: { title: 'title', content: 'post', excerpt: 'post' },
  guardedFields: [
    { field: 'status', needs: 'publish', when: { valueIn: PUBLISHING_STATUSES } },
    { field: 'password', needs: 'publish', when: { notEmpty: true } },
    { field: 'author', needs: 'assign-author', when: { always: true } },
    { field: 'sticky', needs: 'sticky', when: { valueIn: [true] } },
    // A draft's date is anyone's to set (it applies when someone publishes); on a public or
    // scheduled post a new date reschedules or backdates it.
    {
      field: 'date',
      needs: 'publish',
      when: { whileFieldIn: { field: 'status', values: PUBLISHING_STATUSES } },
    },
    {
      field: 'date_gmt',
      needs: 'publish',
      when: { whileFieldIn: { field: 'status', values: PUBLISHING_STATUSES } },
    },
  ],
  guardsTermFields: true,
  metaField: 'meta',
  capabilities: 'links',
  blocks: true,
});

/**
 * The site settings' sync (`root/site`): the title a shared text; only users who may manage
 * options edit them (and may change everything).
 */
export const SITE_SYNC: EntitySyncSpec = Object.freeze<EntitySyncSpec>({
  textFields: ['title'],
  capabilities: 'all',
  roomCapability: 'manage_options',
});

/** The whole rules of an entity from its identity and its config entry's spec. */
export function entitySyncRules(
  identity: { kind: string; name: string; path?: string | undefined; singleton?: boolean | undefined },
  spec: EntitySyncSpec,
): EntitySyncRules {
  return Object.freeze({
    kind: identity.kind,
    name: identity.name,
    path: identity.path,
    singleton: identity.singleton ?? false,
    textFields: Object.freeze([...(spec.textFields ?? [])]),
    mergedFields: Object.freeze([...(spec.mergedFields ?? [])]),
    htmlFields: Object.freeze({ ...(spec.htmlFields ?? {}) }),
    guardedFields: Object.freeze([...(spec.guardedFields ?? [])]),
    guardsTermFields: spec.guardsTermFields ?? false,
    metaField: spec.metaField,
    capabilities: spec.capabilities ?? 'links',
    roomCapability: spec.roomCapability ?? 'manage_options',
    blocks: spec.blocks ?? false,
  });
}

/**
 * The entities that sync in a store made without configs of its own: every post type and the
 * site settings. What the sync server and the test kit's relay serve unless told otherwise
 * (`entities`); the store's entity table says the same (a test checks it).
 */
export const DEFAULT_SYNCED_ENTITIES: readonly EntitySyncRules[] = Object.freeze([
  entitySyncRules({ kind: 'postType', name: '*' }, POST_TYPE_SYNC),
  entitySyncRules({ kind: 'root', name: 'site', path: '/wp/v2/settings', singleton: true }, SITE_SYNC),
]);

/** The rules of `(kind, name)` among `entities`: its own, else its kind's (`name` `*`); `undefined` when it does not sync. */
export function syncRulesFor(
  entities: readonly EntitySyncRules[],
  kind: string,
  name: string,
): EntitySyncRules | undefined {
  let ofKind: EntitySyncRules | undefined;
  for (const rules of entities) {
    if (rules.kind !== kind) continue;
    if (rules.name === name) return rules;
    if (rules.name === '*') ofKind = rules;
  }
  return ofKind;
}
