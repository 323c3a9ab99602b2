/**
 * The record types of a site's entities, by kind and name, for declaration merging: a file that
 * `wp-entities-types` generates (or one written by hand) adds its post types to
 * {@link PostTypeRecords}, its taxonomies to {@link TaxonomyRecords} and its settings to
 * {@link RootRecords}; `store.collection('postType', 'book')`, `store.record(…)` and the React
 * hooks then type their records without type arguments. Nothing is registered by default, so a
 * project without such a file types records as before (`PlainObject`, or the type arguments given).
 *
 * @example
 * ```ts
 * declare module 'wp-entities' {
 *   interface PostTypeRecords {
 *     book: { record: Book; edited: BookEdited; view: BookView };
 *   }
 * }
 * ```
 *
 * @module
 */

/**
 * The types of one entity's records: as the server sends them in the `edit` context (what the
 * store reads: `record.persisted`), as they are edited (`record.edited`, `record.edit()`: raw
 * attributes as their raw value) and as the `view` context sends them (for reads made with
 * `{ context: 'view' }`).
 */
export interface EntityRecordTypes {
  /** The record in the `edit` context. */
  record: object;
  /** The record as it is edited. */
  edited: object;
  /** The record in the `view` context. */
  view?: object;
}

/* eslint-disable @typescript-eslint/no-empty-object-type -- empty on purpose: declaration merging fills them */

/** Post types by name (`book`), filled by declaration merging; empty by default. */
export interface PostTypeRecords {}

/** Taxonomies by name (`genre`), filled by declaration merging; empty by default. */
export interface TaxonomyRecords {}

/** Root entities by name (`site` for `/wp/v2/settings`), filled by declaration merging; empty by default. */
export interface RootRecords {}

/* eslint-enable @typescript-eslint/no-empty-object-type */

/** The registered entities by kind: `postType`, `taxonomy` and `root`; a project may add kinds of its own. */
export interface EntityKinds {
  /** Post types. */
  postType: PostTypeRecords;
  /** Taxonomies. */
  taxonomy: TaxonomyRecords;
  /** Root entities. */
  root: RootRecords;
}

/** The kinds with at least one registered entity (`never` while nothing is registered). */
export type RegisteredKind = {
  [K in keyof EntityKinds]: [keyof EntityKinds[K]] extends [never] ? never : K;
}[keyof EntityKinds];

/** The registered entity names of kind `K`. */
export type RegisteredName<K extends RegisteredKind> = keyof EntityKinds[K] & string;

/** The types registered for `(K, N)`. */
type RegisteredTypes<
  K extends RegisteredKind,
  N extends RegisteredName<K>,
> = EntityKinds[K][N] extends EntityRecordTypes ? EntityKinds[K][N] : never;

/** The record type registered for `(K, N)` in the `edit` context. */
export type RegisteredRecord<K extends RegisteredKind, N extends RegisteredName<K>> = RegisteredTypes<
  K,
  N
>['record'];

/** The edited record type registered for `(K, N)`. */
export type RegisteredEdited<K extends RegisteredKind, N extends RegisteredName<K>> = RegisteredTypes<
  K,
  N
>['edited'];
